import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/**
 * A property-management provider on 127.0.0.1 (port 0) for the adapters' tests: every request is recorded and answered
 * by the test's `respond` (a recorded-shape fixture from tests/fixtures/integrations, an error status, a malformed
 * body, or no answer at all for a timeout). No network leaves the machine.
 */
export interface FakeRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
export type FakeAnswer = { status?: number; body: string; contentType?: string } | "hang";

export interface FakeProvider {
  url: string;
  requests: FakeRequest[];
  respond: (request: FakeRequest) => FakeAnswer;
  close(): Promise<void>;
}

export const fixture = (provider: "entrata" | "yardi", name: string) =>
  readFileSync(join(import.meta.dirname, "../../tests/fixtures/integrations", provider, name), "utf8");

export async function startFakeProvider(respond: FakeProvider["respond"]): Promise<FakeProvider> {
  const fake: FakeProvider = { url: "", requests: [], respond, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request = { path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      fake.requests.push(request);
      const answer = fake.respond(request);
      if (answer === "hang") return;
      res.writeHead(answer.status ?? 200, { "content-type": answer.contentType ?? "application/json" });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** What the adapters' tests allow: plain http to the fake on loopback, and a short deadline for the timeout cases. */
export const FAKE_NETWORK = { allowHttp: true, allowHosts: ["127.0.0.1"], timeoutMs: 400 };
