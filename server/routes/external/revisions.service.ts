import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { documents } from "../../db/schema";
import { assertNotClaimedByOther, releaseClaim } from "../../lib/claims";
import { NotFoundError } from "../../lib/errors";
import { recordHistory, staffAuthor } from "../../lib/history";
import { queryRows } from "../../lib/list";
import type { Caller } from "../../plugins/auth";
import type { QueryObject, QueryValue } from "../../lib/query-string";
import {
  type CoverageProofInput,
  parseCoverageProof,
  type UploadedFile,
} from "./external-form";
import { findExternal, saveExternalPolicy } from "./external.service";
import { assertRevisionAsRead, REVISION_VERSION } from "./review-state";
import { mailRevisionOutcome } from "./status-mail";


/** Who decides proofs and revisions (document 2 section 6). */
export const REVIEWERS = ["super_admin", "policy_support"];

/**
 * A change to a verified proof by anyone but a reviewer waits for review (issue 4 part 2): a verified policy is what
 * the property manager relies on, so it changes only once a reviewer has seen the new paperwork.
 */
export const needsRevision = (role: string, status: string) =>
  !REVIEWERS.includes(role) && status === "EXTERNAL_VERIFIED";

export interface RevisionRow {
  id: number;
  policy_id: number;
  status: "submitted" | "approved" | "declined" | "archived";
  changes: CoverageProofInput;
  rejection_reasons: string[] | null;
  created_at: string;
  updated_at: string;
  submitted_by: string | null;
  /** Changes whenever the revision is rewritten; decisions carry the version the reviewer read. */
  version: string;
  decided_by: string | null;
  decided_at: string | null;
}

/**
 * Records the submitted form as the policy's pending revision, with its certificates. A policy has at most one pending
 * revision: a second submission before review replaces the first's changes (the newest paperwork is what counts).
 */
export async function submitRevision(
  tx: Db,
  caller: Caller,
  policyId: number,
  input: CoverageProofInput,
  files: UploadedFile[],
): Promise<number> {
  const changes = JSON.stringify({ ...input, id: policyId, status: undefined, expected_status: undefined });
  const [pending] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM policy_revisions WHERE policy_id = ${policyId} AND status = 'submitted' ORDER BY id DESC LIMIT 1 FOR UPDATE`,
  );
  const [row] = pending
    ? await queryRows<{ id: number }>(
        tx,
        sql`UPDATE policy_revisions SET changes = ${changes}::jsonb, submitted_by_id = ${caller.user.id}, submitted_by_type = 'Staff', updated_at = now()
            WHERE id = ${pending.id} RETURNING id`,
      )
    : await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO policy_revisions (policy_id, changes, submitted_by_type, submitted_by_id) VALUES (${policyId}, ${changes}::jsonb, 'Staff', ${caller.user.id}) RETURNING id`,
      );
  await attachRevisionFiles(tx, row.id, files);
  await recordHistory(tx, {
    type: "Policy",
    id: policyId,
    action: "update",
    author: staffAuthor(caller.user),
    process: "console",
    changes: {
      revision: {
        previous_value: pending ? `#${pending.id} submitted` : null,
        new_value: `#${row.id} submitted`,
      },
    },
  });
  return row.id;
}

async function attachRevisionFiles(
  tx: Db,
  revisionId: number,
  files: UploadedFile[],
) {
  for (const f of files) {
    await tx
      .insert(documents)
      .values({
        attachable_type: "PolicyRevision",
        attachable_id: revisionId,
        filename: f.filename,
        content_type: f.contentType,
        byte_size: f.byteSize,
        checksum: f.checksum,
        storage_key: f.key,
      });
  }
}

const STAFF_NAME = (column: string) =>
  sql.raw(`(SELECT coalesce(p.full_name, s.email) FROM staffs s LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id WHERE s.id = ${column})`);

const REVISION_COLUMNS = sql`r.id, r.policy_id, r.status, r.changes, r.rejection_reasons, r.created_at, r.updated_at, r.decided_at,
  ${STAFF_NAME("r.submitted_by_id")} AS submitted_by, ${STAFF_NAME("r.decided_by_id")} AS decided_by, ${REVISION_VERSION("r")} AS version`;

/** The 409 for a revision that a concurrent decision got to first (its conditional update found it decided). */
async function decidedMeanwhile(db: Db, revisionId: number, expectedVersion?: string): Promise<never> {
  const [row] = await queryRows<RevisionRow>(db, sql`SELECT ${REVISION_COLUMNS} FROM policy_revisions r WHERE r.id = ${revisionId}`);
  await assertRevisionAsRead(db, row, expectedVersion);
  throw new Error(`revision ${revisionId} was expected to be decided`);
}

/** A revision of a policy in the caller's scope (`latest`: the pending one), or 404. */
export async function findRevision(
  db: Db,
  caller: Caller,
  policyId: number,
  revisionId: number | "latest",
): Promise<RevisionRow> {
  await findExternal(db, caller, policyId);
  const [row] = await queryRows<RevisionRow>(
    db,
    sql`SELECT ${REVISION_COLUMNS} FROM policy_revisions r
        WHERE r.policy_id = ${policyId} AND ${revisionId === "latest" ? sql`r.status = 'submitted'` : sql`r.id = ${revisionId}`}
        ORDER BY r.id DESC LIMIT 1`,
  );
  if (!row)
    throw revisionId === "latest"
      ? new NotFoundError({ message: "This policy has no pending updates" })
      : new NotFoundError("Revision");
  return row;
}

/** Inside the approving save's transaction: the revision approved (once) and its certificates moved to the policy. */
export async function markRevisionApproved(
  tx: Db,
  caller: Caller,
  policyId: number,
  revisionId: number,
  reasons?: string[],
  version?: string,
): Promise<void> {
  // Only the version that was read and applied is approved: an edit that landed meanwhile is not approved unseen.
  const updated = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE policy_revisions SET status = 'approved', decided_by_id = ${caller.user.id}, decided_at = now(), updated_at = now(),
          rejection_reasons = ${reasons ? JSON.stringify(reasons) : null}::jsonb
        WHERE id = ${revisionId} AND policy_id = ${policyId} AND status = 'submitted'
          ${version ? sql`AND ${REVISION_VERSION("policy_revisions")} = ${version}` : sql``} RETURNING id`,
  );
  if (updated.length === 0) await decidedMeanwhile(tx, revisionId, version);
  await tx.execute(
    sql`UPDATE documents SET attachable_type = 'Policy', attachable_id = ${policyId} WHERE attachable_type = 'PolicyRevision' AND attachable_id = ${revisionId}`,
  );
}

/**
 * Declines (the submitter's account is mailed the reasons) or archives (set aside quietly, e.g. a duplicate) a pending
 * revision; the policy itself stays as it was.
 */
export async function closeRevision(
  app: FastifyInstance,
  caller: Caller,
  revision: RevisionRow,
  outcome: "declined" | "archived",
  reasons: string[],
  expectedVersion?: string,
) {
  const { policy_id: policyId, id: revisionId } = revision;
  await app.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await findExternal(tx, caller, policyId, true);
    await assertRevisionAsRead(tx, revision, expectedVersion);
    await assertNotClaimedByOther(tx, "Policy", policyId, caller.user.id);
    const updated = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE policy_revisions SET status = ${outcome}, rejection_reasons = ${JSON.stringify(reasons)}::jsonb, decided_by_id = ${caller.user.id},
            decided_at = now(), updated_at = now()
          WHERE id = ${revisionId} AND policy_id = ${policyId} AND status = 'submitted' RETURNING id`,
    );
    if (updated.length === 0) await decidedMeanwhile(tx, revisionId);
    await recordHistory(tx, {
      type: "Policy",
      id: policyId,
      action: "update",
      author: staffAuthor(caller.user),
      process: "console",
      changes: {
        revision: { previous_value: "submitted", new_value: outcome },
        revision_rejection_reasons: {
          previous_value: null,
          new_value: reasons,
        },
      },
    });
  });
  await releaseClaim(app.db, "Policy", policyId);
  if (outcome === "declined")
    await mailRevisionOutcome(app, policyId, "declined", reasons);
}

/** The reviewer's edit of a pending revision before deciding it: the fields sent replace the submitted ones. */
export async function editRevision(
  app: FastifyInstance,
  caller: Caller,
  revision: RevisionRow,
  changes: CoverageProofInput,
  files: UploadedFile[] = [],
  expectedVersion?: string,
): Promise<void> {
  await assertRevisionAsRead(app.db, revision, expectedVersion);
  await assertNotClaimedByOther(app.db, "Policy", revision.policy_id, caller.user.id);
  await app.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // The version read is checked again by the update itself: two reviewers saving at once cannot both win.
    const updated = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE policy_revisions SET changes = ${JSON.stringify({ ...changes, id: revision.policy_id, status: undefined, expected_status: undefined })}::jsonb, updated_at = now()
          WHERE id = ${revision.id} AND status = 'submitted' AND ${REVISION_VERSION("policy_revisions")} = ${revision.version} RETURNING id`,
    );
    if (updated.length === 0) {
      const [current] = await queryRows<RevisionRow>(tx, sql`SELECT ${REVISION_COLUMNS} FROM policy_revisions r WHERE r.id = ${revision.id}`);
      await assertRevisionAsRead(tx, current, revision.version);
    }
    await attachRevisionFiles(tx, revision.id, files);
    await recordHistory(tx, {
      type: "Policy",
      id: revision.policy_id,
      action: "update",
      author: staffAuthor(caller.user),
      process: "console",
      changes: {
        revision: {
          previous_value: `#${revision.id} submitted`,
          new_value: `#${revision.id} edited`,
        },
      },
    });
  });
}

export interface ApproveOptions {
  /** Accept the updates but decline the policy (document 2 section 4): rejected, with reasons. */
  rejectWith?: string[];
  /** The reviewer's adjustments, laid over the submitted fields before they are applied. */
  adjust?: QueryObject;
  /** The revision version the reviewer read (409 when it changed since). */
  expectedVersion?: string;
}

/**
 * Fields laid over a submitted proof: a carrier named by title replaces a carrier chosen by id (the console's form
 * only names one by title, so without this a reviewer's carrier correction was silently ignored).
 */
export function overlayProof(base: QueryObject, over: QueryObject): QueryObject {
  const merged: QueryObject = { ...base, ...over };
  if ("out_of_system_carrier_title" in over && !("carrier_id" in over)) delete merged.carrier_id;
  return merged;
}

/**
 * Applies a pending revision to the policy through the same save as a reviewer's edit (validation, insureds,
 * coverages, history, coverage flags, mail), marking it approved in that transaction: a second approval finds it
 * decided and changes nothing.
 */
export async function approveRevision(
  app: FastifyInstance,
  caller: Caller,
  policyId: number,
  revisionId: number | "latest",
  opts: ApproveOptions = {},
) {
  const revision = await findRevision(app.db, caller, policyId, revisionId);
  await assertRevisionAsRead(app.db, revision, opts.expectedVersion);
  // The revision itself is what was read (its version was checked), not the policy's status: no expected_status here.
  const { expected_status: _notApplied, ...overlaid } = overlayProof(revision.changes as unknown as QueryObject, opts.adjust ?? {});
  const merged = {
    ...overlaid,
    id: String(policyId),
    status: opts.rejectWith ? "EXTERNAL_REJECTED" : "EXTERNAL_VERIFIED",
    system_data: opts.rejectWith ? { rejection_reasons: opts.rejectWith } : {},
  } as QueryValue;
  const input = parseCoverageProof({ policy: merged });
  await saveExternalPolicy(app, caller, input, [], {
    approveRevisionId: revision.id,
    approveRevisionVersion: revision.version,
  });
  return revision.id;
}
