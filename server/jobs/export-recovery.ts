import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { BULK_JOB } from "../lib/bulk";
import { queryRows } from "../lib/list";
import { EXPORT_LEADS_JOB } from "./export-leads";
import { EXPORT_POLICIES_JOB, STALE_SECONDS } from "./export-policies";
import { BUILD_REPORT_JOB } from "./build-report";

export const RECOVER_EXPORTS_JOB = "recover-exports";
export const RECOVER_EXPORTS_CRON = "* * * * *";

/**
 * Exports left `running` by a process that died (kill -9, a lost machine) are queued again at once instead of
 * waiting for the job's expiry (issue 9, hole 7): at start, when this is the only process, every running export is
 * one (nothing of ours runs yet); otherwise, and every minute on any one process, those whose heartbeat stopped.
 * The retry writes the file from the start under a new temporary name; the sweep removes the dead one's piece.
 */
export async function requeueStaleExports(app: FastifyInstance, opts: { anyAge: boolean }): Promise<number[]> {
  const rows = await requeueStale<{ id: number; kind: string }>(app, "exports", sql`id, kind`, opts);
  for (const { id, kind } of rows) await app.jobs.send(kind === "leads" ? EXPORT_LEADS_JOB : EXPORT_POLICIES_JOB, { exportId: id });
  // Reports (Reports tabs, bordereau) are claimed and touched the same way, so the same rule takes them up again.
  for (const { id } of await requeueStale<{ id: number }>(app, "reports", sql`id`, opts)) await app.jobs.send(BUILD_REPORT_JOB, { reportId: id });
  // So are grids' bulk jobs (server/jobs/bulk-job.ts), which go on from the rows they had finished.
  for (const { id } of await requeueStale<{ id: number }>(app, "bulk_jobs", sql`id`, opts)) await app.jobs.send(BULK_JOB, { jobId: id });
  return rows.map((r) => r.id);
}

/** Puts a table's `running` rows back to `queued`: every one (anyAge), else those whose heartbeat stopped. */
function requeueStale<T>(app: FastifyInstance, table: "exports" | "reports" | "bulk_jobs", returning: SQL, opts: { anyAge: boolean }) {
  return queryRows<T>(
    app.db,
    sql`UPDATE ${sql.identifier(table)} SET status = 'queued'
         WHERE status = 'running'
           AND (${opts.anyAge} OR heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${STALE_SECONDS}))
     RETURNING ${returning}`,
  );
}
