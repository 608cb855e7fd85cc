import { beforeEach, describe, expect, it } from "vitest";
import { RECENT_POLICIES_KEY, RECENT_POLICIES_MAX, forgetPolicy, readRecent, rememberTab, visitPolicy } from "./recentPolicies";

describe("recently viewed policies (document 2 section 2)", () => {
  beforeEach(() => localStorage.clear());

  it("keeps id, number, status and tab of each policy and the active id, in local storage", () => {
    visitPolicy({ id: 1, number: "P-1", status: "BOUND" });
    visitPolicy({ id: 2, number: "P-2", status: "CANCELLED" });
    rememberTab(1, 4);
    const stored = JSON.parse(localStorage.getItem(RECENT_POLICIES_KEY)!);
    expect(stored).toEqual({
      items: [
        { id: 1, number: "P-1", status: "BOUND", tab: 4 },
        { id: 2, number: "P-2", status: "CANCELLED", tab: 0 },
      ],
      activeId: 2,
    });
  });

  it("revisiting keeps the place and tab but refreshes the status; the oldest fall off", () => {
    visitPolicy({ id: 1, number: "P-1", status: "BOUND" });
    rememberTab(1, 2);
    visitPolicy({ id: 1, number: "P-1", status: "CANCELLED" });
    expect(readRecent().items).toEqual([{ id: 1, number: "P-1", status: "CANCELLED", tab: 2 }]);
    for (let id = 2; id <= RECENT_POLICIES_MAX + 1; id++) visitPolicy({ id, number: `P-${id}`, status: "BOUND" });
    expect(readRecent().items.map((i) => i.id)).toEqual(Array.from({ length: RECENT_POLICIES_MAX }, (_, i) => i + 2));
  });

  it("forgets a policy, and survives a damaged entry", () => {
    visitPolicy({ id: 1, number: "P-1", status: "BOUND" });
    expect(forgetPolicy(1)).toEqual({ items: [], activeId: null });
    localStorage.setItem(RECENT_POLICIES_KEY, "{not json");
    expect(readRecent()).toEqual({ items: [], activeId: null });
  });
});
