import { createHash } from "node:crypto";
import type { PaymentGateway } from "./gateway";

export const DECLINED = "Your card was declined.";

/**
 * A gateway that needs no provider: it succeeds, except for sources whose token starts with `tok_decline`, so the
 * console's charge flow is real end to end (the demo data has such profiles).
 */
export const testGateway: PaymentGateway = {
  name: "test",
  async charge(request) {
    if (request.source_id.startsWith("tok_decline")) return { success: false, status: "failed", error: DECLINED };
    const charge_id = `ch_test_${createHash("sha256").update(request.idempotencyKey).digest("hex").slice(0, 24)}`;
    return { success: true, status: "succeeded", charge_id };
  },
};
