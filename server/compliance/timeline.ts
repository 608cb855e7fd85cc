import { dayCount, gapSplit } from "../../src/domain/coverageGaps";
import { addDays } from "../../src/domain/requirements";

/**
 * Coverage timelines (issue 17 section 2): who lived in a unit and what covered them, day by day, from leases,
 * policies and master coverages. Pure, on date-only values (`yyyy-MM-dd`, compared as text): no clock and no time zone
 * enters here; "today" is the caller's (Los Angeles, as every report) and comes in as a date.
 */
export type CoverKind = "own" | "external" | "master";
export type SegmentKind = CoverKind | "none" | "vacant";

/** Own policy first, then an uploaded proof, then the property's master coverage. */
const PRIORITY: Record<CoverKind, number> = { own: 0, external: 1, master: 2 };

export interface Cover {
  policy_id: number;
  number: string;
  kind: CoverKind;
  /** First day covered. */
  start: string;
  /** Last day covered (inclusive); null when open-ended (a master coverage without an end). */
  end: string | null;
}

export interface Occupancy {
  lease_id: number;
  /** Move-in (inclusive). */
  start: string;
  /** Last day of the lease (inclusive); null: month to month, still running. */
  end: string | null;
  residents: Array<{ id: number; name: string }>;
}

export interface Segment {
  start: string;
  /** Inclusive. */
  end: string;
  kind: SegmentKind;
  /** The leases running then (two when leases overlap), and the policies in force, best first. */
  lease_ids: number[];
  policy_ids: number[];
  /** Someone lived there without any cover. */
  gap: boolean;
}

/**
 * What a policy row counts as: in force from its effective date through its expiration date, unless cancelled earlier
 * (the cancellation date is the first day without cover). Pending, rejected and unpaid policies never covered anyone.
 */
export const COVERING_STATUSES = ["BOUND", "BOUND_WITH_WARNING", "RENEWING", "RENEWED", "REINSTATED", "EXTERNAL_VERIFIED", "EXPIRED", "CANCELLED"] as const;

export function coverOf(policy: {
  id: number;
  number: string;
  status: string;
  policy_in_system: boolean;
  master_coverage: boolean;
  effective_date: string | null;
  expiration_date: string | null;
  cancellation_date: string | null;
}): Cover | null {
  if (!(COVERING_STATUSES as readonly string[]).includes(policy.status) || !policy.effective_date) return null;
  if (policy.status === "CANCELLED" && !policy.cancellation_date) return null;
  let end = policy.expiration_date;
  if (policy.cancellation_date) {
    const lastDay = addDays(policy.cancellation_date, -1);
    end = end === null || lastDay < end ? lastDay : end;
  }
  if (end !== null && end < policy.effective_date) return null;
  const kind: CoverKind = policy.master_coverage ? "master" : policy.policy_in_system ? "own" : "external";
  return { policy_id: policy.id, number: policy.number, kind, start: policy.effective_date, end };
}

const within = (day: string, start: string, end: string | null) => start <= day && (end === null || day <= end);

/** The covers in force on a day, best first. */
export function coversOn(covers: Cover[], day: string): Cover[] {
  return covers.filter((c) => within(day, c.start, c.end)).sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind] || a.start.localeCompare(b.start) || a.policy_id - b.policy_id);
}

/**
 * The unit's days from `from` to `to` (inclusive) cut where anything starts or ends, each piece with the leases running
 * and the best cover in force; neighbours alike are merged. Overlapping covers and overlapping leases are both kept.
 */
export function buildTimeline(input: { occupancies: Occupancy[]; covers: Cover[]; from: string; to: string }): Segment[] {
  const { occupancies, covers, from, to } = input;
  if (to < from) return [];
  const cuts = new Set<string>([from, addDays(to, 1)]);
  const cut = (day: string) => {
    if (day > from && day <= to) cuts.add(day);
  };
  for (const o of occupancies) {
    cut(o.start);
    if (o.end) cut(addDays(o.end, 1));
  }
  for (const c of covers) {
    cut(c.start);
    if (c.end) cut(addDays(c.end, 1));
  }
  const days = [...cuts].sort();
  const segments: Segment[] = [];
  for (let i = 0; i < days.length - 1; i++) {
    const start = days[i];
    const end = addDays(days[i + 1], -1);
    const leases = occupancies.filter((o) => within(start, o.start, o.end)).map((o) => o.lease_id);
    const inForce = coversOn(covers, start);
    const kind: SegmentKind = inForce.length ? inForce[0].kind : leases.length ? "none" : "vacant";
    const segment: Segment = { start, end, kind, lease_ids: leases, policy_ids: inForce.map((c) => c.policy_id), gap: kind === "none" };
    const last = segments[segments.length - 1];
    if (last && last.kind === segment.kind && same(last.lease_ids, segment.lease_ids) && same(last.policy_ids, segment.policy_ids)) last.end = end;
    else segments.push(segment);
  }
  return segments;
}

const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Days without cover while someone lived there: all of them, or through `today` only (the rest lie ahead). */
export function gapDays(segments: Segment[], today?: string): number {
  return segments.filter((s) => s.gap).reduce((sum, s) => sum + (today ? gapSplit(s, today).so_far : dayCount(s.start, s.end)), 0);
}

/** Uncovered days of lease after `today`. */
export const upcomingGapDays = (segments: Segment[], today: string) => segments.filter((s) => s.gap).reduce((sum, s) => sum + gapSplit(s, today).ahead, 0);

/** Today where reports are kept (America/Los_Angeles), as a date: 07:59 UTC on the 1st is still the last of the month there. */
export const todayIn = (now: Date, timeZone = "America/Los_Angeles") => new Intl.DateTimeFormat("en-CA", { timeZone }).format(now);
