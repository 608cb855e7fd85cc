import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { type TimelineAnswer, TimelineView } from "./CoverageTimeline";

/**
 * A lease running 2026-11-01..2027-01-31 with no cover; today is 2026-11-27. The old row label counted the whole
 * 92-day piece while the banner said 27: the row must count to today like the banner, and name the rest as ahead.
 */
const timeline: TimelineAnswer = {
  today: "2026-11-27",
  from: "2026-06-01",
  to: "2027-02-25",
  gap_days: 10 + 27,
  upcoming_gap_days: 65 + 14,
  segments: [
    { start: "2026-06-01", end: "2026-06-10", kind: "none", lease_ids: [1], policy_ids: [], gap: true },
    { start: "2026-06-11", end: "2026-10-31", kind: "own", lease_ids: [1], policy_ids: [9], gap: false },
    { start: "2026-11-01", end: "2027-01-31", kind: "none", lease_ids: [2], policy_ids: [], gap: true },
    { start: "2027-02-01", end: "2027-02-10", kind: "vacant", lease_ids: [], policy_ids: [], gap: false },
    { start: "2027-02-11", end: "2027-02-24", kind: "none", lease_ids: [3], policy_ids: [], gap: true },
    { start: "2027-02-25", end: "2027-02-25", kind: "own", lease_ids: [3], policy_ids: [10], gap: false },
  ],
  leases: [
    { lease_id: 1, reference: "L-1", start: "2026-06-01", end: "2026-10-31", residents: [{ id: 5, name: "Ann Old" }] },
    { lease_id: 2, reference: "L-2", start: "2026-11-01", end: "2027-01-31", residents: [{ id: 6, name: "Bo Now" }] },
    { lease_id: 3, reference: "L-3", start: "2027-02-11", end: null, residents: [{ id: 7, name: "Cy Next" }] },
  ],
  policies: [
    { policy_id: 9, number: "P-9", kind: "own", start: "2026-06-11", end: "2026-10-31", status: "EXPIRED" },
    { policy_id: 10, number: "P-10", kind: "own", start: "2027-02-25", end: null, status: "BOUND" },
  ],
};

describe("TimelineView (coverage timeline)", () => {
  it("counts a current gap's days to today, as the banner does; a past gap its days; a future gap as days ahead", async () => {
    renderInAdmin(<TimelineView timeline={timeline} />, { dataProvider: createMemoryDataProvider({}), user: staffUser("staff"), url: "/dashboard/leases/view/2", path: "/dashboard/leases/view/:id" });
    expect(await screen.findByText("37 days without cover while someone lived here")).toBeInTheDocument();
    expect(screen.getByText("Ahead: 79 days of lease with no cover known yet")).toBeInTheDocument();
    const rows = within(screen.getByRole("table", { name: "Coverage timeline" })).getAllByRole("row");
    const text = (lease: string) => rows.find((r) => within(r).queryByText(lease))!.textContent;
    expect(text("L-1")).toContain("Not covered — 10 days uncovered");
    expect(text("L-1")).not.toContain("so far");
    // 2026-11-01 through today 2026-11-27: 27 days, not the 92 of the whole piece; 65 lie ahead.
    expect(text("L-2")).toContain("Not covered — 27 days uncovered so far, 65 more days ahead");
    expect(text("L-2")).not.toContain("92");
    const future = rows.filter((r) => within(r).queryByText("L-3"))[0].textContent;
    expect(future).toContain("Not covered — 14 days ahead with no cover known yet");
    expect(future).not.toContain("uncovered");
  });
});
