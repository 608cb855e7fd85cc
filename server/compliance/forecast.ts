import { addDays } from "../../src/domain/requirements";
import { type Cover, coversOn } from "./timeline";

/**
 * The lapse forecast (issue 17 section 3): of the units someone will live in on a future day, the share expected to be
 * covered then. Cover already known on that day (a policy running through it, a renewal or a new proof already in,
 * a master coverage) counts in full; a unit whose cover ends before that day without a successor yet counts by its
 * account's observed renewal rate; a unit uncovered today stays uncovered. Pure, on date-only values.
 */
export const HORIZONS = [0, 30, 60, 90] as const;
/** A cover counts as renewed when the next one on the unit starts within this many days of its end. */
export const RENEWAL_WINDOW_DAYS = 30;

export interface UnitFuture {
  unit_id: number;
  account_id: number;
  community_id: number | null;
  occupancies: Array<{ start: string; end: string | null }>;
  covers: Cover[];
}

export interface HorizonFigure {
  days: number;
  date: string;
  /** Units someone lives in on that day. */
  occupied: number;
  /** Of those, covered by what is known today. */
  covered: number;
  /** Of those, covered today but whose cover ends before that day with no successor yet. */
  lapsing: number;
  /** covered + lapsing × renewal rate. */
  expected: number;
  /** expected / occupied, 0..1; null without occupied units. */
  share: number | null;
}

export interface UnitOutlook {
  unit_id: number;
  /** By horizon (days): covered, lapsing (may renew) or uncovered; absent when nobody lives there then. */
  state: Partial<Record<number, "covered" | "lapsing" | "uncovered">>;
}

const occupiedOn = (unit: UnitFuture, day: string) => unit.occupancies.some((o) => o.start <= day && (o.end === null || day <= o.end));

/** Each unit's state on each horizon day. */
export function outlook(units: UnitFuture[], today: string, horizons: readonly number[] = HORIZONS): UnitOutlook[] {
  return units.map((unit) => {
    const state: UnitOutlook["state"] = {};
    const coveredToday = coversOn(unit.covers, today).length > 0;
    for (const days of horizons) {
      const day = addDays(today, days);
      if (!occupiedOn(unit, day)) continue;
      if (coversOn(unit.covers, day).length > 0) state[days] = "covered";
      else state[days] = coveredToday ? "lapsing" : "uncovered";
    }
    return { unit_id: unit.unit_id, state };
  });
}

/** The figures of a group of units on each horizon, with each unit's account's renewal rate. */
export function forecastFigures(units: UnitFuture[], today: string, rateOf: (accountId: number) => number, horizons: readonly number[] = HORIZONS): HorizonFigure[] {
  const states = outlook(units, today, horizons);
  return horizons.map((days) => {
    let occupied = 0;
    let covered = 0;
    let lapsing = 0;
    let expected = 0;
    states.forEach((s, i) => {
      const state = s.state[days];
      if (!state) return;
      occupied++;
      if (state === "covered") {
        covered++;
        expected++;
      } else if (state === "lapsing") {
        lapsing++;
        expected += rateOf(units[i].account_id);
      }
    });
    return { days, date: addDays(today, days), occupied, covered, lapsing, expected: round(expected), share: occupied ? round(expected / occupied, 4) : null };
  });
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The observed renewal rate: of the covers that ended in the year before today (not cut short by a cancellation the
 * caller left out), the share followed on the same unit by another starting within 30 days of the end. Null when no
 * cover ended in that year.
 */
export function renewalRate(units: UnitFuture[], today: string): { ended: number; renewed: number; rate: number | null } {
  const yearAgo = addDays(today, -365);
  let ended = 0;
  let renewed = 0;
  for (const unit of units) {
    for (const cover of unit.covers) {
      if (cover.end === null || cover.end < yearAgo || cover.end >= today) continue;
      ended++;
      const latest = addDays(cover.end, RENEWAL_WINDOW_DAYS + 1);
      const earliest = addDays(cover.end, -RENEWAL_WINDOW_DAYS);
      if (unit.covers.some((next) => next !== cover && next.start > cover.start && next.start >= earliest && next.start <= latest)) renewed++;
    }
  }
  return { ended, renewed, rate: ended ? round(renewed / ended, 4) : null };
}
