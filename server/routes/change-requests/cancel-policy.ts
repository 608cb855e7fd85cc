import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { moneyChange } from "../../../src/domain/history";
import { formatCents } from "../../../src/domain/money";
import { REFUNDABLE_POLICY_STATUSES, type PolicyStatus, type RefundStatus } from "../../../src/domain/policies";
import { type RefundAction, type RefundBreakdown, refundFor, withinTerm } from "../../../src/domain/refunds";
import { invoiceOfPolicy } from "../../billing/ownership";
import { greeting, policyCustomer } from "../../billing/refund-mail";
import { createRefund, refundBasis, settleRefund } from "../../billing/refunds";
import type { Db } from "../../db/client";
import { ValidationError } from "../../lib/errors";
import { type Author, recordHistory } from "../../lib/history";
import { queryRows } from "../../lib/list";

export const ALREADY_CANCELLED = "Policy is already cancelled";
export const NOT_REFUNDABLE = "The policy cannot be cancelled in its current status";
export const OUTSIDE_TERM = "The cancellation date must be within the policy term";
export const PAYMENT_IN_FLIGHT = "A payment of this policy is being processed; try again in a minute";

export interface Cancellation {
  policyId: number;
  date: string;
  /** With a refund (full or prorated), or none (direct cancel without refund). */
  refund: RefundAction | null;
  changeRequestId?: number;
  author: Author;
}

export interface CancellationResult {
  refund: RefundBreakdown | null;
  refundId: number | null;
}

/** insured_request for the insured's prorated request, a manual one with or without refund otherwise (reference 3.5). */
const reasonFor = (refund: RefundAction | null) =>
  refund === "cancel_prorate" ? "insured_request" : refund === "cancel_full_refund" ? "manual_cancellation_with_refunds" : "manual_cancellation_without_refunds";

interface LockedPolicy {
  status: string;
  policy_in_system: boolean;
  effective_date: string | null;
  expiration_date: string | null;
  cancellation_date: string | null;
}

/**
 * What every cancellation checks (docs/API.md "Cancel and refund"): not cancelled already, an in-system policy in a
 * refundable status, a date within the term. Used by the request, the approval and the direct calls alike.
 */
export function assertCancellable(policy: LockedPolicy, date: string): void {
  if (policy.status === "CANCELLED") throw new ValidationError({ policy: ALREADY_CANCELLED }, ALREADY_CANCELLED);
  if (!policy.policy_in_system || !REFUNDABLE_POLICY_STATUSES.includes(policy.status as PolicyStatus)) {
    throw new ValidationError({ policy: NOT_REFUNDABLE }, NOT_REFUNDABLE);
  }
  if (!withinTerm(date, policy.effective_date, policy.expiration_date)) throw new ValidationError({ cancellation_date: OUTSIDE_TERM }, OUTSIDE_TERM);
}

/** The refund a cancellation on `date` would give, as approval would compute it (the change request page shows it). */
export async function previewRefund(db: Db, policyId: number, action: RefundAction, date: string): Promise<RefundBreakdown> {
  const [policy] = await queryRows<LockedPolicy>(db, sql`SELECT effective_date::text, expiration_date::text FROM policies WHERE id = ${policyId}`);
  const basis = await refundBasis(db, policyId);
  return refundFor({ action, ...basis, effectiveDate: policy.effective_date ?? date, expirationDate: policy.expiration_date ?? date, cancellationDate: date });
}

/**
 * Cancels a policy inside the caller's transaction: status CANCELLED with the date and reason, every invoice still
 * to be paid that falls due on or after the date cancelled (a cancelled policy is never charged), the refund and its
 * parts recorded (not yet sent: see settleCancellation), and a history row. The policy row is locked first, so two
 * approvals of one policy cannot both pass the checks, and a charge being claimed meanwhile waits or is refused.
 */
export async function cancelPolicyInTx(tx: Db, gatewayName: string, c: Cancellation): Promise<CancellationResult> {
  const [policy] = await queryRows<LockedPolicy>(
    tx,
    sql`SELECT status, policy_in_system, effective_date::text, expiration_date::text, cancellation_date::text FROM policies WHERE id = ${c.policyId} FOR UPDATE`,
  );
  assertCancellable(policy, c.date);
  const [inFlight] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT c.id FROM charges c JOIN invoices i ON i.id = c.invoice_id WHERE ${invoiceOfPolicy(c.policyId)} AND c.status = 'processing' LIMIT 1`,
  );
  if (inFlight) throw new ValidationError({ policy: PAYMENT_IN_FLIGHT }, PAYMENT_IN_FLIGHT);

  const breakdown = c.refund === null ? null : await previewRefund(tx, c.policyId, c.refund, c.date);
  const reason = reasonFor(c.refund);
  await tx.execute(sql`UPDATE policies SET status = 'CANCELLED', cancellation_date = ${c.date}, cancellation_reason = ${reason}, updated_at = now() WHERE id = ${c.policyId}`);
  const cancelled = await queryRows<{ number: string }>(
    tx,
    sql`UPDATE invoices i SET status = 'cancelled', total_payable = 0, updated_at = now()
        WHERE ${invoiceOfPolicy(c.policyId)} AND i.status IN ('quoted', 'upcoming', 'available', 'missed') AND i.due_date >= ${c.date}
        RETURNING i.number`,
  );
  const refundId = breakdown
    ? await createRefund(tx, gatewayName, { policyId: c.policyId, changeRequestId: c.changeRequestId ?? null, breakdown, reason, staffId: c.author.staffId ?? null })
    : null;
  await recordHistory(tx, {
    type: "Policy",
    id: c.policyId,
    action: "update",
    author: c.author,
    process: "console",
    changes: {
      status: { previous_value: policy.status, new_value: "CANCELLED" },
      cancellation_date: { previous_value: policy.cancellation_date, new_value: c.date },
      cancellation_reason: { previous_value: null, new_value: reason },
      ...(breakdown ? { refund: moneyChange(null, breakdown.total) } : {}),
      ...(cancelled.length ? { cancelled_invoices: { previous_value: null, new_value: cancelled.map((i) => i.number).sort().join(", ") } } : {}),
    },
  });
  return { refund: breakdown, refundId };
}

/**
 * After the cancellation committed: sends the refund to the gateway, then tells the customer. The mail says the
 * refund was issued only when it was; otherwise that it will be, and "issued" follows when a retry or
 * reconciliation gets it through (server/billing/refunds.ts).
 */
export async function settleCancellation(app: FastifyInstance, c: Cancellation, result: CancellationResult): Promise<RefundStatus | null> {
  const status = result.refundId ? await settleRefund(app, result.refundId, { mailIssued: false, author: c.author }) : null;
  const issued = status === "succeeded" && result.refundId !== null && (await claimIssuedMail(app.db, result.refundId));
  const customer = await policyCustomer(app.db, c.policyId);
  if (!customer.email) return status;
  const amount = result.refund?.total ?? 0;
  const refundLine =
    result.refund === null || amount === 0
      ? "No refund is due for this cancellation."
      : issued
        ? `A refund of ${formatCents(amount)} has been issued to your payment method.`
        : `A refund of ${formatCents(amount)} will be issued to your payment method; we will write again once it has been.`;
  await app.mailer.send({
    to: customer.email,
    subject: `Policy ${customer.number} cancelled`,
    text: [greeting(customer.name), "", `Your policy ${customer.number} has been cancelled effective ${c.date}.`, refundLine].join("\n"),
    template: "policy_cancelled",
    related: { type: "Policy", id: c.policyId },
  });
  return status;
}

/** Marks the refund's "issued" news as told, once: the cancellation mail tells it when the refund went through at once. */
async function claimIssuedMail(db: Db, refundId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`UPDATE refunds SET issued_mail_at = now() WHERE id = ${refundId} AND issued_mail_at IS NULL AND amount > 0 RETURNING id`);
  return rows.length > 0;
}
