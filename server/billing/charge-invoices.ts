import { type SQL, sql } from "drizzle-orm";
import { CHARGEABLE_INVOICE_STATUSES, CHARGEABLE_POLICY_STATUSES } from "../../src/domain/policies";
import type { Db } from "../db/client";
import { notFoundMessage } from "../lib/errors";
import { queryRows } from "../lib/list";
import type { ChargeOutcome, PaymentGateway } from "./gateway";
import { policyIdOfInvoice } from "./ownership";

export interface ChargeResultJson {
  invoice: { id: number; total_due: number };
  result: { success: boolean; charge_status: string | null; error: string | null };
}

export const NO_PAYMENT_METHOD = "No payment method on file";
export const NO_ANSWER = "The payment gateway did not answer; the charge will be checked with it again shortly.";
export const CHARGE_ERROR = "The charge could not be recorded; it will be checked with the payment gateway again shortly.";
export const notEligible = (status: string) => `This invoice is not eligible for payment, because its status is '${status}'.`;
export const policyNotChargeable = (status: string) => `This invoice cannot be charged, because its policy is '${status}'.`;

const inList = (values: readonly (string | number)[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

interface Checked {
  id: number;
  status: string;
  total_due: number | string;
  policy_id: number | null;
  policy_status: string | null;
}

/** Every invoice of the batch as the caller may see it, read before anything is charged (issue 9 hole 4). */
async function checkAll(db: Db, ids: number[], scope: SQL[]): Promise<Map<number, Checked>> {
  const rows = await queryRows<Checked>(
    db,
    sql`SELECT i.id, i.status, i.total_due, po.id AS policy_id, po.status AS policy_status
        FROM invoices i JOIN policies po ON po.id = ${policyIdOfInvoice}
        WHERE i.id IN (${inList(ids)}) ${sql.join(scope.map((c) => sql` AND ${c}`), sql``)}`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Why an invoice cannot be charged at all, or null when it may be tried. */
function refusal(row: Checked | undefined): string | null {
  if (!row) return notFoundMessage("Invoice");
  if (!CHARGEABLE_POLICY_STATUSES.includes(row.policy_status as never)) return policyNotChargeable(row.policy_status ?? "unknown");
  if (!(CHARGEABLE_INVOICE_STATUSES as readonly string[]).includes(row.status)) return notEligible(row.status);
  return null;
}

export interface ChargeAttempt {
  chargeId: number;
  invoiceId: number;
  amount: number;
  request: Parameters<PaymentGateway["charge"]>[0];
}

/**
 * Takes the invoice for one charge attempt, in one transaction: the policy is read under a share lock (a cancellation
 * waits, and a cancelled policy is never charged), the invoice moves from a chargeable status to `pending` (a second
 * request finds it pending and is refused), and the attempt is recorded `processing` with its idempotency key
 * before the gateway hears of it. Answers the refusal text instead when it cannot be charged.
 */
async function claim(db: Db, gatewayName: string, id: number, staffId: number): Promise<ChargeAttempt | { refused: string; amount: number }> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [policy] = await queryRows<{ status: string }>(
      tx,
      sql`SELECT po.status FROM policies po WHERE po.id = (SELECT ${policyIdOfInvoice} FROM invoices i WHERE i.id = ${id}) FOR SHARE`,
    );
    const [invoice] = await queryRows<{ status: string; total_due: number | string; number: string; payer_type: string | null; payer_id: number | null }>(
      tx,
      sql`SELECT status, total_due, number, payer_type, payer_id FROM invoices WHERE id = ${id} FOR UPDATE`,
    );
    const amount = Number(invoice?.total_due ?? 0);
    const refused = refusal(invoice && { id, status: invoice.status, total_due: amount, policy_id: null, policy_status: policy?.status ?? null });
    if (refused) return { refused, amount };
    const [source] = invoice.payer_type && invoice.payer_id
      ? await queryRows<{ id: number; source_id: string }>(
          tx,
          sql`SELECT id, source_id FROM payment_profiles WHERE payer_type = ${invoice.payer_type} AND payer_id = ${invoice.payer_id} AND active
              ORDER BY default_profile DESC, id LIMIT 1`,
        )
      : [];
    if (!source) return { refused: NO_PAYMENT_METHOD, amount };
    const [{ n }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM charges WHERE invoice_id = ${id}`);
    const idempotencyKey = `invoice-${id}-attempt-${n + 1}`;
    await tx.execute(sql`UPDATE invoices SET status = 'pending', updated_at = now() WHERE id = ${id}`);
    const [charge] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO charges (invoice_id, payment_profile_id, amount, status, gateway, idempotency_key, invoice_status_before, staff_id)
          VALUES (${id}, ${source.id}, ${amount}, 'processing', ${gatewayName}, ${idempotencyKey}, ${invoice.status}, ${staffId}) RETURNING id`,
    );
    return {
      chargeId: charge.id,
      invoiceId: id,
      amount,
      request: { amount, currency: "usd" as const, source_id: source.source_id, description: `Invoice ${invoice.number}`, idempotencyKey },
    };
  });
}

/** Asks the gateway; a throw is an unknown outcome (null), settled later by asking again with the same key. */
export async function askGateway(gateway: PaymentGateway, request: ChargeAttempt["request"]): Promise<ChargeOutcome | null> {
  try {
    return await gateway.charge(request);
  } catch {
    return null;
  }
}

/**
 * Records the gateway's answer for a `processing` attempt: a success completes the invoice with everything received;
 * a refusal puts the invoice back where it was. An attempt already settled (by reconciliation) is left alone.
 */
export async function settleCharge(db: Db, chargeId: number, outcome: ChargeOutcome): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [charge] = await queryRows<{ invoice_id: number; invoice_status_before: string | null }>(
      tx,
      sql`UPDATE charges SET status = ${outcome.status}, gateway_charge_id = ${outcome.charge_id ?? null}, error = ${outcome.error ?? null}, updated_at = now()
          WHERE id = ${chargeId} AND status = 'processing' RETURNING invoice_id, invoice_status_before`,
    );
    if (!charge) return;
    if (outcome.success) {
      await tx.execute(sql`UPDATE invoices SET status = 'complete', total_received = total_due, total_payable = 0, updated_at = now() WHERE id = ${charge.invoice_id}`);
      await tx.execute(sql`UPDATE line_items SET total_received = total_due, updated_at = now() WHERE invoice_id = ${charge.invoice_id}`);
    } else {
      await tx.execute(sql`UPDATE invoices SET status = ${charge.invoice_status_before ?? "available"}, updated_at = now() WHERE id = ${charge.invoice_id} AND status = 'pending'`);
    }
  });
}

/**
 * Charges each invoice through the gateway with its payer's default payment method (docs/API.md "Invoices"). Every
 * id is checked first (scope, the policy's status, the invoice's status), so a bad id never follows a charge; each
 * invoice then gets its own answer, and one that fails to record never turns the batch into a 500.
 */
export async function chargeInvoices(db: Db, gateway: PaymentGateway, ids: number[], opts: { staffId: number; scope: SQL[]; log?: (error: unknown) => void }): Promise<ChargeResultJson[]> {
  const unique = [...new Set(ids)];
  const checked = await checkAll(db, unique, opts.scope);
  const results = new Map<number, ChargeResultJson>();
  const answer = (id: number, total_due: number, result: ChargeResultJson["result"]) => results.set(id, { invoice: { id, total_due }, result });
  const fail = (id: number, total_due: number, error: string, charge_status: string | null = null) => answer(id, total_due, { success: false, charge_status, error });

  const tryable: number[] = [];
  for (const id of unique) {
    const row = checked.get(id);
    const refused = refusal(row);
    if (refused) fail(id, row ? Number(row.total_due) : 0, refused);
    else tryable.push(id);
  }
  for (const id of tryable) {
    let attempt: Awaited<ReturnType<typeof claim>> | null = null;
    try {
      attempt = await claim(db, gateway.name, id, opts.staffId);
      if ("refused" in attempt) {
        fail(id, attempt.amount, attempt.refused);
        continue;
      }
      const outcome = await askGateway(gateway, attempt.request);
      if (!outcome) {
        fail(id, attempt.amount, NO_ANSWER, "processing");
        continue;
      }
      await settleCharge(db, attempt.chargeId, outcome);
      answer(id, attempt.amount, { success: outcome.success, charge_status: outcome.status, error: outcome.error ?? null });
    } catch (error) {
      // Recorded as processing at worst: reconciliation settles it with the gateway.
      opts.log?.(error);
      fail(id, attempt && !("refused" in attempt) ? attempt.amount : Number(checked.get(id)?.total_due ?? 0), CHARGE_ERROR, attempt && !("refused" in attempt) ? "processing" : null);
    }
  }
  // In the order the ids were sent (document 2 section 7).
  return ids.map((id) => results.get(id)!);
}
