import { describe, expect, it } from "vitest";
import { type UnitFuture, forecastFigures, outlook, renewalRate } from "./forecast";
import type { Cover } from "./timeline";

const today = "2026-06-01";
const cover = (policy_id: number, kind: Cover["kind"], start: string, end: string | null): Cover => ({ policy_id, number: `P${policy_id}`, kind, start, end });
const unit = (unit_id: number, account_id: number, occupancies: UnitFuture["occupancies"], covers: Cover[]): UnitFuture => ({ unit_id, account_id, community_id: null, occupancies, covers });
const open = [{ start: "2025-01-01", end: null }];

// A portfolio whose future is known (see each unit's note).
const portfolio: UnitFuture[] = [
  unit(1, 1, open, [cover(1, "own", "2026-01-01", "2026-12-31")]), // covered throughout
  unit(2, 1, open, [cover(2, "external", "2025-06-21", "2026-06-20")]), // proof ends 20 June, nothing after: lapsing
  unit(3, 1, open, [cover(3, "external", "2025-06-21", "2026-06-20"), cover(4, "external", "2026-06-21", "2027-06-20")]), // renewal already in
  unit(4, 1, open, []), // uninsured today: stays uninsured
  unit(5, 1, [{ start: "2025-01-01", end: "2026-07-15" }], [cover(5, "own", "2025-08-02", "2026-08-01")]), // moves out 15 July
  unit(6, 1, [{ start: "2026-08-01", end: null }], [cover(6, "master", "2026-01-01", null)]), // moves in 1 August under the master
  unit(7, 2, open, [cover(7, "own", "2025-07-11", "2026-07-10")]), // account 2: ends 10 July
];
const rates: Record<number, number> = { 1: 0.25, 2: 0.5 };

describe("lapse forecast", () => {
  it("counts known cover in full and lapsing cover at its account's renewal rate, on 0/30/60/90 days", () => {
    const figures = forecastFigures(portfolio, today, (account) => rates[account]);
    expect(figures.map(({ days, date, occupied, covered, lapsing, expected, share }) => ({ days, date, occupied, covered, lapsing, expected, share }))).toEqual([
      { days: 0, date: "2026-06-01", occupied: 6, covered: 5, lapsing: 0, expected: 5, share: 0.8333 },
      { days: 30, date: "2026-07-01", occupied: 6, covered: 4, lapsing: 1, expected: 4.25, share: 0.7083 },
      { days: 60, date: "2026-07-31", occupied: 5, covered: 2, lapsing: 2, expected: 2.75, share: 0.55 },
      { days: 90, date: "2026-08-30", occupied: 6, covered: 3, lapsing: 2, expected: 3.75, share: 0.625 },
    ]);
  });

  it("names the units behind each number", () => {
    const states = Object.fromEntries(outlook(portfolio, today).map((o) => [o.unit_id, o.state]));
    expect(states[2]).toEqual({ 0: "covered", 30: "lapsing", 60: "lapsing", 90: "lapsing" });
    expect(states[4]).toEqual({ 0: "uncovered", 30: "uncovered", 60: "uncovered", 90: "uncovered" });
    expect(states[5]).toEqual({ 0: "covered", 30: "covered" });
    expect(states[6]).toEqual({ 90: "covered" });
  });

  it("an empty portfolio has no share rather than 0 %", () => {
    expect(forecastFigures([], today, () => 1)[0]).toMatchObject({ occupied: 0, share: null });
  });

  it("observes renewals: a successor within 30 days of the end counts, a later one or an older end does not", () => {
    const history = [
      unit(1, 1, open, [cover(1, "own", "2025-03-02", "2026-03-01"), cover(2, "own", "2026-03-02", "2027-03-01")]),
      unit(2, 1, open, [cover(3, "external", "2025-02-02", "2026-02-01"), cover(4, "external", "2026-04-01", "2027-03-31")]),
      unit(3, 1, open, [cover(5, "external", "2024-01-02", "2025-01-01")]),
      unit(4, 1, open, [cover(6, "own", "2025-07-02", "2026-07-01")]),
    ];
    expect(renewalRate(history, today)).toEqual({ ended: 2, renewed: 1, rate: 0.5 });
    expect(renewalRate([], today).rate).toBeNull();
  });
});
