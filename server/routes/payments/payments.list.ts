import { sql } from "drizzle-orm";
import type { Role } from "../../../src/domain/roles";
import type { ListQuery, ListSpec } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { INVOICE_POLICY_JOIN, invoiceScope } from "../invoices/invoices.list";

/**
 * Every movement of money through the payment gateway, one row `pm` each: a charge of an invoice (`charges`) or the
 * refund of one charge (`charge_refunds`, the gateway-level part of a cancellation's refund). Ids are `charge-<id>`
 * and `refund-<id>`, since the two tables number their rows independently.
 */
const MOVEMENTS = sql`(
  SELECT 'charge-' || c.id AS id, 'charge' AS kind, c.id AS record_id, c.created_at, c.amount, c.status, c.gateway,
         c.gateway_charge_id AS gateway_id, c.error, c.invoice_id
    FROM charges c
  UNION ALL
  SELECT 'refund-' || r.id, 'refund', r.id, r.created_at, r.amount, r.status, r.gateway, r.gateway_refund_id, r.error, c.invoice_id
    FROM charge_refunds r JOIN charges c ON c.id = r.charge_id
) pm JOIN invoices i ON i.id = pm.invoice_id ${INVOICE_POLICY_JOIN}`;

/** The Payments browse (document 1 section 2.2: payments): read-only, filters by kind, status and date; 20 a page. */
export const paymentListSpec: ListSpec = {
  filters: {
    kind: { type: "text", column: sql`pm.kind` },
    status: { type: "text", column: sql`pm.status` },
    created_at: { type: "timestamp", column: sql`pm.created_at` },
    invoice_id: { type: "int", column: sql`pm.invoice_id` },
    policy_id: { type: "int", column: sql`po.id` },
  },
  sorts: {
    created_at: sql`pm.created_at`,
    amount: sql`pm.amount`,
    kind: sql`pm.kind`,
    status: sql`pm.status`,
  },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`pm.id`,
};

/** Payments of the invoices the caller sees (invoiceScope: the policies they see). */
export function paymentListQuery(scope: Scope, role: Role): ListQuery {
  return {
    select: sql`pm.id, pm.kind, pm.record_id, pm.created_at, pm.amount, pm.status, pm.gateway, pm.gateway_id, pm.error,
      json_build_object('id', i.id, 'number', i.number) AS invoice,
      json_build_object('id', po.id, 'number', po.number) AS policy`,
    from: MOVEMENTS,
    where: invoiceScope(scope, role, sql`pm.invoice_id`),
    id: sql`pm.id`,
  };
}

type Ref = { id: number; number: string };

export interface PaymentRow {
  id: string;
  kind: "charge" | "refund";
  record_id: number;
  created_at: string | Date;
  amount: number | string;
  status: string;
  gateway: string;
  gateway_id: string | null;
  error: string | null;
  invoice: Ref | string;
  policy: Ref | string;
}

const json = (v: Ref | string): Ref => (typeof v === "string" ? (JSON.parse(v) as Ref) : v);

/** One payment on the wire; the amount in cents, the moment in UTC (ISO 8601). */
export function paymentRowJson(row: PaymentRow) {
  return {
    id: row.id,
    kind: row.kind,
    record_id: Number(row.record_id),
    created_at: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
    amount: Number(row.amount),
    status: row.status,
    gateway: row.gateway,
    gateway_id: row.gateway_id,
    error: row.error,
    invoice: json(row.invoice),
    policy: json(row.policy),
  };
}
