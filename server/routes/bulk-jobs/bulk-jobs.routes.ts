import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bulkJobs } from "../../db/schema";
import { bulkJobJson } from "../../lib/bulk";
import { NotFoundError } from "../../lib/errors";
import { idParams } from "../../lib/input";
import { requireCaller } from "../../plugins/auth";

/**
 * A bulk job as the console polls it: rows finished of the total, done, and each failed row named with its reason.
 * Only the staff member who started it reads it; anyone else gets the 404 of a job that does not exist.
 */
export const bulkJobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/bulk_jobs/:id", { schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    const [job] = await app.db
      .select()
      .from(bulkJobs)
      .where(and(eq(bulkJobs.id, request.params.id), eq(bulkJobs.staff_id, caller.user.id)));
    if (!job) throw new NotFoundError({ message: "Bulk job not found" });
    return bulkJobJson(job);
  });
};
