import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { decideAccess, type Action } from "../../src/domain/access";
import { PREFIX_ROLES, ROLE_PREFIX, type Role } from "../../src/domain/roles";
import { ForbiddenError, NotAuthenticatedError, PermissionNotEnabledError } from "../lib/errors";
import { parseAgencyIdParam, type Scope, scopeOf } from "../lib/scope";
import { findSessionCaller, type Session } from "../routes/auth/auth.service";
import type { StaffUser } from "../routes/staffs/staff-user";

/** Who is calling: set by `authenticate`, read by every signed-in route. */
export interface Caller {
  user: StaffUser;
  session: Session;
  scope: Scope;
}

/** Who a change is made for, without a session: a background job started by a signed-in caller (server/lib/bulk.ts). */
export type Actor = Pick<Caller, "user" | "scope">;

export interface AccessConfig {
  resource: string;
  action: Action;
}

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** The (resource, action) of src/domain/access.ts this route needs; routes without it only need a session. */
    access?: AccessConfig;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A list read as `POST …_index` or `POST …/list` carries its parameters in the body, `agency_id` among them. */
const LIST_BODY_ROUTE = /(_index|\/list)$/;

/**
 * The `agency_id` that narrows the caller's scope (DESIGN.md section 3, Scope): from the query, or from a list
 * body, so a foreign agency answers 403 whichever way the list is asked for instead of being silently ignored.
 */
function agencyIdOf(request: FastifyRequest): unknown {
  const query = request.query as Record<string, unknown> | undefined;
  if (query?.agency_id !== undefined) return query.agency_id;
  const body = request.body;
  if (request.method !== "POST" || !LIST_BODY_ROUTE.test(request.routeOptions.url ?? "")) return undefined;
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>).agency_id : undefined;
}

/**
 * Reads the devise_token_auth headers; 401 when they name no live session. The session, the staff member and their
 * scope come from one query (findSessionCaller): this runs before every signed-in request.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  let agencyIdParam: number | undefined;
  let badAgencyId: unknown;
  try {
    agencyIdParam = parseAgencyIdParam(agencyIdOf(request));
  } catch (error) {
    badAgencyId = error;
  }
  const found = await findSessionCaller(request.server.db, {
    token: header(request, "access-token"),
    client: header(request, "client"),
    uid: header(request, "uid"),
  }, agencyIdParam);
  if (!found) throw new NotAuthenticatedError();
  // Who is calling is settled first: a malformed agency_id without a session is a 401, as any request without one.
  if (badAgencyId !== undefined) throw badAgencyId;
  request.caller = { user: found.user, session: found.session, scope: scopeOf(found.user, agencyIdParam, found.facts) };
}

/**
 * The role prefix must be the caller's own (DESIGN.md section 3: a prefix that does not match answers 403); super
 * admins may also use policy-support's (PREFIX_ROLES).
 */
export function requirePrefix(role: Role) {
  return async (request: FastifyRequest) => {
    const caller = request.caller?.user.role;
    if (!caller || !PREFIX_ROLES[role].includes(caller)) throw new ForbiddenError(`This path is for the ${ROLE_PREFIX[role]} role`);
  };
}

/** Applies the shared permission table: 403 when the role may never, 401 permission_not_enabled when a key is off. */
export async function authorize(request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config.access;
  if (!access || !request.caller) return;
  const decision = decideAccess(request.caller.user, access.resource, access.action);
  if (decision === "forbidden") throw new ForbiddenError();
  if (decision === "permission_not_enabled") throw new PermissionNotEnabledError();
}

export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new NotAuthenticatedError();
  return request.caller;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("caller", null);
});
