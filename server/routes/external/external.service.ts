import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { documents } from "../../db/schema";
import { assertNotClaimedByOther, releaseClaim } from "../../lib/claims";
import { recomputeCoverage } from "../../lib/coverage";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { diffChanges, recordHistory, staffAuthor } from "../../lib/history";
import { queryRows } from "../../lib/list";
import { lookupScope } from "../../lib/scope";
import type { Caller } from "../../plugins/auth";
import { accountScopeCondition } from "../lookups/lookups.scope";
import { policyScopeCondition } from "../policies/policies.scope";
import { writeUserUpdate } from "../users/users.service";
import { type CoverageProofInput, type UploadedFile, validateCoverageProof } from "./external-form";
import { assertStatusAsRead } from "./review-state";
import { markRevisionApproved, needsRevision, REVIEWERS, submitRevision } from "./revisions.service";
import { mailRevisionOutcome, mailStatusChange } from "./status-mail";

export const MASTER_TYPE = "You cannot add or update coverage via master policy type";
export const FOREIGN_CUSTOMER = "belongs to a customer of another account: use the insured's own email, or ask a super admin";
export const NUMBER_TAKEN = "has already been taken";

export interface ExternalRow {
  id: number;
  number: string;
  status: string;
  policy_in_system: boolean;
  account_id: number | null;
  agency_id: number | null;
  carrier_id: number | null;
  out_of_system_carrier_title: string | null;
  policy_type_id: number;
  effective_date: string | null;
  expiration_date: string | null;
  cancellation_date: string | null;
  system_data: Record<string, unknown>;
  unit_id: number | null;
}

/** The columns of an ExternalRow (alias `po`). */
export const EXTERNAL_COLUMNS = sql`po.id, po.number, po.status, po.policy_in_system, po.account_id, po.agency_id, po.carrier_id, po.out_of_system_carrier_title,
  po.policy_type_id, po.effective_date::text, po.expiration_date::text, po.cancellation_date::text, po.system_data,
  (SELECT pi.insurable_id FROM policy_insurables pi WHERE pi.policy_id = po.id ORDER BY pi."primary" DESC, pi.id LIMIT 1) AS unit_id`;

const where = (conditions: ReturnType<typeof sql>[]) => sql.join(conditions, sql` AND `);

/** An external policy of the caller's scope, locked when `tx` is a transaction; 404 otherwise. */
export async function findExternal(db: Db, caller: Caller, id: number, lock = false): Promise<ExternalRow> {
  const [row] = await queryRows<ExternalRow>(
    db,
    sql`SELECT ${EXTERNAL_COLUMNS} FROM policies po WHERE ${where([sql`po.id = ${id}`, ...policyScopeCondition(caller.scope, caller.user.role)])} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw new NotFoundError("Policy");
  if (row.policy_in_system) throw new ValidationError({ policy: "In-system policies are not changed through the coverage-proof form" }, "In-system policies are not changed through the coverage-proof form");
  return row;
}

/** The account (in scope), policy type, unit and carrier the form names, checked against each other. */
async function resolveReferences(db: Db, caller: Caller, input: CoverageProofInput, errors: Record<string, string>) {
  const accountScope = accountScopeCondition(lookupScope(caller));
  const [account] = input.account_id
    ? await queryRows<{ id: number; agency_id: number }>(db, sql`SELECT a.id, a.agency_id FROM accounts a WHERE ${where([sql`a.id = ${input.account_id}`, ...accountScope])}`)
    : [];
  if (input.account_id && !account) errors.account_id = "Select account from the drop-down list";
  if (account && input.agency_id && caller.user.role === "super_admin" && account.agency_id !== input.agency_id) errors.account_id = "does not belong to the chosen agency";
  const [type] = input.policy_type_id ? await queryRows<{ master: boolean; master_coverage: boolean }>(db, sql`SELECT master, master_coverage FROM policy_types WHERE id = ${input.policy_type_id}`) : [];
  if (input.policy_type_id && !type) errors.policy_type_id = "is not included in the list";
  if (type && (type.master || type.master_coverage)) errors.policy_type_id = MASTER_TYPE;
  const unitId = input.policy_insurables_attributes[0]?.insurable_id;
  const [unit] = unitId ? await queryRows<{ id: number; account_id: number | null }>(db, sql`SELECT id, account_id FROM insurables WHERE id = ${unitId} AND insurable_type_id IN (4, 5)`) : [];
  if (unitId && (!unit || (account && unit.account_id !== account.id))) errors.unit = "Select unit from the drop-down list";
  const [carrier] = input.carrier_id ? await queryRows<{ title: string }>(db, sql`SELECT title FROM carriers WHERE id = ${input.carrier_id}`) : [];
  if (input.carrier_id && !carrier) errors.out_of_system_carrier_title = "Select carrier from the drop-down list";
  return { account, unitId: unit?.id, carrierTitle: carrier?.title ?? input.out_of_system_carrier_title ?? null };
}

async function numberTaken(db: Db, number: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT id FROM policies WHERE lower(number) = lower(${number}) ${exceptId ? sql`AND id <> ${exceptId}` : sql``} LIMIT 1`);
  return rows.length > 0;
}

/**
 * A customer the proof's account already has: linked to the account, insured on one of its policies, or on this very
 * policy. Insureds are matched by email only among these (issue 9, hole 2): the proof's account is the tenant whose
 * data the form writes and shows, whoever submits it (an agent of several accounts, a reviewer of every one).
 */
const customerOfAccount = (accountId: number, policyId: number | undefined) => sql`(
  EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = u.id AND au.account_id = ${accountId})
  OR EXISTS (SELECT 1 FROM policy_users pu JOIN policies po ON po.id = pu.policy_id WHERE pu.user_id = u.id AND po.account_id = ${accountId})
  ${policyId ? sql`OR EXISTS (SELECT 1 FROM policy_users pu WHERE pu.user_id = u.id AND pu.policy_id = ${policyId})` : sql``})`;

/**
 * Insureds whose email belongs to a customer outside the proof's account are refused (422 on the email), so the form
 * can neither overwrite another tenant's customer nor read their data back. Emails are unique across the platform
 * (one person, one login), so the alternative, a second record of the same email for this tenant, cannot exist.
 */
async function refuseForeignInsureds(db: Db, accountId: number, policyId: number | undefined, input: CoverageProofInput, errors: Record<string, string>) {
  for (const [index, entry] of input.policy_users_attributes.entries()) {
    const email = entry.user_attributes.email.trim().toLowerCase();
    if (!email || errors[`users.${index}.email`]) continue;
    const [found] = await queryRows<{ ours: boolean }>(db, sql`SELECT ${customerOfAccount(accountId, policyId)} AS ours FROM users u WHERE lower(u.email) = ${email} LIMIT 1`);
    if (found && !found.ours) errors[`users.${index}.email`] = FOREIGN_CUSTOMER;
  }
}

/**
 * Users matched by email (among the account's customers, checked before) or created; profile and address saved; each
 * becomes a customer of the account; the policy's customers become exactly these.
 */
async function saveInsureds(tx: Db, policyId: number, accountId: number, input: CoverageProofInput) {
  const keep: number[] = [];
  for (const [index, entry] of input.policy_users_attributes.entries()) {
    const email = entry.user_attributes.email.trim().toLowerCase();
    const [existing] = await queryRows<{ id: number; ours: boolean }>(tx, sql`SELECT u.id, ${customerOfAccount(accountId, policyId)} AS ours FROM users u WHERE lower(u.email) = ${email} LIMIT 1`);
    // Checked before the transaction; a customer who left the account meanwhile is still never written to.
    if (existing && !existing.ours) throw new ValidationError({ [`users.${index}.email`]: FOREIGN_CUSTOMER });
    const userId = existing?.id ?? (await queryRows<{ id: number }>(tx, sql`INSERT INTO users (email) VALUES (${email}) RETURNING id`))[0].id;
    await tx.execute(sql`INSERT INTO account_users (account_id, user_id) VALUES (${accountId}, ${userId}) ON CONFLICT DO NOTHING`);
    const profile = Object.fromEntries(Object.entries(entry.user_attributes.profile_attributes).filter(([, v]) => v !== undefined));
    const address = Object.fromEntries(Object.entries(entry.user_attributes.address_attributes).filter(([, v]) => v !== undefined));
    await writeUserUpdate(tx, userId, { profile_attributes: profile, ...(Object.values(address).some(Boolean) ? { address_attributes: address } : {}) });
    const primary = index === 0;
    const spouse = !primary && Boolean(entry.spouse);
    const [link] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM policy_users WHERE policy_id = ${policyId} AND user_id = ${userId}`);
    if (link) await tx.execute(sql`UPDATE policy_users SET "primary" = ${primary}, spouse = ${spouse}, status = 'accepted', updated_at = now() WHERE id = ${link.id}`);
    else await tx.execute(sql`INSERT INTO policy_users (policy_id, user_id, "primary", spouse) VALUES (${policyId}, ${userId}, ${primary}, ${spouse})`);
    keep.push(userId);
  }
  await tx.execute(sql`DELETE FROM policy_users WHERE policy_id = ${policyId} AND user_id NOT IN (${sql.join(keep.map((k) => sql`${k}`), sql`, `)})`);
}

/** All coverages replaced by the form's; a liability row is kept even when the form has none (reference 4.3). */
async function saveCoverages(tx: Db, policyId: number, input: CoverageProofInput) {
  await tx.execute(sql`DELETE FROM policy_coverages WHERE policy_id = ${policyId}`);
  const rows = [...input.policy_coverages_attributes];
  if (!rows.some((c) => c.designation === "liability")) rows.push({ designation: "liability", limit: 0, enabled: true, id: undefined });
  for (const c of rows) {
    await tx.execute(sql`INSERT INTO policy_coverages (policy_id, designation, title, "limit", enabled) VALUES (${policyId}, ${c.designation}, ${c.designation.replace(/_/g, " ")}, ${c.limit}, ${c.enabled})`);
  }
}

async function attachFiles(tx: Db, policyId: number, files: UploadedFile[]) {
  for (const f of files) {
    await tx.insert(documents).values({ attachable_type: "Policy", attachable_id: policyId, filename: f.filename, content_type: f.contentType, byte_size: f.byteSize, checksum: f.checksum, storage_key: f.key });
  }
}

export interface SaveResult {
  id: number;
  created: boolean;
  /** Set when the save became a pending revision instead of changing the policy. */
  revisionId?: number;
}

export interface SaveOptions {
  /** Approving this pending revision: it is marked approved and its certificates move to the policy, in the same transaction. */
  approveRevisionId?: number;
  /** The version of that revision that was read and applied. */
  approveRevisionVersion?: string;
}

/**
 * Upload (no id) or update (id) of a proof of coverage (document 2 sections 2, 5, 7; reference section 4.3). Only
 * reviewers (super admin, policy support) choose the review status on an existing policy; a new upload takes the
 * form's (verified by default). Files already streamed to the store are removed again if anything is refused.
 */
export async function saveExternalPolicy(app: FastifyInstance, caller: Caller, input: CoverageProofInput, files: UploadedFile[], opts: SaveOptions = {}): Promise<SaveResult> {
  let committed = false;
  try {
    const existing = input.id ? await findExternal(app.db, caller, input.id) : null;
    const errors = validateCoverageProof(input, { requireAddress: Boolean(existing) });
    const refs = await resolveReferences(app.db, caller, input, errors);
    if (input.number && (await numberTaken(app.db, input.number, existing?.id))) errors.number = NUMBER_TAKEN;
    if (refs.account) await refuseForeignInsureds(app.db, refs.account.id, existing?.id, input, errors);
    if (Object.keys(errors).length) throw new ValidationError(errors);

    const reviewer = REVIEWERS.includes(caller.user.role);
    if (existing && needsRevision(caller.user.role, existing.status)) {
      const revisionId = await app.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await findExternal(tx, caller, existing.id, true);
        return submitRevision(tx, caller, existing.id, input, files);
      });
      committed = true;
      return { id: existing.id, created: false, revisionId };
    }
    const status = existing && !reviewer ? existing.status : (input.status ?? (existing ? existing.status : "EXTERNAL_VERIFIED"));
    const reasons = status === "EXTERNAL_REJECTED" ? (input.system_data.rejection_reasons ?? (existing?.system_data.rejection_reasons as string[] | undefined) ?? []) : undefined;
    if (status === "EXTERNAL_REJECTED" && (!reasons || reasons.length === 0)) throw new ValidationError({ rejection_reasons: "Please select decline reasons" }, "Please select decline reasons");
    const values = {
      number: input.number!,
      account_id: refs.account!.id,
      agency_id: refs.account!.agency_id,
      policy_type_id: input.policy_type_id!,
      carrier_id: input.carrier_id ?? null,
      out_of_system_carrier_title: refs.carrierTitle,
      effective_date: input.effective_date!,
      expiration_date: input.expiration_date!,
      cancellation_date: status === "CANCELLED" ? input.cancellation_date! : null,
      status,
    };
    const systemData = { ...(existing?.system_data ?? {}), ...(reasons ? { rejection_reasons: reasons } : {}) };
    if (!reasons) delete systemData.rejection_reasons;

    const id = await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      let policyId: number;
      if (existing) {
        const locked = await findExternal(tx, caller, existing.id, true);
        await assertStatusAsRead(tx, locked, input.expected_status ?? undefined);
        await assertNotClaimedByOther(tx, "Policy", existing.id, caller.user.id);
        await tx.execute(sql`UPDATE policies SET number = ${values.number}, account_id = ${values.account_id}, agency_id = ${values.agency_id},
          policy_type_id = ${values.policy_type_id}, carrier_id = ${values.carrier_id}, out_of_system_carrier_title = ${values.out_of_system_carrier_title},
          effective_date = ${values.effective_date}, expiration_date = ${values.expiration_date}, cancellation_date = ${values.cancellation_date},
          status = ${values.status}, system_purchased = ${input.system_purchased}, system_data = ${JSON.stringify(systemData)}::jsonb, updated_at = now()
          WHERE id = ${existing.id}`);
        await tx.execute(sql`DELETE FROM policy_insurables WHERE policy_id = ${existing.id}`);
        policyId = existing.id;
      } else {
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`INSERT INTO policies (number, account_id, agency_id, policy_type_id, carrier_id, out_of_system_carrier_title, effective_date, expiration_date,
                cancellation_date, status, policy_in_system, system_purchased, billing_status, system_data)
              VALUES (${values.number}, ${values.account_id}, ${values.agency_id}, ${values.policy_type_id}, ${values.carrier_id}, ${values.out_of_system_carrier_title},
                ${values.effective_date}, ${values.expiration_date}, ${values.cancellation_date}, ${values.status}, false, ${input.system_purchased}, 'EXTERNAL',
                ${JSON.stringify(systemData)}::jsonb)
              RETURNING id`,
        );
        policyId = row.id;
      }
      await tx.execute(sql`INSERT INTO policy_insurables (policy_id, insurable_id, "primary") VALUES (${policyId}, ${refs.unitId!}, true)`);
      await saveInsureds(tx, policyId, values.account_id, input);
      await saveCoverages(tx, policyId, input);
      await attachFiles(tx, policyId, files);
      if (opts.approveRevisionId) await markRevisionApproved(tx, caller, policyId, opts.approveRevisionId, reasons, opts.approveRevisionVersion);
      const before = existing ? { ...existing, system_data: undefined, id: undefined, policy_in_system: undefined, unit_id: undefined } : {};
      await recordHistory(tx, {
        type: "Policy",
        id: policyId,
        action: existing ? "update" : "create",
        author: staffAuthor(caller.user),
        process: "console",
        changes: {
          ...diffChanges(before, values),
          ...(files.length ? { documents: { previous_value: null, new_value: files.map((f) => f.filename).join(", ") } } : {}),
          ...(opts.approveRevisionId ? { revision: { previous_value: "submitted", new_value: "approved" } } : {}),
        },
      });
      return policyId;
    });
    committed = true;
    if (existing) await releaseClaim(app.db, "Policy", id);
    await recomputeCoverage(app.db, [...new Set([refs.unitId!, ...(existing?.unit_id ? [existing.unit_id] : [])])]);
    if (!existing || existing.status !== status) await mailStatusChange(app, id, reasons);
    else if (opts.approveRevisionId) await mailRevisionOutcome(app, id, "approved");
    return { id, created: !existing };
  } catch (error) {
    if (!committed) await Promise.all(files.map((f) => app.files.remove(f.key)));
    throw error;
  }
}

/** Accept or decline a proof (document 2 section 4): the status, the reasons kept, history, coverage, the account mailed. */
export async function decideExternal(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  decision: { status: string; reasons?: string[]; expectedStatus?: string },
) {
  const unitIds = await app.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const policy = await findExternal(tx, caller, id, true);
    await assertStatusAsRead(tx, policy, decision.expectedStatus);
    await assertNotClaimedByOther(tx, "Policy", id, caller.user.id);
    const systemData: Record<string, unknown> = { ...policy.system_data };
    if (decision.reasons) systemData.rejection_reasons = decision.reasons;
    else delete systemData.rejection_reasons;
    await tx.execute(sql`UPDATE policies SET status = ${decision.status}, system_data = ${JSON.stringify(systemData)}::jsonb, updated_at = now(),
      cancellation_date = ${decision.status === "CANCELLED" ? (policy.cancellation_date ?? new Date().toISOString().slice(0, 10)) : null} WHERE id = ${id}`);
    await recordHistory(tx, {
      type: "Policy",
      id,
      action: "update",
      author: staffAuthor(caller.user),
      process: "console",
      changes: {
        status: { previous_value: policy.status, new_value: decision.status },
        ...(decision.reasons ? { rejection_reasons: { previous_value: (policy.system_data.rejection_reasons as string[] | undefined) ?? null, new_value: decision.reasons } } : {}),
      },
    });
    return (await queryRows<{ insurable_id: number }>(tx, sql`SELECT insurable_id FROM policy_insurables WHERE policy_id = ${id}`)).map((r) => r.insurable_id);
  });
  await releaseClaim(app.db, "Policy", id);
  await recomputeCoverage(app.db, unitIds);
  await mailStatusChange(app, id, decision.reasons);
}

/** Removes one certificate of an external policy; the bytes go after the commit. */
export async function deletePolicyDocument(app: FastifyInstance, caller: Caller, policyId: number, documentId: number) {
  await findExternal(app.db, caller, policyId);
  const [row] = await queryRows<{ id: number; storage_key: string; filename: string }>(
    app.db,
    sql`DELETE FROM documents WHERE id = ${documentId} AND attachable_type = 'Policy' AND attachable_id = ${policyId} RETURNING id, storage_key, filename`,
  );
  if (!row) throw new NotFoundError("Document");
  await recordHistory(app.db, { type: "Policy", id: policyId, action: "remove_related", author: staffAuthor(caller.user), process: "console", changes: { documents: { previous_value: row.filename, new_value: null } } });
  await app.files.remove(row.storage_key);
}

/** The upload page's number check (document 2 section 4): the existing policy's id and status, or nothing. */
export async function checkNumber(app: FastifyInstance, caller: Caller, number: string) {
  const scope = policyScopeCondition(caller.scope, caller.user.role);
  const [row] = await queryRows<{ id: number; number: string; status: string; policy_in_system: boolean; in_scope: boolean }>(
    app.db,
    sql`SELECT po.id, po.number, po.status, po.policy_in_system, (${scope.length ? where(scope) : sql`true`}) AS in_scope
        FROM policies po WHERE lower(po.number) = lower(${number.trim()}) LIMIT 1`,
  );
  if (!row) return {};
  // Outside the caller's scope the number is taken all the same, but which policy holds it is not told.
  return { policy: row.in_scope ? { id: row.id, number: row.number, status: row.status, policy_in_system: row.policy_in_system } : { id: null, number: row.number, status: null } };
}
