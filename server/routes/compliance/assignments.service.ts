import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { worklistAssignments } from "../../db/schema";
import { ValidationError } from "../../lib/errors";
import { escapeLike, queryRows } from "../../lib/list";
import { recordHistory, staffAuthor } from "../../lib/history";
import { resolveScope, type Scope } from "../../lib/scope";
import { loadStaffUser, loadStaffUsers, type StaffUser } from "../staffs/staff-user";
import { subjectTypeOf, worklist, type Worklist } from "./worklists.service";

export interface AssignmentOutcome {
  /** Rows now followed up by the colleague (or by nobody, when unassigning). */
  assigned: number[];
  /** Picked rows no longer on the list, or never in the caller's scope: left as they were. */
  skipped: number[];
  /** Rows the colleague cannot open themselves (another community or account than theirs): not given to them. */
  out_of_reach: number[];
}

const list = (values: number[]) => (values.length ? sql.join(values.map((v) => sql`${v}`), sql`, `) : sql`NULL`);

/**
 * A colleague the caller may hand work to: an enabled staff member or agent whose organisation the caller sees (their
 * own account; for agents their agency tree and its accounts; any for super admins). One rule for the picker's list and
 * the assignment's check; anyone else, and any id that does not exist, gets the same answer, so the call tells nothing
 * about other tenants' people.
 */
function colleagueCondition(scope: Scope): SQL {
  const base = sql`s.enabled AND s.role IN ('staff', 'agent')`;
  switch (scope.kind) {
    case "all":
      return base;
    case "account":
      return sql`${base} AND s.organizable_type = 'Account' AND s.organizable_id = ${scope.accountId}`;
    case "agencies":
      return sql`${base} AND ((s.organizable_type = 'Agency' AND s.organizable_id IN (${list(scope.agencyIds)}))
        OR (s.organizable_type = 'Account' AND s.organizable_id IN (SELECT a.id FROM accounts a WHERE a.agency_id IN (${list(scope.agencyIds)}))))`;
    case "none":
      return sql`false`;
  }
}

export interface Colleague {
  id: number;
  name: string;
  email: string;
  role: "staff" | "agent";
  organization: string | null;
}

/** The colleagues whose name or email contains `q` (all when empty), 20 at most, by name: the assign dialog's picker. */
export async function findColleagues(db: Db, scope: Scope, q: string, only?: number): Promise<Colleague[]> {
  const term = `%${escapeLike(q)}%`;
  return queryRows<Colleague>(
    db,
    sql`SELECT s.id, coalesce(nullif(pr.full_name, ''), s.email) AS name, s.email, s.role, coalesce(ac.title, ag.title) AS organization
      FROM staffs s LEFT JOIN profiles pr ON pr.profileable_type = 'Staff' AND pr.profileable_id = s.id
      LEFT JOIN accounts ac ON s.organizable_type = 'Account' AND ac.id = s.organizable_id
      LEFT JOIN agencies ag ON s.organizable_type = 'Agency' AND ag.id = s.organizable_id
      WHERE ${colleagueCondition(scope)} AND (pr.full_name ILIKE ${term} OR s.email ILIKE ${term})${only === undefined ? sql`` : sql` AND s.id = ${only}`}
      ORDER BY name, s.id LIMIT 20`,
  );
}

const ids = (rows: Array<Record<string, unknown>>) => rows.map((r) => Number(r.id));

/**
 * Gives the picked rows of a worklist to a colleague, or takes them back (`assigneeId` null). Each row must still be on
 * the list in the caller's scope, and is given only if the colleague can see it too; each change is a history row on
 * the lease or policy.
 */
export async function assignRows(db: Db, caller: { scope: Scope; user: StaffUser }, list: Worklist, picked: number[], assigneeId: number | null): Promise<AssignmentOutcome> {
  const query = { page: 1, per: picked.length, ids: picked };
  const onList = ids((await worklist(db, caller.scope, list, query)).rows);
  let reachable = onList;
  let assignee: StaffUser | undefined;
  if (assigneeId !== null) {
    const [found] = await findColleagues(db, caller.scope, "", assigneeId);
    assignee = found ? await loadStaffUser(db, found.id) : undefined;
    if (!assignee) throw new ValidationError({ assignee_id: "Choose a colleague from the list" });
    const theirs = new Set(ids((await worklist(db, await resolveScope(db, assignee), list, query)).rows));
    reachable = onList.filter((id) => theirs.has(id));
  }
  const type = subjectTypeOf(list);
  const name = (person: StaffUser | undefined) => (person ? person.profile_attributes.full_name || person.email : null);
  await db.transaction(async (tx) => {
    const before = reachable.length
      ? await tx.select().from(worklistAssignments).where(and(eq(worklistAssignments.subject_type, type), inArray(worklistAssignments.subject_id, reachable)))
      : [];
    const previous = new Map(before.map((a) => [a.subject_id, a.assignee_id]));
    const previousPeople = new Map((await loadStaffUsers(tx, [...new Set(previous.values())])).map((p) => [p.id, name(p)]));
    for (const subjectId of reachable) {
      const had = previous.get(subjectId) ?? null;
      if (had === (assignee?.id ?? null)) continue;
      if (assignee) {
        await tx
          .insert(worklistAssignments)
          .values({ subject_type: type, subject_id: subjectId, assignee_id: assignee.id, assigned_by_id: caller.user.id })
          .onConflictDoUpdate({ target: [worklistAssignments.subject_type, worklistAssignments.subject_id], set: { assignee_id: assignee.id, assigned_by_id: caller.user.id, updated_at: new Date() } });
      } else {
        await tx.delete(worklistAssignments).where(and(eq(worklistAssignments.subject_type, type), eq(worklistAssignments.subject_id, subjectId)));
      }
      await recordHistory(tx, {
        type,
        id: subjectId,
        action: "update",
        author: staffAuthor(caller.user),
        process: "console",
        changes: { follow_up_by: { previous_value: had === null ? null : (previousPeople.get(had) ?? null), new_value: name(assignee) } },
      });
    }
  });
  const given = new Set(reachable);
  return { assigned: reachable, skipped: picked.filter((id) => !onList.includes(id)), out_of_reach: onList.filter((id) => !given.has(id)) };
}
