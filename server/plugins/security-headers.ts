import fastifyHelmet from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";

/**
 * Security headers on every response, API and console alike (issue 9, hole 10). The console runs no inline script
 * (its runtime settings come from /runtime-config.js, its splash style from /splash.css); MUI writes its styles at run
 * time, hence 'unsafe-inline' for styles only. The PDF viewer's worker is a file of ours; pdf.js is told not to
 * evaluate strings. Nothing may frame the console, and no page leaks its URL (which can hold a reset token) as a
 * referrer.
 */
export const CONTENT_SECURITY_POLICY = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "worker-src": ["'self'", "blob:"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/** Browsers keep to HTTPS for a year once they have seen it over HTTPS (a proxy says so only if TRUST_PROXY names it). */
export const HSTS = "max-age=31536000; includeSubDomains";

/** What @fastify/helmet is given; it sets the same headers on every response whatever the request. */
export const HELMET_OPTIONS = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  frameguard: { action: "deny" },
  referrerPolicy: { policy: "no-referrer" },
  hsts: false,
  crossOriginEmbedderPolicy: false,
} as const;

/**
 * The headers @fastify/helmet sets with HELMET_OPTIONS, read once from a throwaway instance: the plugin runs helmet
 * itself on every request, which parses its options and the CSP again each time (3 % of the API's CPU per request:
 * issue 9, load). The headers depend on nothing in the request, so they are computed here once and set as helmet does
 * (on the raw response, before any handler runs, so hijacked and streamed answers carry them too).
 */
export async function helmetHeaders(): Promise<ReadonlyArray<[string, string]>> {
  const probe = Fastify();
  try {
    await probe.register(fastifyHelmet, HELMET_OPTIONS);
    // Only helmet has set anything on the raw response when a handler runs (Fastify writes its own headers later).
    probe.get("/", async (_request, reply) => reply.raw.getHeaders());
    const set = (await probe.inject({ method: "GET", url: "/" })).json() as Record<string, string>;
    return Object.entries(set).map(([name, value]) => [name, String(value)]);
  } finally {
    await probe.close();
  }
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = await helmetHeaders();
  app.addHook("onRequest", (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    done();
  });
}
