import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { PENDING_CHANGE_REQUEST_STATUSES, REFUNDABLE_POLICY_STATUSES, type PolicyStatus } from "../../../src/domain/policies";
import { type RefundAction, withinTerm } from "../../../src/domain/refunds";
import type { Db } from "../../db/client";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { recordHistory, staffAuthor } from "../../lib/history";
import { type ListInput, parseListParams, queryRows, runList } from "../../lib/list";
import type { Caller } from "../../plugins/auth";
import { policyScopeCondition } from "../policies/policies.scope";
import { findPolicyRow } from "../policies/policy-detail";
import { cancelPolicyInTx, mailCancellation } from "./cancel-policy";
import { type ChangeRequestRow, changeRequestFrom, changeRequestJson, changeRequestListQuery, changeRequestListSpec, changeRequestSelect } from "./change-requests.rows";

export const ALREADY_PENDING = "A cancellation request of this type is already pending for this policy";
export const NOT_REFUNDABLE = "The policy cannot be cancelled in its current status";
export const OUTSIDE_TERM = "The cancellation date must be within the policy term";
export const NOT_PENDING = "The change request is not pending";

const pending = sql.join(PENDING_CHANGE_REQUEST_STATUSES.map((s) => sql`${s}`), sql`, `);

export async function getChangeRequest(db: Db, caller: Caller, id: number) {
  const scope = policyScopeCondition(caller.scope, caller.user.role);
  const [row] = await queryRows<ChangeRequestRow>(
    db,
    sql`SELECT ${changeRequestSelect} FROM ${changeRequestFrom} WHERE cr.id = ${id} ${sql.join(scope.map((c) => sql` AND ${c}`), sql``)}`,
  );
  if (!row) throw new NotFoundError("Change request");
  return changeRequestJson(row);
}

export async function listChangeRequests(db: Db, caller: Caller, input: ListInput) {
  const params = parseListParams(input, changeRequestListSpec, { defaultPer: 20 });
  const result = await runList<ChangeRequestRow>(db, changeRequestListQuery(policyScopeCondition(caller.scope, caller.user.role)), params);
  return { ...result, rows: result.rows.map(changeRequestJson) };
}

/** The Cancel/Refund dialog's request (document 2 sections 4 and 7): checked, then kept for a super admin to decide. */
export async function requestCancellation(app: FastifyInstance, caller: Caller, input: { changeable_id: number; customized_action: RefundAction; cancellation_date: string }) {
  const policy = await findPolicyRow(app, caller, input.changeable_id);
  if (!policy.policy_in_system || !REFUNDABLE_POLICY_STATUSES.includes(policy.status as PolicyStatus)) {
    throw new ValidationError({ changeable_id: NOT_REFUNDABLE }, NOT_REFUNDABLE);
  }
  if (!withinTerm(input.cancellation_date, policy.effective_date, policy.expiration_date)) {
    throw new ValidationError({ cancellation_date: OUTSIDE_TERM }, OUTSIDE_TERM);
  }
  const id = await app.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Locks the policy so two identical requests at once meet here, not at the unique index.
    await tx.execute(sql`SELECT id FROM policies WHERE id = ${policy.id} FOR UPDATE`);
    const [existing] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM change_requests WHERE changeable_type = 'Policy' AND changeable_id = ${policy.id}
          AND customized_action = ${input.customized_action} AND status IN (${pending})`,
    );
    if (existing) throw new ValidationError({ customized_action: ALREADY_PENDING }, ALREADY_PENDING);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO change_requests (changeable_type, changeable_id, customized_action, cancellation_date, requestable_type, requestable_id)
          VALUES ('Policy', ${policy.id}, ${input.customized_action}, ${input.cancellation_date}, 'Staff', ${caller.user.id}) RETURNING id`,
    );
    await recordHistory(tx, {
      type: "Policy",
      id: policy.id,
      action: "create_related",
      author: staffAuthor(caller.user),
      process: "console",
      changes: { change_request: { previous_value: null, new_value: `${input.customized_action} from ${input.cancellation_date}` } },
    });
    return row.id;
  });
  return getChangeRequest(app.db, caller, id);
}

/** Locks a pending request of the caller's scope, or refuses. */
async function lockPending(tx: Db, id: number) {
  const [request] = await queryRows<{ id: number; status: string; changeable_id: number; customized_action: RefundAction; cancellation_date: string }>(
    tx,
    sql`SELECT id, status, changeable_id, customized_action, cancellation_date::text FROM change_requests WHERE id = ${id} FOR UPDATE`,
  );
  if (!request) throw new NotFoundError("Change request");
  if (!(PENDING_CHANGE_REQUEST_STATUSES as readonly string[]).includes(request.status)) throw new ValidationError({ status: NOT_PENDING }, NOT_PENDING);
  return request;
}

/** Approval carries the cancellation out (one transaction), then mails the customer. */
export async function approveChangeRequest(app: FastifyInstance, caller: Caller, id: number) {
  await getChangeRequest(app.db, caller, id);
  const { request, result } = await app.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const request = await lockPending(tx, id);
    const result = await cancelPolicyInTx(tx, {
      policyId: request.changeable_id,
      date: request.cancellation_date,
      refund: request.customized_action,
      changeRequestId: request.id,
      author: staffAuthor(caller.user),
    });
    await tx.execute(sql`UPDATE change_requests SET status = 'approved', decided_by_id = ${caller.user.id}, decided_at = now(),
      refund_amount = ${result.refund}, updated_at = now() WHERE id = ${id}`);
    return { request, result };
  });
  await mailCancellation(app, request.changeable_id, request.cancellation_date, result);
  return getChangeRequest(app.db, caller, id);
}

export async function declineChangeRequest(app: FastifyInstance, caller: Caller, id: number, reason: string) {
  await getChangeRequest(app.db, caller, id);
  await app.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const request = await lockPending(tx, id);
    await tx.execute(sql`UPDATE change_requests SET status = 'declined', decided_by_id = ${caller.user.id}, decided_at = now(),
      decline_reason = ${reason}, updated_at = now() WHERE id = ${id}`);
    await recordHistory(tx, {
      type: "Policy",
      id: request.changeable_id,
      action: "update_related",
      author: staffAuthor(caller.user),
      process: "console",
      changes: { change_request: { previous_value: request.customized_action, new_value: `declined: ${reason}` } },
    });
  });
  return getChangeRequest(app.db, caller, id);
}

/** A super admin's direct cancel (no refund) or refund (with one), without a request (docs/API.md). */
export async function cancelDirectly(app: FastifyInstance, caller: Caller, policyId: number, date: string, refund: RefundAction | null) {
  const policy = await findPolicyRow(app, caller, policyId);
  if (!policy.policy_in_system) throw new ValidationError({ policy: NOT_REFUNDABLE }, NOT_REFUNDABLE);
  const result = await app.db.transaction((tx) => cancelPolicyInTx(tx as unknown as Db, { policyId, date, refund, author: staffAuthor(caller.user) }));
  await mailCancellation(app, policyId, date, result);
}

/** Changes the action of the policy's pending request (cancel_type). */
export async function changePendingAction(app: FastifyInstance, caller: Caller, policyId: number, action: RefundAction) {
  await findPolicyRow(app, caller, policyId);
  const rows = await queryRows<{ id: number }>(
    app.db,
    sql`UPDATE change_requests SET customized_action = ${action}, updated_at = now()
        WHERE changeable_type = 'Policy' AND changeable_id = ${policyId} AND status IN (${pending}) RETURNING id`,
  );
  if (rows.length === 0) throw new ValidationError({ policy: "The policy has no pending cancellation request" }, "The policy has no pending cancellation request");
}
