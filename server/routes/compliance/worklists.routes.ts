import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { id } from "../../lib/input";
import { publicOrigin } from "../../lib/public-url";
import { requireCaller } from "../../plugins/auth";
import { assignRows, findColleagues } from "./assignments.service";
import { REMINDER_ROWS_MAX, remindResidents } from "./reminders.service";
import { WORKLISTS, lapseForecast, worklist } from "./worklists.service";

const pageQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    per: z.coerce.number().int().min(1).max(200).default(25),
    // "me": rows the caller follows up; "none": rows nobody follows up yet.
    assigned: z.enum(["me", "none"]).optional(),
  })
  .strict();

const picked = z.array(id).min(1).max(REMINDER_ROWS_MAX);
const reminderBody = z.object({ worklist: z.enum(WORKLISTS), ids: picked }).strict();
const assignmentBody = z.object({ worklist: z.enum(WORKLISTS), ids: picked, assignee_id: id.nullable() }).strict();

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
  // The worklists' bulk action: each picked row still on the list and in scope gets its residents reminded, once a day.
  app.post("/compliance/reminders", { config: { access: { resource: "compliance", action: "remind" } }, schema: { body: reminderBody } }, async (request) => {
    const caller = requireCaller(request);
    const links = { secret: app.env.FILES_SECRET, origin: publicOrigin(app.env) };
    return remindResidents(app.db, app.mailer, links, caller.scope, request.body.worklist, request.body.ids, caller.user.id);
  });
  // Whom the rows can be given to: the assign dialog's picker, by the same rule the assignment checks.
  app.get("/compliance/colleagues", { config: { access: { resource: "compliance", action: "assign" } }, schema: { querystring: z.object({ q: z.string().max(100).default("") }).strict() } }, async (request) =>
    findColleagues(app.db, requireCaller(request).scope, request.query.q.trim()),
  );
  // The worklists' other bulk action: a colleague follows the picked rows up (assignee_id null takes them back).
  app.post("/compliance/assignments", { config: { access: { resource: "compliance", action: "assign" } }, schema: { body: assignmentBody } }, async (request) => {
    const caller = requireCaller(request);
    return assignRows(app.db, caller, request.body.worklist, request.body.ids, request.body.assignee_id);
  });
};
