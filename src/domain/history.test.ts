import { describe, expect, it } from "vitest";
import { historyValue, moneyChange } from "./history";

describe("history values (issue 10 section 1)", () => {
  it("shows a money change as dollars, and anything else as it is", () => {
    const refund = moneyChange(null, 2_385);
    expect(refund).toEqual({ previous_value: null, new_value: 2_385, format: "money" });
    expect(historyValue(refund, refund.new_value)).toBe("$23.85");
    expect(historyValue(refund, refund.previous_value)).toBe("—");
    const plain = { previous_value: 2_385, new_value: ["a", "b"] };
    expect(historyValue(plain, plain.previous_value)).toBe("2385");
    expect(historyValue(plain, plain.new_value)).toBe('["a","b"]');
  });
});
