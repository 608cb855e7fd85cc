import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { worklistAssignments } from "../../db/schema";
import { AppError, NotFoundError, ValidationError } from "../../lib/errors";
import { escapeLike, queryRows } from "../../lib/list";
import { recordHistory, staffAuthor } from "../../lib/history";
import { resolveScope, type Scope } from "../../lib/scope";
import { loadStaffUser, loadStaffUsers, type StaffUser } from "../staffs/staff-user";
import { NOT_ON_LIST, subjectTypeOf, worklist, type Worklist } from "./worklists.service";

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

export const CHOOSE_COLLEAGUE = "Choose a colleague from the list";

/**
 * The colleague an assignment names, checked by the picker's own rule (a 422 on `assignee_id` for anyone else,
 * whether they exist or not), with the scope they see rows in; null takes rows back.
 */
export async function assigneeOf(db: Db, scope: Scope, assigneeId: number | null): Promise<{ user: StaffUser; scope: Scope } | null> {
  if (assigneeId === null) return null;
  const [found] = await findColleagues(db, scope, "", assigneeId);
  const user = found ? await loadStaffUser(db, found.id) : undefined;
  if (!user) throw new ValidationError({ assignee_id: CHOOSE_COLLEAGUE }, CHOOSE_COLLEAGUE);
  return { user, scope: await resolveScope(db, user) };
}

const personName = (person: StaffUser | undefined) => (person ? person.profile_attributes.full_name || person.email : null);

/**
 * The worklists' bulk Assign, one row (server/lib/bulk.ts runs it on each picked or matching row): a row still on the
 * list in the caller's scope is given to the colleague, if they can open it themselves (else it fails naming them),
 * or taken back (`assignee` null); a change is a history row on the lease or policy, a row already theirs stays.
 */
export async function assignRow(db: Db, caller: { scope: Scope; user: StaffUser }, list: Worklist, id: number, assignee: { user: StaffUser; scope: Scope } | null): Promise<void> {
  const one = { page: 1, per: 1, ids: [id], targets: true };
  if (!(await worklist(db, caller.scope, list, one)).rows.length) throw new NotFoundError({ message: NOT_ON_LIST });
  if (assignee && !(await worklist(db, assignee.scope, list, one)).rows.length) throw new AppError(422, { message: `${personName(assignee.user)} cannot open this row` });
  const type = subjectTypeOf(list);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(worklistAssignments)
      .where(and(eq(worklistAssignments.subject_type, type), eq(worklistAssignments.subject_id, id)));
    const had = before?.assignee_id ?? null;
    if (had === (assignee?.user.id ?? null)) return;
    if (assignee) {
      await tx
        .insert(worklistAssignments)
        .values({ subject_type: type, subject_id: id, assignee_id: assignee.user.id, assigned_by_id: caller.user.id })
        .onConflictDoUpdate({ target: [worklistAssignments.subject_type, worklistAssignments.subject_id], set: { assignee_id: assignee.user.id, assigned_by_id: caller.user.id, updated_at: new Date() } });
    } else {
      await tx.delete(worklistAssignments).where(and(eq(worklistAssignments.subject_type, type), eq(worklistAssignments.subject_id, id)));
    }
    const [previous] = had === null ? [] : await loadStaffUsers(tx, [had]);
    await recordHistory(tx, {
      type,
      id,
      action: "update",
      author: staffAuthor(caller.user),
      process: "console",
      changes: { follow_up_by: { previous_value: had === null ? null : personName(previous), new_value: personName(assignee?.user) } },
    });
  });
}
