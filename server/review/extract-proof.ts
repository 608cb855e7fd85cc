import { DECLINE_REASON_KEYS } from "../../src/domain/policies";
import { DEFAULT_MINIMUM_LIABILITY, type ProofFacts, type RequirementProfile, checkRequirements, reasonsFromChecks } from "../../src/domain/requirements";

/**
 * Assisted review (issue 4 part 5): what a proof of coverage's text says, read with the wording carriers use on
 * declarations pages and evidence-of-insurance certificates. Each field is found or left out (null); nothing is
 * guessed from position alone, so a reviewer only sees values the document actually states.
 */
export interface ExtractedProof {
  number: string | null;
  carrier: string | null;
  effective_date: string | null;
  expiration_date: string | null;
  /** Cents. */
  liability_limit: number | null;
  insureds: Array<{ first_name: string; last_name: string }>;
  /** The insured location as printed ("12 Elm St, Apt 4, Austin, TX 78701"). */
  address: string | null;
  /** The largest deductible printed, cents. */
  deductible?: number | null;
  /** Additional interests / interested parties as printed; null when the document names none (issue 17). */
  interested_parties?: string[] | null;
}

const DATE = String.raw`(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})`;

/** "01/05/2027" → "2027-01-05" (US order, as US carriers print it). */
function isoDate(match: RegExpMatchArray, at: number): string | null {
  const [month, day, year] = [Number(match[at]), Number(match[at + 1]), Number(match[at + 2])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The value after a label on the same line ("Policy Number:  HO-123"). */
function labelled(lines: string[], label: RegExp): string | null {
  for (const line of lines) {
    const m = new RegExp(String.raw`${label.source}\s*[:#]?\s*(.+)$`, "i").exec(line);
    if (m && m[m.length - 1].trim()) return m[m.length - 1].trim();
  }
  return null;
}

const dollarsToCents = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, "")) * 100);

function names(text: string): ExtractedProof["insureds"] {
  return text
    .split(/\s+and\s+|,|;|&/i)
    .map((part) => part.trim().replace(/\s+/g, " "))
    .filter((part) => /^[A-Za-z][A-Za-z'.-]+(\s+[A-Za-z][A-Za-z'.-]*)+$/.test(part))
    .map((part) => {
      const words = part.split(" ");
      return { first_name: words[0], last_name: words.slice(1).join(" ") };
    });
}

export function extractProof(lines: string[]): ExtractedProof {
  const number = labelled(lines, /policy\s*(?:number|no\.?|#)/)?.split(/\s{2,}/)[0].replace(/[^A-Za-z0-9_-]/g, "") || null;
  const carrier =
    labelled(lines, /(?:insurance company|insurer|carrier)/)?.split(/\s{2,}/)[0] ??
    // Declarations pages head the sheet with the carrier's name in capitals.
    (lines[0] && /^[A-Z0-9 &.,'-]{3,}$/.test(lines[0]) && !/DECLARATIONS|EVIDENCE|CERTIFICATE/.test(lines[0]) ? titleCase(lines[0]) : null);

  let effective: string | null = null;
  let expiration: string | null = null;
  for (const line of lines) {
    const period = new RegExp(String.raw`${DATE}\s*(?:to|-|–|through|thru)\s*${DATE}`, "i").exec(line);
    if (period && /period|term|policy/i.test(line)) {
      effective = isoDate(period, 1);
      expiration = isoDate(period, 4);
      break;
    }
  }
  const single = (label: RegExp) => {
    const value = labelled(lines, label);
    const m = value ? new RegExp(DATE).exec(value) : null;
    return m ? isoDate(m, 1) : null;
  };
  effective ??= single(/effective\s*date/);
  expiration ??= single(/expiration\s*date/);

  let liability: number | null = null;
  for (const line of lines) {
    if (!/liability/i.test(line) || /additional interest/i.test(line)) continue;
    const amount = /\$\s?([\d,]+(?:\.\d{2})?)/.exec(line);
    if (amount) {
      liability = dollarsToCents(amount[1]);
      break;
    }
  }
  let deductible: number | null = null;
  for (const line of lines) {
    if (!/deductible/i.test(line)) continue;
    for (const m of line.matchAll(/\$\s?([\d,]+(?:\.\d{2})?)/g)) deductible = Math.max(deductible ?? 0, dollarsToCents(m[1]));
  }
  const parties = lines
    .map((line) => /(?:additional\s+interests?|interested\s+part(?:y|ies)|additional\s+insured|certificate\s+holder)\s*[:#]?\s*(.+)$/i.exec(line)?.[1]?.trim())
    .filter((x): x is string => Boolean(x));
  const insuredText = labelled(lines, /(?:named\s+insured|insured)(?!\s*location)/);
  const address = premisesAddress(lines);
  return { number, carrier, effective_date: effective, expiration_date: expiration, liability_limit: liability, insureds: insuredText ? names(insuredText) : [], address, deductible, interested_parties: parties.length ? parties : null };
}

const ADDRESS_LABEL = /(?:residence\s+premises|insured\s+location|location|property\s+address|premises)/;
/** "Austin, TX 78701": the city line a declarations page prints under the premises' street. */
const CITY_LINE = /^[A-Za-z][A-Za-z .'-]*,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?$/;

/** The insured location, with the city line below it when the sheet breaks the address over two lines. */
function premisesAddress(lines: string[]): string | null {
  const street = labelled(lines, ADDRESS_LABEL);
  if (!street) return null;
  if (/\b\d{5}(?:-\d{4})?\s*$/.test(street)) return street;
  const at = lines.findIndex((line) => new RegExp(String.raw`${ADDRESS_LABEL.source}\s*[:#]?\s*`, "i").test(line) && line.includes(street));
  const next = at >= 0 ? lines[at + 1]?.trim() : undefined;
  return next && CITY_LINE.test(next) ? `${street}, ${next}` : street;
}

function titleCase(text: string): string {
  return text
    .toLowerCase()
    .split(" ")
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(" ");
}

export interface ReviewContext {
  today: string;
  /** The account's minimum liability in cents; $100,000 when the account sets none. */
  minimumLiability?: number | null;
  /** Residents of the unit's current lease. */
  residents?: Array<{ first_name: string | null; last_name: string | null }>;
  /** Where the policy's unit is: its community's street ("12 Elm Street") and the unit's title ("Apt 4"). */
  premises?: { street: string | null; unit: string | null };
  /** The requirement profile of the unit's community, else the account's (issue 17); judged in place of minimumLiability. */
  profile?: RequirementProfile | null;
  /** The property manager's name, the unit's move-in date and the named carrier's AM Best rating, for the profile's rules. */
  landlord?: string | null;
  moveIn?: string | null;
  carrierRating?: string | null;
}

// Carriers abbreviate as they please; both sides are compared in one spelling.
const ABBREVIATIONS: Record<string, string> = {
  street: "st", avenue: "ave", road: "rd", drive: "dr", boulevard: "blvd", lane: "ln", court: "ct", place: "pl",
  parkway: "pkwy", terrace: "ter", circle: "cir", highway: "hwy", north: "n", south: "s", east: "e", west: "w",
  apartment: "apt", suite: "ste", number: "no", building: "bldg",
};
export const SUFFIXES = new Set(["st", "ave", "rd", "dr", "blvd", "ln", "ct", "pl", "pkwy", "ter", "cir", "hwy", "way"]);

export const tokens = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9#]+/g, " ")
    .split(" ")
    .filter(Boolean)
    .map((t) => ABBREVIATIONS[t] ?? t);

/** The unit's own number in its title: "Apt 4B" → "4b", "Unit 12" → "12", "101" → "101". */
export const unitNumber = (title: string) => [...tokens(title)].reverse().find((t) => /\d/.test(t))?.replace(/^#/, "") ?? null;

/**
 * r3 when the printed location does not carry the community's street (its number and name), r4 when it names another
 * unit or none: the resident must show cover for this very unit.
 */
function locationReasons(address: string, premises: NonNullable<ReviewContext["premises"]>): string[] {
  const printed = tokens(address);
  const reasons: string[] = [];
  if (premises.street) {
    const wanted = tokens(premises.street).filter((t) => !SUFFIXES.has(t));
    if (wanted.length && !wanted.every((t) => printed.includes(t))) reasons.push("r3");
  }
  const unit = premises.unit ? unitNumber(premises.unit) : null;
  if (unit) {
    const designated = /(?:^|\s)(?:unit|apt|ste|no|#)\s*#?\s*([a-z0-9-]+)/.exec(printed.join(" "));
    const named = designated ? designated[1].replace(/^#/, "") : null;
    if (named ? named !== unit : !printed.includes(unit)) reasons.push("r4");
  }
  return reasons;
}


/** What the requirement rules read from an extracted certificate. */
export const proofFacts = (proof: ExtractedProof, carrierRating: string | null): ProofFacts => ({
  liability_limit: proof.liability_limit,
  deductible: proof.deductible ?? null,
  carrier: proof.carrier,
  carrier_rating: carrierRating,
  interested_parties: proof.interested_parties ?? null,
  effective_date: proof.effective_date,
});


/**
 * The decline reasons the evidence supports (keys of the console's fixed list, readings C-37): r5 expired, r1 liability
 * below the minimum, r6 no insured matches a resident of the lease, r3 and r4 another address or unit. Only what the
 * document states is judged.
 */
export function suggestedReasons(proof: ExtractedProof, context: ReviewContext): string[] {
  const reasons: string[] = [];
  if (context.profile) {
    reasons.push(...reasonsFromChecks(checkRequirements(context.profile, proofFacts(proof, context.carrierRating ?? null), { landlord: context.landlord ?? null, move_in: context.moveIn ?? null })));
  } else {
    const minimum = context.minimumLiability ?? DEFAULT_MINIMUM_LIABILITY;
    if (proof.liability_limit !== null && proof.liability_limit < minimum) reasons.push("r1");
  }
  if (proof.expiration_date && proof.expiration_date < context.today) reasons.push("r5");
  const residents = (context.residents ?? []).filter((r) => r.last_name);
  if (residents.length && proof.insureds.length) {
    const key = (first: string | null, last: string | null) => `${(first ?? "").toLowerCase()} ${(last ?? "").toLowerCase()}`.trim();
    const known = new Set(residents.map((r) => key(r.first_name, r.last_name)));
    if (!proof.insureds.some((i) => known.has(key(i.first_name, i.last_name)))) reasons.push("r6");
  }
  if (proof.address && context.premises) reasons.push(...locationReasons(proof.address, context.premises));
  // In the decline dialog's order.
  return DECLINE_REASON_KEYS.filter((r) => reasons.includes(r));
}
