import { SPLASH_FADE_MS } from "../domain/constants";

/**
 * The boot splash of index.html fades out over 400 ms once the session check is done (readings C-48): the first
 * screen that can show after it (the signed-in shell, a sign-in or public page) calls this. Idempotent.
 */
export function hideSplash(doc: Document = document): void {
  const splash = doc.getElementById("splash");
  if (!splash || splash.classList.contains("hidden")) return;
  splash.classList.add("hidden");
  setTimeout(() => splash.remove(), SPLASH_FADE_MS);
}
