import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { REFUNDABLE_POLICY_STATUSES, type PolicyStatus } from "../../../src/domain/policies";
import { invoiceOfPolicy } from "../../billing/ownership";
import { refundJsonSql } from "../../billing/refunds";
import { documentJson, type DocumentRow } from "../../files/documents";
import { NotFoundError } from "../../lib/errors";
import { queryRowsNamed } from "../../db/prepared";
import type { Actor, Caller } from "../../plugins/auth";
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
export async function findPolicyRow(app: FastifyInstance, caller: Actor, id: number): Promise<PolicyListRow> {
  const q = policyListQuery(caller.scope, caller.user.role);
  const where: SQL[] = [...q.where, sql`po.id = ${id}`];
  // Named, as the policy page's statement: every policy sub-page (history, invoices, documents…) reads this row first,
  // and planning it cost PostgreSQL more than running it (server/db/prepared.ts). Its texts vary by scope shape only.
  const [row] = await queryRowsNamed<PolicyListRow>(app.db, "policy_row", sql`SELECT ${q.select} FROM ${q.from} WHERE ${sql.join(where, sql` AND `)}`);
  if (!row) throw new NotFoundError("Policy");
  return row;
}

/*
 * The parts of the page, each a subquery on the policy row `po` answering JSON, so the whole page is ONE query with
 * the row and its scope check (issue 9, load: it was 12 plus the session's). Dates and timestamps are sent as
 * PostgreSQL's own text (`::text`), exactly what a column of their own answers; amounts are made numbers below.
 */

/** The policy's customers, primary first, with profile and first address. */
const usersPart = sql`coalesce((SELECT json_agg(json_build_object('id', u.id, 'email', u.email, 'primary', pu."primary", 'spouse', pu.spouse,
      'resident_type', CASE WHEN EXISTS (SELECT 1 FROM lease_users lu WHERE lu.user_id = u.id AND lu.lessee) THEN 'lessee'
                            WHEN EXISTS (SELECT 1 FROM lease_users lu WHERE lu.user_id = u.id) THEN 'resident' END,
      'profile_attributes', json_build_object('first_name', p.first_name, 'middle_name', p.middle_name, 'last_name', p.last_name,
        'full_name', p.full_name, 'contact_phone', p.contact_phone, 'contact_email', p.contact_email,
        'birth_date', p.birth_date, 'gender', p.gender, 'salutation', p.salutation),
      'address_attributes', (SELECT json_build_object('id', a.id, 'street_number', a.street_number, 'street_name', a.street_name,
         'street_two', a.street_two, 'city', a.city, 'state', a.state, 'zip_code', a.zip_code, 'country', a.country)
         FROM addresses a WHERE a.addressable_type = 'User' AND a.addressable_id = u.id ORDER BY a."primary" DESC, a.id LIMIT 1))
      ORDER BY pu."primary" DESC, pu.id)
    FROM policy_users pu JOIN users u ON u.id = pu.user_id
    LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
    WHERE pu.policy_id = po.id AND pu.status <> 'removed'), '[]'::json)`;

/** Invoices of the policy and of the quote it was bought from, by due date, with their line items. */
const invoicesPart = sql`coalesce((SELECT json_agg(json_build_object('id', i.id, 'number', i.number, 'status', i.status,
      'due_date', i.due_date::text, 'available_date', i.available_date::text, 'subtotal', i.subtotal, 'total', i.total_due,
      'total_due', i.total_due, 'total_received', i.total_received, 'payer_type', i.payer_type, 'payer_id', i.payer_id,
      'line_items', COALESCE((SELECT json_agg(json_build_object('id', li.id, 'title', li.title, 'total_due', li.total_due,
                   'total_received', li.total_received, 'analytics_category', li.analytics_category) ORDER BY li.id)
                   FROM line_items li WHERE li.invoice_id = i.id AND NOT li.hidden), '[]'))
      ORDER BY i.due_date NULLS LAST, i.id)
    FROM invoices i
    WHERE (i.invoiceable_type = 'Policy' AND i.invoiceable_id = po.id)
       OR (i.invoiceable_type = 'PolicyQuote' AND i.invoiceable_id IN (SELECT q.id FROM policy_quotes q WHERE q.policy_id = po.id))), '[]'::json)`;

/** The policy's documents (documentsOf's rows: server/files/documents.ts), by id. */
const documentsPart = sql`coalesce((SELECT json_agg(json_build_object('id', d.id, 'filename', d.filename, 'content_type', d.content_type,
      'byte_size', d.byte_size) ORDER BY d.id)
    FROM documents d WHERE d.attachable_type = 'Policy' AND d.attachable_id = po.id), '[]'::json)`;

const coveragesPart = sql`coalesce((SELECT json_agg(json_build_object('id', c.id, 'designation', c.designation, 'title', c.title,
      'limit', c."limit", 'deductible', c.deductible, 'enabled', c.enabled) ORDER BY c.id)
    FROM policy_coverages c WHERE c.policy_id = po.id), '[]'::json)`;

/** A master policy's own settings; a unit's master coverage shows its master's (document 2, Coverage tab). */
const masterConfigurationPart = sql`(SELECT json_build_object('program_type', m.program_type, 'program_start_date', m.program_start_date::text,
      'program_delay', m.program_delay, 'grace_period', m.grace_period, 'placement_cost', m.placement_cost,
      'force_placement_cost', m.force_placement_cost, 'prorate_charges', m.prorate_charges, 'admin_fee', m.admin_fee,
      'force_admin_fee', m.force_admin_fee, 'prorate_admin_fee', m.prorate_admin_fee, 'charge_date', m.charge_date)
    FROM master_policy_configurations m
    WHERE m.configurable_type = 'Policy' AND m.enabled AND m.configurable_id IN (po.id, po.policy_id)
    ORDER BY m.configurable_id = po.id DESC LIMIT 1)`;

const applicationPart = sql`(SELECT json_build_object('fields', pa.fields, 'extra_settings', pa.extra_settings)
    FROM policy_applications pa WHERE pa.policy_id = po.id)`;

const quotePart = sql`(SELECT json_build_object('total_premium', q.total_premium, 'total_fee', q.total_fee, 'total_tax', q.total_tax, 'total', q.total)
    FROM policy_quotes q WHERE q.policy_id = po.id ORDER BY q.id DESC LIMIT 1)`;

const changeRequestsPart = sql`coalesce((SELECT json_agg(json_build_object('id', cr.id, 'status', cr.status, 'customized_action', cr.customized_action,
      'cancellation_date', cr.cancellation_date::text, 'created_at', cr.created_at::text) ORDER BY cr.id DESC)
    FROM (SELECT * FROM change_requests x WHERE x.changeable_type = 'Policy' AND x.changeable_id = po.id ORDER BY x.id DESC LIMIT 20) cr), '[]'::json)`;

const refundPart = sql`(SELECT ${refundJsonSql} FROM refunds r WHERE r.policy_id = po.id ORDER BY r.id DESC LIMIT 1)`;

/** The card the policy's invoices are charged to: its latest invoice's payer's default method (never the token). */
const paymentMethodPart = sql`(SELECT json_build_object('source_type', pp.source_type, 'card_brand', pp.card_brand, 'last4', pp.last4)
    FROM payment_profiles pp
    JOIN LATERAL (SELECT i.payer_type, i.payer_id FROM invoices i WHERE ${invoiceOfPolicy(sql`po.id`)} AND i.payer_id IS NOT NULL
                  ORDER BY i.due_date DESC NULLS LAST, i.id DESC LIMIT 1) payer
      ON pp.payer_type = payer.payer_type AND pp.payer_id = payer.payer_id
    WHERE pp.active ORDER BY pp.default_profile DESC, pp.id LIMIT 1)`;

interface PolicyPartsRow {
  users: Array<Record<string, unknown>>;
  invoices: Array<Record<string, unknown>>;
  documents: Array<Pick<DocumentRow, "id" | "filename" | "content_type" | "byte_size">>;
  coverages: Array<{ id: number; designation: string; title: string | null; limit: unknown; deductible: unknown; enabled: boolean }>;
  master_policy_configuration: Record<string, unknown> | null;
  policy_application: { fields: Record<string, unknown>; extra_settings: Record<string, unknown> } | null;
  quote: Record<string, unknown> | null;
  change_requests: Array<Record<string, unknown>>;
  refund: Record<string, unknown> | null;
  payment_method: { source_type: string; card_brand: string | null; last4: string | null } | null;
}

function coveragesJson(rows: PolicyPartsRow["coverages"]) {
  const named = (r: (typeof rows)[number]) => ({ id: r.id, designation: r.designation, title: r.title ?? r.designation });
  return {
    // A row with a limit is a coverage limit; one with only a deductible is a deductible option; one with neither is an
    // optional coverage shown with its enabled flag (document 2 section 2, Coverage tab).
    coverage_limits: rows.filter((r) => r.limit !== null).map((r) => ({ ...named(r), limit: num(r.limit), enabled: r.enabled })),
    deductibles: rows.filter((r) => r.deductible !== null).map((r) => ({ ...named(r), deductible: num(r.deductible) })),
    optional_coverages: rows.filter((r) => r.limit === null && r.deductible === null).map((r) => ({ ...named(r), enabled: r.enabled })),
  };
}

function masterConfigurationJson(row: Record<string, unknown> | null) {
  if (!row) return null;
  return {
    ...row,
    placement_cost: num(row.placement_cost),
    force_placement_cost: num(row.force_placement_cost),
    admin_fee: num(row.admin_fee),
    force_admin_fee: num(row.force_admin_fee),
  };
}

/** The policy page in one query: the scoped list row (404 outside the caller's scope), its own columns and every part. */
export async function loadPolicyDetail(app: FastifyInstance, caller: Caller, id: number) {
  const q = policyListQuery(caller.scope, caller.user.role);
  const where: SQL[] = [...q.where, sql`po.id = ${id}`];
  // Named: PostgreSQL plans this query once per connection and scope shape (server/db/prepared.ts).
  const [found] = await queryRowsNamed<PolicyListRow & PolicyExtraRow & PolicyPartsRow>(
    app.db,
    "policy_detail",
    sql`SELECT ${q.select},
          po.billing_status, po.renewal_status, po.auto_renew, po.auto_pay, po.cancellation_date, po.cancellation_reason,
          po.system_purchased, po.system_data, po.premium_total,
          (SELECT max(h.created_at)::date FROM histories h WHERE h.recordable_type = 'Policy' AND h.recordable_id = po.id
             AND h.data ? 'renewal_status' AND h.data->'renewal_status'->>'new_value' = 'RENEWED') AS last_renewed_on,
          -- The branding its agency's landing pages show (reference 4.4): the URL of the agency's one profile, while enabled.
          (SELECT bp.url FROM branding_profiles bp WHERE bp.profileable_type = 'Agency' AND bp.profileable_id = po.agency_id AND bp.enabled) AS branding_profile_url,
          ${usersPart} AS users, ${invoicesPart} AS invoices, ${documentsPart} AS documents, ${coveragesPart} AS coverages,
          ${masterConfigurationPart} AS master_policy_configuration, ${applicationPart} AS policy_application, ${quotePart} AS quote,
          ${changeRequestsPart} AS change_requests, ${refundPart} AS refund, ${paymentMethodPart} AS payment_method
        FROM ${q.from} WHERE ${sql.join(where, sql` AND `)}`,
  );
  if (!found) throw new NotFoundError("Policy");
  // The list row's own columns are answered as the list answers them (policyRowJson); the rest below.
  const {
    premium_total,
    system_data,
    billing_status,
    renewal_status,
    auto_renew,
    auto_pay,
    cancellation_date,
    cancellation_reason,
    system_purchased,
    last_renewed_on,
    branding_profile_url,
    users,
    invoices,
    documents,
    coverages,
    master_policy_configuration,
    policy_application,
    quote,
    change_requests,
    refund,
    payment_method,
    ...row
  } = found;
  const premium = quote
    ? { total_premium: num(quote.total_premium), total_fee: num(quote.total_fee), total_tax: num(quote.total_tax), total: num(quote.total) }
    : premium_total !== null
      ? { total_premium: num(premium_total), total_fee: 0, total_tax: 0, total: num(premium_total) }
      : null;
  return {
    ...policyRowJson(row),
    billing_status,
    renewal_status,
    auto_renew,
    auto_pay,
    cancellation_date,
    cancellation_reason,
    system_purchased,
    last_renewed_on,
    branding_profile_url,
    out_of_system_carrier_title: row.out_of_system_carrier_title,
    system_data: publicSystemData(system_data),
    premium,
    users,
    invoices: invoices.map((r) => ({ ...r, subtotal: num(r.subtotal), total: num(r.total), total_due: num(r.total_due), total_received: num(r.total_received) })),
    documents: documents.map((d) => documentJson(d, app.env.FILES_SECRET)),
    policy_coverages: coveragesJson(coverages),
    master_policy_configuration: masterConfigurationJson(master_policy_configuration),
    policy_application,
    change_requests,
    refund,
    payment_method,
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
