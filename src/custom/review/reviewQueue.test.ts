import { describe, expect, it } from "vitest";
import { reasonForDigit } from "./declineReasons";
import { decisionRequest, mergeQueue, neighbour, shortcutAllowed, shortcutFor } from "./reviewQueue";

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
  const proof = { id: 5, kind: "proof" as const, revision: null, status: "EXTERNAL_UNVERIFIED" };
  const updates = { id: 6, kind: "revision" as const, status: "EXTERNAL_VERIFIED", revision: { id: 31, created_at: "2026-11-01T00:00:00Z", version: "1763" } };
  const read = { revision_id: 31, version: "1763" };
  const reasons = ["Incorrect address"];

  it("accepts or declines a proof, with the status the reviewer read", () => {
    expect(decisionRequest(proof, "accept")).toEqual({ path: "/policies/external/accept", body: { policy: { id: 5, expected_status: "EXTERNAL_UNVERIFIED" } } });
    expect(decisionRequest(proof, "decline", reasons)).toEqual({
      path: "/policies/external/decline",
      body: { policy: { id: 5, status: "EXTERNAL_REJECTED", system_data: { rejection_reasons: reasons }, expected_status: "EXTERNAL_UNVERIFIED" } },
    });
  });

  it("accepts, accepts while declining the policy, declines or archives pending updates, naming the version read", () => {
    expect(decisionRequest(updates, "accept")).toEqual({ path: "/policies/updates/accept", body: { policy: { id: 6, ...read } } });
    expect(decisionRequest(updates, "accept_reject", reasons).body).toEqual({ policy: { id: 6, status: "EXTERNAL_REJECTED", system_data: { rejection_reasons: reasons }, ...read } });
    expect(decisionRequest(updates, "decline", reasons)).toEqual({ path: "/policies/updates/decline", body: { policy: { id: 6, system_data: { rejection_reasons: reasons }, ...read } } });
    expect(decisionRequest(updates, "archive", reasons)).toEqual({ path: "/policies/6/policy_revisions/31/decline", body: { system_data: { rejection_reasons: reasons }, archive: true, version: "1763" } });
  });
});

describe("where keys may act", () => {
  it("acts from the page and the queue, never from inside a control or a dialog", () => {
    document.body.innerHTML = `
      <div id="page"><ul><li><div role="button" id="item">PRF-1</div></li></ul>
        <input id="text"/><textarea id="area"></textarea>
        <div role="combobox" id="select">Verified</div>
        <ul role="listbox"><li role="option" id="option">Rejected</li></ul>
        <div role="menu"><div role="menuitem" id="menuitem">x</div></div>
      </div>
      <div role="dialog"><button id="inDialog">OK</button></div>`;
    const el = (id: string) => document.getElementById(id);
    expect(shortcutAllowed(document.body)).toBe(true);
    expect(shortcutAllowed(el("item"))).toBe(true);
    for (const id of ["text", "area", "select", "option", "menuitem", "inDialog"]) expect(shortcutAllowed(el(id))).toBe(false);
    // An open select's menu (a modal popover) takes the keys even when the focus stayed behind.
    const popover = document.createElement("div");
    popover.className = "MuiPopover-root MuiMenu-root MuiModal-root";
    document.body.append(popover);
    expect(shortcutAllowed(el("item"))).toBe(false);
    document.body.innerHTML = "";
  });
});

describe("the queue after a refresh", () => {
  it("keeps items others decided in place, marked, and drops the rest that left", () => {
    const decided = { outcome: "accepted", by: "Dana", at: "2026-11-20T10:00:00Z", message: "This item was already accepted by Dana at …" };
    const merged = mergeQueue([{ id: 1 }, { id: 2 }, { id: 3 }], [{ id: 1 }, { id: 3 }, { id: 4 }], new Map([[2, decided]]));
    expect(merged).toEqual([{ id: 1 }, { id: 2, decided }, { id: 3 }, { id: 4 }]);
    expect(mergeQueue([{ id: 1 }, { id: 2 }], [{ id: 2 }], new Map())).toEqual([{ id: 2 }]);
  });
});
