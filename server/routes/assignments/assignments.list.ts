import { type SQL, sql } from "drizzle-orm";
import type { ListQuery, ListSpec } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { insurableScopeCondition } from "../lookups/lookups.scope";
import { staffScopeCondition } from "../staffs/staffs.list";

/** Assignments of property managers to communities (document 3 section 7: GET /assignments). */
export const assignmentListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`asg.id` },
    staff_id: { type: "int", column: sql`asg.staff_id` },
    insurable_id: { type: "int", column: sql`asg.insurable_id` },
  },
  sorts: {
    id: sql`asg.id`,
    created_at: sql`asg.created_at`,
    "assignable.title": sql`i.title`,
    "staff.full_name": sql`p.full_name`,
  },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`asg.id`,
};

const SELECT = sql`asg.id, asg.staff_id, asg.insurable_id, asg."primary", asg.created_at,
  json_build_object('id', i.id, 'title', i.title, 'insurable_type_id', i.insurable_type_id, 'account_id', i.account_id) AS assignable,
  json_build_object('id', s.id, 'email', s.email, 'full_name', p.full_name, 'enabled', s.enabled) AS staff`;

const FROM = sql`assignments asg
  JOIN staffs s ON s.id = asg.staff_id
  JOIN insurables i ON i.id = asg.insurable_id
  LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id
  LEFT JOIN accounts acc ON s.organizable_type = 'Account' AND acc.id = s.organizable_id`;

/** An assignment is seen by whoever sees both its staff member and its community. */
export function assignmentListQuery(scope: Scope, extra: SQL[] = []): ListQuery {
  return { select: SELECT, from: FROM, where: [...staffScopeCondition(scope), ...insurableScopeCondition(scope), ...extra], id: sql`asg.id` };
}

export interface AssignmentRow {
  id: number;
  staff_id: number;
  insurable_id: number;
  primary: boolean;
  created_at: string;
  assignable: { id: number; title: string; insurable_type_id: number; account_id: number | null };
  staff: { id: number; email: string; full_name: string | null; enabled: boolean };
}
