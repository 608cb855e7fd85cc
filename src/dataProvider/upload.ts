import { prefixPath } from "./prefix";
import { notifyDataChanged } from "./queryClient";
import { browserStorage, getStoredUser, readAuthHeaders, storeAuthHeaders } from "./session";

/**
 * Multipart uploads with progress (XMLHttpRequest reports upload progress; fetch does not), under the role prefix
 * and with the session headers like every call. Resolves with the status and parsed body whatever the status, so
 * the caller shows the spec's message for each outcome.
 */
export interface UploadResult<T> {
  status: number;
  json: T;
}

export function uploadForm<T = unknown>(path: string, form: FormData, opts: { method?: "POST" | "PUT" | "PATCH"; onProgress?: (percent: number) => void; storage?: Storage } = {}) {
  const storage = opts.storage ?? browserStorage();
  return new Promise<UploadResult<T>>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? "POST", `/v2${prefixPath(path, getStoredUser(storage)?.role)}`);
    xhr.setRequestHeader("Accept", "application/json");
    for (const [name, value] of Object.entries(readAuthHeaders(storage))) if (value) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => event.lengthComputable && opts.onProgress?.(Math.round((event.loaded / event.total) * 100));
    xhr.onloadend = () => {
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
        const at = line.indexOf(":");
        if (at > 0) headers.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      storeAuthHeaders(storage, headers);
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText || "null");
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) notifyDataChanged();
      resolve({ status: xhr.status, json: json as T });
    };
    xhr.send(form);
  });
}
