import type { DeclineReasonKey } from "./policies";

/**
 * Requirement profiles (issue 17 section 1): what a property manager requires of a resident's cover, and the check of
 * one proof against it. Pure: the server judges with it (assisted review's pre-ticked reasons, POST requirement_checks)
 * and the console shows the same verdicts. Money is cents, dates `yyyy-MM-dd`.
 */
export interface RequirementProfile {
  minimum_liability: number | null;
  additional_interest_required: boolean;
  additional_interest_name: string | null;
  additional_interest_address: string | null;
  accepted_carriers: string[];
  minimum_carrier_rating: string | null;
  maximum_deductible: number | null;
  landlord_listed: boolean;
  /** Days after move-in by which cover must start; null: no rule. */
  grace_period_days: number | null;
  /** Days before a cover ends on which its residents are reminded, largest first; null: the default 30, 14 and 3. */
  reminder_days: number[] | null;
}

/** Where the profile that applies came from: the unit's community, the account, or the account's two old fields. */
export type ProfileSource = "community" | "account" | "default";

/** The liability a proof must show when the account names none (assisted review's rule before profiles existed). */
export const DEFAULT_MINIMUM_LIABILITY = 10_000_000;
export const GRACE_PERIOD_MAX_DAYS = 365;
/** Reminders go out at most this many days ahead, on at most this many days. */
export const REMINDER_DAY_MAX = 90;
export const REMINDER_DAYS_MAX_COUNT = 5;

/** AM Best financial strength ratings, best first. */
export const AM_BEST_RATINGS = ["A++", "A+", "A", "A-", "B++", "B+", "B", "B-", "C++", "C+", "C", "C-", "D", "E", "F", "S"] as const;
export type AmBestRating = (typeof AM_BEST_RATINGS)[number];

export const REQUIREMENT_RULES = [
  "minimum_liability",
  "additional_interest",
  "landlord_listed",
  "accepted_carriers",
  "carrier_rating",
  "maximum_deductible",
  "grace_period",
] as const;
export type RequirementRule = (typeof REQUIREMENT_RULES)[number];

/**
 * An account without a profile keeps what it had: its minimum liability ($100,000 when it sets none) and its
 * additional interest (name), nothing else required — so no verdict changes until someone writes a profile.
 */
export function defaultProfile(account: { minimum_liability: number | null; additional_interest: boolean; additional_interest_name: string | null }): RequirementProfile {
  return {
    minimum_liability: account.minimum_liability ?? DEFAULT_MINIMUM_LIABILITY,
    additional_interest_required: account.additional_interest && Boolean(account.additional_interest_name?.trim()),
    additional_interest_name: account.additional_interest_name?.trim() || null,
    additional_interest_address: null,
    accepted_carriers: [],
    minimum_carrier_rating: null,
    maximum_deductible: null,
    landlord_listed: false,
    grace_period_days: null,
    reminder_days: null,
  };
}

/** What a proof states, as far as it is known (null: not stated, so the rule cannot be judged). */
export interface ProofFacts {
  /** Cents. */
  liability_limit: number | null;
  /** The largest deductible of its coverages, cents. */
  deductible: number | null;
  carrier: string | null;
  carrier_rating: string | null;
  /** The additional interests / interested parties it names, as printed; null when the document says nothing of them. */
  interested_parties: string[] | null;
  effective_date: string | null;
}

export interface CheckContext {
  /** The property manager's name (the account's title), for "landlord must be listed". */
  landlord: string | null;
  /** When the resident moved in (the unit's lease start), for the grace period. */
  move_in: string | null;
}

export type RuleStatus = "met" | "not_met" | "unknown";

export interface RuleCheck {
  rule: RequirementRule;
  status: RuleStatus;
  /** What the profile asks (cents, a name, a rating, a date), shown beside the verdict. */
  expected: string | number | null;
  /** What the proof shows. */
  actual: string | number | null;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** A name is listed when every word of it appears in one of the printed parties (carriers print names loosely). */
function names(parties: string[], name: string): boolean {
  const wanted = words(name).split(" ").filter((w) => w.length > 1 && !["llc", "inc", "the", "co", "ltd"].includes(w));
  if (!wanted.length) return true;
  return parties.some((party) => {
    const printed = words(party).split(" ");
    return wanted.every((w) => printed.includes(w));
  });
}

export const ratingRank = (rating: string | null | undefined) => (rating ? AM_BEST_RATINGS.indexOf(rating.trim().toUpperCase() as AmBestRating) : -1);

/** Days from `from` to `to` (date-only, calendar days; no clock or time zone enters). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Each rule the profile sets, met or not by the proof (unknown when the proof does not say). */
export function checkRequirements(profile: RequirementProfile, proof: ProofFacts, context: CheckContext): RuleCheck[] {
  const checks: RuleCheck[] = [];
  const add = (rule: RequirementRule, status: RuleStatus, expected: RuleCheck["expected"], actual: RuleCheck["actual"]) => checks.push({ rule, status, expected, actual });

  if (profile.minimum_liability !== null) {
    const limit = proof.liability_limit;
    add("minimum_liability", limit === null ? "unknown" : limit >= profile.minimum_liability ? "met" : "not_met", profile.minimum_liability, limit);
  }
  if (profile.additional_interest_required && profile.additional_interest_name) {
    const parties = proof.interested_parties;
    const expected = [profile.additional_interest_name, profile.additional_interest_address].filter(Boolean).join(", ");
    const listed = parties && names(parties, profile.additional_interest_name) && (!profile.additional_interest_address || names(parties, profile.additional_interest_address));
    add("additional_interest", parties === null ? "unknown" : listed ? "met" : "not_met", expected, parties?.join("; ") || null);
  }
  if (profile.landlord_listed && context.landlord) {
    const parties = proof.interested_parties;
    add("landlord_listed", parties === null ? "unknown" : names(parties, context.landlord) ? "met" : "not_met", context.landlord, parties?.join("; ") || null);
  }
  if (profile.accepted_carriers.length) {
    const carrier = proof.carrier?.trim() || null;
    const accepted = carrier !== null && profile.accepted_carriers.some((c) => words(c) === words(carrier));
    add("accepted_carriers", carrier === null ? "unknown" : accepted ? "met" : "not_met", profile.accepted_carriers.join(", "), carrier);
  }
  if (profile.minimum_carrier_rating) {
    const rank = ratingRank(proof.carrier_rating);
    const wanted = ratingRank(profile.minimum_carrier_rating);
    add("carrier_rating", rank < 0 ? "unknown" : rank <= wanted ? "met" : "not_met", profile.minimum_carrier_rating, proof.carrier_rating);
  }
  if (profile.maximum_deductible !== null) {
    const deductible = proof.deductible;
    add("maximum_deductible", deductible === null ? "unknown" : deductible <= profile.maximum_deductible ? "met" : "not_met", profile.maximum_deductible, deductible);
  }
  if (context.move_in && profile.grace_period_days !== null) {
    // Cover must start no later than the grace period after move-in (0: on the day of move-in).
    const latest = addDays(context.move_in, profile.grace_period_days);
    const start = proof.effective_date;
    add("grace_period", start === null ? "unknown" : start <= latest ? "met" : "not_met", latest, start);
  }
  return checks;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The decline reason (readings C-37) a failed rule stands for; the others have none of the fixed ten. */
export const RULE_DECLINE_REASON: Partial<Record<RequirementRule, DeclineReasonKey>> = {
  minimum_liability: "r1",
  additional_interest: "r2",
  landlord_listed: "r2",
  carrier_rating: "r9",
  accepted_carriers: "r10",
};

/** The reasons the failed rules support, each once. */
export function reasonsFromChecks(checks: RuleCheck[]): DeclineReasonKey[] {
  const reasons = new Set<DeclineReasonKey>();
  for (const check of checks) {
    const reason = RULE_DECLINE_REASON[check.rule];
    if (check.status === "not_met" && reason) reasons.add(reason);
  }
  return [...reasons];
}
