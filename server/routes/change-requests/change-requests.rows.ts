import { type SQL, sql } from "drizzle-orm";
import { refundJsonSql } from "../../billing/refunds";
import type { ListQuery, ListSpec } from "../../lib/list";

/** The ChangeRequest of docs/API.md, built in SQL so the list and the single read agree. */
export const changeRequestSelect = sql`cr.id, cr.status, cr.customized_action, cr.cancellation_date, cr.reason, cr.decline_reason,
  cr.refund_amount, cr.created_at, cr.updated_at, cr.decided_at,
  json_build_object('id', po.id, 'number', po.number, 'status', po.status, 'policy_type_title', pt.title,
    'effective_date', po.effective_date, 'expiration_date', po.expiration_date,
    'primary_user_name', (SELECT coalesce(p.full_name, u.email) FROM policy_users pu JOIN users u ON u.id = pu.user_id
        LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
        WHERE pu.policy_id = po.id ORDER BY pu."primary" DESC, pu.id LIMIT 1),
    'agency', CASE WHEN ag.id IS NULL THEN NULL ELSE json_build_object('id', ag.id, 'title', ag.title) END,
    'account', CASE WHEN ac.id IS NULL THEN NULL ELSE json_build_object('id', ac.id, 'title', ac.title) END) AS changeable,
  json_build_object('type', cr.requestable_type, 'id', cr.requestable_id,
    'name', (SELECT coalesce(p.full_name, s.email) FROM staffs s LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id
             WHERE cr.requestable_type = 'Staff' AND s.id = cr.requestable_id)) AS requestable,
  (SELECT json_build_object('id', s.id, 'name', coalesce(p.full_name, s.email)) FROM staffs s
     LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id WHERE s.id = cr.decided_by_id) AS decided_by,
  (SELECT ${refundJsonSql} FROM refunds r WHERE r.change_request_id = cr.id ORDER BY r.id DESC LIMIT 1) AS refund`;

export const changeRequestFrom = sql`change_requests cr
  JOIN policies po ON cr.changeable_type = 'Policy' AND po.id = cr.changeable_id
  JOIN policy_types pt ON pt.id = po.policy_type_id
  LEFT JOIN agencies ag ON ag.id = po.agency_id
  LEFT JOIN accounts ac ON ac.id = po.account_id`;

export const changeRequestListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`cr.id` },
    status: { type: "text", column: sql`cr.status` },
    customized_action: { type: "text", column: sql`cr.customized_action` },
    changeable_id: { type: "int", column: sql`cr.changeable_id` },
    created_at: { type: "timestamp", column: sql`cr.created_at` },
  },
  sorts: { created_at: sql`cr.created_at`, id: sql`cr.id`, cancellation_date: sql`cr.cancellation_date`, status: sql`cr.status` },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`cr.id`,
};

export function changeRequestListQuery(scope: SQL[]): ListQuery {
  return { select: changeRequestSelect, from: changeRequestFrom, where: scope, id: sql`cr.id` };
}

export interface ChangeRequestRow {
  id: number;
  refund_amount: number | string | null;
  [key: string]: unknown;
}

export const changeRequestJson = (row: ChangeRequestRow) => ({ ...row, refund_amount: row.refund_amount === null ? null : Number(row.refund_amount) });
