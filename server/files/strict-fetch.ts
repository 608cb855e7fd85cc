import { BlockList, isIP } from "node:net";
import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { PassThrough, type Readable } from "node:stream";

/**
 * Fetches a file a caller named by URL (the legacy import's presigned link, document 2 section 5) without letting the
 * URL reach what the server can reach and the caller cannot: https only (http only when configured, for tests and
 * local stores), never a loopback, private, link-local or otherwise internal address, checked on the address the
 * connection really uses (resolved by the socket's own lookup, so a name that resolves twice cannot switch between
 * the check and the connect) and again on every redirect; a size limit counted on the bytes, and one deadline for
 * the whole transfer, redirects included.
 */
export interface StrictFetchOptions {
  allowHttp?: boolean;
  /** Host names exempt from the address check (an internal object store the operator trusts), exact and lower-case. */
  allowHosts?: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** DNS resolution (tests resolve their own names). */
  lookup?: typeof dnsLookup;
}

export const FETCH_MAX_BYTES = 100 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 30_000;

/** Why a URL was not fetched, in words a user can act on (the console shows the server's message). */
export class FetchRefusedError extends Error {}

const BLOCKED = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  BLOCKED.addSubnet(net, bits, "ipv4");
}
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  BLOCKED.addSubnet(net, bits, "ipv6");
}

/** True for an address no fetch on a caller's behalf may reach (IPv4-mapped IPv6 is judged as its IPv4). */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, "ipv4");
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return BLOCKED.check(mapped[1], "ipv4");
    return BLOCKED.check(address, "ipv6");
  }
  return true;
}

const INTERNAL = "The file URL points to an internal address; use a public link to the file";

/** Parses and checks one URL (the first or a redirect's) before any connection. */
function checkUrl(raw: string, opts: StrictFetchOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefusedError("The file URL is not a valid URL");
  }
  if (url.protocol !== "https:" && !(opts.allowHttp && url.protocol === "http:")) throw new FetchRefusedError("The file URL must start with https://");
  if (url.username || url.password) throw new FetchRefusedError("The file URL must not carry a user name or password");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const exempt = opts.allowHosts?.includes(host.toLowerCase()) ?? false;
  if (!exempt && (host === "localhost" || host.endsWith(".localhost") || (isIP(host) !== 0 && isInternalAddress(host)))) throw new FetchRefusedError(INTERNAL);
  return url;
}

/**
 * The socket's lookup: resolves the name and refuses it when any of its addresses is internal, so the connection can
 * only go to an address that was checked.
 */
function guardedLookup(opts: StrictFetchOptions, exempt: boolean): typeof dnsLookup {
  const resolve = opts.lookup ?? dnsLookup;
  return ((hostname: string, options: object, callback: (err: Error | null, address?: unknown, family?: number) => void) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(new FetchRefusedError(`The file URL's host ${hostname} could not be found`));
      const list = addresses as unknown as Array<{ address: string; family: number }>;
      if (!list.length) return callback(new FetchRefusedError(`The file URL's host ${hostname} could not be found`));
      if (!exempt && list.some((a) => isInternalAddress(a.address))) return callback(new FetchRefusedError(INTERNAL));
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  }) as unknown as typeof dnsLookup;
}

export interface FetchedFile {
  body: Readable;
  /** The URL that answered (after redirects). */
  url: string;
  contentType: string | null;
}

/**
 * Opens `raw` and answers its body as a stream that fails with FetchRefusedError past `maxBytes` or the deadline.
 * Everything before the body (bad URL, internal address, 4xx/5xx, too many redirects, a declared size over the limit)
 * is refused before this returns.
 */
export async function strictFetch(raw: string, opts: StrictFetchOptions = {}): Promise<FetchedFile> {
  const maxBytes = opts.maxBytes ?? FETCH_MAX_BYTES;
  const timeoutMs = opts.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxRedirects = opts.maxRedirects ?? 5;
  const deadline = AbortSignal.timeout(timeoutMs);
  let url = checkUrl(raw, opts);
  for (let hop = 0; ; hop++) {
    const exempt = opts.allowHosts?.includes(url.hostname.toLowerCase()) ?? false;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const client = url.protocol === "https:" ? https : http;
      const request = client.get(url, { lookup: guardedLookup(opts, exempt), signal: deadline, headers: { "user-agent": "Coverdesk legacy import", accept: "text/csv, */*" }, agent: false }, resolve);
      request.on("error", (error) => reject(error instanceof FetchRefusedError ? error : deadline.aborted ? new FetchRefusedError(timeoutText(timeoutMs)) : new FetchRefusedError(`The file could not be downloaded: ${error.message}`)));
    });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= maxRedirects) throw new FetchRefusedError("The file URL redirects too many times");
      url = checkUrl(new URL(response.headers.location, url).toString(), opts);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FetchRefusedError(`The file could not be downloaded: the server answered ${status}`);
    }
    const declared = Number(response.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      throw new FetchRefusedError(tooLargeText(maxBytes));
    }
    const body = new PassThrough();
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes && !body.destroyed) {
        body.destroy(new FetchRefusedError(tooLargeText(maxBytes)));
        response.destroy();
      }
    });
    response.on("error", (error) => !body.destroyed && body.destroy(deadline.aborted ? new FetchRefusedError(timeoutText(timeoutMs)) : error));
    response.on("aborted", () => !body.destroyed && body.destroy(new FetchRefusedError(deadline.aborted ? timeoutText(timeoutMs) : "The file download was cut off")));
    response.pipe(body);
    return { body, url: url.toString(), contentType: response.headers["content-type"] ?? null };
  }
}

const timeoutText = (ms: number) => `The file could not be downloaded within ${Math.round(ms / 1000)} seconds`;
const tooLargeText = (max: number) => `The file is larger than ${Math.round(max / 1024 / 1024)} MB`;
