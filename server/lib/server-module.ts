import type { FastifyPluginAsync } from "fastify";
import type { ListSpec } from "./list";

/**
 * One area of the API, declared by its folder's index.ts (`server/routes/<area>/index.ts`) and found by
 * server/routes/index.ts: nothing else needs a line to serve it. The rules and transactions stay in the folder's
 * `<area>.service.ts`, the list's filters and sorts in `<area>.list.ts`.
 */
export interface ServerModule {
  /** The folder's name. */
  name: string;
  /** Served under /v2 and every role prefix, behind the session check and the permission table (registerSignedInArea). */
  routes?: FastifyPluginAsync[];
  /** Served under /v2 to anyone (sign-in, password reset): each route checks what it needs itself. */
  publicRoutes?: FastifyPluginAsync[];
  /** Also served under /api, signed in (the review form's calls, document 1 section 7). */
  apiRoutes?: FastifyPluginAsync[];
  /** The module's lists by name (tests/api/conventions.test.ts checks every one). */
  lists?: Record<string, ListSpec>;
}

export const defineModule = (module: ServerModule): ServerModule => module;
