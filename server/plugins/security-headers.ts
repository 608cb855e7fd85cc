import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

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

export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}
