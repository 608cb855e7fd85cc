import type { FastifyInstance } from "fastify";
import { publicOrigin } from "../lib/public-url";
import { DECLINE_EXPIRED_JOB, type DeclineExpiredParams, runDeclineExpiredProofs } from "./decline-expired-proofs";
import { EXPORT_POLICIES_JOB, runPolicyExport } from "./export-policies";

/** Every background job and the function that does it: one list, registered once per process. */
export async function registerJobHandlers(app: FastifyInstance): Promise<void> {
  await app.jobs.work<{ exportId: number }>(EXPORT_POLICIES_JOB, (data) =>
    runPolicyExport({ db: app.db, files: app.files, mailer: app.mailer, filesSecret: app.env.FILES_SECRET, publicUrl: publicOrigin(app.env) }, data.exportId),
  );
  await app.jobs.work<DeclineExpiredParams>(DECLINE_EXPIRED_JOB, async (data) => {
    await runDeclineExpiredProofs(app, data);
  });
}
