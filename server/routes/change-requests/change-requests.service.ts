import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { PENDING_CHANGE_REQUEST_STATUSES } from "../../../src/domain/policies";
import type { RefundAction } from "../../../src/domain/refunds";
import { refundParts, retryRefund } from "../../billing/refunds";
import type { Db } from "../../db/client";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { recordHistory, staffAuthor } from "../../lib/history";
import { type ListInput, parseListParams, queryRows, runList } from "../../lib/list";
import type { Caller } from "../../plugins/auth";
import { policyScopeCondition } from "../policies/policies.scope";
import { findPolicyRow } from "../policies/policy-detail";
import { assertCancellable, type Cancellation, cancelPolicyInTx, previewRefund, settleCancellation } from "./cancel-policy";
import { type ChangeRequestRow, changeRequestFrom, changeRequestJson, changeRequestListQuery, changeRequestListSpec, changeRequestSelect } from "./change-requests.rows";

export const ALREADY_PENDING = "A cancellation request of this type is already pending for this policy";
export const NOT_PENDING = "The change request is not pending";
export const NO_REFUND = "There is no refund to retry";

const pending = sql.join(PENDING_CHANGE_REQUEST_STATUSES.map((s) => sql`${s}`), sql`, `);

async function findChangeRequest(db: Db, caller: Caller, id: number): Promise<ChangeRequestRow> {
  const scope = policyScopeCondition(caller.scope, caller.user.role);
  const [row] = await queryRows<ChangeRequestRow>(
    db,
    sql`SELECT ${changeRequestSelect} FROM ${changeRequestFrom} WHERE cr.id = ${id} ${sql.join(scope.map((c) => sql` AND ${c}`), sql``)}`,
  );
  if (!row) throw new NotFoundError("Change request");
  return row;
}

/**
 * One request (docs/API.md "ChangeRequest"), with what the change request page shows besides the list row: the refund
 * approval would give while it is pending (computed as approval computes it), and the refund's parts at the gateway.
 */
export async function getChangeRequest(db: Db, caller: Caller, id: number) {
  const row = await findChangeRequest(db, caller, id);
  const json = changeRequestJson(row);
  const refund = row.refund as { id: number } | null;
  const isPending = (PENDING_CHANGE_REQUEST_STATUSES as readonly string[]).includes(String(row.status));
  const changeable = row.changeable as { id: number };
  return {
    ...json,
    refund: refund ? { ...refund, parts: await refundParts(db, refund.id) } : null,
    refund_preview: isPending ? await previewRefund(db, changeable.id, row.customized_action as RefundAction, String(row.cancellation_date)) : null,
  };
}

export async function listChangeRequests(db: Db, caller: Caller, input: ListInput) {
  const params = parseListParams(input, changeRequestListSpec, { defaultPer: 20 });
  const result = await runList<ChangeRequestRow>(db, changeRequestListQuery(policyScopeCondition(caller.scope, caller.user.role)), params);
  return { ...result, rows: result.rows.map(changeRequestJson) };
}

/** The Cancel/Refund dialog's request (document 2 sections 4 and 7): checked, then kept for a super admin to decide. */
export async function requestCancellation(app: FastifyInstance, caller: Caller, input: { changeable_id: number; customized_action: RefundAction; cancellation_date: string }) {
  const policy = await findPolicyRow(app, caller, input.changeable_id);
  const id = await app.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Locks the policy so two identical requests at once meet here, not at the unique index.
    const [locked] = await queryRows<Parameters<typeof assertCancellable>[0]>(
      tx,
      sql`SELECT status, policy_in_system, effective_date::text, expiration_date::text, cancellation_date::text FROM policies WHERE id = ${policy.id} FOR UPDATE`,
    );
    assertCancellable(locked, input.cancellation_date);
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

/**
 * Approval carries the cancellation out in one transaction (policy, invoices, refund and its parts recorded), then,
 * after the commit, sends the refund to the gateway and mails the customer. A refused refund leaves the request
 * approved with its refund failed, for a retry (docs/API.md "Cancel and refund").
 */
export async function approveChangeRequest(app: FastifyInstance, caller: Caller, id: number) {
  await findChangeRequest(app.db, caller, id);
  const author = staffAuthor(caller.user);
  const { cancellation, result } = await app.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const request = await lockPending(tx, id);
    const cancellation: Cancellation = { policyId: request.changeable_id, date: request.cancellation_date, refund: request.customized_action, changeRequestId: request.id, author };
    const result = await cancelPolicyInTx(tx, app.gateway.name, cancellation);
    await tx.execute(sql`UPDATE change_requests SET status = 'approved', decided_by_id = ${caller.user.id}, decided_at = now(),
      refund_amount = ${result.refund?.total ?? null}, updated_at = now() WHERE id = ${id}`);
    return { cancellation, result };
  });
  await settleCancellation(app, cancellation, result);
  return getChangeRequest(app.db, caller, id);
}

/** Retries the refund of an approved request whose refund failed (or got no answer). */
export async function retryChangeRequestRefund(app: FastifyInstance, caller: Caller, id: number) {
  const row = await findChangeRequest(app.db, caller, id);
  const refund = row.refund as { id: number } | null;
  if (!refund) throw new ValidationError({ refund: NO_REFUND }, NO_REFUND);
  await retryRefund(app, refund.id, staffAuthor(caller.user));
  return getChangeRequest(app.db, caller, id);
}

/** Retries the refund of a cancelled policy (a request's or a direct refund's). */
export async function retryPolicyRefund(app: FastifyInstance, caller: Caller, policyId: number) {
  await findPolicyRow(app, caller, policyId);
  const [refund] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM refunds WHERE policy_id = ${policyId} ORDER BY id DESC LIMIT 1`);
  if (!refund) throw new ValidationError({ refund: NO_REFUND }, NO_REFUND);
  await retryRefund(app, refund.id, staffAuthor(caller.user));
}

export async function declineChangeRequest(app: FastifyInstance, caller: Caller, id: number, reason: string) {
  await findChangeRequest(app.db, caller, id);
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

/**
 * A super admin's direct cancel (no refund) or refund (with one), without a request (docs/API.md): the same checks,
 * transaction and gateway step as an approval.
 */
export async function cancelDirectly(app: FastifyInstance, caller: Caller, policyId: number, date: string, refund: RefundAction | null) {
  await findPolicyRow(app, caller, policyId);
  const cancellation: Cancellation = { policyId, date, refund, author: staffAuthor(caller.user) };
  const result = await app.db.transaction((tx) => cancelPolicyInTx(tx as unknown as Db, app.gateway.name, cancellation));
  await settleCancellation(app, cancellation, result);
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
