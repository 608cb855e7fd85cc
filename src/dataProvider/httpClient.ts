import { getSelectedAgencyId } from "./agencySelection";
import { ApiError, messageFromBody, statusMessageText } from "./httpErrors";
import { isAuthPath, prefixPath } from "./prefix";
import { isReadRequest, notifyDataChanged } from "./queryClient";
import { encodeQuery, type QueryInput } from "./query";
import { browserStorage, getStoredUser, readAuthHeaders, storeAuthHeaders } from "./session";

/**
 * The one place the console talks HTTP (docs/API.md):
 * - sends the five stored auth headers on every call and stores each one again whenever a response carries it;
 * - puts the path under the signed-in role's prefix (prefix.ts) unless told not to;
 * - appends `agency_id` when the "Browse as" selector holds an agency (not on session calls);
 * - JSON in and out; a non-2xx answer rejects with an ApiError (react-admin's HttpError) whose message is the body's
 *   `errors[0]`, its `message`, or the mapped status text; a network failure is status 0.
 */
export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Bracket-encoded into the query string. */
  query?: QueryInput;
  /** Sent as JSON. */
  body?: unknown;
  /** false: send the path as is (no role prefix). */
  prefix?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

export type HttpClient = <T = unknown>(path: string, options?: RequestOptions) => Promise<HttpResponse<T>>;

export interface HttpClientConfig {
  baseUrl?: string;
  storage?: Storage;
  fetchImpl?: typeof fetch;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isAbort = (error: unknown) => error instanceof Error && error.name === "AbortError";

export function createHttpClient({ baseUrl = "/v2", storage = browserStorage(), fetchImpl }: HttpClientConfig = {}): HttpClient {
  const doFetch: typeof fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));

  return async function httpClient<T = unknown>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const method = options.method ?? "GET";
    const [rawPath, rawSearch] = path.split("?", 2);
    const finalPath = options.prefix === false ? (rawPath.startsWith("/") ? rawPath : `/${rawPath}`) : prefixPath(rawPath, getStoredUser(storage)?.role);

    const params: string[] = [];
    if (rawSearch) params.push(rawSearch);
    if (options.query) {
      const encoded = encodeQuery(options.query);
      if (encoded) params.push(encoded);
    }
    const agencyId = getSelectedAgencyId(storage);
    if (agencyId !== null && !isAuthPath(rawPath) && !params.some((p) => /(^|&)agency_id=/.test(p))) {
      params.push(`agency_id=${agencyId}`);
    }
    const url = `${baseUrl}${finalPath}${params.length ? `?${params.join("&")}` : ""}`;

    const headers: Record<string, string> = { Accept: "application/json", ...readAuthHeaders(storage), ...options.headers };
    if (options.body !== undefined) headers["Content-Type"] = "application/json";

    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(statusMessageText(0), 0, null, { url, method });
    }

    storeAuthHeaders(storage, response.headers);
    const text = await response.text();
    const json = parseJson(text);
    if (!response.ok) {
      throw new ApiError(messageFromBody(json, response.status), response.status, json, {
        statusText: response.statusText,
        url,
        method,
      });
    }
    if (!isReadRequest(method, finalPath)) notifyDataChanged();
    return { status: response.status, headers: response.headers, body: text, json: json as T };
  };
}
