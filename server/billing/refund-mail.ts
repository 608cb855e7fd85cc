import { sql } from "drizzle-orm";
import { formatCents } from "../../src/domain/money";
import type { Db } from "../db/client";
import { queryRows } from "../lib/list";
import type { Mailer } from "../mail/mailer";

/** The policy's number and the customer mail about it goes to: the primary insured first. */
export async function policyCustomer(db: Db, policyId: number): Promise<{ number: string; email: string | null; name: string | null }> {
  const [row] = await queryRows<{ number: string; email: string | null; full_name: string | null }>(
    db,
    sql`SELECT po.number, c.email, c.full_name FROM policies po
        LEFT JOIN LATERAL (SELECT u.email, p.full_name FROM policy_users pu JOIN users u ON u.id = pu.user_id
          LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
          WHERE pu.policy_id = po.id ORDER BY pu."primary" DESC, pu.id LIMIT 1) c ON true
        WHERE po.id = ${policyId}`,
  );
  return { number: row.number, email: row.email, name: row.full_name };
}

export const greeting = (name: string | null) => `Hello ${name ?? ""},`.replace(" ,", ",");

/** "Your refund was issued": sent once, when every part of a refund succeeded after the cancellation mail went out. */
export async function mailRefundIssued(deps: { db: Db; mailer: Mailer }, policyId: number, amount: number): Promise<void> {
  const customer = await policyCustomer(deps.db, policyId);
  if (!customer.email) return;
  await deps.mailer.send({
    to: customer.email,
    subject: `Refund issued for policy ${customer.number}`,
    text: [greeting(customer.name), "", `A refund of ${formatCents(amount)} for your cancelled policy ${customer.number} has been issued to your payment method.`].join("\n"),
    template: "refund_issued",
    related: { type: "Policy", id: policyId },
  });
}
