import { prefixPath } from "../../dataProvider/prefix";
import { browserStorage, getStoredUser, readAuthHeaders } from "../../dataProvider/session";

/** The file name a `content-disposition` header gives (`filename="…"`), or `fallback`. */
export function dispositionName(header: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(header ?? "");
  return match ? match[1] : fallback;
}

/**
 * Saves a binary answer of the API (role-prefixed like every call, with the session's headers) under the name the
 * server gives it: links cannot carry the auth headers, so the file is fetched and handed to the browser.
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<void> {
  const storage = browserStorage();
  const headers = new Headers(Object.entries(readAuthHeaders(storage)).filter(([, v]) => v) as Array<[string, string]>);
  const response = await fetch(`/v2${prefixPath(path, getStoredUser(storage)?.role)}`, { headers });
  if (!response.ok) throw new Error(`download ${path}: ${response.status}`);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = dispositionName(response.headers.get("content-disposition"), fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
