import { sql } from "drizzle-orm";
import { CHARGEABLE_INVOICE_STATUSES } from "../../src/domain/policies";
import type { Db } from "../db/client";
import { queryRows } from "../lib/list";
import type { ChargeOutcome, PaymentGateway } from "./gateway";

export interface ChargeResultJson {
  invoice: { id: number; total_due: number };
  result: { success: boolean; charge_status: string | null; error: string | null };
}

export const NO_PAYMENT_METHOD = "No payment method on file";
export const notEligible = (status: string) => `This invoice is not eligible for payment, because its status is '${status}'.`;

const chargeable = sql.join(CHARGEABLE_INVOICE_STATUSES.map((s) => sql`${s}`), sql`, `);

interface Claimed {
  previous: string;
  total_due: number | string;
  number: string;
  payer_type: string | null;
  payer_id: number | null;
}

/**
 * Takes the invoice for this charge: one UPDATE moves it from a chargeable status to `pending` and tells the old
 * status. A second request for the same invoice finds it pending and is refused, so nothing is charged twice.
 */
async function claim(db: Db, id: number): Promise<Claimed | undefined> {
  const [row] = await queryRows<Claimed>(
    db,
    sql`UPDATE invoices i SET status = 'pending', updated_at = now()
        FROM (SELECT id, status FROM invoices WHERE id = ${id} FOR UPDATE) old
        WHERE i.id = old.id AND old.status IN (${chargeable})
        RETURNING old.status AS previous, i.total_due, i.number, i.payer_type, i.payer_id`,
  );
  return row;
}

async function paymentSource(db: Db, payerType: string | null, payerId: number | null) {
  if (!payerType || !payerId) return undefined;
  const [profile] = await queryRows<{ id: number; source_id: string }>(
    db,
    sql`SELECT id, source_id FROM payment_profiles WHERE payer_type = ${payerType} AND payer_id = ${payerId} AND active
        ORDER BY default_profile DESC, id LIMIT 1`,
  );
  return profile;
}

/**
 * Charges each invoice through the gateway with its payer's default payment method (docs/API.md "Invoices").
 * `inScope(id)` says whether the caller may touch the invoice; others answer "Invoice not found" for that item only.
 */
export async function chargeInvoices(
  db: Db,
  gateway: PaymentGateway,
  ids: number[],
  opts: { staffId: number; inScope: (id: number) => Promise<boolean> },
): Promise<ChargeResultJson[]> {
  const results: ChargeResultJson[] = [];
  for (const id of [...new Set(ids)]) {
    const fail = (total_due: number, error: string, charge_status: string | null = null) =>
      results.push({ invoice: { id, total_due }, result: { success: false, charge_status, error } });
    if (!(await opts.inScope(id))) {
      fail(0, "Invoice not found");
      continue;
    }
    const claimed = await claim(db, id);
    if (!claimed) {
      const [current] = await queryRows<{ status: string; total_due: string | number }>(db, sql`SELECT status, total_due FROM invoices WHERE id = ${id}`);
      fail(Number(current?.total_due ?? 0), notEligible(current?.status ?? "unknown"));
      continue;
    }
    const amount = Number(claimed.total_due);
    const restore = () => db.execute(sql`UPDATE invoices SET status = ${claimed.previous}, updated_at = now() WHERE id = ${id}`);
    const source = await paymentSource(db, claimed.payer_type, claimed.payer_id);
    if (!source) {
      await restore();
      fail(amount, NO_PAYMENT_METHOD);
      continue;
    }
    const [attempts] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM charges WHERE invoice_id = ${id}`);
    let outcome: ChargeOutcome;
    try {
      outcome = await gateway.charge({ amount, currency: "usd", source_id: source.source_id, description: `Invoice ${claimed.number}`, idempotencyKey: `invoice-${id}-${attempts.n + 1}` });
    } catch (error) {
      outcome = { success: false, status: "failed", error: error instanceof Error ? error.message : String(error) };
    }
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.execute(sql`INSERT INTO charges (invoice_id, payment_profile_id, amount, status, gateway, gateway_charge_id, error, staff_id)
        VALUES (${id}, ${source.id}, ${amount}, ${outcome.status}, ${gateway.name}, ${outcome.charge_id ?? null}, ${outcome.error ?? null}, ${opts.staffId})`);
      if (outcome.success) {
        await tx.execute(sql`UPDATE invoices SET status = 'complete', total_received = total_due, updated_at = now() WHERE id = ${id}`);
        await tx.execute(sql`UPDATE line_items SET total_received = total_due, updated_at = now() WHERE invoice_id = ${id}`);
      } else {
        await tx.execute(sql`UPDATE invoices SET status = ${claimed.previous}, updated_at = now() WHERE id = ${id}`);
      }
    });
    results.push({ invoice: { id, total_due: amount }, result: { success: outcome.success, charge_status: outcome.status, error: outcome.error ?? null } });
  }
  // In the order the ids were sent (document 2 section 7).
  return ids.map((id) => results.find((r) => r.invoice.id === id)!);
}
