import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from "fastify";
import { ROLE_PREFIX, ROLES, type Role } from "../../src/domain/roles";
import { authenticate, authorize, requirePrefix } from "../plugins/auth";

/**
 * Mounts one area's routes under every role prefix (`/v2/staff_agency/users`, …) and unprefixed (`/v2/users`),
 * all behind the session check and the permission table. A prefix that is not the caller's role answers 403. The
 * review form's calls also answer under `/api` (document 1 section 7). The checks run before the input is validated:
 * without a session the answer is 401 whatever was sent.
 */
export function registerSignedInArea(app: FastifyInstance, area: FastifyPluginAsync, base = "/v2"): void {
  app.register(
    async (scoped) => {
      scoped.addHook("onRoute", mark({ signedIn: true }));
      scoped.addHook("preValidation", authenticate);
      scoped.addHook("preValidation", authorize);
      await scoped.register(area);
    },
    { prefix: base },
  );
  for (const role of ROLES) {
    app.register(
      async (scoped) => {
        scoped.addHook("onRoute", mark({ signedIn: true, rolePrefix: role }));
        scoped.addHook("preValidation", authenticate);
        scoped.addHook("preValidation", requirePrefix(role));
        scoped.addHook("preValidation", authorize);
        await scoped.register(area);
      },
      { prefix: `${base}/${ROLE_PREFIX[role]}` },
    );
  }
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on every route mounted here: it needs a session (the OpenAPI document and the route matrix read it). */
    signedIn?: boolean;
    /** The role whose prefix this copy of the route answers under; unset for the unprefixed one. */
    rolePrefix?: Role;
  }
}

/** Marks the routes of a signed-in area as they are added, so the route table says how each is reached. */
const mark = (config: { signedIn: true; rolePrefix?: Role }) => (route: RouteOptions) => {
  route.config = { ...(route.config as object), ...config };
};
