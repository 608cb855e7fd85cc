import type { Readable } from "node:stream";
import { type SQL, sql } from "drizzle-orm";
import { reportToday } from "../../../src/domain/leads";
import {
  APPLICATION_FEE_CENTS,
  EFFECTIVE_DATE_PAST,
  IMPORT_MAX_BYTES,
  INSTALMENTS,
  MAX_GUARANTEED_RENT_CENTS,
  NO_PAYMENT_SOURCE,
  WRONG_FILE,
  WRONG_STATE,
  acceptedMessage,
  applicationPremium,
  monthsLater,
  oneYearLater,
  type GroupStatus,
} from "../../../src/domain/rentGuarantee";
import { askGateway, settleCharge } from "../../billing/charge-invoices";
import type { PaymentGateway } from "../../billing/gateway";
import type { Db } from "../../db/client";
import type { FileStore } from "../../files/store";
import { storeCheckedUpload } from "../../files/uploads";
import { AppError, ConflictError, NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, SYSTEM_AUTHOR, diffChanges, recordHistory } from "../../lib/history";
import { type ListInput, type ListSpec, parseListParams, queryRows, runList } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";
import { type ApplicationFields, SheetError, readApplications } from "./sheet";

export const RECORD_TYPE = "PolicyApplicationGroup";
export const GROUP_ROW_JOB = "rent-guarantee-row";
/** Rows are written and their jobs queued this many at a time. */
const BATCH = 500;

/** The Rent Guarantee Mass Import list (document 2 section 2): newest first, filtered by status and upload date. */
export const groupListSpec: ListSpec = {
  filters: {
    status: { type: "text", column: sql`g.status` },
    created_at: { type: "timestamp", column: sql`g.created_at` },
    effective_date: { type: "date", column: sql`g.effective_date` },
    account_id: { type: "int", column: sql`g.account_id` },
  },
  sorts: { id: sql`g.id`, created_at: sql`g.created_at`, effective_date: sql`g.effective_date`, expiration_date: sql`g.expiration_date`, status: sql`g.status` },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`g.id`,
  keyset: ["id", "created_at"],
};

/** Groups a caller reaches (alias `g`): staff their account's, agents their agency tree's, super admins all. */
export function groupScope(scope: Scope): SQL[] {
  return scopeConditions(scope, { account: (id) => sql`g.account_id = ${id}`, agencies: (ids) => sql`g.agency_id IN (${ids})` });
}

export interface GroupRow {
  id: number;
  status: GroupStatus;
  account_id: number;
  account_title: string | null;
  agency_id: number | null;
  agency_title: string | null;
  effective_date: string;
  expiration_date: string;
  auto_pay: boolean;
  auto_renew: boolean;
  file_key: string | null;
  file_name: string | null;
  policy_applications_count: number;
  created_policy_applications_count: number;
  errors_count: number;
  created_policies_count: number;
  total_premium: number | string;
  accepted_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const SELECT = sql`g.id, g.status, g.account_id, ac.title AS account_title, g.agency_id, ag.title AS agency_title,
  g.effective_date::text AS effective_date, g.expiration_date::text AS expiration_date, g.auto_pay, g.auto_renew, g.file_key, g.file_name,
  g.policy_applications_count, g.created_policy_applications_count, g.errors_count, g.created_policies_count, g.total_premium,
  g.accepted_at, g.created_at, g.updated_at`;
const FROM = sql`policy_application_groups g LEFT JOIN accounts ac ON ac.id = g.account_id LEFT JOIN agencies ag ON ag.id = g.agency_id`;

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** A group as the list shows it (document 2 section 3, Policy group). */
export function groupRowJson(row: GroupRow) {
  return {
    id: row.id,
    status: row.status,
    effective_date: row.effective_date,
    expiration_date: row.expiration_date,
    auto_pay: row.auto_pay,
    auto_renew: row.auto_renew,
    account: { id: row.account_id, title: row.account_title },
    agency: row.agency_id ? { id: row.agency_id, title: row.agency_title } : null,
    file_name: row.file_name,
    policy_applications_count: Number(row.policy_applications_count),
    created_policy_applications_count: Number(row.created_policy_applications_count),
    errors_count: Number(row.errors_count),
    created_policies_count: Number(row.created_policies_count),
    accepted_at: iso(row.accepted_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export async function listGroups(db: Db, scope: Scope, input: ListInput) {
  const params = parseListParams(input, groupListSpec);
  const result = await runList<GroupRow>(db, { select: SELECT, from: FROM, where: groupScope(scope), id: sql`g.id`, countFrom: sql`policy_application_groups g` }, params);
  return { ...result, rows: result.rows.map(groupRowJson) };
}

async function findRow(db: Db, scope: Scope, id: number, lock = false): Promise<GroupRow> {
  const where = [sql`g.id = ${id}`, ...groupScope(scope)];
  const [row] = await queryRows<GroupRow>(db, sql`SELECT ${SELECT} FROM ${FROM} WHERE ${sql.join(where, sql` AND `)}${lock ? sql` FOR UPDATE OF g` : sql``}`);
  if (!row) throw new NotFoundError({ message: "Policy application group not found" });
  return row;
}

interface InvoiceRow {
  id: number;
  number: string;
  status: string;
  due_date: string;
  subtotal: number | string;
  total_due: number | string;
}

const groupInvoices = (db: Db, id: number) =>
  queryRows<InvoiceRow>(
    db,
    sql`SELECT id, number, status, due_date::text AS due_date, subtotal, total_due FROM invoices
        WHERE invoiceable_type = 'PolicyGroupQuote' AND invoiceable_id = ${id} ORDER BY due_date, id`,
  );

/** At most this many row errors are shown with a group; `errors_count` says how many there are. */
const ERRORS_SHOWN = 500;

/**
 * One group with what the view shows (document 2 sections 2 and 3): the counts, the rows' errors with the applicant's
 * email (`information.policy_users_params[0].user_attributes.email`), and, once priced, the group's quote with its
 * invoices (number, due date, subtotal, total).
 */
export async function showGroup(db: Db, scope: Scope, id: number) {
  const row = await findRow(db, scope, id);
  const errors = await queryRows<{ id: number; kind: string; information: Record<string, unknown> }>(
    db,
    sql`SELECT id, kind, information FROM policy_group_errors WHERE group_id = ${id} ORDER BY id LIMIT ${ERRORS_SHOWN}`,
  );
  const invoices = await groupInvoices(db, id);
  return {
    ...groupRowJson(row),
    errors,
    policy_group_quote:
      invoices.length > 0
        ? {
            total_premium: Number(row.total_premium),
            invoices: invoices.map((i) => ({ id: i.id, number: i.number, status: i.status, due_date: i.due_date, subtotal: Number(i.subtotal), total: Number(i.total_due) })),
          }
        : null,
  };
}

export interface CommonAttributes {
  effective_date: string;
  expiration_date?: string;
  auto_pay: boolean;
  auto_renew: boolean;
}

/** The effective date is today or later (Los Angeles day, the earliest "today" of US consoles); expiration one year on. */
function checkDates(common: CommonAttributes, today = reportToday()) {
  if (common.effective_date < today) throw new ValidationError({ effective_date: EFFECTIVE_DATE_PAST }, EFFECTIVE_DATE_PAST);
  return { effective_date: common.effective_date, expiration_date: oneYearLater(common.effective_date) };
}

/** The account a new group is for: the staff member's own, or the one an agent or super admin names in their scope. */
async function groupAccount(db: Db, scope: Scope, accountId: number | undefined): Promise<{ id: number; agency_id: number | null }> {
  const id = scope.kind === "account" ? scope.accountId : accountId;
  if (id === undefined) throw new ValidationError({ account_id: "Choose the account the applications are for" });
  const where = [sql`a.id = ${id}`, ...scopeConditions(scope, { account: (own) => sql`a.id = ${own}`, agencies: (ids) => sql`a.agency_id IN (${ids})` })];
  const [account] = await queryRows<{ id: number; agency_id: number | null }>(db, sql`SELECT a.id, a.agency_id FROM accounts a WHERE ${sql.join(where, sql` AND `)}`);
  if (!account) throw new NotFoundError("Account");
  return account;
}

/** A sheet already streamed into the store (storeSheet), with the name it was sent under. */
export interface Upload {
  key: string;
  fileName: string;
}

export interface GroupDeps {
  db: Db;
  files: FileStore;
  /** Queues the rows' jobs (one per ROW_CHUNK rows, rowJobs). */
  queueRows: (applicationIds: number[]) => Promise<void>;
}

/**
 * Streams an uploaded sheet into the store, checked by content through the upload checks (an xlsx is a zip; exceljs
 * then reads it as a workbook or refuses it) and counted against 100 MB (IMPORT_MAX_BYTES) on the way.
 */
export async function storeSheet(files: FileStore, body: Readable) {
  try {
    return await storeCheckedUpload(files, { type: "PolicyApplicationGroup" } as never, body, { field: "input_file", allowed: ["xlsx"], maxMb: IMPORT_MAX_BYTES / 1024 / 1024 });
  } catch (error) {
    if (error instanceof ValidationError && (error.body.message === "Not Allowed File extension" || error.body.message === "The file is empty")) throw new SheetError(WRONG_FILE);
    throw error;
  }
}

/**
 * Writes the sheet's rows as the group's applications, 500 at a time as the stream yields them; any bad row throws
 * (the caller's transaction then leaves nothing). Answers how many rows were written.
 */
async function writeRows(tx: Db, files: FileStore, key: string, groupId: number): Promise<number> {
  let batch: ApplicationFields[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const values = batch.map((f) => sql`(${groupId}, ${f.row}, ${JSON.stringify(f)}::jsonb)`);
    await tx.execute(sql`INSERT INTO policy_group_applications (group_id, row_number, fields) VALUES ${sql.join(values, sql`, `)}`);
    batch = [];
  };
  const count = await readApplications(await files.open(key), reportToday(), async (fields) => {
    batch.push(fields);
    if (batch.length >= BATCH) await flush();
  });
  await flush();
  return count;
}

async function pendingIds(db: Db, groupId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT id FROM policy_group_applications WHERE group_id = ${groupId} AND status = 'pending' ORDER BY id`);
  return rows.map((r) => r.id);
}

/**
 * POST /policy-application-groups (reference section 4.7): the file is stored (checked by content, at most 100 MB),
 * read as a stream and every row checked; a bad file leaves nothing. The group starts in_progress and one job per row
 * prices its application.
 */
export async function createGroup(deps: GroupDeps, scope: Scope, input: { common: CommonAttributes; accountId?: number; upload: Upload }, author: Author) {
  const { db, files } = deps;
  const stored = input.upload;
  let groupId: number;
  try {
    const dates = checkDates(input.common);
    const account = await groupAccount(db, scope, input.accountId);
    groupId = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [group] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO policy_application_groups (account_id, agency_id, staff_id, effective_date, expiration_date, auto_pay, auto_renew, file_key, file_name)
            VALUES (${account.id}, ${account.agency_id}, ${author.staffId ?? null}, ${dates.effective_date}, ${dates.expiration_date}, ${input.common.auto_pay},
                    ${input.common.auto_renew}, ${stored.key}, ${input.upload.fileName}) RETURNING id`,
      );
      const count = await writeRows(tx, files, stored.key, group.id);
      await tx.execute(sql`UPDATE policy_application_groups SET policy_applications_count = ${count} WHERE id = ${group.id}`);
      await recordHistory(tx, { type: RECORD_TYPE, id: group.id, action: "create", author, process: "console" });
      return group.id;
    });
  } catch (error) {
    await files.remove(stored.key).catch(() => undefined);
    throw error;
  }
  await deps.queueRows(await pendingIds(db, groupId));
  return showGroup(db, scope, groupId);
}

/** The group's priced rows turned into its quote's invoices: the premium in quarterly instalments, the fees first. */
async function writeInvoices(tx: Db, group: { id: number; account_id: number; effective_date: string }) {
  await tx.execute(sql`DELETE FROM invoices WHERE invoiceable_type = 'PolicyGroupQuote' AND invoiceable_id = ${group.id}`);
  const [{ premium, n }] = await queryRows<{ premium: string | number; n: number }>(
    tx,
    sql`SELECT coalesce(sum(premium), 0)::bigint AS premium, count(*)::int AS n FROM policy_group_applications WHERE group_id = ${group.id} AND status = 'created'`,
  );
  const total = Number(premium);
  const share = Math.floor(total / INSTALMENTS);
  for (let i = 0; i < INSTALMENTS; i++) {
    const part = i === 0 ? total - share * (INSTALMENTS - 1) : share;
    const fee = i === 0 ? APPLICATION_FEE_CENTS * n : 0;
    const due = monthsLater(group.effective_date, 3 * i);
    const [invoice] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO invoices (number, available_date, due_date, status, subtotal, total_due, total_payable, invoiceable_type, invoiceable_id, payer_type, payer_id)
          VALUES (${`RG-${group.id}-${i + 1}`}, ${due}, ${due}, 'upcoming', ${part}, ${part + fee}, ${part + fee}, 'PolicyGroupQuote', ${group.id}, 'Account', ${group.account_id})
          RETURNING id`,
    );
    await tx.execute(sql`INSERT INTO line_items (invoice_id, title, total_due, analytics_category) VALUES (${invoice.id}, 'Rent guarantee premium', ${part}, 'policy_premium')`);
    if (fee) await tx.execute(sql`INSERT INTO line_items (invoice_id, title, total_due, analytics_category) VALUES (${invoice.id}, 'Application fees', ${fee}, 'policy_fee')`);
  }
  await tx.execute(sql`UPDATE policy_application_groups SET total_premium = ${total}, updated_at = now() WHERE id = ${group.id}`);
}

/**
 * Ends a group whose every row has been through its job (reference section 4.7): any error → error; otherwise its
 * invoices are generated → awaiting_acceptance (a failure there is recorded as premium_and_invoices_was_not_generated).
 * Runs once: the group is locked and must still be in_progress with every row counted.
 */
export async function finishGroup(db: Db, groupId: number): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [group] = await queryRows<{ id: number; account_id: number; effective_date: string; status: string; done: boolean; errors_count: number }>(
      tx,
      sql`SELECT id, account_id, effective_date::text AS effective_date, status, errors_count,
                 created_policy_applications_count + errors_count >= policy_applications_count AS done
          FROM policy_application_groups WHERE id = ${groupId} FOR UPDATE`,
    );
    if (!group || group.status !== "in_progress" || !group.done) return;
    if (group.errors_count > 0) {
      await tx.execute(sql`UPDATE policy_application_groups SET status = 'error', updated_at = now() WHERE id = ${groupId}`);
      return;
    }
    try {
      await tx.execute(sql`SAVEPOINT invoices`);
      await writeInvoices(tx, group);
      await tx.execute(sql`UPDATE policy_application_groups SET status = 'awaiting_acceptance', updated_at = now() WHERE id = ${groupId}`);
    } catch (error) {
      await tx.execute(sql`ROLLBACK TO SAVEPOINT invoices`);
      await tx.execute(sql`INSERT INTO policy_group_errors (group_id, kind, information) VALUES (${groupId}, 'premium_and_invoices_was_not_generated',
        ${JSON.stringify({ errors: [error instanceof Error ? error.message.slice(0, 300) : "unknown"] })}::jsonb)`);
      await tx.execute(sql`UPDATE policy_application_groups SET status = 'error', errors_count = errors_count + 1, updated_at = now() WHERE id = ${groupId}`);
    }
  });
}

/** PUT /policy-application-groups/{id}: new dates and flags, and optionally a new sheet whose rows replace the old. */
export async function updateGroup(deps: GroupDeps, scope: Scope, id: number, input: { common: CommonAttributes; upload?: Upload }, author: Author) {
  const { db, files } = deps;
  const stored = input.upload ?? null;
  let before: GroupRow;
  try {
    before = await findRow(db, scope, id);
    if (before.status !== "awaiting_acceptance" && before.status !== "error") throw new AppError(422, { error: WRONG_STATE, message: WRONG_STATE });
    const dates = checkDates(input.common);
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const row = await findRow(tx, scope, id, true);
      if (row.status !== before.status) throw new ConflictError(WRONG_STATE);
      // A first invoice being charged or paid is an accept under way (or one a stopped process left, which the
      // recovery goes on with): new invoices would drop its payment and charge the account again.
      const [charged] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM invoices WHERE invoiceable_type = 'PolicyGroupQuote' AND invoiceable_id = ${id} AND status IN ('pending', 'complete') LIMIT 1`,
      );
      if (charged) throw new AppError(422, { error: WRONG_STATE, message: WRONG_STATE });
      await tx.execute(sql`UPDATE policy_application_groups SET effective_date = ${dates.effective_date}, expiration_date = ${dates.expiration_date},
        auto_pay = ${input.common.auto_pay}, auto_renew = ${input.common.auto_renew}, updated_at = now() WHERE id = ${id}`);
      if (stored) {
        await tx.execute(sql`DELETE FROM policy_group_applications WHERE group_id = ${id}`);
        await tx.execute(sql`DELETE FROM policy_group_errors WHERE group_id = ${id}`);
        await tx.execute(sql`DELETE FROM invoices WHERE invoiceable_type = 'PolicyGroupQuote' AND invoiceable_id = ${id}`);
        const count = await writeRows(tx, files, stored.key, id);
        await tx.execute(sql`UPDATE policy_application_groups SET status = 'in_progress', policy_applications_count = ${count}, created_policy_applications_count = 0,
          errors_count = 0, total_premium = 0, file_key = ${stored.key}, file_name = ${stored.fileName} WHERE id = ${id}`);
      } else if (row.status === "awaiting_acceptance") {
        await writeInvoices(tx, { id, account_id: row.account_id, effective_date: dates.effective_date });
      }
      const changes = diffChanges(
        { effective_date: row.effective_date, auto_pay: row.auto_pay, auto_renew: row.auto_renew, file_name: row.file_name },
        { effective_date: dates.effective_date, auto_pay: input.common.auto_pay, auto_renew: input.common.auto_renew, file_name: input.upload?.fileName ?? row.file_name },
      );
      await recordHistory(tx, { type: RECORD_TYPE, id, action: "update", author, process: "console", changes });
    });
  } catch (error) {
    if (stored) await files.remove(stored.key).catch(() => undefined);
    throw error;
  }
  if (stored) {
    if (before.file_key) await files.remove(before.file_key).catch(() => undefined);
    await deps.queueRows(await pendingIds(db, id));
  }
  return showGroup(db, scope, id);
}

/** DELETE: only a group in error (document 2 section 4); its rows, errors, invoices and file go with it. */
export async function deleteGroup(deps: GroupDeps, scope: Scope, id: number, author: Author) {
  const { db, files } = deps;
  const row = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const found = await findRow(tx, scope, id, true);
    if (found.status !== "error") throw new AppError(422, { error: WRONG_STATE, message: WRONG_STATE });
    await tx.execute(sql`DELETE FROM invoices WHERE invoiceable_type = 'PolicyGroupQuote' AND invoiceable_id = ${id}`);
    await tx.execute(sql`DELETE FROM policy_application_groups WHERE id = ${id}`);
    await recordHistory(tx, { type: RECORD_TYPE, id, action: "remove", author, process: "console" });
    return found;
  });
  if (row.file_key) await files.remove(row.file_key).catch(() => undefined);
  return { success: true };
}

// ---------------------------------------------------------------------------------------------------------------
// The row job

/** A row `running` longer than this was left by a process that stopped; its job may take it again. */
export const CLAIM_TIMEOUT_SECONDS = 120;

/** Rows per job: one job prices this many rows with a handful of set-wise statements (not one job per row). */
export const ROW_CHUNK = 500;

/** The jobs of a list of rows: one per ROW_CHUNK ids, in order. */
export function rowJobs(ids: number[]): Array<{ applicationIds: number[] }> {
  const jobs: Array<{ applicationIds: number[] }> = [];
  for (let i = 0; i < ids.length; i += ROW_CHUNK) jobs.push({ applicationIds: ids.slice(i, i + ROW_CHUNK) });
  return jobs;
}

/** A PostgreSQL int[] literal as one parameter (`= ANY(...)`), whatever the number of ids. */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::int[]`;
const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`}::text[]`;

interface Claimed {
  id: number;
  group_id: number;
  row_number: number;
  fields: ApplicationFields;
}

type RowOutcome = { premium: number } | { kind: "policy_application_was_not_created" | "policy_application_was_not_quoted" | "unknown_error"; errors: string[] };

/** One row's job, as a chunk of one (a job queued before chunks, and the tests' way to run a row again). */
export const runGroupRow = (db: Db, applicationId: number) => runGroupRows(db, [applicationId]);

/**
 * A chunk of rows (reference section 4.7: application + users + quote, per row): the rows are claimed (a second
 * delivery of rows done or held by a live process does nothing to them), checked set-wise against what exists (the
 * same applicant earlier in the sheet, an applicant with a rent guarantee in force, a rent above the limit), priced,
 * and counted on their group in one transaction; the job that counts the group's last row ends the group
 * (finishGroup).
 */
export async function runGroupRows(db: Db, applicationIds: number[]): Promise<void> {
  if (!applicationIds.length) return;
  const claimed = await queryRows<Claimed>(
    db,
    sql`UPDATE policy_group_applications a SET status = 'running', claimed_at = now(), updated_at = now()
        FROM policy_application_groups g
        WHERE a.id = ANY(${intArray(applicationIds)}) AND g.id = a.group_id AND g.status = 'in_progress'
          AND (a.status = 'pending' OR (a.status = 'running' AND a.claimed_at < now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})))
        RETURNING a.id, a.group_id, a.row_number, a.fields`,
  );
  const byGroup = new Map<number, Claimed[]>();
  for (const row of claimed) byGroup.set(row.group_id, [...(byGroup.get(row.group_id) ?? []), row]);
  for (const [groupId, rows] of byGroup) {
    let outcomes: Map<number, RowOutcome>;
    try {
      outcomes = await priceRows(db, groupId, rows);
    } catch (error) {
      const errors = [error instanceof Error ? error.message.slice(0, 300) : "unknown"];
      outcomes = new Map(rows.map((r) => [r.id, { kind: "unknown_error" as const, errors }]));
    }
    if (await countRows(db, groupId, rows, outcomes)) await finishGroup(db, groupId);
  }
}

/** Writes a chunk's outcomes and counts them on the group; answers whether the group's every row is now counted. */
async function countRows(db: Db, groupId: number, rows: Claimed[], outcomes: Map<number, RowOutcome>): Promise<boolean> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const values = rows.map((r) => {
      const o = outcomes.get(r.id)!;
      return sql`(${r.id}::int, ${"premium" in o ? "created" : "error"}::text, ${"premium" in o ? o.premium : null}::bigint)`;
    });
    const mine = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE policy_group_applications a SET status = v.status, premium = v.premium, updated_at = now()
          FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, status, premium)
          WHERE a.id = v.id AND a.status = 'running' RETURNING a.id`,
    );
    if (!mine.length) return false;
    const written = new Set(mine.map((m) => m.id));
    const counted = rows.filter((r) => written.has(r.id));
    const failed = counted.filter((r) => !("premium" in outcomes.get(r.id)!));
    if (failed.length) {
      await tx.execute(sql`INSERT INTO policy_group_errors (group_id, application_id, kind, information) VALUES ${sql.join(
        failed.map((row) => {
          const o = outcomes.get(row.id) as Exclude<RowOutcome, { premium: number }>;
          const information = {
            params: { row: row.row_number, monthly_rent: row.fields.monthly_rent, guarantee_option: row.fields.guarantee_option },
            policy_users_params: [{ user_attributes: { email: row.fields.applicant.email } }],
            errors: o.errors,
          };
          return sql`(${groupId}, ${row.id}, ${o.kind}, ${JSON.stringify(information)}::jsonb)`;
        }),
        sql`, `,
      )}`);
    }
    const [counts] = await queryRows<{ done: boolean }>(
      tx,
      sql`UPDATE policy_application_groups SET created_policy_applications_count = created_policy_applications_count + ${counted.length - failed.length},
            errors_count = errors_count + ${failed.length}, updated_at = now()
          WHERE id = ${groupId} RETURNING created_policy_applications_count + errors_count >= policy_applications_count AS done`,
    );
    return Boolean(counts?.done);
  });
}

/** The chunk's checks, each one statement for the whole chunk. */
async function priceRows(db: Db, groupId: number, rows: Claimed[]): Promise<Map<number, RowOutcome>> {
  const emails = [...new Set(rows.map((r) => r.fields.applicant.email.toLowerCase()))];
  // The first row of the sheet with each of these applicants (the email index of migration 0029).
  const firsts = await queryRows<{ email: string; first: number }>(
    db,
    sql`SELECT lower(fields->'applicant'->>'email') AS email, min(row_number)::int AS first FROM policy_group_applications
        WHERE group_id = ${groupId} AND lower(fields->'applicant'->>'email') = ANY(${textArray(emails)}) GROUP BY 1`,
  );
  const firstRow = new Map(firsts.map((f) => [f.email, Number(f.first)]));
  const covered = await queryRows<{ email: string; number: string }>(
    db,
    sql`SELECT DISTINCT ON (lower(u.email)) lower(u.email) AS email, p.number FROM users u
          JOIN policy_users pu ON pu.user_id = u.id AND pu.primary JOIN policies p ON p.id = pu.policy_id
        WHERE lower(u.email) = ANY(${textArray(emails)}) AND p.policy_type_id = 5 AND p.status IN ('BOUND', 'BOUND_WITH_WARNING', 'RENEWED', 'REINSTATED')
        ORDER BY lower(u.email), p.id`,
  );
  const coveredBy = new Map(covered.map((c) => [c.email, c.number]));
  const outcomes = new Map<number, RowOutcome>();
  for (const row of rows) {
    const email = row.fields.applicant.email.toLowerCase();
    const first = firstRow.get(email);
    const policy = coveredBy.get(email);
    if (first !== undefined && first < row.row_number) {
      outcomes.set(row.id, { kind: "policy_application_was_not_created", errors: [`The applicant is already on row ${first} of this sheet`] });
    } else if (policy) {
      outcomes.set(row.id, { kind: "policy_application_was_not_created", errors: [`The applicant already has rent guarantee policy ${policy}`] });
    } else if (row.fields.monthly_rent > MAX_GUARANTEED_RENT_CENTS) {
      outcomes.set(row.id, { kind: "policy_application_was_not_quoted", errors: [`Monthly rent above $${MAX_GUARANTEED_RENT_CENTS / 100} is not guaranteed`] });
    } else {
      outcomes.set(row.id, { premium: applicationPremium(row.fields.monthly_rent, row.fields.guarantee_months) });
    }
  }
  return outcomes;
}

/**
 * Work a stopped process left (issue 16: a restart during the import resumes it): rows claimed too long ago, rows
 * never claimed whose group is older than the claim timeout (their job was lost), queued again; groups whose every
 * row is counted but that were not ended, ended; accepted groups whose policies stopped being created with no
 * failure recorded (the process died mid-way), their job queued again; and groups whose first invoice was paid by an
 * accept that died before moving them on (the charge settled by reconciliation), moved to accepting and their job
 * queued, never charged again. The accept job makes each missing policy once, whoever else runs it.
 * `anyAge`: the only process, at start: nothing of this process is in flight yet, so nothing needs to be old.
 */
export async function recoverGroups(
  db: Db,
  queueRows: (ids: number[]) => Promise<void>,
  queueAccept?: (groupId: number, author: Author) => Promise<void>,
  options: { anyAge?: boolean } = {},
): Promise<{ rows: number; groups: number; accepting: number; paid: number }> {
  const stale = (column: SQL) => (options.anyAge ? sql`true` : sql`${column} < now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})`);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT a.id FROM policy_group_applications a JOIN policy_application_groups g ON g.id = a.group_id
        WHERE g.status = 'in_progress' AND ${stale(sql`g.updated_at`)}
          AND (a.status = 'pending' OR (a.status = 'running' AND ${stale(sql`a.claimed_at`)}))
        ORDER BY a.id LIMIT 20000`,
  );
  if (rows.length) await queueRows(rows.map((r) => r.id));
  const groups = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM policy_application_groups WHERE status = 'in_progress' AND created_policy_applications_count + errors_count >= policy_applications_count`,
  );
  for (const g of groups) await finishGroup(db, g.id);
  if (!queueAccept) return { rows: rows.length, groups: groups.length, accepting: 0, paid: 0 };
  const paid = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const moved = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE policy_application_groups g SET status = 'accepting', accepted_at = coalesce(g.accepted_at, now()), updated_at = now()
          WHERE g.status = 'awaiting_acceptance' AND EXISTS (
            SELECT 1 FROM invoices i WHERE i.invoiceable_type = 'PolicyGroupQuote' AND i.invoiceable_id = g.id AND i.status = 'complete' AND ${stale(sql`i.updated_at`)})
          RETURNING g.id`,
    );
    for (const g of moved) {
      await recordHistory(tx, { type: RECORD_TYPE, id: g.id, action: "update", author: SYSTEM_AUTHOR, process: "job", changes: { status: { previous_value: "awaiting_acceptance", new_value: "accepting" } } });
    }
    return moved;
  });
  const accepting = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM policy_application_groups WHERE status = 'accepting' AND (${stale(sql`updated_at`)} OR id = ANY(${intArray(paid.map((g) => g.id))}))`,
  );
  for (const g of accepting) await queueAccept(g.id, SYSTEM_AUTHOR);
  return { rows: rows.length, groups: groups.length, accepting: accepting.length, paid: paid.length };
}

// ---------------------------------------------------------------------------------------------------------------
// Accept


/** Applications turned into policies per transaction by the accept job (each chunk commits, so progress shows). */
export const ACCEPT_CHUNK = 1000;
export const ACCEPT_JOB = "rent-guarantee-accept";

export interface AcceptDeps {
  db: Db;
  gateway: PaymentGateway;
  /** Queues the job that creates the group's policies (runAcceptGroup). */
  queueAccept: (groupId: number, author: Author) => Promise<void>;
}

/**
 * PUT /policy-application-groups/{id}/accept (reference section 4.7): only awaiting_acceptance with the effective
 * date today or later, and with a payment method on the account. The first invoice is charged through the payment
 * gateway (recorded `processing` with its idempotency key first, as every charge: reconciliation settles a lost
 * answer); a refusal answers 422 with the gateway's words and changes nothing else. Once paid, the group is
 * `accepting` and a job creates one policy per application in the background (runAcceptGroup); the answer does not
 * wait for it. A group whose job failed (`accept_failed`) is accepted again without a charge: its first invoice is
 * paid, and the job goes on with the applications that have no policy yet.
 */
export async function acceptGroup(deps: AcceptDeps, scope: Scope, id: number, author: Author) {
  const { db, gateway } = deps;
  const group = await findRow(db, scope, id);
  if (group.status === "accept_failed") return retryAccept(deps, scope, id, author);
  if (group.status !== "awaiting_acceptance") throw new AppError(422, { success: false, error: WRONG_STATE, message: WRONG_STATE });
  if (group.effective_date < reportToday()) {
    throw new AppError(422, { success: false, error: "Incorrect effective dates", message: EFFECTIVE_DATE_PAST, errors: { effective_date: EFFECTIVE_DATE_PAST } });
  }
  const [source] = await queryRows<{ id: number; source_id: string }>(
    db,
    sql`SELECT id, source_id FROM payment_profiles WHERE payer_type = 'Account' AND payer_id = ${group.account_id} AND active ORDER BY default_profile DESC, id LIMIT 1`,
  );
  if (!source) throw new AppError(422, { success: false, error: NO_PAYMENT_SOURCE, message: NO_PAYMENT_SOURCE });

  const attempt = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const locked = await findRow(tx, scope, id, true);
    if (locked.status !== "awaiting_acceptance") throw new AppError(422, { success: false, error: WRONG_STATE, message: WRONG_STATE });
    const [first] = await queryRows<{ id: number; number: string; status: string; total_due: string | number }>(
      tx,
      sql`SELECT id, number, status, total_due FROM invoices WHERE invoiceable_type = 'PolicyGroupQuote' AND invoiceable_id = ${id} ORDER BY due_date, id LIMIT 1 FOR UPDATE`,
    );
    if (!first) throw new AppError(422, { success: false, error: WRONG_STATE, message: WRONG_STATE });
    // Paid already (a charge whose answer came through reconciliation): accepting goes on without charging again.
    if (first.status === "complete") return null;
    if (first.status === "pending") throw new ConflictError("The first invoice is being charged; try again in a minute.");
    const [{ n }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM charges WHERE invoice_id = ${first.id}`);
    const idempotencyKey = `invoice-${first.id}-attempt-${n + 1}`;
    const amount = Number(first.total_due);
    await tx.execute(sql`UPDATE invoices SET status = 'pending', updated_at = now() WHERE id = ${first.id}`);
    const [charge] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO charges (invoice_id, payment_profile_id, amount, status, gateway, idempotency_key, invoice_status_before, staff_id)
          VALUES (${first.id}, ${source.id}, ${amount}, 'processing', ${gateway.name}, ${idempotencyKey}, 'available', ${author.staffId ?? null}) RETURNING id`,
    );
    return { chargeId: charge.id, request: { amount, currency: "usd" as const, source_id: source.source_id, description: `Invoice ${first.number}`, idempotencyKey } };
  });
  if (attempt) {
    const outcome = await askGateway(gateway, attempt.request);
    if (!outcome) throw new AppError(502, { success: false, message: "The payment gateway did not answer; the charge will be checked with it again shortly." });
    await settleCharge(db, attempt.chargeId, outcome);
    if (!outcome.success) throw new AppError(422, { success: false, error: outcome.error ?? "The charge failed", message: outcome.error ?? "The charge failed" });
  }
  // Paid: the group moves on (once, whoever gets here first) and its policies are created in the background.
  const moved = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE policy_application_groups SET status = 'accepting', accepted_at = now(), updated_at = now() WHERE id = ${id} AND status = 'awaiting_acceptance'
          AND EXISTS (SELECT 1 FROM invoices i WHERE i.invoiceable_type = 'PolicyGroupQuote' AND i.invoiceable_id = ${id} AND i.status = 'complete') RETURNING id`,
    );
    if (row) await recordHistory(tx, { type: RECORD_TYPE, id, action: "update", author, process: "console", changes: { status: { previous_value: "awaiting_acceptance", new_value: "accepting" } } });
    return Boolean(row);
  });
  if (!moved) throw new AppError(422, { success: false, error: WRONG_STATE, message: WRONG_STATE });
  await deps.queueAccept(id, author);
  return { success: true, message: acceptedMessage(id) };
}

/** accept_failed → accepting again, the failure's record removed; nothing is charged (the first invoice is paid). */
async function retryAccept(deps: AcceptDeps, scope: Scope, id: number, author: Author) {
  const moved = await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const locked = await findRow(tx, scope, id, true);
    if (locked.status !== "accept_failed") return false;
    await tx.execute(sql`DELETE FROM policy_group_errors WHERE group_id = ${id} AND kind = 'policies_were_not_created'`);
    await tx.execute(sql`UPDATE policy_application_groups SET status = 'accepting', updated_at = now() WHERE id = ${id}`);
    await recordHistory(tx, { type: RECORD_TYPE, id, action: "update", author, process: "console", changes: { status: { previous_value: "accept_failed", new_value: "accepting" } } });
    return true;
  });
  if (!moved) throw new AppError(422, { success: false, error: WRONG_STATE, message: WRONG_STATE });
  await deps.queueAccept(id, author);
  return { success: true, message: acceptedMessage(id) };
}

interface AppRow {
  id: number;
  row_number: number;
  premium: number | string;
  fields: ApplicationFields;
}

interface AcceptingGroup {
  status: string;
  account_id: number;
  agency_id: number | null;
  effective_date: string;
  expiration_date: string;
  auto_pay: boolean;
  auto_renew: boolean;
}

const policyNumber = (groupId: number, row: number) => `RG-${groupId}-${String(row).padStart(5, "0")}`;

/**
 * The accept job: the group's policies, ACCEPT_CHUNK applications per transaction, each transaction taking the
 * applications that have no policy yet under the group's lock (a second delivery, a retry or a recovery never makes
 * a policy twice: idempotent by import row, and the policy number `RG-<group>-<row>` is unique). When none is left the
 * group is accepted. A failure leaves the group `accept_failed` with the reason in its errors; the policies made so far
 * stay, and accepting again goes on from there.
 */
export async function runAcceptGroup(db: Db, groupId: number, author: Author, options: { chunk?: number } = {}): Promise<void> {
  const chunk = options.chunk ?? ACCEPT_CHUNK;
  try {
    for (;;) {
      const more = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [group] = await queryRows<AcceptingGroup>(
          tx,
          sql`SELECT status, account_id, agency_id, effective_date::text AS effective_date, expiration_date::text AS expiration_date, auto_pay, auto_renew
              FROM policy_application_groups WHERE id = ${groupId} FOR UPDATE`,
        );
        if (!group || group.status !== "accepting") return false;
        const apps = await queryRows<AppRow>(
          tx,
          sql`SELECT id, row_number, premium, fields FROM policy_group_applications WHERE group_id = ${groupId} AND status = 'created' AND policy_id IS NULL ORDER BY id LIMIT ${chunk}`,
        );
        if (!apps.length) {
          await tx.execute(sql`UPDATE policy_application_groups SET status = 'accepted', accepted_at = coalesce(accepted_at, now()), updated_at = now(),
            created_policies_count = (SELECT count(*) FROM policy_group_applications WHERE group_id = ${groupId} AND policy_id IS NOT NULL) WHERE id = ${groupId}`);
          await recordHistory(tx, { type: RECORD_TYPE, id: groupId, action: "update", author, process: "import", changes: { status: { previous_value: "accepting", new_value: "accepted" } } });
          return false;
        }
        // The search triggers' plans (cached for the session) were made when these tables were small: fresh statistics
        // let them be planned again for the rows each chunk adds (3,000 rows on the embedded database: 23.7 s → 14.3 s).
        await tx.execute(sql`ANALYZE policies, policy_users, users, profiles`);
        const created = await createPolicies(tx, groupId, group, apps, author);
        await tx.execute(sql`UPDATE policy_application_groups SET created_policies_count = created_policies_count + ${created}, updated_at = now() WHERE id = ${groupId}`);
        return true;
      });
      if (!more) return;
    }
  } catch (error) {
    // The database's own words (drizzle wraps them in "Failed query: <the statement>", which says nothing to staff).
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const message = cause instanceof Error ? cause.message.slice(0, 300) : "unknown";
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [failed] = await queryRows<{ id: number }>(
        tx,
        sql`UPDATE policy_application_groups SET status = 'accept_failed', updated_at = now() WHERE id = ${groupId} AND status = 'accepting' RETURNING id`,
      );
      if (failed) {
        await tx.execute(sql`INSERT INTO policy_group_errors (group_id, kind, information) VALUES (${groupId}, 'policies_were_not_created', ${JSON.stringify({ errors: [message] })}::jsonb)`);
      }
    });
  }
}

/** One chunk's policies with their customers, applications and history, a handful of multi-row statements. */
async function createPolicies(tx: Db, groupId: number, group: AcceptingGroup, apps: AppRow[], author: Author): Promise<number> {
  const people = apps.flatMap((a) => [
    { email: a.fields.applicant.email, first: a.fields.applicant.first_name, last: a.fields.applicant.last_name, phone: a.fields.applicant.phone, birth: a.fields.applicant.birth_date, gender: a.fields.applicant.gender, salutation: a.fields.applicant.salutation },
    ...(a.fields.co_tenant
      ? [{ email: a.fields.co_tenant.email, first: a.fields.co_tenant.first_name, last: a.fields.co_tenant.last_name, phone: a.fields.co_tenant.phone, birth: a.fields.co_tenant.birth_date, gender: "unspecified", salutation: "unspecified" }]
      : []),
  ]);
  const emails = [...new Set(people.map((p) => p.email.toLowerCase()))];
  // New customers are written holding a policy already: one UPDATE fewer of every new user (and of its search index).
  await tx.execute(sql`INSERT INTO users (email, has_existing_policies) VALUES ${sql.join(emails.map((e) => sql`(${e}, true)`), sql`, `)} ON CONFLICT ((lower(email))) DO NOTHING`);
  const userRows = await queryRows<{ id: number; email: string }>(tx, sql`SELECT id, lower(email) AS email FROM users WHERE lower(email) = ANY(${textArray(emails)})`);
  const userOf = new Map(userRows.map((u) => [u.email, u.id]));
  const seen = new Set<string>();
  const profiles = people.filter((p) => !seen.has(p.email.toLowerCase()) && seen.add(p.email.toLowerCase()));
  await tx.execute(sql`INSERT INTO profiles (profileable_type, profileable_id, first_name, last_name, full_name, contact_email, contact_phone, birth_date, gender, salutation)
    VALUES ${sql.join(
      profiles.map((p) => sql`('User', ${userOf.get(p.email.toLowerCase())}, ${p.first}, ${p.last}, ${`${p.first} ${p.last}`}, ${p.email}, ${p.phone}, ${p.birth}, ${p.gender}, ${p.salutation})`),
      sql`, `,
    )} ON CONFLICT (profileable_type, profileable_id) DO NOTHING`);
  await tx.execute(sql`INSERT INTO account_users (account_id, user_id) VALUES ${sql.join([...userOf.values()].map((u) => sql`(${group.account_id}, ${u})`), sql`, `)} ON CONFLICT DO NOTHING`);
  const policies = await queryRows<{ id: number; number: string }>(
    tx,
    sql`INSERT INTO policies (number, effective_date, expiration_date, auto_renew, auto_pay, status, billing_status, system_purchased, agency_id, account_id,
          policy_type_id, policy_in_system, policy_group_id, premium_total)
        VALUES ${sql.join(
          apps.map(
            (a) => sql`(${policyNumber(groupId, a.row_number)}, ${group.effective_date}, ${group.expiration_date}, ${group.auto_renew}, ${group.auto_pay},
              'BOUND', 'CURRENT', true, ${group.agency_id}, ${group.account_id}, 5, true, ${groupId}, ${Number(a.premium)})`,
          ),
          sql`, `,
        )} RETURNING id, number`,
  );
  const policyOf = new Map(policies.map((p) => [p.number, p.id]));
  const pid = (a: AppRow) => policyOf.get(policyNumber(groupId, a.row_number))!;
  const links = apps.flatMap((a) => [
    sql`(${pid(a)}, ${userOf.get(a.fields.applicant.email.toLowerCase())}, true)`,
    ...(a.fields.co_tenant ? [sql`(${pid(a)}, ${userOf.get(a.fields.co_tenant.email.toLowerCase())}, false)`] : []),
  ]);
  await tx.execute(sql`INSERT INTO policy_users (policy_id, user_id, "primary") VALUES ${sql.join(links, sql`, `)}`);
  await tx.execute(sql`UPDATE users SET has_existing_policies = true WHERE id = ANY(${intArray([...userOf.values()])}) AND NOT has_existing_policies`);
  await tx.execute(sql`INSERT INTO policy_applications (policy_id, status, fields) VALUES ${sql.join(
    apps.map((a) => {
      const f = a.fields;
      const fields = {
        employment: { primary_applicant: { ...f.employment, address: { street_name: f.employment.address } } },
        landlord: { company: f.landlord.company, first_name: f.landlord.contact_name, last_name: "", phone_number: f.landlord.phone_number, email: f.landlord.email },
        guarantee_option: f.guarantee_option,
        monthly_rent: f.monthly_rent,
        address: f.address,
        co_tenant: f.co_tenant,
      };
      return sql`(${pid(a)}, 'accepted', ${JSON.stringify(fields)}::jsonb)`;
    }),
    sql`, `,
  )}`);
  await tx.execute(sql`INSERT INTO histories (recordable_type, recordable_id, authorable_type, authorable_id, author, action, process, data)
    VALUES ${sql.join(policies.map((p) => sql`('Policy', ${p.id}, ${author.staffId ? "Staff" : null}, ${author.staffId ?? null}, ${author.name}, 'create', 'import', '{}'::jsonb)`), sql`, `)}`);
  await tx.execute(sql`UPDATE policy_group_applications a SET policy_id = v.policy_id, updated_at = now()
    FROM (VALUES ${sql.join(apps.map((a) => sql`(${a.id}::int, ${pid(a)}::int)`), sql`, `)}) AS v(id, policy_id) WHERE a.id = v.id`);
  return policies.length;
}
