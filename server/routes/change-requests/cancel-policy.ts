import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { refundAmount, type RefundAction } from "../../../src/domain/refunds";
import type { Db } from "../../db/client";
import { ValidationError } from "../../lib/errors";
import { type Author, recordHistory } from "../../lib/history";
import { queryRows } from "../../lib/list";

export const ALREADY_CANCELLED = "Policy is already cancelled";

export interface Cancellation {
  policyId: number;
  date: string;
  /** With a refund (full or prorated), or none (direct cancel without refund). */
  refund: RefundAction | null;
  changeRequestId?: number;
  author: Author;
}

export interface CancellationResult {
  refund: number | null;
  number: string;
  mailTo: string | null;
  name: string | null;
}

/** insured_request for the insured's prorated request, a manual one with or without refund otherwise (reference 3.5). */
const reasonFor = (refund: RefundAction | null) =>
  refund === "cancel_prorate" ? "insured_request" : refund === "cancel_full_refund" ? "manual_cancellation_with_refunds" : "manual_cancellation_without_refunds";

/**
 * Cancels a policy inside the caller's transaction (docs/API.md "Cancel and refund"): status CANCELLED with the date
 * and reason, the refund computed from what was received, invoices due after the date cancelled, a refunds row and a
 * history row. The policy row is locked first, so two approvals of one policy cannot both pass the check.
 */
export async function cancelPolicyInTx(tx: Db, c: Cancellation): Promise<CancellationResult> {
  const [policy] = await queryRows<{ status: string; number: string; effective_date: string | null; expiration_date: string | null; cancellation_date: string | null; premium_total: string | number | null }>(
    tx,
    sql`SELECT status, number, effective_date::text, expiration_date::text, cancellation_date::text, premium_total FROM policies WHERE id = ${c.policyId} FOR UPDATE`,
  );
  if (policy.status === "CANCELLED") throw new ValidationError({ policy: ALREADY_CANCELLED }, ALREADY_CANCELLED);
  const invoiceOwner = sql`((i.invoiceable_type = 'Policy' AND i.invoiceable_id = ${c.policyId})
    OR (i.invoiceable_type = 'PolicyQuote' AND i.invoiceable_id IN (SELECT q.id FROM policy_quotes q WHERE q.policy_id = ${c.policyId})))`;
  const [money] = await queryRows<{ received: string | number; premium: string | number | null }>(
    tx,
    sql`SELECT coalesce((SELECT sum(i.total_received) FROM invoices i WHERE ${invoiceOwner}), 0) AS received,
          (SELECT q.total_premium FROM policy_quotes q WHERE q.policy_id = ${c.policyId} ORDER BY q.id DESC LIMIT 1) AS premium`,
  );
  const refund =
    c.refund === null
      ? null
      : refundAmount({
          action: c.refund,
          totalReceived: Number(money.received),
          totalPremium: Number(money.premium ?? policy.premium_total ?? 0),
          effectiveDate: policy.effective_date ?? c.date,
          expirationDate: policy.expiration_date ?? c.date,
          cancellationDate: c.date,
        });
  const reason = reasonFor(c.refund);
  await tx.execute(sql`UPDATE policies SET status = 'CANCELLED', cancellation_date = ${c.date}, cancellation_reason = ${reason}, updated_at = now() WHERE id = ${c.policyId}`);
  const cancelled = await queryRows<{ number: string }>(
    tx,
    sql`UPDATE invoices i SET status = 'cancelled', updated_at = now()
        WHERE ${invoiceOwner} AND i.status NOT IN ('complete', 'cancelled') AND i.due_date > ${c.date} RETURNING i.number`,
  );
  if (refund !== null) {
    await tx.execute(sql`INSERT INTO refunds (policy_id, change_request_id, amount, status, reason, staff_id)
      VALUES (${c.policyId}, ${c.changeRequestId ?? null}, ${refund}, 'succeeded', ${reason}, ${c.author.staffId ?? null})`);
  }
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
      ...(refund !== null ? { refund: { previous_value: null, new_value: refund } } : {}),
      ...(cancelled.length ? { cancelled_invoices: { previous_value: null, new_value: cancelled.map((i) => i.number).join(", ") } } : {}),
    },
  });
  const [customer] = await queryRows<{ email: string; full_name: string | null }>(
    tx,
    sql`SELECT u.email, p.full_name FROM policy_users pu JOIN users u ON u.id = pu.user_id
        LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
        WHERE pu.policy_id = ${c.policyId} ORDER BY pu."primary" DESC, pu.id LIMIT 1`,
  );
  return { refund, number: policy.number, mailTo: customer?.email ?? null, name: customer?.full_name ?? null };
}

const dollars = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

/** Tells the customer, after the commit (a failed mail never undoes a cancellation; it is recorded either way). */
export async function mailCancellation(app: FastifyInstance, policyId: number, date: string, result: CancellationResult): Promise<void> {
  if (!result.mailTo) return;
  const lines = [
    `Hello ${result.name ?? ""},`.trim(),
    "",
    `Your policy ${result.number} has been cancelled effective ${date}.`,
    result.refund !== null ? `A refund of ${dollars(result.refund)} has been issued to your payment method.` : "No refund is due for this cancellation.",
  ];
  await app.mailer.send({ to: result.mailTo, subject: `Policy ${result.number} cancelled`, text: lines.join("\n"), template: "policy_cancelled", related: { type: "Policy", id: policyId } });
}
