import { type SQL, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { BUILDING_TYPE_IDS, UNIT_TYPE_IDS } from "../../src/domain/insurables";
import { ACTIVE_POLICY_STATUSES, POLICY_STATUSES, type PolicyStatus } from "../../src/domain/policies";
import type { Db } from "../db/client";
import { queryRows } from "../lib/list";

/** Whose units a compliance report counts: an account's, an agency tree's, or one property's (issue 13 §1, issue 14 §2). */
export type ReportOwner = { type: "Account" | "Agency" | "Insurable"; id: number };

/** A policy expires "soon" when its expiration date falls in the next 30 days, today (Los Angeles) included. */
export const EXPIRING_DAYS = 30;

export interface CommunityFigures {
  id: number | null;
  title: string;
  units: number;
  covered_units: number;
  active_policies: number;
  expiring_30_days: number;
  policies_by_status: Partial<Record<PolicyStatus, number>>;
}

export interface ComplianceSummary {
  as_of: string;
  units: number;
  covered_units: number;
  /** Covered units over units, in percent with one decimal; 0 without units. */
  covered_percent: number;
  policies_total: number;
  active_policies: number;
  expiring_30_days: number;
  policies_by_status: Partial<Record<PolicyStatus, number>>;
  communities: CommunityFigures[];
}

const list = (values: readonly (string | number)[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** The units a report counts, as a condition on `u` (the unit) and `p` (its parent). */
function ownerUnits(owner: ReportOwner): SQL {
  switch (owner.type) {
    case "Account":
      return sql`u.account_id = ${owner.id}`;
    case "Agency":
      // An agency's report covers its sub-agencies' accounts too (agencies have two levels).
      return sql`u.account_id IN (SELECT a.id FROM accounts a JOIN agencies ag ON ag.id = a.agency_id WHERE ag.id = ${owner.id} OR ag.agency_id = ${owner.id})`;
    case "Insurable":
      return sql`(u.id = ${owner.id} OR u.insurable_id = ${owner.id} OR (p.insurable_type_id IN (${list(BUILDING_TYPE_IDS)}) AND p.insurable_id = ${owner.id}))`;
  }
}

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * The compliance figures of an owner's units on `asOf` (yyyy-MM-dd, a Los Angeles day): units and covered units,
 * the policies on those units by status, those active, and the active ones expiring within EXPIRING_DAYS, in total
 * and per community (a unit's community is its parent, or its building's parent). A policy counts once however many
 * of the units it names.
 */
export async function complianceFigures(db: Db, owner: ReportOwner, asOf: string): Promise<ComplianceSummary> {
  const units = sql`SELECT u.id, u.covered, c.id AS community_id, c.title AS community_title
      FROM insurables u
      LEFT JOIN insurables p ON p.id = u.insurable_id
      LEFT JOIN insurables c ON c.id = CASE WHEN p.insurable_type_id IN (${list(BUILDING_TYPE_IDS)}) THEN p.insurable_id ELSE p.id END
     WHERE u.insurable_type_id IN (${list(UNIT_TYPE_IDS)}) AND ${ownerUnits(owner)}`;
  const unitRows = await queryRows<{ community_id: number | null; community_title: string | null; units: number; covered_units: number }>(
    db,
    sql`SELECT community_id, community_title, count(*)::int AS units, count(*) FILTER (WHERE covered)::int AS covered_units
          FROM (${units}) AS x GROUP BY community_id, community_title ORDER BY lower(community_title), community_id`,
  );
  const active = list(ACTIVE_POLICY_STATUSES);
  // One row per (community, policy): a policy on units of two communities counts in each, once in the total.
  const policyRows = await queryRows<{ community_id: number | null; policy_id: number; status: PolicyStatus; expiring: boolean }>(
    db,
    sql`SELECT DISTINCT x.community_id, po.id AS policy_id, po.status,
               (po.status IN (${active}) AND po.expiration_date BETWEEN ${asOf}::date AND ${asOf}::date + ${EXPIRING_DAYS}::int) AS expiring
          FROM (${units}) AS x
          JOIN policy_insurables pi ON pi.insurable_id = x.id
          JOIN policies po ON po.id = pi.policy_id`,
  );
  const byCommunity = new Map<string, CommunityFigures>();
  const keyOf = (id: number | null) => String(id ?? "none");
  for (const row of unitRows) {
    byCommunity.set(keyOf(row.community_id), {
      id: row.community_id,
      title: row.community_title ?? "",
      units: row.units,
      covered_units: row.covered_units,
      active_policies: 0,
      expiring_30_days: 0,
      policies_by_status: {},
    });
  }
  const seen = new Map<number, { status: PolicyStatus; expiring: boolean }>();
  for (const row of policyRows) {
    const community = byCommunity.get(keyOf(row.community_id))!;
    community.policies_by_status[row.status] = (community.policies_by_status[row.status] ?? 0) + 1;
    if (ACTIVE_POLICY_STATUSES.includes(row.status)) community.active_policies++;
    if (row.expiring) community.expiring_30_days++;
    seen.set(row.policy_id, { status: row.status, expiring: row.expiring });
  }
  const byStatus: Partial<Record<PolicyStatus, number>> = {};
  for (const status of POLICY_STATUSES) {
    const count = [...seen.values()].filter((p) => p.status === status).length;
    if (count) byStatus[status] = count;
  }
  const communities = [...byCommunity.values()];
  const totalUnits = communities.reduce((sum, c) => sum + c.units, 0);
  const covered = communities.reduce((sum, c) => sum + c.covered_units, 0);
  return {
    as_of: asOf,
    units: totalUnits,
    covered_units: covered,
    covered_percent: percent(covered, totalUnits),
    policies_total: seen.size,
    active_policies: [...seen.values()].filter((p) => ACTIVE_POLICY_STATUSES.includes(p.status)).length,
    expiring_30_days: [...seen.values()].filter((p) => p.expiring).length,
    policies_by_status: byStatus,
    communities,
  };
}

/** The statuses that occur in the report, in the product's order: the columns of the per-community table. */
function statusColumns(summary: ComplianceSummary): PolicyStatus[] {
  return POLICY_STATUSES.filter((status) => summary.policies_by_status[status]);
}

/** The per-community table, the same in the CSV and the XLSX: one row per community, then the totals. */
export function complianceTable(summary: ComplianceSummary): { header: string[]; rows: Array<Array<string | number>> } {
  const statuses = statusColumns(summary);
  const header = ["Community", "Units", "Covered Units", "Covered %", "Active Policies", `Expiring in ${EXPIRING_DAYS} Days`, ...statuses.map((s) => `Policies ${s}`)];
  const line = (title: string, f: Omit<CommunityFigures, "id" | "title">) => [
    title,
    f.units,
    f.covered_units,
    percent(f.covered_units, f.units),
    f.active_policies,
    f.expiring_30_days,
    ...statuses.map((s) => f.policies_by_status[s] ?? 0),
  ];
  const rows = summary.communities.map((c) => line(c.title || "(no community)", c));
  rows.push(line("Total", summary));
  return { header, rows };
}

export function complianceCsv(summary: ComplianceSummary): string {
  const { header, rows } = complianceTable(summary);
  return Papa.unparse([header, ...rows]) + "\r\n";
}

/** Two sheets: the summary (as-of day, totals, policies by status) and the per-community table of the CSV. */
export async function complianceXlsx(summary: ComplianceSummary, title: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = "Coverdesk";
  const sheet = book.addWorksheet("Summary");
  sheet.addRow(["Compliance report", title]);
  sheet.addRow(["As of", summary.as_of]);
  sheet.addRow(["Units", summary.units]);
  sheet.addRow(["Covered Units", summary.covered_units]);
  sheet.addRow(["Covered %", summary.covered_percent]);
  sheet.addRow(["Policies", summary.policies_total]);
  sheet.addRow(["Active Policies", summary.active_policies]);
  sheet.addRow([`Expiring in ${EXPIRING_DAYS} Days`, summary.expiring_30_days]);
  for (const status of statusColumns(summary)) sheet.addRow([`Policies ${status}`, summary.policies_by_status[status] ?? 0]);
  sheet.getColumn(1).width = 28;
  sheet.getColumn(2).width = 30;
  const table = complianceTable(summary);
  const communities = book.addWorksheet("Communities");
  communities.addRow(table.header).font = { bold: true };
  for (const row of table.rows) communities.addRow(row);
  communities.getColumn(1).width = 32;
  return Buffer.from(await book.xlsx.writeBuffer());
}
