import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { documents, policies } from "../../db/schema";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { recordHistory, staffAuthor } from "../../lib/history";
import { queryRows } from "../../lib/list";
import type { Caller } from "../../plugins/auth";
import { policyScopeCondition } from "./policies.scope";

/**
 * Permanently deletes an external policy (a proof of coverage) in the caller's scope, with its documents' files.
 * In-system policies are never deleted: they carry invoices and payments.
 */
export async function deleteExternalPolicy(app: FastifyInstance, caller: Caller, id: number): Promise<void> {
  const scope = policyScopeCondition(caller.scope, caller.user.role);
  const [policy] = await queryRows<{ id: number; number: string; policy_in_system: boolean; status: string }>(
    app.db,
    sql`SELECT po.id, po.number, po.policy_in_system, po.status FROM policies po WHERE po.id = ${id} ${sql.join(scope.map((c) => sql` AND ${c}`), sql``)}`,
  );
  if (!policy) throw new NotFoundError("Policy");
  if (policy.policy_in_system) throw new ValidationError({ policy: "Only external policies can be deleted" }, "Only external policies can be deleted");
  const files = await app.db.transaction(async (tx) => {
    const removed = await tx
      .delete(documents)
      .where(and(eq(documents.attachable_type, "Policy"), eq(documents.attachable_id, id)))
      .returning({ key: documents.storage_key });
    await tx.delete(policies).where(eq(policies.id, id));
    await recordHistory(tx as never, {
      type: "Policy",
      id,
      action: "remove",
      author: staffAuthor(caller.user),
      process: "console",
      changes: { number: { previous_value: policy.number, new_value: null }, status: { previous_value: policy.status, new_value: null } },
    });
    return removed;
  });
  // Files go after the commit: a failed transaction must not lose them.
  await Promise.all(files.map((file) => app.files.remove(file.key)));
}
