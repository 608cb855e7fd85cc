import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ROLES } from "../../../src/domain/roles";
import { EMAIL_MAX, PASSWORD_MAX, SHORT_TEXT, TEXT, date, id, idParams, text } from "../../lib/input";
import { notFoundMessage } from "../../lib/errors";
import { type BulkAction, defineBulkAction, runBulk } from "../../lib/bulk";
import { sendList } from "../../lib/list";
import { bulkInput, filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { publicOrigin } from "../../lib/public-url";
import { requireCaller } from "../../plugins/auth";
import {
  assertAccess,
  checkEmail,
  createStaff,
  listStaff,
  reInvite,
  resourceToCreate,
  setStaffEnabled,
  showStaff,
  staffHistories,
  staffResourceFor,
  toggleEnabled,
  updateSelf,
  updateStaff,
} from "./staffs.service";
import { staffListQuery, staffListSpec } from "./staffs.list";

const field = text(TEXT).nullable().optional();
const profileInput = z
  .object({
    id: id.optional(),
    first_name: field,
    last_name: field,
    middle_name: field,
    job_title: field,
    contact_phone: field,
    contact_email: field,
    birth_date: z.union([date, z.literal("")]).nullable().optional(),
  })
  .strip()
  .optional();

const staffInput = z
  .object({
    email: text(EMAIL_MAX).optional(),
    role: z.enum(ROLES).optional(),
    organizable_type: z.enum(["Account", "Agency"]).nullable().optional(),
    organizable_id: id.nullable().optional(),
    enabled: z.boolean().optional(),
    profile_attributes: profileInput,
    staff_permission_attributes: z
      .object({ permissions: z.array(z.object({ key: text(SHORT_TEXT), value: z.boolean() })).max(100) })
      .optional(),
  })
  .strip();

const selfInput = staffInput.extend({
  password: text(PASSWORD_MAX).optional(),
  password_confirmation: text(PASSWORD_MAX).optional(),
  current_password: text(PASSWORD_MAX).optional(),
});

/**
 * The Staff and Agents grids' bulk Enable, Disable and Re-invite (issue 17 section 5): each row by the single action's
 * rules (in scope, its own kind's key, never oneself, invitation still pending); enable and disable set the state asked
 * rather than flip it. Rows are named as the grids name them: the full name, else the email.
 */
const staffLabel = sql`coalesce(nullif(p.full_name, ''), s.email)`;
const bulkActions: Array<[string, "toggle_enabled" | "re_invite", BulkAction]> = [
  ["enable", "toggle_enabled", defineBulkAction({ name: "staffs.enable", label: staffLabel, each: (app, actor, id) => setStaffEnabled(app.db, actor, id, true) })],
  ["disable", "toggle_enabled", defineBulkAction({ name: "staffs.disable", label: staffLabel, each: (app, actor, id) => setStaffEnabled(app.db, actor, id, false) })],
  ["re_invite", "re_invite", defineBulkAction({ name: "staffs.re_invite", label: staffLabel, each: (app, actor, id) => reInvite(app.db, app.mailer, publicOrigin(app.env), actor, id) })],
];

/** Staff and agents (document 3: Staff; reference section 1 "Staff management"). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = () => publicOrigin(app.env);

  app.get("/staffs", { schema: { querystring: listInput(filterTypes(staffListSpec)) } }, async (request, reply) => {
    const caller = requireCaller(request);
    const query = request.query as QueryObject;
    const filter = query.filter as QueryObject | undefined;
    assertAccess(caller, staffResourceFor(filter?.organizable_type), "list");
    return sendList(reply, await listStaff(app.db, caller.scope, { sort: query.sort, pagination: query.pagination, filter }));
  });

  app.get("/staffs/:id", { schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    const staffUser = await showStaff(app.db, caller.scope, request.params.id);
    if (staffUser.id !== caller.user.id) assertAccess(caller, staffResourceFor(staffUser.organizable_type), "show");
    return staffUser;
  });

  app.post("/staffs", { schema: { body: z.object({ staff: staffInput }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    assertAccess(caller, resourceToCreate(request.body.staff), "create");
    const created = await createStaff(app.db, app.mailer, publicUrl(), caller, request.body.staff);
    return reply.code(201).send(created);
  });

  // Add Admin/Support (document 3 section 6: a super admin tool): super admins and policy-support reviewers, invited
  // like any staff member.
  const adminInput = z
    .object({ email: text(EMAIL_MAX).optional(), role: z.enum(["super_admin", "policy_support"]), profile_attributes: profileInput })
    .strip();
  app.post("/create_staff", { schema: { body: z.object({ staff: adminInput }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    assertAccess(caller, "create-admin-users", "create");
    const created = await createStaff(app.db, app.mailer, publicUrl(), caller, request.body.staff);
    return reply.code(201).send(created);
  });

  app.put("/staffs/:id", { schema: { params: idParams, body: z.object({ staff: staffInput }) } }, async (request) => {
    const caller = requireCaller(request);
    const target = await showStaff(app.db, caller.scope, request.params.id);
    assertAccess(caller, staffResourceFor(target.organizable_type), "edit");
    return updateStaff(app.db, caller, request.params.id, request.body.staff);
  });

  // Own profile: needs no permission key (reference: update_self is ungated).
  app.put("/staffs/:id/update_self", { schema: { params: idParams, body: z.object({ staff: selfInput }) } }, async (request) => {
    return updateSelf(app.db, requireCaller(request), request.params.id, request.body.staff);
  });

  app.put("/staffs/:id/toggle_enabled", { schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    const target = await showStaff(app.db, caller.scope, request.params.id);
    assertAccess(caller, staffResourceFor(target.organizable_type), "toggle_enabled");
    return toggleEnabled(app.db, caller, request.params.id);
  });

  app.put("/staffs/:id/re_invite", { schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    const target = await showStaff(app.db, caller.scope, request.params.id);
    assertAccess(caller, staffResourceFor(target.organizable_type), "re_invite");
    return reInvite(app.db, app.mailer, publicUrl(), caller, request.params.id);
  });

  // The Staff and Agents grids' bulk Enable, Disable and Re-invite (issue 17 section 5), as the accounts grid's: picked
  // ids or every staff member matching the grid's filter (its organizable type says which grid, and so which key the
  // call needs), read through the list's own scoped query; each row then by the single action's rules, so a row the
  // caller may not change (oneself, an agent without the agents key, an invitation already accepted) fails alone.
  const bulkBody = bulkInput(filterTypes(staffListSpec));
  for (const [name, action, bulk] of bulkActions) {
    app.post(`/staffs/bulk_${name}`, { schema: { body: bulkBody } }, async (request, reply) => {
      const caller = requireCaller(request);
      const filter = (request.body.filter || {}) as QueryObject;
      // The grid's kind decides the key; picked rows without one need either key, each row then its own kind's.
      const kinds = filter.organizable_type ? [staffResourceFor(filter.organizable_type)] : (["staff", "agents"] as const);
      const refusals = kinds.map((kind) => {
        try {
          assertAccess(caller, kind, action);
          return null;
        } catch (error) {
          return error;
        }
      });
      if (refusals.every(Boolean)) throw refusals[0];
      return runBulk(app, reply, caller, bulk, { query: staffListQuery(caller.scope), spec: staffListSpec, selection: { ...request.body, filter }, missing: notFoundMessage("Staff") });
    });
  }

  app.post(
    "/staffs/check_email",
    { schema: { body: z.object({ email: text(EMAIL_MAX), id: id.optional() }) } },
    async (request) => checkEmail(app.db, requireCaller(request).scope, request.body.email, request.body.id),
  );

  app.get("/staffs/:id/histories", { schema: { params: idParams, querystring: listInput({}) } }, async (request, reply) => {
    const caller = requireCaller(request);
    const query = request.query as QueryObject;
    return sendList(reply, await staffHistories(app.db, caller, request.params.id, { sort: query.sort, pagination: query.pagination, filter: query.filter }));
  });
};
