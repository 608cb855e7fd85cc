import { prefixPath } from "./prefix";
import { browserStorage, getStoredUser, readAuthHeaders } from "./session";

/**
 * Saves a file the API answers to a signed-in caller (a CSV template, an import's result file) under `fileName`: a
 * plain link would carry no session headers, so the file is fetched with them and handed to the browser as a blob.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const storage = browserStorage();
  const headers = new Headers(Object.entries(readAuthHeaders(storage)).filter(([, v]) => v) as Array<[string, string]>);
  const response = await fetch(`/v2${prefixPath(path, getStoredUser(storage)?.role)}`, { headers });
  if (!response.ok) throw new Error(`${fileName}: ${response.status}`);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}
