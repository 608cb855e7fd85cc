import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { ROLE_PREFIX, ROLES } from "../../src/domain/roles";
import { authenticate, authorize, requirePrefix } from "../plugins/auth";

/**
 * Mounts one area's routes under every role prefix (`/v2/staff_agency/users`, …) and unprefixed (`/v2/users`),
 * all behind the session check and the permission table. A prefix that is not the caller's role answers 403.
 */
export function registerSignedInArea(app: FastifyInstance, area: FastifyPluginAsync): void {
  app.register(
    async (scoped) => {
      scoped.addHook("preHandler", authenticate);
      scoped.addHook("preHandler", authorize);
      await scoped.register(area);
    },
    { prefix: "/v2" },
  );
  for (const role of ROLES) {
    app.register(
      async (scoped) => {
        scoped.addHook("preHandler", authenticate);
        scoped.addHook("preHandler", requirePrefix(role));
        scoped.addHook("preHandler", authorize);
        await scoped.register(area);
      },
      { prefix: `/v2/${ROLE_PREFIX[role]}` },
    );
  }
}
