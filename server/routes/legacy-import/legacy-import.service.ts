import { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { csvCell } from "../../lib/csv";
import { type IntegrationProvider, type LegacyRowResult, legacyPolicyImports } from "../../db/schema";
import { type FileStore, FileTooLargeError } from "../../files/store";
import { FetchRefusedError, strictFetch, type StrictFetchOptions } from "../../files/strict-fetch";
import { recomputeCoverage } from "../../lib/coverage";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, recordHistory } from "../../lib/history";
import { queryRows } from "../../lib/list";
import { saveProfile } from "../../lib/profiles";
import type { Scope } from "../../lib/scope";
import { integrationScope } from "../integrations/integrations.list";
import { type LegacyPolicyRow, parseLegacyFile } from "./legacy-import.csv";

export const LEGACY_IMPORT_JOB = "legacy-policy-import";
/** Rows in error kept on the import for the console; the result file has every row. */
const ERRORS_SHOWN = 100;

export interface StartInput {
  integration_id: number;
  account_id?: number;
  file_url: string;
}

export interface StartDeps {
  db: Db;
  files: FileStore;
  fetch: StrictFetchOptions;
  send: (importId: number) => Promise<void>;
}

/**
 * Starts a legacy import (document 2, Legacy import): the integration must be one the caller sees (and of the named
 * account), the file is fetched now (a refused or failing URL is a 422 on file_url, nothing stored), stored in the
 * file store, and the rows are imported by one background job.
 */
export async function startLegacyImport(deps: StartDeps, caller: { scope: Scope; staffId: number }, input: StartInput) {
  const [integration] = await queryRows<{ id: number; account_id: number; provider: IntegrationProvider }>(
    deps.db,
    sql`SELECT ig.id, ig.account_id, ig.provider FROM integrations ig
        WHERE ig.id = ${input.integration_id} ${sql.join(integrationScope(caller.scope).map((c) => sql` AND ${c}`), sql``)}`,
  );
  // Another account's integration, or one of the caller's under another account than the one named: never revealed.
  if (!integration || (input.account_id !== undefined && integration.account_id !== input.account_id)) throw new NotFoundError("Integration");
  let stored;
  try {
    const fetched = await strictFetch(input.file_url, deps.fetch);
    stored = await deps.files.put("legacy-imports", fetched.body, { maxBytes: deps.fetch.maxBytes });
  } catch (error) {
    if (error instanceof FetchRefusedError) throw new ValidationError({ file_url: error.message }, error.message);
    if (error instanceof FileTooLargeError) throw new ValidationError({ file_url: error.message }, error.message);
    throw error;
  }
  const [row] = await deps.db
    .insert(legacyPolicyImports)
    .values({ staff_id: caller.staffId, integration_id: integration.id, account_id: integration.account_id, provider: integration.provider, file_url: input.file_url, storage_key: stored.key })
    .returning();
  await deps.send(row.id);
  return row;
}

/** The import as the console polls it: only its starter sees it, and only while its account is in their scope. */
export async function findLegacyImport(db: Db, caller: { scope: Scope; staffId: number }, id: number) {
  const [row] = await queryRows<typeof legacyPolicyImports.$inferSelect>(
    db,
    sql`SELECT li.* FROM legacy_policy_imports li JOIN integrations ig ON ig.id = li.integration_id
        WHERE li.id = ${id} AND li.staff_id = ${caller.staffId} ${sql.join(integrationScope(caller.scope).map((c) => sql` AND ${c}`), sql``)}`,
  );
  if (!row) throw new NotFoundError("Record");
  return row;
}

/** What the console reads: the spec's success flag and the import's details. */
export function presentLegacyImport(row: typeof legacyPolicyImports.$inferSelect) {
  const finished = row.status === "done" || row.status === "failed";
  return {
    id: row.id,
    status: row.status,
    success: finished ? row.status === "done" && row.error_count === 0 && !row.error : null,
    integration_id: row.integration_id,
    account_id: row.account_id,
    provider: row.provider,
    total_rows: row.total_rows,
    processed_rows: row.processed_rows,
    created_count: row.created_count,
    skipped_count: row.skipped_count,
    error_count: row.error_count,
    errors: row.errors,
    error: row.error,
    result_file: Boolean(row.result_key),
    created_at: row.created_at,
  };
}

export function resultCsv(results: LegacyRowResult[]): string {
  const lines = [["row", "policy_number", "result", "policy_id", "message"].join(",")];
  for (const r of results) lines.push([r.row, r.number, r.result, r.policy_id ?? "", r.message].map(csvCell).join(","));
  return `${lines.join("\n")}\n`;
}

interface RowContext {
  integrationId: number;
  accountId: number;
  agencyId: number | null;
  author: Author;
}

/** The unit a row names: by the integration's link to the provider's unit code, else by title in the linked property. */
async function findUnit(tx: Db, ctx: RowContext, r: LegacyPolicyRow): Promise<number | null> {
  if (r.unit_code) {
    const [linked] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT i.id FROM integration_profiles ip JOIN insurables i ON i.id = ip.profileable_id
          WHERE ip.integration_id = ${ctx.integrationId} AND ip.external_context = 'unit' AND ip.external_id = ${r.unit_code}
            AND ip.profileable_type = 'Insurable' AND i.account_id = ${ctx.accountId} LIMIT 1`,
    );
    if (linked) return linked.id;
  }
  if (!r.unit_title) return null;
  const [byTitle] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT u.id FROM integration_profiles ip JOIN insurables c ON c.id = ip.profileable_id
          JOIN insurables u ON u.insurable_type_id IN (4, 5) AND u.account_id = ${ctx.accountId} AND lower(u.title) = lower(${r.unit_title})
            AND (u.insurable_id = c.id OR u.insurable_id IN (SELECT b.id FROM insurables b WHERE b.insurable_id = c.id))
        WHERE ip.integration_id = ${ctx.integrationId} AND ip.external_context = 'community' AND ip.external_id = ${r.property_code}
          AND ip.profileable_type = 'Insurable' AND c.account_id = ${ctx.accountId}
        ORDER BY u.id LIMIT 1`,
  );
  return byTitle?.id ?? null;
}

type Resident = { id: number } | { error: string };

/**
 * The resident: by the integration's link to the provider's resident code, else by email among the account's
 * customers, else created as a customer of the account. An email of another account's customer is refused (lookups
 * by natural key stay within the tenant, DESIGN.md section 3).
 */
async function findResident(tx: Db, ctx: RowContext, r: LegacyPolicyRow): Promise<Resident> {
  if (r.resident_code) {
    const [linked] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT ip.profileable_id AS id FROM integration_profiles ip
          WHERE ip.integration_id = ${ctx.integrationId} AND ip.external_context = 'resident' AND ip.external_id = ${r.resident_code} AND ip.profileable_type = 'User'
            AND EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = ip.profileable_id AND au.account_id = ${ctx.accountId}) LIMIT 1`,
    );
    if (linked) return linked;
  }
  if (!r.email) return { error: `resident ${r.resident_code} is not a resident of this integration` };
  const [found] = await queryRows<{ id: number; ours: boolean }>(
    tx,
    sql`SELECT u.id, EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = u.id AND au.account_id = ${ctx.accountId}) AS ours FROM users u WHERE lower(u.email) = ${r.email} LIMIT 1`,
  );
  if (found && !found.ours) return { error: "the resident email belongs to a customer of another account" };
  if (found) return { id: found.id };
  if (!r.first_name || !r.last_name) return { error: "a new resident needs a first and a last name" };
  const [created] = await queryRows<{ id: number }>(tx, sql`INSERT INTO users (email) VALUES (${r.email}) RETURNING id`);
  await tx.execute(sql`INSERT INTO account_users (account_id, user_id, status) VALUES (${ctx.accountId}, ${created.id}, 'enabled') ON CONFLICT DO NOTHING`);
  await saveProfile(tx, "User", created.id, undefined, { first_name: r.first_name, last_name: r.last_name });
  await recordHistory(tx, { type: "User", id: created.id, action: "create", author: ctx.author, process: "import", changes: { email: { previous_value: null, new_value: r.email } } });
  return { id: created.id };
}

/** One row in its own transaction: a bad row never undoes the others. */
async function importRow(db: Db, ctx: RowContext, r: LegacyPolicyRow): Promise<LegacyRowResult & { unitId?: number }> {
  const base = { row: r.row, number: r.number };
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [taken] = await queryRows<{ id: number; account_id: number | null }>(tx, sql`SELECT id, account_id FROM policies WHERE lower(number) = lower(${r.number}) LIMIT 1`);
    if (taken) {
      return taken.account_id === ctx.accountId
        ? { ...base, result: "skipped" as const, policy_id: taken.id, message: "a policy with this number exists already" }
        : { ...base, result: "error" as const, policy_id: null, message: "the policy number is taken by another account's policy" };
    }
    const unitId = await findUnit(tx, ctx, r);
    if (!unitId) return { ...base, result: "error" as const, policy_id: null, message: `unit ${r.unit_code || r.unit_title} of property ${r.property_code} was not found in this integration's account` };
    const resident = await findResident(tx, ctx, r);
    if ("error" in resident) return { ...base, result: "error" as const, policy_id: null, message: resident.error };
    const status = r.status === "cancelled" ? "CANCELLED" : "EXTERNAL_VERIFIED";
    const [policy] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO policies (number, account_id, agency_id, policy_type_id, out_of_system_carrier_title, effective_date, expiration_date, cancellation_date,
            status, policy_in_system, system_purchased, billing_status, system_data)
          VALUES (${r.number}, ${ctx.accountId}, ${ctx.agencyId}, 1, ${r.carrier}, ${r.effective_date}, ${r.expiration_date}, ${r.cancellation_date},
            ${status}, false, false, 'EXTERNAL', ${JSON.stringify({ legacy_import: { integration_id: ctx.integrationId, row: r.row } })}::jsonb)
          RETURNING id`,
    );
    await tx.execute(sql`INSERT INTO policy_insurables (policy_id, insurable_id, "primary") VALUES (${policy.id}, ${unitId}, true)`);
    await tx.execute(sql`INSERT INTO policy_users (policy_id, user_id, "primary") VALUES (${policy.id}, ${resident.id}, true)`);
    await tx.execute(sql`INSERT INTO policy_coverages (policy_id, designation, title, "limit", enabled) VALUES (${policy.id}, 'liability', 'liability', ${r.liability ?? 0}, true)`);
    await recordHistory(tx, {
      type: "Policy",
      id: policy.id,
      action: "create",
      author: ctx.author,
      process: "import",
      changes: { number: { previous_value: null, new_value: r.number }, status: { previous_value: null, new_value: status } },
    });
    return { ...base, result: "created" as const, policy_id: policy.id, message: "", unitId };
  });
}

/**
 * The background job: reads the stored export, imports every row (each on its own), writes the per-row result file
 * and the counts. A second run of a finished import does nothing; a run cut short (a restart) goes over the rows
 * again, and rows already imported are then skipped by their number.
 */
export async function runLegacyImport(deps: { db: Db; files: FileStore }, importId: number): Promise<void> {
  const { db, files } = deps;
  const [job] = await db.select().from(legacyPolicyImports).where(eq(legacyPolicyImports.id, importId));
  if (!job || job.status === "done" || job.status === "failed") return;
  const update = (values: Partial<typeof legacyPolicyImports.$inferInsert>) =>
    db.update(legacyPolicyImports).set({ ...values, updated_at: new Date() }).where(and(eq(legacyPolicyImports.id, importId)));
  try {
    await update({ status: "running" });
    const chunks: Buffer[] = [];
    for await (const chunk of await files.open(job.storage_key)) chunks.push(chunk as Buffer);
    const parsed = parseLegacyFile(Buffer.concat(chunks).toString("utf8"), job.provider as IntegrationProvider);
    if (parsed.fileError) {
      await update({ status: "failed", error: parsed.fileError, total_rows: 0 });
      return;
    }
    const [staff] = await queryRows<{ email: string; full_name: string | null }>(
      db,
      sql`SELECT s.email, p.full_name FROM staffs s LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id WHERE s.id = ${job.staff_id}`,
    );
    const [account] = await queryRows<{ agency_id: number | null }>(db, sql`SELECT agency_id FROM accounts WHERE id = ${job.account_id}`);
    const ctx: RowContext = { integrationId: job.integration_id, accountId: job.account_id, agencyId: account?.agency_id ?? null, author: { name: staff?.full_name || staff?.email || "System", staffId: job.staff_id } };
    const total = parsed.rows.length + parsed.errors.length;
    await update({ total_rows: total, processed_rows: 0 });
    const results: LegacyRowResult[] = parsed.errors.map((e) => ({ ...e, result: "error" as const, policy_id: null }));
    const covered: number[] = [];
    for (const [i, r] of parsed.rows.entries()) {
      const { unitId, ...result } = await importRow(db, ctx, r);
      results.push(result);
      if (unitId) covered.push(unitId);
      if ((i + 1) % 100 === 0) await update({ processed_rows: parsed.errors.length + i + 1 });
    }
    results.sort((a, b) => a.row - b.row);
    await recomputeCoverage(db, [...new Set(covered)]);
    const stored = await files.put("legacy-import-results", Readable.from([Buffer.from(resultCsv(results))]));
    const errors = results.filter((r) => r.result === "error");
    await update({
      status: "done",
      processed_rows: total,
      created_count: results.filter((r) => r.result === "created").length,
      skipped_count: results.filter((r) => r.result === "skipped").length,
      error_count: errors.length,
      errors: errors.slice(0, ERRORS_SHOWN),
      result_key: stored.key,
    });
  } catch (error) {
    await update({ status: "failed", error: error instanceof Error ? error.message.slice(0, 500) : "The file could not be imported" });
  }
}
