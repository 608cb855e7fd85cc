import { brandingOfAgency } from "../branding-profiles/branding-profiles.service";
import { type SQL, sql } from "drizzle-orm";
import Papa from "papaparse";
import { TRACKING_LANDING_PAGES, type trackingUrls } from "../../db/schema";

type TrackingUrlValue = Omit<typeof trackingUrls.$inferInsert, "id"> & { agency_id: number };
import type { Db } from "../../db/client";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, recordHistory } from "../../lib/history";
import { TEXT, isSafeText } from "../../lib/input";
import { type ListInput, type ListSpec, parseListParams, queryRows, runList } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";
import { LEAD_FROM, LEAD_SELECT, type LeadRow, leadJson, leadScopeCondition } from "../leads/leads.rows";

/** The Tracking URLs list (document 3 section 7; reference 4.9): filters archived, agency and creation date. */
export const trackingUrlListSpec: ListSpec = {
  filters: {
    archived: { type: "bool", column: sql`tu.archived` },
    agency_id: { type: "int", column: sql`tu.agency_id` },
    landing_page: { type: "text", column: sql`tu.landing_page` },
    campaign_name: { type: "text", column: sql`tu.campaign_name` },
    created_at: { type: "timestamp", column: sql`tu.created_at` },
  },
  sorts: { id: sql`tu.id`, created_at: sql`tu.created_at`, campaign_name: sql`tu.campaign_name`, landing_page: sql`tu.landing_page`, agency_title: sql`ag.title` },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`tu.id`,
};

/** Tracking URLs a caller manages (alias `tu`): their agency tree's; super admins every one. */
export function trackingUrlScope(scope: Scope): SQL[] {
  return scopeConditions(scope, { account: () => sql`false`, agencies: (ids) => sql`tu.agency_id IN (${ids})` });
}

export interface TrackingUrlRow {
  id: number;
  landing_page: string;
  campaign_name: string;
  campaign_source: string | null;
  campaign_medium: string | null;
  campaign_term: string | null;
  campaign_content: string | null;
  agency_id: number;
  agency_title: string | null;
  branding_profile_id: number | null;
  archived: boolean;
  leads_count: number;
  created_at: string | Date;
}

const SELECT = sql`tu.id, tu.landing_page, tu.campaign_name, tu.campaign_source, tu.campaign_medium, tu.campaign_term, tu.campaign_content,
  tu.agency_id, ag.title AS agency_title, tu.branding_profile_id, tu.archived, tu.created_at,
  (SELECT count(*)::int FROM leads l WHERE l.tracking_url_id = tu.id) AS leads_count`;
const FROM = sql`tracking_urls tu LEFT JOIN agencies ag ON ag.id = tu.agency_id`;

/**
 * The link a campaign sends visitors to: the agency's landing page with the campaign in UTM parameters, which the
 * quote pages send back with each lead event (`tracking_url` of POST /lead_events).
 */
export function trackingLink(origin: string, row: Pick<TrackingUrlRow, "landing_page" | "agency_id" | "campaign_name" | "campaign_source" | "campaign_medium" | "campaign_term" | "campaign_content" | "branding_profile_id">): string {
  const params = new URLSearchParams({ agency_id: String(row.agency_id) });
  if (row.branding_profile_id) params.set("branding_profile_id", String(row.branding_profile_id));
  params.set("utm_campaign", row.campaign_name);
  if (row.campaign_source) params.set("utm_source", row.campaign_source);
  if (row.campaign_medium) params.set("utm_medium", row.campaign_medium);
  if (row.campaign_term) params.set("utm_term", row.campaign_term);
  if (row.campaign_content) params.set("utm_content", row.campaign_content);
  return `${origin}/${row.landing_page}?${params.toString()}`;
}

export const trackingUrlJson = (origin: string) => (row: TrackingUrlRow) => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  leads_count: Number(row.leads_count),
  tracking_url: trackingLink(origin, row),
});

export async function listTrackingUrls(db: Db, scope: Scope, input: ListInput, origin: string) {
  const params = parseListParams(input, trackingUrlListSpec);
  const result = await runList<TrackingUrlRow>(db, { select: SELECT, from: FROM, where: [sql`tu.deleted_at IS NULL`, ...trackingUrlScope(scope)], id: sql`tu.id` }, params);
  return { ...result, rows: result.rows.map(trackingUrlJson(origin)) };
}

export async function findTrackingUrl(db: Db, scope: Scope, id: number): Promise<TrackingUrlRow> {
  const where = [sql`tu.id = ${id}`, sql`tu.deleted_at IS NULL`, ...trackingUrlScope(scope)];
  const [row] = await queryRows<TrackingUrlRow>(db, sql`SELECT ${SELECT} FROM ${FROM} WHERE ${sql.join(where, sql` AND `)}`);
  if (!row) throw new NotFoundError("Tracking URL");
  return row;
}

export interface TrackingUrlInput {
  landing_page?: string | number | null;
  campaign_name?: string | number | null;
  campaign_source?: string | number | null;
  campaign_medium?: string | number | null;
  campaign_term?: string | number | null;
  campaign_content?: string | number | null;
  agency_id?: number | string | null;
  branding_profile_id?: number | string | null;
}

export const TRACKING_URL_FIELDS = ["landing_page", "campaign_name", "campaign_source", "campaign_medium", "campaign_term", "campaign_content", "agency_id", "branding_profile_id"] as const;

const clean = (v: unknown) => (typeof v === "string" ? v.trim() : v === null || v === undefined ? "" : String(v));

/** A tracking URL checked field by field: landing page, campaign name and agency are required (reference 4.9). */
export function checkTrackingUrl(input: TrackingUrlInput, prefix = ""): { value?: TrackingUrlValue; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const landing = clean(input.landing_page).toLowerCase();
  const name = clean(input.campaign_name);
  const agency = clean(input.agency_id);
  const branding = clean(input.branding_profile_id);
  if (!landing) errors[`${prefix}landing_page`] = "This field is required";
  else if (!(TRACKING_LANDING_PAGES as readonly string[]).includes(landing)) errors[`${prefix}landing_page`] = `must be one of ${TRACKING_LANDING_PAGES.join(", ")}`;
  if (!name) errors[`${prefix}campaign_name`] = "This field is required";
  if (!agency) errors[`${prefix}agency_id`] = "This field is required";
  else if (!/^\d{1,9}$/.test(agency) || Number(agency) < 1) errors[`${prefix}agency_id`] = "must be a whole number";
  if (branding && !/^\d{1,9}$/.test(branding)) errors[`${prefix}branding_profile_id`] = "must be a whole number";
  for (const field of ["campaign_name", "campaign_source", "campaign_medium", "campaign_term", "campaign_content"] as const) {
    const v = clean(input[field]);
    if (v.length > TEXT) errors[`${prefix}${field}`] = `must be at most ${TEXT} characters`;
    else if (!isSafeText(v)) errors[`${prefix}${field}`] = "contains characters that are not allowed";
  }
  if (Object.keys(errors).length) return { errors };
  const opt = (field: "campaign_source" | "campaign_medium" | "campaign_term" | "campaign_content") => clean(input[field]) || null;
  return {
    errors,
    value: {
      landing_page: landing as (typeof TRACKING_LANDING_PAGES)[number],
      campaign_name: name,
      campaign_source: opt("campaign_source"),
      campaign_medium: opt("campaign_medium"),
      campaign_term: opt("campaign_term"),
      campaign_content: opt("campaign_content"),
      agency_id: Number(agency),
      branding_profile_id: branding ? Number(branding) : null,
    },
  };
}

/** Agencies a caller may give tracking URLs to: their tree (agents), any enabled agency (super admins). */
async function allowedAgencies(db: Db, scope: Scope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const inScope = scopeConditions(scope, { account: () => sql`false`, agencies: (list) => sql`a.id IN (${list})` });
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT a.id FROM agencies a WHERE a.id IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) ${inScope.length ? sql`AND ${sql.join(inScope, sql` AND `)}` : sql``}`,
  );
  return new Set(rows.map((r) => r.id));
}

const AGENCY_OUT_OF_SCOPE = "Select agency from the drop-down list";
export const NOT_AGENCY_BRANDING = "is not a branding profile of this agency";

/**
 * Which of these (branding profile, agency) pairs hold: a URL names its own agency's profile or none, since its link
 * hands the profile to the public lead-event call, which refuses any other agency's.
 */
async function brandingOwners(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; agency_id: number }>(
    db,
    sql`SELECT id, profileable_id AS agency_id FROM branding_profiles WHERE profileable_type = 'Agency' AND id IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
  );
  return new Map(rows.map((r) => [r.id, r.agency_id]));
}

export async function createTrackingUrl(db: Db, scope: Scope, input: TrackingUrlInput, author: Author): Promise<TrackingUrlRow> {
  const { value, errors } = checkTrackingUrl(input);
  if (!value) throw new ValidationError(errors);
  if (!(await allowedAgencies(db, scope, [value.agency_id])).has(value.agency_id)) throw new ValidationError({ agency_id: AGENCY_OUT_OF_SCOPE });
  const branding = value.branding_profile_id;
  if (typeof branding === "number" && (await brandingOwners(db, [branding])).get(branding) !== value.agency_id) {
    throw new ValidationError({ branding_profile_id: NOT_AGENCY_BRANDING });
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO tracking_urls (landing_page, campaign_name, campaign_source, campaign_medium, campaign_term, campaign_content, agency_id, branding_profile_id)
          VALUES (${value.landing_page}, ${value.campaign_name}, ${value.campaign_source}, ${value.campaign_medium}, ${value.campaign_term}, ${value.campaign_content}, ${value.agency_id}, ${value.branding_profile_id})
          RETURNING id`,
    );
    await recordHistory(tx, { type: "TrackingUrl", id: row.id, action: "create", author, process: "console", changes: {} });
    return row.id;
  });
  return findTrackingUrl(db, scope, id);
}

export async function setTrackingUrlArchived(db: Db, scope: Scope, id: number, archived: boolean, author: Author) {
  const row = await findTrackingUrl(db, scope, id);
  if (row.archived !== archived) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE tracking_urls SET archived = ${archived}, updated_at = now() WHERE id = ${id}`);
      await recordHistory(tx, { type: "TrackingUrl", id, action: "update", author, process: "console", changes: { archived: { previous_value: row.archived, new_value: archived } } });
    });
  }
  return findTrackingUrl(db, scope, id);
}

/** DELETE: the URL leaves every list (soft delete, reference 4.9); its leads keep their campaign. */
export async function deleteTrackingUrl(db: Db, scope: Scope, id: number, author: Author) {
  await findTrackingUrl(db, scope, id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE tracking_urls SET deleted_at = now(), updated_at = now() WHERE id = ${id}`);
    await recordHistory(tx, { type: "TrackingUrl", id, action: "remove", author, process: "console", changes: {} });
  });
}

/** The leads that came through one tracking URL (10 per page, reference 4.9), within the caller's scope. */
export async function trackingUrlLeads(db: Db, scope: Scope, id: number, input: ListInput) {
  await findTrackingUrl(db, scope, id);
  const spec: ListSpec = {
    filters: { archived: { type: "bool", column: sql`l.archived` } },
    sorts: { created_at: sql`l.created_at`, last_visit: sql`l.last_visit`, email: sql`l.email` },
    defaultSort: { column: "last_visit", direction: "desc" },
    tieBreaker: sql`l.id`,
  };
  const params = parseListParams(input, spec, { defaultPer: 10 });
  const result = await runList<LeadRow>(db, { select: LEAD_SELECT, from: LEAD_FROM, where: [sql`l.tracking_url_id = ${id}`, ...leadScopeCondition(scope)], id: sql`l.id` }, params);
  return { ...result, rows: result.rows.map(leadJson) };
}

/** The policies of the people behind its leads (reference 4.9): bought by a lead, or held by a lead's user. */
export async function trackingUrlPolicies(db: Db, scope: Scope, id: number, input: ListInput) {
  await findTrackingUrl(db, scope, id);
  const spec: ListSpec = {
    filters: { status: { type: "text", column: sql`po.status` } },
    sorts: { created_at: sql`po.created_at`, number: sql`po.number` },
    defaultSort: { column: "created_at", direction: "desc" },
    tieBreaker: sql`po.id`,
  };
  const params = parseListParams(input, spec, { defaultPer: 10 });
  const policyScope = scopeConditions(scope, { account: (a) => sql`po.account_id = ${a}`, agencies: (ids) => sql`po.agency_id IN (${ids})` });
  return runList<Record<string, unknown>>(
    db,
    {
      select: sql`po.id, po.number, po.status, po.policy_type_id, po.effective_date, po.expiration_date, po.created_at`,
      from: sql`policies po`,
      where: [
        sql`po.id IN (SELECT l.policy_id FROM leads l WHERE l.tracking_url_id = ${id} AND l.policy_id IS NOT NULL
                      UNION SELECT pu.policy_id FROM leads l JOIN policy_users pu ON pu.user_id = l.user_id WHERE l.tracking_url_id = ${id})`,
        ...policyScope,
      ],
      id: sql`po.id`,
    },
    params,
  );
}

/** `agency_filters` (reference 4.9): one row per agency the caller may choose and branding profile, with its URL. */
export async function agencyFilters(db: Db, scope: Scope) {
  const inScope = scopeConditions(scope, { account: () => sql`false`, agencies: (ids) => sql`a.id IN (${ids})` });
  return queryRows<{ agency_id: number; title: string; branding_profile_id: number | null; branding_url: string | null }>(
    db,
    sql`SELECT a.id AS agency_id, a.title, bp.id AS branding_profile_id, bp.url AS branding_url FROM agencies a
        LEFT JOIN branding_profiles bp ON bp.profileable_type = 'Agency' AND bp.profileable_id = a.id
        WHERE a.enabled ${inScope.length ? sql`AND ${sql.join(inScope, sql` AND `)}` : sql``} ORDER BY a.title, bp.id LIMIT 1000`,
  );
}

/** The branding a tracking URL's visitors see: its agency's (each agency has exactly one profile, reference 3.1). */
export const brandingOfTrackingUrl = (db: Db, row: Pick<TrackingUrlRow, "agency_id">) => brandingOfAgency(db, row.agency_id);

export const CSV_COLUMNS = ["landing_page", "campaign_name", "campaign_source", "campaign_medium", "campaign_term", "campaign_content", "agency_id", "branding_profile_id"] as const;
export const CSV_TEMPLATE = `${CSV_COLUMNS.join(",")}\nresidential,Spring Renters,google,cpc,,,1,\n`;
export const CSV_SUCCESS = "Tracking URLs successfully created";
/** Rows one upload may create. */
export const CSV_MAX_ROWS = 1000;

/**
 * A CSV upload (document 3 sections 2 and 7): every row is checked first, and the rows are created all together or
 * not at all. Errors name the row (`rows.2.campaign_name`, 1-based data rows).
 */
export async function importTrackingUrls(db: Db, scope: Scope, csv: string, author: Author, onProgress?: (processed: number, total: number) => unknown): Promise<{ message: string; count: number }> {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim().toLowerCase() });
  const missing = ["landing_page", "campaign_name", "agency_id"].filter((c) => !parsed.meta.fields?.includes(c));
  if (missing.length) throw new ValidationError({ file: `is missing the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}` });
  if (parsed.data.length === 0) throw new ValidationError({ file: "has no rows" });
  if (parsed.data.length > CSV_MAX_ROWS) throw new ValidationError({ file: `has more than ${CSV_MAX_ROWS} rows` });
  const errors: Record<string, string> = {};
  const values = parsed.data.map((row, i) => {
    const checked = checkTrackingUrl(row as TrackingUrlInput, `rows.${i + 1}.`);
    Object.assign(errors, checked.errors);
    return checked.value;
  });
  // The agency is checked on every row that names one, so a row's errors all show at once.
  const agencyOf = (row: Record<string, string>) => (/^\d{1,9}$/.test(clean(row.agency_id)) ? Number(clean(row.agency_id)) : null);
  const allowed = await allowedAgencies(db, scope, [...new Set(parsed.data.flatMap((row) => agencyOf(row) ?? []))]);
  parsed.data.forEach((row, i) => {
    const agency = agencyOf(row);
    if (agency !== null && !allowed.has(agency)) errors[`rows.${i + 1}.agency_id`] = AGENCY_OUT_OF_SCOPE;
  });
  const owners = await brandingOwners(db, [...new Set(values.flatMap((v) => v?.branding_profile_id ?? []))]);
  values.forEach((v, i) => {
    const branding = v?.branding_profile_id;
    if (v && typeof branding === "number" && owners.get(branding) !== v.agency_id) errors[`rows.${i + 1}.branding_profile_id`] = NOT_AGENCY_BRANDING;
  });
  if (Object.keys(errors).length) throw new ValidationError(errors, "Some rows are not valid: nothing was created");
  await db.transaction(async (tx) => {
    for (const [i, v] of values.entries()) {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO tracking_urls (landing_page, campaign_name, campaign_source, campaign_medium, campaign_term, campaign_content, agency_id, branding_profile_id)
            VALUES (${v!.landing_page}, ${v!.campaign_name}, ${v!.campaign_source}, ${v!.campaign_medium}, ${v!.campaign_term}, ${v!.campaign_content}, ${v!.agency_id}, ${v!.branding_profile_id})
            RETURNING id`,
      );
      await recordHistory(tx, { type: "TrackingUrl", id: row.id, action: "create", author, process: "import", changes: {} });
      await onProgress?.(i + 1, values.length);
    }
  });
  return { message: CSV_SUCCESS, count: values.length };
}

