/** A fetch that records requests and answers from a queue (or a router function). */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  statusText?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Reject like a network failure. */
  networkError?: boolean;
}

export function createFakeFetch(route?: (request: RecordedRequest) => FakeAnswer | undefined) {
  const requests: RecordedRequest[] = [];
  const queue: FakeAnswer[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? "GET",
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const answer = queue.shift() ?? route?.(request) ?? { status: 200, body: {} };
    if (answer.networkError) throw new TypeError("Failed to fetch");
    const text = answer.body === undefined ? "" : JSON.stringify(answer.body);
    return new Response(text, {
      status: answer.status ?? 200,
      statusText: answer.statusText ?? "",
      headers: { "content-type": "application/json", ...answer.headers },
    });
  };
  return {
    fetchImpl: fetchImpl as typeof fetch,
    requests,
    /** Queue the next answers, in order. */
    answer: (...answers: FakeAnswer[]) => queue.push(...answers),
    last: () => requests[requests.length - 1],
  };
}

/** A URL's path and its decoded query, for readable assertions. */
export function decodeUrl(url: string): { path: string; query: string } {
  const [path, query = ""] = url.split("?");
  return { path, query: decodeURIComponent(query) };
}
