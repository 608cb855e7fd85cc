import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { REFUNDABLE_POLICY_STATUSES, type PolicyStatus } from "../../../src/domain/policies";
import { invoiceOfPolicy } from "../../billing/ownership";
import { refundJsonSql } from "../../billing/refunds";
import { documentJson, documentsOf } from "../../files/documents";
import { NotFoundError } from "../../lib/errors";
import { queryRows } from "../../lib/list";
import type { Caller } from "../../plugins/auth";
import { policyListQuery, policyRowJson, type PolicyListRow } from "./policies.list";

/**
 * One policy as the detail page shows it (document 2 section 3 "Policy (detail)"; docs/API.md "One policy"): the
 * list row plus customers, invoices, documents, coverages, application, master configuration and change requests.
 * Each part is one query keyed by the policy id, so the page costs the same on 10 or 1,000,000 policies.
 */
interface PolicyExtraRow {
  billing_status: string | null;
  renewal_status: string;
  auto_renew: boolean;
  auto_pay: boolean;
  cancellation_date: string | null;
  cancellation_reason: string | null;
  system_purchased: boolean;
  system_data: Record<string, unknown>;
  premium_total: number | string | null;
  last_renewed_on: string | null;
  branding_profile_url: string | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The policy's row in the caller's scope, or 404 (outside scope looks the same as missing). */
export async function findPolicyRow(app: FastifyInstance, caller: Caller, id: number): Promise<PolicyListRow> {
  const q = policyListQuery(caller.scope, caller.user.role);
  const where: SQL[] = [...q.where, sql`po.id = ${id}`];
  const [row] = await queryRows<PolicyListRow>(app.db, sql`SELECT ${q.select} FROM ${q.from} WHERE ${sql.join(where, sql` AND `)}`);
  if (!row) throw new NotFoundError("Policy");
  return row;
}

async function policyUsersJson(app: FastifyInstance, policyId: number) {
  return queryRows<Record<string, unknown>>(
    app.db,
    sql`SELECT u.id, u.email, pu."primary", pu.spouse,
          CASE WHEN EXISTS (SELECT 1 FROM lease_users lu WHERE lu.user_id = u.id AND lu.lessee) THEN 'lessee'
               WHEN EXISTS (SELECT 1 FROM lease_users lu WHERE lu.user_id = u.id) THEN 'resident' END AS resident_type,
          json_build_object('first_name', p.first_name, 'middle_name', p.middle_name, 'last_name', p.last_name,
            'full_name', p.full_name, 'contact_phone', p.contact_phone, 'contact_email', p.contact_email,
            'birth_date', p.birth_date, 'gender', p.gender, 'salutation', p.salutation) AS profile_attributes,
          (SELECT json_build_object('id', a.id, 'street_number', a.street_number, 'street_name', a.street_name,
             'street_two', a.street_two, 'city', a.city, 'state', a.state, 'zip_code', a.zip_code, 'country', a.country)
             FROM addresses a WHERE a.addressable_type = 'User' AND a.addressable_id = u.id ORDER BY a."primary" DESC, a.id LIMIT 1) AS address_attributes
        FROM policy_users pu JOIN users u ON u.id = pu.user_id
        LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
        WHERE pu.policy_id = ${policyId} AND pu.status <> 'removed'
        ORDER BY pu."primary" DESC, pu.id`,
  );
}

/** Invoices of the policy and of the quote it was bought from, by due date, with their line items. */
async function invoicesJson(app: FastifyInstance, policyId: number) {
  const rows = await queryRows<Record<string, unknown>>(
    app.db,
    sql`SELECT i.id, i.number, i.status, i.due_date, i.available_date, i.subtotal, i.total_due AS total, i.total_due,
          i.total_received, i.payer_type, i.payer_id,
          COALESCE((SELECT json_agg(json_build_object('id', li.id, 'title', li.title, 'total_due', li.total_due,
                     'total_received', li.total_received, 'analytics_category', li.analytics_category) ORDER BY li.id)
                     FROM line_items li WHERE li.invoice_id = i.id AND NOT li.hidden), '[]') AS line_items
        FROM invoices i
        WHERE (i.invoiceable_type = 'Policy' AND i.invoiceable_id = ${policyId})
           OR (i.invoiceable_type = 'PolicyQuote' AND i.invoiceable_id IN (SELECT q.id FROM policy_quotes q WHERE q.policy_id = ${policyId}))
        ORDER BY i.due_date NULLS LAST, i.id`,
  );
  return rows.map((r) => ({ ...r, subtotal: num(r.subtotal), total: num(r.total), total_due: num(r.total_due), total_received: num(r.total_received) }));
}

async function coveragesJson(app: FastifyInstance, policyId: number) {
  const rows = await queryRows<{ id: number; designation: string; title: string | null; limit: unknown; deductible: unknown; enabled: boolean }>(
    app.db,
    sql`SELECT id, designation, title, "limit", deductible, enabled FROM policy_coverages WHERE policy_id = ${policyId} ORDER BY id`,
  );
  const named = (r: (typeof rows)[number]) => ({ id: r.id, designation: r.designation, title: r.title ?? r.designation });
  return {
    // A row with a limit is a coverage limit; one with only a deductible is a deductible option; one with neither is an
    // optional coverage shown with its enabled flag (document 2 section 2, Coverage tab).
    coverage_limits: rows.filter((r) => r.limit !== null).map((r) => ({ ...named(r), limit: num(r.limit), enabled: r.enabled })),
    deductibles: rows.filter((r) => r.deductible !== null).map((r) => ({ ...named(r), deductible: num(r.deductible) })),
    optional_coverages: rows.filter((r) => r.limit === null && r.deductible === null).map((r) => ({ ...named(r), enabled: r.enabled })),
  };
}

async function masterConfigurationJson(app: FastifyInstance, policyId: number) {
  const [row] = await queryRows<Record<string, unknown>>(
    app.db,
    sql`SELECT program_type, program_start_date, program_delay, grace_period, placement_cost, force_placement_cost,
          prorate_charges, admin_fee, force_admin_fee, prorate_admin_fee, charge_date
        FROM master_policy_configurations
        WHERE configurable_type = 'Policy' AND enabled
          -- A master policy's own settings; a unit's master coverage shows its master's (document 2, Coverage tab).
          AND configurable_id IN (${policyId}, (SELECT policy_id FROM policies WHERE id = ${policyId}))
        ORDER BY configurable_id = ${policyId} DESC LIMIT 1`,
  );
  if (!row) return null;
  return {
    ...row,
    placement_cost: num(row.placement_cost),
    force_placement_cost: num(row.force_placement_cost),
    admin_fee: num(row.admin_fee),
    force_admin_fee: num(row.force_admin_fee),
  };
}

export async function loadPolicyDetail(app: FastifyInstance, caller: Caller, id: number) {
  const row = await findPolicyRow(app, caller, id);
  const [extra] = await queryRows<PolicyExtraRow>(
    app.db,
    sql`SELECT po.billing_status, po.renewal_status, po.auto_renew, po.auto_pay, po.cancellation_date, po.cancellation_reason,
          po.system_purchased, po.system_data, po.premium_total,
          (SELECT max(h.created_at)::date FROM histories h WHERE h.recordable_type = 'Policy' AND h.recordable_id = po.id
             AND h.data ? 'renewal_status' AND h.data->'renewal_status'->>'new_value' = 'RENEWED') AS last_renewed_on,
          -- The branding its agency's landing pages show (reference 4.4): the URL of the agency's one profile, while enabled.
          (SELECT bp.url FROM branding_profiles bp WHERE bp.profileable_type = 'Agency' AND bp.profileable_id = po.agency_id AND bp.enabled) AS branding_profile_url
        FROM policies po WHERE po.id = ${id}`,
  );
  const [users, invoices, docs, policy_coverages, master_policy_configuration, applications, quotes, changeRequests, refunds, paymentMethods] = await Promise.all([
    policyUsersJson(app, id),
    invoicesJson(app, id),
    documentsOf(app.db, { type: "Policy", id }),
    coveragesJson(app, id),
    masterConfigurationJson(app, id),
    queryRows<{ fields: Record<string, unknown>; extra_settings: Record<string, unknown> }>(
      app.db,
      sql`SELECT fields, extra_settings FROM policy_applications WHERE policy_id = ${id}`,
    ),
    queryRows<Record<string, unknown>>(
      app.db,
      sql`SELECT total_premium, total_fee, total_tax, total FROM policy_quotes WHERE policy_id = ${id} ORDER BY id DESC LIMIT 1`,
    ),
    queryRows<Record<string, unknown>>(
      app.db,
      sql`SELECT id, status, customized_action, cancellation_date, created_at FROM change_requests
          WHERE changeable_type = 'Policy' AND changeable_id = ${id} ORDER BY id DESC LIMIT 20`,
    ),
    queryRows<{ refund: Record<string, unknown> }>(app.db, sql`SELECT ${refundJsonSql} AS refund FROM refunds r WHERE r.policy_id = ${id} ORDER BY r.id DESC LIMIT 1`),
    // The card the policy's invoices are charged to: its latest invoice's payer's default method (never the token).
    queryRows<{ source_type: string; card_brand: string | null; last4: string | null }>(
      app.db,
      sql`SELECT pp.source_type, pp.card_brand, pp.last4 FROM payment_profiles pp
          JOIN LATERAL (SELECT i.payer_type, i.payer_id FROM invoices i WHERE ${invoiceOfPolicy(id)} AND i.payer_id IS NOT NULL ORDER BY i.due_date DESC NULLS LAST, i.id DESC LIMIT 1) p
            ON pp.payer_type = p.payer_type AND pp.payer_id = p.payer_id
          WHERE pp.active ORDER BY pp.default_profile DESC, pp.id LIMIT 1`,
    ),
  ]);
  const quote = quotes[0];
  const premium = quote
    ? { total_premium: num(quote.total_premium), total_fee: num(quote.total_fee), total_tax: num(quote.total_tax), total: num(quote.total) }
    : extra.premium_total !== null
      ? { total_premium: num(extra.premium_total), total_fee: 0, total_tax: 0, total: num(extra.premium_total) }
      : null;
  const { premium_total: _premiumTotal, system_data, ...rest } = extra;
  return {
    ...policyRowJson(row),
    ...rest,
    out_of_system_carrier_title: row.out_of_system_carrier_title,
    system_data: publicSystemData(system_data),
    premium,
    users,
    invoices,
    documents: docs.map((d) => documentJson(d, app.env.FILES_SECRET)),
    policy_coverages,
    master_policy_configuration,
    policy_application: applications[0] ?? null,
    change_requests: changeRequests,
    refund: refunds[0]?.refund ?? null,
    payment_method: paymentMethods[0] ?? null,
    refund_available: row.policy_in_system && REFUNDABLE_POLICY_STATUSES.includes(row.status as PolicyStatus),
  };
}

/** The parts of system_data the console reads; internal bookkeeping stays on the server. */
function publicSystemData(data: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  if (Array.isArray(data.acord_history)) out.acord_history = data.acord_history;
  if (Array.isArray(data.rejection_reasons)) out.rejection_reasons = data.rejection_reasons;
  return out;
}

export type PolicyDetail = Awaited<ReturnType<typeof loadPolicyDetail>>;

/**
 * The policy after the caller's own decision, or null when that decision took it out of the caller's scope (policy
 * support sees proofs under review only, so a proof it cancels leaves its reach): the decision succeeded all the same.
 */
export async function loadPolicyDetailIfVisible(app: FastifyInstance, caller: Caller, id: number) {
  try {
    return await loadPolicyDetail(app, caller, id);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
