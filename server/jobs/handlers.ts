import type { FastifyInstance } from "fastify";
import { publicOrigin } from "../lib/public-url";
import { DECLINE_EXPIRED_JOB, type DeclineExpiredParams, runDeclineExpiredProofs } from "./decline-expired-proofs";
import { EXPORT_POLICIES_JOB, runPolicyExport } from "./export-policies";
import { RECONCILE_CRON, RECONCILE_JOB, reconcilePayments } from "../billing/reconcile";

/** Every background job and the function that does it: one list, registered once per process. */
export async function registerJobHandlers(app: FastifyInstance): Promise<void> {
  await app.jobs.work<{ exportId: number }>(EXPORT_POLICIES_JOB, (data) =>
    runPolicyExport({ db: app.db, files: app.files, mailer: app.mailer, filesSecret: app.env.FILES_SECRET, publicUrl: publicOrigin(app.env) }, data.exportId),
  );
  await app.jobs.work<DeclineExpiredParams>(DECLINE_EXPIRED_JOB, async (data) => {
    await runDeclineExpiredProofs(app, data);
  });
}

/**
 * Work that runs on its own: payments left `processing` by a crash are settled with the gateway once at start (any
 * age: nothing of this process is in flight yet) and then every five minutes.
 */
export async function startSchedules(app: FastifyInstance): Promise<void> {
  await app.jobs.work(RECONCILE_JOB, async () => {
    await reconcilePayments(app);
  });
  await app.jobs.schedule(RECONCILE_JOB, RECONCILE_CRON);
  try {
    const settled = await reconcilePayments(app, 0);
    if (settled.charges || settled.refunds) app.log.info(settled, "payments settled with the gateway at start");
  } catch (error) {
    // The schedule tries again in five minutes; a gateway that is down must not stop the console from starting.
    app.log.error(error, "settling payments at start failed");
  }
}
