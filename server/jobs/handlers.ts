import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { Author } from "../lib/history";
import { publicOrigin } from "../lib/public-url";
import { BULK_JOB } from "../lib/bulk";
import { BULK_CLEANUP_CRON, BULK_CLEANUP_JOB, deleteFinishedBulkJobs, runBulkJob } from "./bulk-job";
import { DECLINE_EXPIRED_JOB, type DeclineExpiredParams, runDeclineExpiredProofs } from "./decline-expired-proofs";
import { EXPORT_LEADS_JOB, runLeadExport } from "./export-leads";
import { BUILD_REPORT_JOB, runReport } from "./build-report";
import { CURSOR_FROM, EXPORT_POLICIES_JOB, runPolicyExport } from "./export-policies";
import { RECONCILE_CRON, RECONCILE_JOB, reconcilePayments } from "../billing/reconcile";
import { sweepFiles } from "../files/sweep";
import { RECOVER_EXPORTS_CRON, RECOVER_EXPORTS_JOB, requeueStaleExports } from "./export-recovery";
import { recomputeLeaseStatuses } from "../routes/leases/leases.service";
import { LEGACY_IMPORT_JOB, runLegacyImport } from "../routes/legacy-import/legacy-import.service";
import { IMPORT_INSURABLES_JOB, runPropertyImport } from "../routes/insurables/insurables.import";
import { CSV_IMPORT_JOB, runCsvImport } from "../routes/csv-imports/csv-imports.service";
import { NIGHTLY_SYNC_CRON, NIGHTLY_SYNC_JOB, SYNC_JOB, requeueInterruptedRuns, runSync, startNightlyRuns } from "../integrations/sync";
import { integrationSecret } from "../integrations/secret";
import { SNAPSHOT_CRON, SNAPSHOT_JOB, writeSnapshot } from "../reporting/snapshots";
import { daysBefore, reportToday } from "../../src/domain/leads";
import { ACCEPT_JOB, GROUP_ROW_JOB, recoverGroups, rowJobs, runAcceptGroup, runGroupRows } from "../routes/policy-application-groups/groups.service";
import { REMINDERS_CRON, REMINDERS_JOB, sendScheduledReminders } from "../routes/compliance/reminders.service";
import { AUTO_ASSIGN_CRON, AUTO_ASSIGN_JOB, MASTER_CANCEL_JOB, type MasterCancelJob, runAutoAssign, runMasterCancel } from "../routes/master-policies/master-policies.coverage";

export const RECOVER_GROUPS_JOB = "recover-rent-guarantee-rows";

/** Lease statuses follow their dates (reference section 3.4): recomputed every night, just after midnight in Los Angeles. */
export const LEASE_STATUS_JOB = "lease-statuses";
export const LEASE_STATUS_CRON = "10 8 * * *";

/** Every background job and the function that does it: one list, registered once per process. */
export async function registerJobHandlers(app: FastifyInstance): Promise<void> {
  await app.jobs.work<{ exportId: number }>(EXPORT_POLICIES_JOB, (data) =>
    runPolicyExport(
      {
        db: app.db,
        files: app.files,
        mailer: app.mailer,
        filesSecret: app.env.FILES_SECRET,
        publicUrl: publicOrigin(app.env),
        cursor: app.databaseKind === "postgres" ? { from: CURSOR_FROM, progressOnPool: true } : undefined,
      },
      data.exportId,
    ),
  );
  await app.jobs.work<{ importId: number }>(IMPORT_INSURABLES_JOB, async (data) => {
    await runPropertyImport(
      {
        db: app.db,
        open: (key) => app.files.open(key),
        saveResult: async (csv) => (await app.files.put("insurable-import-results", Readable.from([Buffer.from(csv)]))).key,
        mail: (to, subject, text, id) => app.mailer.send({ to, subject, text, template: "insurables_import", related: { type: "InsurableImport", id } }),
        progressOnPool: app.databaseKind === "postgres",
      },
      data.importId,
    );
  });
  await app.jobs.work<{ importId: number }>(CSV_IMPORT_JOB, (data) =>
    runCsvImport(
      {
        db: app.db,
        open: (key) => app.files.open(key),
        saveResult: async (csv) => (await app.files.put("csv-import-results", Readable.from([Buffer.from(csv)]))).key,
        mailer: app.mailer,
        progressOnPool: app.databaseKind === "postgres",
      },
      data.importId,
    ),
  );
  await app.jobs.work<{ importId: number }>(LEGACY_IMPORT_JOB, (data) => runLegacyImport({ db: app.db, files: app.files }, data.importId));
  await app.jobs.work<{ exportId: number }>(EXPORT_LEADS_JOB, (data) =>
    runLeadExport({ db: app.db, files: app.files, mailer: app.mailer, filesSecret: app.env.FILES_SECRET, publicUrl: publicOrigin(app.env) }, data.exportId),
  );
  await app.jobs.work<{ reportId: number }>(BUILD_REPORT_JOB, (data) =>
    runReport({ db: app.db, files: app.files, mailer: app.mailer, filesSecret: app.env.FILES_SECRET, publicUrl: publicOrigin(app.env) }, data.reportId),
  );
  // A grid's bulk action over more rows than a request should take (issue 17 section 5).
  await app.jobs.work<{ jobId: number }>(BULK_JOB, (data) => runBulkJob(app, data.jobId));
  await app.jobs.work<DeclineExpiredParams>(DECLINE_EXPIRED_JOB, async (data) => {
    await runDeclineExpiredProofs(app, data);
  });
  // The coverage snapshot of a date (default: the Los Angeles day that just ended); a second run replaces it.
  await app.jobs.work<{ date?: string }>(SNAPSHOT_JOB, async (data) => {
    const date = data?.date ?? daysBefore(reportToday(), 1);
    const rows = await writeSnapshot(app.db, date);
    app.log.info({ date, rows }, "coverage snapshot written");
  });
  // Rent-guarantee mass import: one job per chunk of ROW_CHUNK sheet rows, priced set-wise (a job queued before
  // chunks names one row); then, once a group is accepted and paid, one job that creates its policies.
  await app.jobs.work<{ applicationIds?: number[]; applicationId?: number }>(
    GROUP_ROW_JOB,
    (data) => runGroupRows(app.db, data.applicationIds ?? (data.applicationId ? [data.applicationId] : [])),
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
  );
  await app.jobs.work<{ groupId: number; author: Author }>(
    ACCEPT_JOB,
    async (data) => {
      await runAcceptGroup(app.db, data.groupId, data.author);
    },
    { pollingIntervalSeconds: 0.5 },
  );
  await app.jobs.work<MasterCancelJob>(MASTER_CANCEL_JOB, (data) => runMasterCancel(app.db, data));
  await app.jobs.work<{ runId: number }>(SYNC_JOB, async (data) => {
    const run = await runSync(app.db, await integrationSecret(app), data.runId);
    if (run) app.log.info({ run: run.id, status: run.status, created: run.created_count, updated: run.updated_count, errors: run.error_count }, "integration sync");
  });
  await app.jobs.work(NIGHTLY_SYNC_JOB, async () => {
    await startNightlyRuns(app.db, (runId) => app.jobs.send(SYNC_JOB, { runId }));
  });
  await app.jobs.work(REMINDERS_JOB, async () => {
    const done = await sendScheduledReminders(app.db, app.mailer, { secret: app.env.FILES_SECRET, origin: publicOrigin(app.env) });
    if (done.sent) app.log.info(done, "compliance reminders sent");
  });
  await app.jobs.work(AUTO_ASSIGN_JOB, async () => {
    const done = await runAutoAssign(app.db);
    if (done.covered || done.uncovered) app.log.info(done, "master policy auto-assign");
  });
}

/** The mass imports' recovery (recoverGroups) with this process's queue. */
export function recoverImports(app: FastifyInstance, options: { anyAge: boolean }) {
  return recoverGroups(
    app.db,
    (ids) => app.jobs.sendMany(GROUP_ROW_JOB, rowJobs(ids)),
    (groupId, author) => app.jobs.send(ACCEPT_JOB, { groupId, author }),
    options,
  );
}

/** Writes in flight on another process are younger than this; the sweep leaves them alone. */
const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Work that runs on its own: payments left `processing` by a crash are settled with the gateway once at start (any
 * age: nothing of this process is in flight yet) and then every five minutes; exports left running by a dead process
 * are queued again at start and every minute; files a crash left behind are swept at start (issue 9, hole 7). "Any
 * age" holds only when this is the only process (API_PROCESSES=1); with more, only what is old enough to be dead.
 */
export async function startSchedules(app: FastifyInstance): Promise<void> {
  const alone = app.env.API_PROCESSES === 1;
  await app.jobs.work(RECOVER_EXPORTS_JOB, async () => {
    await requeueStaleExports(app, { anyAge: false });
  });
  await app.jobs.schedule(RECOVER_EXPORTS_JOB, RECOVER_EXPORTS_CRON);
  const requeued = await requeueStaleExports(app, { anyAge: alone });
  if (requeued.length) app.log.info({ exports: requeued }, "exports left running by a stopped process queued again");
  // In the background: a large store takes a while to walk, and nothing waits for it.
  const sweptBefore = new Date(alone ? Date.now() : Date.now() - SWEEP_MIN_AGE_MS);
  void sweepFiles(app.db, app.files, sweptBefore).then(
    (swept) => {
      if (swept.partial || swept.orphans) app.log.info(swept, "files left by a stopped process removed");
    },
    (error) => app.log.error(error, "sweeping the file store failed"),
  );

  await app.jobs.work(RECONCILE_JOB, async () => {
    await reconcilePayments(app);
  });
  await app.jobs.schedule(RECONCILE_JOB, RECONCILE_CRON);
  await app.jobs.work(LEASE_STATUS_JOB, async () => {
    const changed = await recomputeLeaseStatuses(app.db);
    if (changed) app.log.info({ changed }, "lease statuses recomputed");
  });
  await app.jobs.schedule(LEASE_STATUS_JOB, LEASE_STATUS_CRON);
  // Master policies cover and uncover units as leases and policies change (issue 15: auto-assign that really runs).
  await app.jobs.schedule(AUTO_ASSIGN_JOB, AUTO_ASSIGN_CRON);
  // Integrations sync every night; a run a stopped process left behind goes on from the properties it finished.
  await app.jobs.schedule(NIGHTLY_SYNC_JOB, NIGHTLY_SYNC_CRON);
  const resumed = await requeueInterruptedRuns(app.db, (runId) => app.jobs.send(SYNC_JOB, { runId }), { anyAge: alone });
  if (resumed.length) app.log.info({ runs: resumed }, "integration syncs left running by a stopped process queued again");
  // Coverage snapshots every night, after the lease statuses (document 3 section 3, issue 16).
  await app.jobs.schedule(SNAPSHOT_JOB, SNAPSHOT_CRON);
  // Grids' bulk jobs are kept BULK_JOB_KEEP_DAYS after they end (src/domain/bulk.ts), then deleted.
  await app.jobs.work(BULK_CLEANUP_JOB, async () => {
    const deleted = await deleteFinishedBulkJobs(app.db);
    if (deleted) app.log.info({ deleted }, "finished bulk jobs deleted");
  });
  await app.jobs.schedule(BULK_CLEANUP_JOB, BULK_CLEANUP_CRON);
  // Residents whose cover ends in 30, 14 or 3 days (their account's days) are reminded every morning (issue 17).
  await app.jobs.schedule(REMINDERS_JOB, REMINDERS_CRON);
  try {
    const settled = await reconcilePayments(app, 0);
    if (settled.charges || settled.refunds) app.log.info(settled, "payments settled with the gateway at start");
  } catch (error) {
    // The schedule tries again in five minutes; a gateway that is down must not stop the console from starting.
    app.log.error(error, "settling payments at start failed");
  }
  // Mass-import rows a stopped process held or never queued are queued again, at start and every minute; so are
  // accepts it left creating policies, or left paid (settled just above) but not moved on.
  await app.jobs.work(RECOVER_GROUPS_JOB, async () => {
    await recoverImports(app, { anyAge: false });
  });
  await app.jobs.schedule(RECOVER_GROUPS_JOB, "* * * * *");
  const recovered = await recoverImports(app, { anyAge: alone });
  if (recovered.rows || recovered.groups || recovered.accepting || recovered.paid) app.log.info(recovered, "mass imports left by a stopped process resumed");
}
