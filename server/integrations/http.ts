import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isInternalAddress } from "../files/strict-fetch";
import { ProviderError } from "./provider";

/**
 * How the adapters may reach a provider. The endpoint is typed by account staff, so by default only https and only
 * public addresses (checked on the address the socket really connects to): a provider URL must not become a way into
 * the server's own network. Tests (a fake provider on 127.0.0.1) and an operator's in-house gateway loosen it through
 * INTEGRATION_ALLOW_HTTP / INTEGRATION_ALLOW_HOSTS.
 */
export interface ProviderNetwork {
  allowHttp?: boolean;
  /** Host names (or addresses) exempt from the internal-address check, lower-case. */
  allowHosts?: readonly string[];
  /** One deadline per call, answer included. */
  timeoutMs?: number;
  /** The largest answer read (a whole property's residents fit easily). */
  maxBytes?: number;
  /** No call leaves for a host outside allowHosts (tests: a fuzzed endpoint must never reach a real provider). */
  offline?: boolean;
}

export const PROVIDER_TIMEOUT_MS = 30_000;
const MAX_BYTES = 64 * 1024 * 1024;

let configured: ProviderNetwork = {};

/** Set once at start from the environment (app.ts). */
export function configureProviderNetwork(network: ProviderNetwork) {
  configured = { ...network };
}

export const providerNetwork = (): ProviderNetwork => configured;

export interface ProviderResponse {
  status: number;
  body: string;
  contentType: string;
}

function guardedLookup(name: string, exempt: boolean): typeof dnsLookup {
  return ((hostname: string, options: object, callback: (err: Error | null, address?: unknown, family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      const list = (addresses ?? []) as unknown as Array<{ address: string; family: number }>;
      if (error || !list.length) return callback(new ProviderError(`${name} cannot be reached: the host ${hostname} could not be found`));
      if (!exempt && list.some((a) => isInternalAddress(a.address))) return callback(new ProviderError(`${name} cannot be reached: the address is internal`));
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  }) as unknown as typeof dnsLookup;
}

/**
 * One POST to a provider. Whatever goes wrong before an answer (bad URL, refused address, no connection, the
 * deadline) is a ProviderError naming the provider; an answer of any status is returned for the adapter to read
 * (providers put their own message in error bodies). Nothing here logs the request: its body carries credentials.
 */
export async function postToProvider(name: string, raw: string, request: { headers: Record<string, string>; body: string }, network: ProviderNetwork = configured): Promise<ProviderResponse> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ProviderError(`${name} cannot be reached: the endpoint is not a valid URL`);
  }
  if (url.protocol !== "https:" && !(network.allowHttp && url.protocol === "http:")) throw new ProviderError(`${name} cannot be reached: the endpoint must start with https://`);
  if (url.username || url.password) throw new ProviderError(`${name} cannot be reached: the endpoint must not carry a user name or password`);
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const exempt = network.allowHosts?.includes(host) ?? false;
  if (!exempt && (host === "localhost" || host.endsWith(".localhost") || (isIP(host) !== 0 && isInternalAddress(host)))) {
    throw new ProviderError(`${name} cannot be reached: the address is internal`);
  }
  if (network.offline && !exempt) throw new ProviderError(`${name} cannot be reached: calls to providers are off in this environment`);
  const timeoutMs = network.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const maxBytes = network.maxBytes ?? MAX_BYTES;
  const deadline = AbortSignal.timeout(timeoutMs);
  const timedOut = () => new ProviderError(`${name} did not answer within ${Math.max(1, Math.round(timeoutMs / 1000))} s`);
  return new Promise<ProviderResponse>((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method: "POST",
        lookup: guardedLookup(name, exempt),
        signal: deadline,
        agent: false,
        headers: { ...request.headers, "content-length": Buffer.byteLength(request.body).toString(), "user-agent": "Coverdesk integrations" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new ProviderError(`${name} sent an answer larger than ${Math.round(maxBytes / 1024 / 1024)} MB`));
          } else chunks.push(chunk);
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), contentType: String(res.headers["content-type"] ?? "") }));
        res.on("error", () => reject(deadline.aborted ? timedOut() : new ProviderError(`${name} cut the answer off`)));
        res.on("aborted", () => reject(deadline.aborted ? timedOut() : new ProviderError(`${name} cut the answer off`)));
      },
    );
    req.on("error", (error) => reject(error instanceof ProviderError ? error : deadline.aborted ? timedOut() : new ProviderError(`${name} cannot be reached: ${(error as NodeJS.ErrnoException).code ?? error.message}`)));
    req.end(request.body);
  });
}
