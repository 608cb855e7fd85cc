import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FastifyInstance } from "fastify";
import { decideAccess } from "../../../src/domain/access";
import { BULK_MAX } from "../../../src/domain/bulk";
import { type BulkSelection, defineBulkAction, runBulk } from "../../lib/bulk";
import { ForbiddenError, ValidationError } from "../../lib/errors";
import { id } from "../../lib/input";
import { publicOrigin } from "../../lib/public-url";
import { type Actor, requireCaller } from "../../plugins/auth";
import { assignRow, assigneeOf, findColleagues } from "./assignments.service";
import { remindRow } from "./reminders.service";
import { NOT_ON_LIST, WORKLISTS, type Worklist, lapseForecast, worklist } from "./worklists.service";

const pageQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    per: z.coerce.number().int().min(1).max(200).default(25),
    // "me": rows the caller follows up; "none": rows nobody follows up yet.
    assigned: z.enum(["me", "none"]).optional(),
  })
  .strict();

/**
 * The worklists' bulk calls (issue 17 sections 2 and 5), as every grid's: the picked row `ids`, or `all_matching` with
 * the grid's filter (whose rows: `assigned` me or none); `worklist` says which list.
 */
const selection = {
  worklist: z.enum(WORKLISTS),
  ids: z.array(id).min(1).max(BULK_MAX).optional(),
  all_matching: z.literal(true).optional(),
  filter: z.object({ assigned: z.enum(["me", "none"]).optional() }).strict().optional(),
};
const reminderBody = z.object({ ...selection }).strict();
const assignmentBody = z.object({ ...selection, assignee_id: id.nullable() }).strict();
type WorklistSelection = BulkSelection & { worklist: Worklist; filter?: { assigned?: "me" | "none" } };

/** The rows a bulk call names, read through the worklist's own query in the caller's scope and named as its grid names them. */
const pickRows = (app: FastifyInstance, caller: Actor, body: WorklistSelection) => async () => {
  if (!body.all_matching && !body.ids?.length) return [];
  const assigned = body.all_matching ? body.filter?.assigned : undefined;
  const query = { page: 1, per: BULK_MAX + 1, ids: body.ids && [...new Set(body.ids)], assignee: assigned === "me" ? caller.user.id : assigned, targets: true };
  const { rows } = await worklist(app.db, caller.scope, body.worklist, query);
  if (rows.length > BULK_MAX) throw new ValidationError({ filter: `matches more than ${BULK_MAX} rows: narrow the filter` });
  return rows.map((r) => ({ id: Number(r.id), label: String(r.label) }));
};

/** A job runs as its starter is when it runs: a key switched off meanwhile refuses each row. */
const allowed = (actor: Actor, action: "remind" | "assign") => {
  if (decideAccess(actor.user, "compliance", action) !== "allowed") throw new ForbiddenError();
};
const links = (app: FastifyInstance) => ({ secret: app.env.FILES_SECRET, origin: publicOrigin(app.env) });

type RemindParams = { worklist: Worklist };
type AssignParams = { worklist: Worklist; assignee_id: number | null };
/** The colleague of a run, checked once per run (a job's rows share it), not once per row. */
const assignees = new WeakMap<Actor, ReturnType<typeof assigneeOf>>();

const remindBulk = defineBulkAction({
  name: "compliance.remind",
  each: async (app, actor, rowId, params) => {
    allowed(actor, "remind");
    return remindRow(app.db, app.mailer, links(app), actor.scope, (params as RemindParams).worklist, rowId, actor.user.id);
  },
});
const assignBulk = defineBulkAction({
  name: "compliance.assign",
  each: async (app, actor, rowId, params) => {
    allowed(actor, "assign");
    const { worklist: list, assignee_id } = params as AssignParams;
    if (!assignees.has(actor)) assignees.set(actor, assigneeOf(app.db, actor.scope, assignee_id));
    return assignRow(app.db, actor, list, rowId, await assignees.get(actor)!);
  },
});

/** The compliance dashboard (issue 17 sections 2 and 3): worklists and the lapse forecast, for staff, agents and super admins. */
export const worklistRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: { resource: "compliance", action: "list" } };
  // One route per list (a fixed path each, no parameter that could be taken for a record's id).
  for (const name of WORKLISTS) {
    app.get(`/compliance/worklists/${name}`, { config: access, schema: { querystring: pageQuery } }, async (request, reply) => {
      const caller = requireCaller(request);
      const { assigned, ...page } = request.query;
      const assignee = assigned === "me" ? caller.user.id : assigned;
      const { rows, total } = await worklist(app.db, caller.scope, name, { ...page, assignee });
      reply.header("total-entries", String(total));
      return rows;
    });
  }
  app.get("/compliance/forecast", { config: access }, async (request) => lapseForecast(app.db, requireCaller(request).scope));
  // The worklists' bulk Remind: the residents of each row still on the list and in scope, once a day at most (reminders.service).
  app.post("/compliance/reminders", { config: { access: { resource: "compliance", action: "remind" } }, schema: { body: reminderBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const params: RemindParams = { worklist: request.body.worklist };
    return runBulk(app, reply, caller, remindBulk, { pick: pickRows(app, caller, request.body), selection: request.body, missing: NOT_ON_LIST }, params);
  });
  // Whom the rows can be given to: the assign dialog's picker, by the same rule the assignment checks.
  app.get("/compliance/colleagues", { config: { access: { resource: "compliance", action: "assign" } }, schema: { querystring: z.object({ q: z.string().max(100).default("") }).strict() } }, async (request) =>
    findColleagues(app.db, requireCaller(request).scope, request.query.q.trim()),
  );
  // The worklists' other bulk action: a colleague follows the rows up (assignee_id null takes them back). A colleague
  // the caller may not hand work to is a 422 for the whole call; each row then as assignRow decides.
  app.post("/compliance/assignments", { config: { access: { resource: "compliance", action: "assign" } }, schema: { body: assignmentBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { assignee_id, ...body } = request.body;
    await assigneeOf(app.db, caller.scope, assignee_id);
    const params: AssignParams = { worklist: body.worklist, assignee_id };
    return runBulk(app, reply, caller, assignBulk, { pick: pickRows(app, caller, body), selection: body, missing: NOT_ON_LIST }, params);
  });
};
