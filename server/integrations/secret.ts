import type { FastifyInstance } from "fastify";
import { keptSecret } from "../lib/kept-secrets";

const cache = new WeakMap<FastifyInstance, Promise<string>>();

/** The key integration credentials are encrypted with: INTEGRATION_KEY, or the one kept in the database. */
export function integrationSecret(app: FastifyInstance): Promise<string> {
  if (!cache.has(app)) cache.set(app, app.env.INTEGRATION_KEY ? Promise.resolve(app.env.INTEGRATION_KEY) : keptSecret(app.db, "integrations"));
  return cache.get(app)!;
}
