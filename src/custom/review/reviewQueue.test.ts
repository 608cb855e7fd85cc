import { describe, expect, it } from "vitest";
import { reasonForDigit } from "./declineReasons";
import { decisionRequest, neighbour, shortcutFor } from "./reviewQueue";

describe("Policy Review keyboard and navigation", () => {
  const items = [{ id: 4 }, { id: 7 }, { id: 9 }];

  it("moves to the next and previous item, staying at the ends", () => {
    expect(neighbour(items, null, 1)).toBe(4);
    expect(neighbour(items, 4, 1)).toBe(7);
    expect(neighbour(items, 9, 1)).toBe(9);
    expect(neighbour(items, 4, -1)).toBe(4);
    expect(neighbour([], 4, 1)).toBeNull();
  });

  it("maps J, K, A, D, ? and digits", () => {
    expect(["j", "K", "a", "D", "?", "x"].map(shortcutFor)).toEqual(["next", "previous", "accept", "decline", "help", null]);
    expect(reasonForDigit("1")).toBe("r1");
    expect(reasonForDigit("0")).toBe("r10");
    expect(reasonForDigit("x")).toBeNull();
  });
});

describe("the call each decision makes", () => {
  const proof = { id: 5, kind: "proof" as const, revision: null };
  const updates = { id: 6, kind: "revision" as const, revision: { id: 31, created_at: "2026-11-01T00:00:00Z" } };
  const reasons = ["Incorrect address"];

  it("accepts or declines a proof", () => {
    expect(decisionRequest(proof, "accept")).toEqual({ path: "/policies/external/accept", body: { policy: { id: 5 } } });
    expect(decisionRequest(proof, "decline", reasons)).toEqual({
      path: "/policies/external/decline",
      body: { policy: { id: 5, status: "EXTERNAL_REJECTED", system_data: { rejection_reasons: reasons } } },
    });
  });

  it("accepts, accepts while declining the policy, declines or archives pending updates", () => {
    expect(decisionRequest(updates, "accept")).toEqual({ path: "/policies/updates/accept", body: { policy: { id: 6 } } });
    expect(decisionRequest(updates, "accept_reject", reasons).body).toEqual({ policy: { id: 6, status: "EXTERNAL_REJECTED", system_data: { rejection_reasons: reasons } } });
    expect(decisionRequest(updates, "decline", reasons)).toEqual({ path: "/policies/updates/decline", body: { policy: { id: 6, system_data: { rejection_reasons: reasons } } } });
    expect(decisionRequest(updates, "archive", reasons)).toEqual({ path: "/policies/6/policy_revisions/31/decline", body: { system_data: { rejection_reasons: reasons }, archive: true } });
  });
});
