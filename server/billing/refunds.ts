import { sql } from "drizzle-orm";
import type { MoneyByKind, RefundBreakdown } from "../../src/domain/refunds";
import type { RefundStatus } from "../../src/domain/policies";
import { moneyChange } from "../../src/domain/history";
import { formatCents as dollars } from "../../src/domain/money";
import type { Db } from "../db/client";
import { ValidationError } from "../lib/errors";
import { type Author, recordHistory, SYSTEM_AUTHOR } from "../lib/history";
import { queryRows } from "../lib/list";
import type { Mailer } from "../mail/mailer";
import type { PaymentGateway, RefundOutcome } from "./gateway";
import { invoiceOfPolicy } from "./ownership";
import { mailRefundIssued } from "./refund-mail";

/** What the refund functions need: the database, the gateway, and the mailer for "your refund was issued". */
export interface BillingDeps {
  db: Db;
  gateway: PaymentGateway;
  mailer: Mailer;
}

export const SHORTFALL = (cents: string) => `No gateway charge of this policy is left to refund ${cents} to; return it by hand.`;
export const ALREADY_ISSUED = "The refund has already been issued";

/** What a policy's refund is computed from: money received by kind, and the term's premium and tax (its quote). */
export interface RefundBasis {
  received: MoneyByKind;
  totalPremium: number;
  totalTax: number;
}

/**
 * Received money by payment-line type (document 3 section 3): premium lines (policy and master premium), tax lines,
 * and the rest (fees, other). Money an invoice received without lines saying what for counts as premium.
 */
export async function refundBasis(db: Db, policyId: number): Promise<RefundBasis> {
  const [row] = await queryRows<Record<"invoices" | "premium" | "tax" | "other" | "total_premium" | "total_tax" | "premium_total", string | number | null>>(
    db,
    sql`WITH inv AS (SELECT i.id, i.total_received FROM invoices i WHERE ${invoiceOfPolicy(policyId)}),
          lines AS (SELECT li.analytics_category AS kind, li.total_received FROM line_items li JOIN inv ON inv.id = li.invoice_id)
        SELECT (SELECT coalesce(sum(total_received), 0) FROM inv) AS invoices,
          (SELECT coalesce(sum(total_received), 0) FROM lines WHERE kind IN ('policy_premium', 'master_policy_premium')) AS premium,
          (SELECT coalesce(sum(total_received), 0) FROM lines WHERE kind = 'policy_tax') AS tax,
          (SELECT coalesce(sum(total_received), 0) FROM lines WHERE kind NOT IN ('policy_premium', 'master_policy_premium', 'policy_tax')) AS other,
          q.total_premium, q.total_tax, po.premium_total
        FROM policies po LEFT JOIN LATERAL (SELECT total_premium, total_tax FROM policy_quotes WHERE policy_id = po.id ORDER BY id DESC LIMIT 1) q ON true
        WHERE po.id = ${policyId}`,
  );
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  const unitemised = Math.max(0, n(row.invoices) - n(row.premium) - n(row.tax) - n(row.other));
  return {
    received: { premium: n(row.premium) + unitemised, tax: n(row.tax), fee: n(row.other) },
    totalPremium: row.total_premium !== null ? n(row.total_premium) : n(row.premium_total),
    totalTax: n(row.total_tax),
  };
}

/**
 * Writes a cancellation's refund inside its transaction: the row, then its parts taken from the charges that paid the
 * policy, newest first, each `processing` with its idempotency key. Nothing is sent to the gateway here: the caller
 * commits, then calls `settleRefund`, so a rolled-back cancellation never moved money and a crash after the commit
 * leaves parts that reconciliation settles.
 */
export async function createRefund(
  tx: Db,
  gatewayName: string,
  r: { policyId: number; changeRequestId: number | null; breakdown: RefundBreakdown; reason: string; staffId: number | null },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO refunds (policy_id, change_request_id, amount, premium, tax, fee, status, reason, staff_id)
        VALUES (${r.policyId}, ${r.changeRequestId}, ${r.breakdown.total}, ${r.breakdown.premium}, ${r.breakdown.tax}, ${r.breakdown.fee},
          ${r.breakdown.total > 0 ? "pending" : "succeeded"}, ${r.reason}, ${r.staffId}) RETURNING id`,
  );
  if (r.breakdown.total > 0) await allocate(tx, gatewayName, row.id);
  return row.id;
}

/**
 * Splits what is still to be returned (the amount less the parts succeeded or under way) over the policy's charges,
 * newest first, each up to what is left of it after earlier refunds. A shortfall (money received outside the
 * gateway) fails the refund with a message saying so.
 */
async function allocate(tx: Db, gatewayName: string, refundId: number): Promise<void> {
  const [refund] = await queryRows<{ policy_id: number; amount: string | number; taken: string | number; attempt: number }>(
    tx,
    sql`SELECT r.policy_id, r.amount,
          (SELECT coalesce(sum(cr.amount), 0) FROM charge_refunds cr WHERE cr.refund_id = r.id AND cr.status IN ('processing', 'succeeded')) AS taken,
          (SELECT coalesce(max(cr.attempt), 0) FROM charge_refunds cr WHERE cr.refund_id = r.id) + 1 AS attempt
        FROM refunds r WHERE r.id = ${refundId}`,
  );
  let left = Number(refund.amount) - Number(refund.taken);
  if (left <= 0) return;
  const charges = await queryRows<{ id: number; available: string | number }>(
    tx,
    sql`SELECT c.id, c.amount - coalesce((SELECT sum(cr.amount) FROM charge_refunds cr WHERE cr.charge_id = c.id AND cr.status IN ('processing', 'succeeded')), 0) AS available
        FROM charges c JOIN invoices i ON i.id = c.invoice_id
        WHERE ${invoiceOfPolicy(refund.policy_id)} AND c.status = 'succeeded' AND c.gateway_charge_id IS NOT NULL
        ORDER BY c.created_at DESC, c.id DESC`,
  );
  for (const charge of charges) {
    const part = Math.min(left, Number(charge.available));
    if (part <= 0) continue;
    await tx.execute(sql`INSERT INTO charge_refunds (refund_id, charge_id, amount, attempt, status, gateway, idempotency_key)
      VALUES (${refundId}, ${charge.id}, ${part}, ${refund.attempt}, 'processing', ${gatewayName}, ${`refund-${refundId}-attempt-${refund.attempt}-charge-${charge.id}`})`);
    left -= part;
    if (left === 0) break;
  }
  if (left > 0) {
    await tx.execute(sql`UPDATE refunds SET status = 'failed', error = ${SHORTFALL(dollars(left))}, updated_at = now() WHERE id = ${refundId}`);
  }
}

interface Part {
  id: number;
  amount: string | number;
  idempotency_key: string;
  gateway_charge_id: string;
  charge_amount: string | number;
  source_id: string | null;
}

async function refundPart(gateway: PaymentGateway, part: Part): Promise<RefundOutcome | null> {
  try {
    return await gateway.refund(
      { charge_id: part.gateway_charge_id, amount: Number(part.charge_amount), source_id: part.source_id ?? "" },
      Number(part.amount),
      { idempotencyKey: part.idempotency_key },
    );
  } catch {
    // No answer: the outcome is unknown, so the part stays processing and is asked again with the same key.
    return null;
  }
}

/**
 * Sends the refund's `processing` parts to the gateway (outside any transaction), records each answer, and derives
 * the refund's status: succeeded when all is back, pending while a part has no answer, failed otherwise. A change of
 * status is written to the policy's history; the customer is mailed "issued" once, when it succeeded, if `mailIssued`
 * (a cancellation mail says it itself).
 */
export async function settleRefund(deps: BillingDeps, refundId: number, opts: { mailIssued: boolean; author?: Author; olderThanSeconds?: number }): Promise<RefundStatus> {
  const parts = await queryRows<Part>(
    deps.db,
    sql`SELECT cr.id, cr.amount, cr.idempotency_key, c.gateway_charge_id, c.amount AS charge_amount, pp.source_id
        FROM charge_refunds cr JOIN charges c ON c.id = cr.charge_id LEFT JOIN payment_profiles pp ON pp.id = c.payment_profile_id
        WHERE cr.refund_id = ${refundId} AND cr.status = 'processing'
          AND cr.updated_at <= now() - make_interval(secs => ${opts.olderThanSeconds ?? 0})
        ORDER BY cr.id`,
  );
  for (const part of parts) {
    const outcome = await refundPart(deps.gateway, part);
    if (!outcome) continue;
    await deps.db.execute(sql`UPDATE charge_refunds SET status = ${outcome.status}, gateway_refund_id = ${outcome.refund_id ?? null},
      error = ${outcome.error ?? null}, updated_at = now() WHERE id = ${part.id} AND status = 'processing'`);
  }
  return deriveStatus(deps, refundId, opts);
}

async function deriveStatus(deps: BillingDeps, refundId: number, opts: { mailIssued: boolean; author?: Author }): Promise<RefundStatus> {
  const { status, mail } = await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [r] = await queryRows<{ policy_id: number; amount: string | number; status: RefundStatus; error: string | null; succeeded: string | number; processing: number; last_error: string | null }>(
      tx,
      sql`SELECT r.policy_id, r.amount, r.status, r.error,
            (SELECT coalesce(sum(amount), 0) FROM charge_refunds WHERE refund_id = r.id AND status = 'succeeded') AS succeeded,
            (SELECT count(*)::int FROM charge_refunds WHERE refund_id = r.id AND status = 'processing') AS processing,
            (SELECT error FROM charge_refunds WHERE refund_id = r.id AND status = 'failed' ORDER BY id DESC LIMIT 1) AS last_error
          FROM refunds r WHERE r.id = ${refundId} FOR UPDATE`,
    );
    const amount = Number(r.amount);
    const succeeded = Number(r.succeeded);
    const next: RefundStatus = succeeded >= amount ? "succeeded" : r.processing > 0 ? "pending" : "failed";
    const error = next === "failed" ? (r.last_error ?? r.error ?? SHORTFALL(dollars(amount - succeeded))) : null;
    const [issued] =
      next === "succeeded" && opts.mailIssued
        ? await queryRows<{ id: number }>(tx, sql`UPDATE refunds SET issued_mail_at = now() WHERE id = ${refundId} AND issued_mail_at IS NULL RETURNING id`)
        : [];
    if (next !== r.status || error !== r.error) {
      await tx.execute(sql`UPDATE refunds SET status = ${next}, error = ${error}, updated_at = now() WHERE id = ${refundId}`);
    }
    if (next !== r.status) {
      await recordHistory(tx, {
        type: "Policy",
        id: r.policy_id,
        action: "update_related",
        author: opts.author ?? SYSTEM_AUTHOR,
        process: opts.author ? "console" : "job",
        changes: {
          refund_status: { previous_value: r.status, new_value: next },
          ...(next === "succeeded" ? { refund_issued: moneyChange(null, amount) } : {}),
          ...(error ? { refund_error: { previous_value: r.error, new_value: error } } : {}),
        },
      });
    }
    return { status: next, mail: issued ? { policyId: r.policy_id, amount } : null };
  });
  if (mail) await mailRefundIssued(deps, mail.policyId, mail.amount);
  return status;
}

/**
 * Tries a failed (or unanswered) refund again (docs/API.md "Retry a refund"): refused parts get a new attempt with new
 * keys, parts without an answer are asked again with their own key, so nothing is returned twice.
 */
export async function retryRefund(deps: BillingDeps, refundId: number, author: Author): Promise<RefundStatus> {
  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [refund] = await queryRows<{ status: RefundStatus; policy_id: number }>(tx, sql`SELECT status, policy_id FROM refunds WHERE id = ${refundId} FOR UPDATE`);
    if (refund.status === "succeeded") throw new ValidationError({ refund: ALREADY_ISSUED }, ALREADY_ISSUED);
    await tx.execute(sql`UPDATE refunds SET status = 'pending', error = NULL, updated_at = now() WHERE id = ${refundId}`);
    // Who retried, and when: the outcome follows as its own row.
    await recordHistory(tx, {
      type: "Policy",
      id: refund.policy_id,
      action: "update_related",
      author,
      process: "console",
      changes: { refund_status: { previous_value: refund.status, new_value: "pending" } },
    });
    await allocate(tx, deps.gateway.name, refundId);
  });
  return settleRefund(deps, refundId, { mailIssued: true, author });
}

/** A refund as the API shows it (docs/API.md "Refund"), for the refund row aliased `r`. */
export const refundJsonSql = sql`json_build_object('id', r.id, 'amount', r.amount, 'premium', r.premium, 'tax', r.tax, 'fee', r.fee,
  'status', r.status, 'error', r.error, 'change_request_id', r.change_request_id, 'created_at', r.created_at, 'updated_at', r.updated_at)`;

/** Each part of a refund sent to the gateway, oldest first: which charge, how much, the gateway's answer. */
export async function refundParts(db: Db, refundId: number) {
  const rows = await queryRows<Record<string, unknown> & { amount: string | number }>(
    db,
    sql`SELECT cr.id, cr.amount, cr.attempt, cr.status, cr.gateway, cr.gateway_refund_id, cr.error, cr.created_at,
          json_build_object('id', c.id, 'gateway_charge_id', c.gateway_charge_id, 'amount', c.amount, 'invoice_number', i.number, 'created_at', c.created_at) AS charge
        FROM charge_refunds cr JOIN charges c ON c.id = cr.charge_id JOIN invoices i ON i.id = c.invoice_id
        WHERE cr.refund_id = ${refundId} ORDER BY cr.id`,
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}
