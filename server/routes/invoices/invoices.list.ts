import { type SQL, sql } from "drizzle-orm";
import type { Role } from "../../../src/domain/roles";
import { policyIdOfInvoice } from "../../billing/ownership";
import { defaultCondition, type FilterDef, type ListQuery, type ListSpec } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { isoTimestamp } from "../../lib/timestamps";
import { policyScopeCondition } from "../policies/policies.scope";

/**
 * The policy an invoice bills, as a join on `po`: its own policy, or the policy its quote became (the policy page
 * shows both, server/billing/ownership.ts). Invoices of quotes never bought belong to no policy and are not listed.
 */
export const INVOICE_POLICY_JOIN = sql`JOIN policies po ON po.id = ${policyIdOfInvoice}`;

/**
 * The invoices a caller sees: those of the policies they see (policies.scope.ts over server/lib/scope.ts), the same
 * rule charge_multiple applies, so the list never offers an invoice the charge would answer "Invoice not found".
 * Within an account or agencies the condition also names the scope's invoice ids, found from the scope's policies
 * (by their account or agency index) and their invoices (by the stored policy id's index): the planner then starts
 * from those instead of joining every invoice to its policy first. `invoiceIds` is the column it applies to (`i.id`,
 * or a payment's invoice).
 */
export function invoiceScope(scope: Scope, role: Role, invoiceIds: SQL = sql`i.id`): SQL[] {
  const conditions = policyScopeCondition(scope, role);
  return scope.kind === "all" ? conditions : [...conditions, invoicesOfPolicies(invoiceIds, conditions)];
}

/** `invoiceIds IN` the invoices of the policies `po` that meet `conditions` (the subquery's own `po`). */
function invoicesOfPolicies(invoiceIds: SQL, conditions: SQL[]): SQL {
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  return sql`${invoiceIds} IN (SELECT own.id FROM policies po JOIN invoices own ON own.policy_id = po.id ${where})`;
}

const policyNumber: FilterDef = { type: "text", column: sql`po.number` };

/** The customer: the invoice's paying user, else the policy's primary user (document 2, Policy detail). */
const customerName = sql`coalesce(
  (SELECT p.full_name FROM profiles p WHERE i.payer_type = 'User' AND p.profileable_type = 'User' AND p.profileable_id = i.payer_id LIMIT 1),
  (SELECT coalesce(p.full_name, u.email) FROM policy_users pu JOIN users u ON u.id = pu.user_id
     LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
    WHERE pu.policy_id = po.id ORDER BY pu."primary" DESC, pu.id LIMIT 1))`;

/** The Invoices browse (document 1 section 2.2: invoices): filters by status, due date and policy number; 20 a page. */
export const invoiceListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`i.id` },
    number: { type: "text", column: sql`i.number` },
    status: { type: "text", column: sql`i.status` },
    due_date: { type: "date", column: sql`i.due_date` },
    policy_id: { type: "int", column: sql`po.id` },
    // Searched among the policies first (their number's trigram index), then their invoices, as the scope is.
    "policy.number": { ...policyNumber, build: (op, value) => invoicesOfPolicies(sql`i.id`, [defaultCondition(policyNumber, op, value)]) },
  },
  sorts: {
    id: sql`i.id`,
    number: sql`i.number`,
    status: sql`i.status`,
    due_date: sql`i.due_date`,
    subtotal: sql`i.subtotal`,
    total: sql`i.total_due`,
    total_due: sql`i.total_due`,
    total_payable: sql`i.total_payable`,
    created_at: sql`i.created_at`,
    "policy.number": sql`po.number`,
  },
  defaultSort: { column: "due_date", direction: "desc" },
  tieBreaker: sql`i.id`,
};

export function invoiceListQuery(scope: Scope, role: Role): ListQuery {
  return {
    select: sql`i.id, i.number, i.status, i.due_date::text AS due_date, i.available_date::text AS available_date,
      i.subtotal, i.total_due, i.total_payable, i.total_received, i.created_at, i.updated_at,
      json_build_object('id', po.id, 'number', po.number, 'status', po.status) AS policy,
      ${customerName} AS customer`,
    from: sql`invoices i ${INVOICE_POLICY_JOIN}`,
    where: invoiceScope(scope, role),
    id: sql`i.id`,
  };
}

export interface InvoiceRow {
  id: number;
  number: string;
  status: string;
  due_date: string | null;
  available_date: string | null;
  subtotal: number | string;
  total_due: number | string;
  total_payable: number | string;
  total_received: number | string;
  created_at: string | Date;
  updated_at: string | Date;
  policy: { id: number; number: string; status: string } | string;
  customer: string | null;
}

/**
 * One invoice on the wire; money in cents. `total` is what the invoice bills (its total_due, as the policy page
 * names it), `total_payable` what is still to collect (0 once complete or cancelled).
 */
export function invoiceRowJson(row: InvoiceRow) {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    due_date: row.due_date,
    available_date: row.available_date,
    subtotal: Number(row.subtotal),
    total: Number(row.total_due),
    total_due: Number(row.total_due),
    total_payable: Number(row.total_payable),
    total_received: Number(row.total_received),
    policy: typeof row.policy === "string" ? (JSON.parse(row.policy) as { id: number; number: string; status: string }) : row.policy,
    customer: row.customer,
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
  };
}
