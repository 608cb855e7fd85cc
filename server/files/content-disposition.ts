import { cleanFileName } from "../lib/input";

/**
 * A Content-Disposition header for any file name (RFC 6266 with RFC 5987's `filename*`): an ASCII fallback for old
 * clients, and the real name in UTF-8. Header values must be Latin-1, so a name such as "Déclaration Ωμέγα.pdf" can
 * only travel encoded; written as is, Node refuses the header and the download fails.
 */
export function contentDisposition(kind: "inline" | "attachment", storedName: string): string {
  const fileName = cleanFileName(storedName);
  const fallback = fileName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
