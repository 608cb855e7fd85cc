import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { BULK_JOB_KEEP_DAYS, type BulkFailure } from "../../src/domain/bulk";
import type { Db } from "../db/client";
import { bulkJobs } from "../db/schema";
import { applyBulk, bulkAction } from "../lib/bulk";
import { batchedProgress } from "../lib/progress";
import type { Scope } from "../lib/scope";
import { loadStaffUser } from "../routes/staffs/staff-user";
import { HEARTBEAT_SECONDS, STALE_SECONDS } from "./export-policies";

export const DEACTIVATED = "Your account is deactivated";
/** The daily clean-up of finished bulk jobs (src/domain/bulk.ts BULK_JOB_KEEP_DAYS), at 08:40 UTC, after the night's jobs. */
export const BULK_CLEANUP_JOB = "bulk-jobs-cleanup";
export const BULK_CLEANUP_CRON = "40 8 * * *";
const SERVER_ERROR = "Something went wrong";

/**
 * Takes a bulk job for this process: a queued one, or one left running by a process that stopped touching it (it goes
 * on from the rows it had finished); none when it has ended or a live process runs it (a duplicate delivery).
 */
function claimBulkJob(db: Db, jobId: number) {
  return db
    .update(bulkJobs)
    .set({ status: "running", heartbeat_at: new Date(), attempts: sql`${bulkJobs.attempts} + 1` })
    .where(
      and(
        eq(bulkJobs.id, jobId),
        or(
          eq(bulkJobs.status, "queued"),
          and(eq(bulkJobs.status, "running"), sql`(${bulkJobs.heartbeat_at} IS NULL OR ${bulkJobs.heartbeat_at} < now() - make_interval(secs => ${STALE_SECONDS}))`),
        ),
      ),
    )
    .returning();
}

/**
 * Runs a grid's bulk action in the background (server/lib/bulk.ts runBulk): each row by the single action's rules,
 * as the staff member who asked is now (a member disabled meanwhile stops the job) within the scope the rows were
 * picked in. Progress is written as it goes, so the console shows it from any API process and a retry after a crash
 * goes on from the last row written: each row done is saved at once, so only the row in flight when the process
 * stopped may be applied again (enable, disable and archive set a state; a resend mailed a moment ago is refused; a
 * reminder is claimed once per day); rows that failed are saved in batches with their reasons (server/lib/progress.ts)
 * and the saved count never passes an unsaved failure, so up to a batch of rows after failures may be applied again.
 */
export async function runBulkJob(app: FastifyInstance, jobId: number): Promise<void> {
  const db = app.db;
  const [job] = await claimBulkJob(db, jobId);
  if (!job) return;
  const heartbeat = setInterval(() => {
    db.update(bulkJobs).set({ heartbeat_at: new Date() }).where(eq(bulkJobs.id, jobId)).catch(() => undefined);
  }, HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();
  let processed = job.processed;
  let doneCount = job.done_count;
  const failed: BulkFailure[] = [...job.failed];
  const counts = () => ({ processed, done_count: doneCount, failed, heartbeat_at: new Date() });
  const finish = (values: Partial<typeof bulkJobs.$inferInsert>) =>
    db.update(bulkJobs).set({ ...counts(), finished_at: new Date(), ...values }).where(eq(bulkJobs.id, jobId));
  try {
    // Actions are defined as their modules load; a job taken while this process is still starting waits for them.
    if (!bulkAction(job.action)) await app.ready();
    const action = bulkAction(job.action);
    if (!action) throw new Error(`No bulk action ${job.action}`);
    const user = await loadStaffUser(db, job.staff_id);
    if (!user || (!user.enabled && !user.owner)) {
      await finish({ status: "failed", error: DEACTIVATED });
      return;
    }
    const actor = { user, scope: job.scope as Scope };
    // Failed rows not saved yet: the saved count never passes one, so a resume never loses a failure's reason.
    let unsaved = false;
    const progress = batchedProgress(() => {
      unsaved = false;
      return db.update(bulkJobs).set(counts()).where(eq(bulkJobs.id, jobId));
    });
    await applyBulk(
      job.targets.slice(job.processed),
      (id) => action.each(app, actor, id, job.params),
      async ({ failure }) => {
        processed += 1;
        if (failure) {
          failed.push(failure);
          unsaved = true;
        } else doneCount += 1;
        // A row done is saved at once (a small write beside the row's own), so a resume after a crash goes on from the
        // next row, not from a batch ago; failures (their list rewritten whole) are saved in batches with the count.
        if (unsaved) await progress.report(processed, job.total);
        else await db.update(bulkJobs).set({ processed, done_count: doneCount, heartbeat_at: new Date() }).where(eq(bulkJobs.id, jobId));
      },
    );
    await finish({ status: "done", error: null });
  } catch (error) {
    app.log.error({ err: error, bulkJob: jobId }, "bulk job failed");
    // A 5xx never shows internals (DESIGN section 3); the rows done so far stay done and counted.
    await finish({ status: "failed", error: SERVER_ERROR });
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Deletes the bulk jobs that ended (done or failed) more than BULK_JOB_KEEP_DAYS ago; queued and running ones stay,
 * however old (a stopped process's job is taken up again by the recovery). Answers how many were deleted.
 */
export async function deleteFinishedBulkJobs(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - BULK_JOB_KEEP_DAYS * 86_400_000);
  const deleted = await db
    .delete(bulkJobs)
    .where(and(inArray(bulkJobs.status, ["done", "failed"]), lt(bulkJobs.finished_at, before)))
    .returning({ id: bulkJobs.id });
  return deleted.length;
}
