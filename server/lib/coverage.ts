import { sql } from "drizzle-orm";
import { ACTIVE_POLICY_STATUSES } from "../../src/domain/policies";
import type { Db } from "../db/client";

const active = sql.join(ACTIVE_POLICY_STATUSES.map((s) => sql`${s}`), sql`, `);

/**
 * Recomputes whether units and their current leases are covered (reference section 4.3): covered while a policy in an
 * active status, without a cancellation date, is in force today. Called after every review decision and upload.
 */
export async function recomputeCoverage(db: Db, insurableIds: number[]): Promise<void> {
  if (insurableIds.length === 0) return;
  const ids = sql.join(insurableIds.map((id) => sql`${id}`), sql`, `);
  await db.execute(sql`UPDATE insurables i SET covered = EXISTS (
      SELECT 1 FROM policy_insurables pi JOIN policies p ON p.id = pi.policy_id
      WHERE pi.insurable_id = i.id AND p.status IN (${active}) AND p.cancellation_date IS NULL
        AND p.effective_date <= current_date AND p.expiration_date >= current_date), updated_at = now()
    WHERE i.id IN (${ids})`);
  await db.execute(sql`UPDATE leases l SET covered = i.covered, updated_at = now() FROM insurables i
    WHERE l.insurable_id = i.id AND i.id IN (${ids}) AND l.status = 'current'`);
}
