import { createHash } from "node:crypto";
import type { PaymentGateway } from "./gateway";

export const DECLINED = "Your card was declined.";
export const REFUND_REFUSED = "The refund was refused by the card issuer.";
export const NOT_OUR_CHARGE = "No such charge.";

const TEST_CHARGE = "ch_test_";
const digest = (key: string) => createHash("sha256").update(key).digest("hex").slice(0, 24);

/**
 * A gateway that needs no provider, so the console's money flows are real end to end (the demo has such payers):
 * it charges every card except tokens starting `tok_decline`, and refunds any part of a charge it made except on
 * tokens starting `tok_refund_fail`. Its ids derive from the idempotency key, so asking twice answers the same.
 */
export const testGateway: PaymentGateway = {
  name: "test",
  async charge(request) {
    if (request.source_id.startsWith("tok_decline")) return { success: false, status: "failed", error: DECLINED };
    return { success: true, status: "succeeded", charge_id: `${TEST_CHARGE}${digest(request.idempotencyKey)}` };
  },
  async refund(charge, amountCents, { idempotencyKey }) {
    if (!charge.charge_id.startsWith(TEST_CHARGE)) return { success: false, status: "failed", error: NOT_OUR_CHARGE };
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > charge.amount) {
      return { success: false, status: "failed", error: "The refund amount must be between 0.01 and the amount charged." };
    }
    if (charge.source_id.startsWith("tok_refund_fail")) return { success: false, status: "failed", error: REFUND_REFUSED };
    return { success: true, status: "succeeded", refund_id: `re_test_${digest(idempotencyKey)}` };
  },
};
