import { sql } from "drizzle-orm";
import { formatMoment, humanizeEnum } from "../../../src/domain/format";
import type { Db } from "../../db/client";
import { ConflictError } from "../../lib/errors";
import { queryRows } from "../../lib/list";

/**
 * A decision is made on what the reviewer saw (issue 10): every decision carries the policy status (proofs) or the
 * revision version (pending updates) the console read, and a decision on anything that changed since answers 409
 * naming who changed it and when, instead of overturning a colleague's decision.
 */
const OUTCOME_OF_STATUS: Record<string, string> = {
  EXTERNAL_VERIFIED: "accepted",
  EXTERNAL_REJECTED: "declined",
  EXTERNAL_UNVERIFIED: "set back to unverified",
  CANCELLED: "cancelled",
  ARCHIVED: "archived",
};
const OUTCOME_OF_REVISION: Record<string, string> = { approved: "accepted", declined: "declined", archived: "archived" };

export const outcomeOfStatus = (status: string) => OUTCOME_OF_STATUS[status] ?? `changed to ${humanizeEnum(status).toLowerCase()}`;
export const outcomeOfRevision = (status: string) => OUTCOME_OF_REVISION[status] ?? status;

export interface Decided {
  outcome: string;
  by: string;
  at: string;
}

export const alreadyDecidedMessage = (d: Decided) => `This item was already ${d.outcome} by ${d.by} at ${formatMoment(d.at)}`;

export const alreadyDecided = (d: Decided) => new ConflictError(alreadyDecidedMessage(d), { decided: d });

/** A revision's version: its last change to the microsecond (it is rewritten in place by a resubmission or an edit). */
export const REVISION_VERSION = (alias: string) => sql.raw(`(extract(epoch from ${alias}.updated_at) * 1000000)::bigint::text`);

/** Who last changed the policy's status, and when (its history); the policy's own stamp when no history says. */
export async function lastStatusChange(db: Db, policyId: number, status: string): Promise<Decided> {
  const [row] = await queryRows<{ author: string; at: string }>(
    db,
    sql`SELECT h.author, h.created_at AS at FROM histories h
        WHERE h.recordable_type = 'Policy' AND h.recordable_id = ${policyId} AND h.data ? 'status'
        ORDER BY h.created_at DESC, h.id DESC LIMIT 1`,
  );
  if (row) return { outcome: outcomeOfStatus(status), by: row.author, at: new Date(row.at).toISOString() };
  const [policy] = await queryRows<{ at: string }>(db, sql`SELECT updated_at AS at FROM policies WHERE id = ${policyId}`);
  return { outcome: outcomeOfStatus(status), by: "another reviewer", at: new Date(policy?.at ?? Date.now()).toISOString() };
}

/** 409 when the proof's status is no longer the one the reviewer read. */
export async function assertStatusAsRead(db: Db, policy: { id: number; status: string }, expected: string | undefined): Promise<void> {
  if (!expected || expected === policy.status) return;
  throw alreadyDecided(await lastStatusChange(db, policy.id, policy.status));
}

export interface RevisionState {
  id: number;
  policy_id: number;
  status: string;
  version: string;
  decided_by: string | null;
  decided_at: string | null;
}

/**
 * 409 when the pending updates the reviewer read were decided meanwhile, or rewritten (a resubmission or another
 * reviewer's edit) since the version the reviewer read.
 */
export async function assertRevisionAsRead(db: Db, revision: RevisionState, expectedVersion: string | undefined): Promise<void> {
  if (revision.status !== "submitted") {
    throw alreadyDecided({
      outcome: outcomeOfRevision(revision.status),
      by: revision.decided_by ?? "another reviewer",
      at: new Date(revision.decided_at ?? Date.now()).toISOString(),
    });
  }
  if (!expectedVersion || expectedVersion === revision.version) return;
  const [change] = await queryRows<{ author: string; at: string }>(
    db,
    sql`SELECT h.author, h.created_at AS at FROM histories h
        WHERE h.recordable_type = 'Policy' AND h.recordable_id = ${revision.policy_id} AND h.data ? 'revision'
        ORDER BY h.created_at DESC, h.id DESC LIMIT 1`,
  );
  const by = change?.author ?? "another reviewer";
  const at = new Date(change?.at ?? Date.now()).toISOString();
  throw new ConflictError(`These updates were changed by ${by} at ${formatMoment(at)} after you opened them. Review them again before deciding.`, {
    changed: { by, at },
  });
}
