import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { histories } from "../db/schema";
import { recomputeCoverage } from "../lib/coverage";
import { queryRows } from "../lib/list";
import { mailStatusChange } from "../routes/external/status-mail";

export const DECLINE_EXPIRED_JOB = "decline-expired-proofs";
/** Decline reason 5 as the console labels it (readings C-37), so the decline dialog and the policy page show it as one of theirs. */
export const EXPIRED_REASON = "Policy has already expired";

const BATCH = 500;

export interface DeclineExpiredParams {
  /** Proofs that expired before this day are declined (yyyy-MM-dd; today when the job was scheduled). */
  before: string;
  requestedBy: { id: number; name: string };
}

/**
 * The declination job (`POST /policies/schedule_declination_job`, ours to design): every proof of coverage still
 * counted as verified or awaiting review whose expiration date has passed is declined with "Policy has already
 * expired", 500 at a time, each with history (author: who scheduled it, process: job), coverage recomputed and the
 * account mailed, so residents are asked for current paperwork. Returns how many were declined.
 */
export async function runDeclineExpiredProofs(app: FastifyInstance, params: DeclineExpiredParams): Promise<number> {
  let total = 0;
  for (;;) {
    const declined = await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const rows = await queryRows<{ id: number; previous: string; unit_id: number | null }>(
        tx,
        sql`WITH due AS (
              SELECT id, status FROM policies
               WHERE policy_in_system = false AND status IN ('EXTERNAL_VERIFIED', 'EXTERNAL_UNVERIFIED') AND expiration_date < ${params.before}
               ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
            UPDATE policies po SET status = 'EXTERNAL_REJECTED', updated_at = now(),
                   system_data = jsonb_set(po.system_data, '{rejection_reasons}', ${JSON.stringify([EXPIRED_REASON])}::jsonb)
              FROM due WHERE po.id = due.id
            RETURNING po.id, due.status AS previous,
              (SELECT pi.insurable_id FROM policy_insurables pi WHERE pi.policy_id = po.id ORDER BY pi."primary" DESC, pi.id LIMIT 1) AS unit_id`,
      );
      if (rows.length) {
        await tx.insert(histories).values(
          rows.map((r) => ({
            recordable_type: "Policy",
            recordable_id: r.id,
            authorable_type: "Staff",
            authorable_id: params.requestedBy.id,
            author: params.requestedBy.name,
            action: "update" as const,
            process: "job",
            data: { status: { previous_value: r.previous, new_value: "EXTERNAL_REJECTED" }, rejection_reasons: { previous_value: null, new_value: [EXPIRED_REASON] } },
          })),
        );
      }
      return rows;
    });
    if (declined.length === 0) return total;
    total += declined.length;
    await recomputeCoverage(app.db, declined.flatMap((r) => (r.unit_id ? [r.unit_id] : [])));
    for (const row of declined) await mailStatusChange(app, row.id, [EXPIRED_REASON]);
  }
}
