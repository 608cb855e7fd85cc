import { eq, type SQL, sql } from "drizzle-orm";
import { COMMUNITY_TYPE_IDS } from "../../../src/domain/insurables";
import type { Db } from "../../db/client";
import { assignments } from "../../db/schema";
import { ForbiddenError, NotFoundError, ValidationError } from "../../lib/errors";
import { recordHistory, staffAuthor } from "../../lib/history";
import { type ListInput, parseListParams, queryRows, runList } from "../../lib/list";
import type { Caller } from "../../plugins/auth";
import { insurableScopeCondition } from "../lookups/lookups.scope";
import { showStaff } from "../staffs/staffs.service";
import { type AssignmentRow, assignmentListQuery, assignmentListSpec } from "./assignments.list";

const andAll = (conditions: SQL[]) => sql.join(conditions.map((c) => sql` AND ${c}`), sql``);

export const MESSAGES = {
  notManager: "Only property managers (staff of an account) are assigned to communities",
  notCommunity: "Only a community can be assigned, not a building or a unit",
  otherAccount: "This community belongs to another account than the staff member's",
  duplicate: "This community is already assigned to this staff member",
  own: "You cannot change your own community assignments",
};

export async function listAssignments(db: Db, caller: Caller, input: ListInput) {
  return runList<AssignmentRow>(db, assignmentListQuery(caller.scope), parseListParams(input, assignmentListSpec));
}

async function findAssignment(db: Db, caller: Caller, id: number): Promise<AssignmentRow> {
  const query = assignmentListQuery(caller.scope, [sql`asg.id = ${id}`]);
  const [row] = await queryRows<AssignmentRow>(db, sql`SELECT ${query.select} FROM ${query.from} WHERE true${andAll(query.where)}`);
  if (!row) throw new NotFoundError({ message: "Assignment not found" });
  return row;
}

/**
 * Assigns a property manager to a community of their own account. Staff and community must both lie in the caller's
 * scope (404 otherwise, like any foreign id); a staff member never edits their own assignments, which would lift the
 * limit they put on what that staff member sees (server/lib/scope.ts).
 */
export async function createAssignment(db: Db, caller: Caller, input: { staff_id: number; insurable_id: number; primary?: boolean }) {
  const member = await showStaff(db, caller.scope, input.staff_id);
  if (member.id === caller.user.id) throw new ForbiddenError(MESSAGES.own);
  if (member.role !== "staff") throw new ValidationError({ staff_id: MESSAGES.notManager });
  const [community] = await queryRows<{ id: number; title: string; account_id: number | null; insurable_type_id: number }>(
    db,
    sql`SELECT i.id, i.title, i.account_id, i.insurable_type_id FROM insurables i WHERE i.id = ${input.insurable_id}${andAll(insurableScopeCondition(caller.scope))}`,
  );
  if (!community) throw new NotFoundError("Community");
  if (!COMMUNITY_TYPE_IDS.includes(community.insurable_type_id)) throw new ValidationError({ insurable_id: MESSAGES.notCommunity });
  if (community.account_id !== member.organizable_id) throw new ValidationError({ insurable_id: MESSAGES.otherAccount });
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(assignments)
      .values({ staff_id: member.id, insurable_id: community.id, primary: input.primary ?? false })
      .onConflictDoNothing()
      .returning({ id: assignments.id });
    if (!row) throw new ValidationError({ insurable_id: MESSAGES.duplicate });
    const changes = { assignment: { previous_value: null, new_value: { id: row.id, community_id: community.id, community: community.title } } };
    await recordHistory(tx, { type: "Staff", id: member.id, action: "create_related", author: staffAuthor(caller.user), process: "console", changes });
    return row.id;
  });
  return findAssignment(db, caller, id);
}

export async function deleteAssignment(db: Db, caller: Caller, id: number) {
  const row = await findAssignment(db, caller, id);
  if (row.staff_id === caller.user.id) throw new ForbiddenError(MESSAGES.own);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.delete(assignments).where(eq(assignments.id, id));
    const changes = { assignment: { previous_value: { id, community_id: row.insurable_id, community: row.assignable.title }, new_value: null } };
    await recordHistory(tx, { type: "Staff", id: row.staff_id, action: "remove_related", author: staffAuthor(caller.user), process: "console", changes });
  });
  return { success: true };
}
