import { describe, expect, it } from "vitest";
import { type Cover, type Occupancy, buildTimeline, coverOf, gapDays, todayIn, upcomingGapDays } from "./timeline";
import { gapSplit } from "../../src/domain/coverageGaps";

const lease = (lease_id: number, start: string, end: string | null): Occupancy => ({ lease_id, start, end, residents: [] });
const cover = (policy_id: number, kind: Cover["kind"], start: string, end: string | null): Cover => ({ policy_id, number: `P${policy_id}`, kind, start, end });
const brief = (segments: ReturnType<typeof buildTimeline>) => segments.map((s) => `${s.start}..${s.end} ${s.kind}${s.gap ? " GAP" : ""}`);

describe("coverage timeline", () => {
  it("marks the uncovered days of a lease as a gap and the days without a lease as vacant", () => {
    const segments = buildTimeline({
      occupancies: [lease(1, "2026-01-10", "2026-06-30")],
      covers: [cover(7, "external", "2026-01-10", "2026-03-31"), cover(8, "own", "2026-04-15", "2027-04-14")],
      from: "2026-01-01",
      to: "2026-07-31",
    });
    expect(brief(segments)).toEqual([
      "2026-01-01..2026-01-09 vacant",
      "2026-01-10..2026-03-31 external",
      "2026-04-01..2026-04-14 none GAP",
      "2026-04-15..2026-06-30 own",
      "2026-07-01..2026-07-31 own",
    ]);
    expect(gapDays(segments)).toBe(14);
    expect(segments[3].lease_ids).toEqual([1]);
    expect(segments[4].lease_ids).toEqual([]);
  });

  it("overlapping covers: the own policy wins, then the proof, then the master coverage; all are listed", () => {
    const segments = buildTimeline({
      occupancies: [lease(1, "2026-01-01", null)],
      covers: [cover(3, "master", "2025-06-01", null), cover(2, "external", "2026-02-01", "2026-02-28"), cover(1, "own", "2026-02-15", "2026-03-10")],
      from: "2026-01-01",
      to: "2026-03-31",
    });
    expect(brief(segments)).toEqual(["2026-01-01..2026-01-31 master", "2026-02-01..2026-02-14 external", "2026-02-15..2026-02-28 own", "2026-03-01..2026-03-10 own", "2026-03-11..2026-03-31 master"]);
    expect(segments[2].policy_ids).toEqual([1, 2, 3]);
    expect(gapDays(segments)).toBe(0);
  });

  it("overlapping leases (a move-out day shared with the next move-in) keep both leases on that day", () => {
    const segments = buildTimeline({ occupancies: [lease(1, "2026-01-01", "2026-01-31"), lease(2, "2026-01-31", "2026-03-01")], covers: [], from: "2026-01-30", to: "2026-02-01" });
    expect(segments.map((s) => [s.start, s.end, s.lease_ids])).toEqual([
      ["2026-01-30", "2026-01-30", [1]],
      ["2026-01-31", "2026-01-31", [1, 2]],
      ["2026-02-01", "2026-02-01", [2]],
    ]);
    expect(segments.every((s) => s.gap)).toBe(true);
  });

  it("a cancellation ends cover the day before it; pending, rejected and unpaid policies never cover", () => {
    const base = { number: "X", policy_in_system: false, master_coverage: false, effective_date: "2026-01-01", expiration_date: "2027-01-01", cancellation_date: null };
    expect(coverOf({ ...base, id: 1, status: "CANCELLED", cancellation_date: "2026-03-01" })).toMatchObject({ start: "2026-01-01", end: "2026-02-28", kind: "external" });
    expect(coverOf({ ...base, id: 2, status: "EXTERNAL_UNVERIFIED" })).toBeNull();
    expect(coverOf({ ...base, id: 3, status: "EXTERNAL_REJECTED" })).toBeNull();
    expect(coverOf({ ...base, id: 4, status: "AWAITING_PAYMENT", policy_in_system: true })).toBeNull();
    expect(coverOf({ ...base, id: 5, status: "BOUND", master_coverage: true, expiration_date: null })).toMatchObject({ kind: "master", end: null });
    // Cancelled on its first day: it never covered.
    expect(coverOf({ ...base, id: 6, status: "CANCELLED", cancellation_date: "2026-01-01" })).toBeNull();
  });

  it("leap days and year ends cut on the right calendar day", () => {
    const segments = buildTimeline({ occupancies: [lease(1, "2028-02-01", null)], covers: [cover(1, "own", "2028-02-01", "2028-02-28")], from: "2028-02-01", to: "2028-03-01" });
    expect(brief(segments)).toEqual(["2028-02-01..2028-02-28 own", "2028-02-29..2028-03-01 none GAP"]);
    expect(gapDays(segments)).toBe(2);
    const year = buildTimeline({ occupancies: [lease(1, "2026-12-01", null)], covers: [cover(1, "own", "2026-12-01", "2026-12-31")], from: "2026-12-30", to: "2027-01-02" });
    expect(brief(year)).toEqual(["2026-12-30..2026-12-31 own", "2027-01-01..2027-01-02 none GAP"]);
  });

  it("a gap running today counts through today; its later days, and those of a gap still to come, lie ahead", () => {
    const segments = buildTimeline({
      occupancies: [lease(1, "2026-11-01", "2027-01-31"), lease(2, "2027-02-11", null)],
      covers: [cover(1, "own", "2027-02-20", null)],
      from: "2026-11-01",
      to: "2027-02-25",
    });
    expect(brief(segments)).toEqual(["2026-11-01..2027-01-31 none GAP", "2027-02-01..2027-02-10 vacant", "2027-02-11..2027-02-19 none GAP", "2027-02-20..2027-02-25 own"]);
    expect(gapSplit(segments[0], "2026-11-27")).toEqual({ so_far: 27, ahead: 65 });
    expect(gapSplit(segments[2], "2026-11-27")).toEqual({ so_far: 0, ahead: 9 });
    expect(gapSplit(segments[0], "2027-01-31")).toEqual({ so_far: 92, ahead: 0 });
    expect(gapSplit(segments[0], "2026-11-01")).toEqual({ so_far: 1, ahead: 91 });
    expect(gapDays(segments, "2026-11-27")).toBe(27);
    expect(upcomingGapDays(segments, "2026-11-27")).toBe(65 + 9);
    expect(gapDays(segments)).toBe(92 + 9);
  });

  it("today is the Los Angeles day: late evening there is already tomorrow in UTC", () => {
    expect(todayIn(new Date("2027-01-01T07:59:00Z"))).toBe("2026-12-31");
    expect(todayIn(new Date("2027-01-01T08:00:00Z"))).toBe("2027-01-01");
    // Daylight saving: in summer the day turns at 07:00 UTC.
    expect(todayIn(new Date("2026-07-01T06:59:00Z"))).toBe("2026-06-30");
    expect(todayIn(new Date("2026-07-01T07:00:00Z"))).toBe("2026-07-01");
  });
});
