import { sql } from "drizzle-orm";
import { queryRows } from "../lib/list";
import { askGateway, settleCharge } from "./charge-invoices";
import { type BillingDeps, settleRefund } from "./refunds";

export const RECONCILE_JOB = "reconcile-payments";
/** Every five minutes (pg-boss cron), and once at start. */
export const RECONCILE_CRON = "*/5 * * * *";
/** An attempt this recent may still be waiting for its answer in another request; leave it to that request. */
export const SETTLE_AFTER_SECONDS = 60;

/**
 * Settles the charges and refund parts that were recorded `processing` but never got their answer written (a crash
 * or a timeout between the gateway call and the database): each is asked again with its own idempotency key, which
 * the gateway answers without charging or refunding a second time (issue 9 hole 4). Returns how many were settled.
 */
export async function reconcilePayments(deps: BillingDeps, olderThanSeconds = SETTLE_AFTER_SECONDS): Promise<{ charges: number; refunds: number }> {
  const charges = await queryRows<{ id: number; amount: string | number; idempotency_key: string; source_id: string; number: string }>(
    deps.db,
    sql`SELECT c.id, c.amount, c.idempotency_key, pp.source_id, i.number
        FROM charges c JOIN invoices i ON i.id = c.invoice_id JOIN payment_profiles pp ON pp.id = c.payment_profile_id
        WHERE c.status = 'processing' AND c.idempotency_key IS NOT NULL AND c.updated_at <= now() - make_interval(secs => ${olderThanSeconds})
        ORDER BY c.id`,
  );
  let settled = 0;
  for (const c of charges) {
    const outcome = await askGateway(deps.gateway, {
      amount: Number(c.amount),
      currency: "usd",
      source_id: c.source_id,
      description: `Invoice ${c.number}`,
      idempotencyKey: c.idempotency_key,
    });
    if (!outcome) continue;
    await settleCharge(deps.db, c.id, outcome);
    settled++;
  }
  // A pending refund has parts still processing, or lost its final status write: settling it does both.
  const refunds = await queryRows<{ refund_id: number }>(
    deps.db,
    sql`SELECT id AS refund_id FROM refunds WHERE status = 'pending' AND updated_at <= now() - make_interval(secs => ${olderThanSeconds}) ORDER BY id`,
  );
  for (const r of refunds) await settleRefund(deps, r.refund_id, { mailIssued: true, olderThanSeconds });
  return { charges: settled, refunds: refunds.length };
}
