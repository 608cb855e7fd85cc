import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../lib/list";
import { SUFFIXES, tokens, unitNumber } from "./extract-proof";

interface Titled {
  id: number;
  title: string;
}

/** Where a proof's printed location is among the caller's properties: the pickers of the coverage-proof form. */
export interface LocatedProperty {
  agency: Titled | null;
  account: Titled | null;
  community: Titled & { address: { street_number: string | null; street_name: string | null; city: string | null; state: string | null; zip_code: string | null } };
  /** The unit's building (or the building the address names); null when the unit hangs directly under the community. */
  building: Titled | null;
  /** Null when the printed text names no unit of the community, or one that several buildings share. */
  unit: Titled | null;
}

interface Candidate {
  id: number;
  insurable_type_id: number;
  parent_id: number | null;
  street_number: string | null;
  street_name: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
}

const COMMUNITY_TYPES = [1, 2, 3];
const BUILDING = 7;

/** Index of `needle` as a run of consecutive tokens in `hay`, from `from`; -1 when absent. */
function runAt(hay: string[], needle: string[], from = 0): number {
  if (!needle.length) return -1;
  for (let i = from; i + needle.length <= hay.length; i++) if (needle.every((t, j) => hay[i + j] === t)) return i;
  return -1;
}

/**
 * How well a stored address fits the printed one, and which printed tokens it accounts for: the street (its number
 * followed by its name, suffix aside) must be there; city and zip add to the score, and a different zip rules it out.
 */
function fit(printed: string[], candidate: Candidate): { score: number; used: Set<number> } | null {
  if (!candidate.street_number || !candidate.street_name) return null;
  const number = tokens(candidate.street_number);
  const name = tokens(candidate.street_name);
  const core = name.filter((t) => !SUFFIXES.has(t));
  for (let at = runAt(printed, number); at >= 0; at = runAt(printed, number, at + 1)) {
    const after = at + number.length;
    // The name with its suffix, or without it ("12 Elm" for "12 Elm Street").
    const length = runAt(printed, name, after) === after ? name.length : runAt(printed, core, after) === after ? core.length : 0;
    if (!length) continue;
    const used = new Set<number>();
    for (let i = at; i < after + length; i++) used.add(i);
    let score = 2;
    const rest = printed.map((t, i) => (used.has(i) ? "" : t));
    const zip = candidate.zip_code ? tokens(candidate.zip_code)[0] : null;
    const printedZip = [...printed].reverse().find((t) => /^\d{5}$/.test(t));
    if (printedZip && zip && printedZip !== zip && printed.lastIndexOf(printedZip) > after) return null;
    for (const part of [candidate.city, candidate.state, candidate.zip_code]) {
      const words = part ? tokens(part) : [];
      const where = runAt(rest, words, after + length);
      if (where >= 0) {
        score += 1;
        words.forEach((_w, j) => used.add(where + j));
      }
    }
    return { score, used };
  }
  return null;
}

/**
 * Finds the property a printed location names (issue 10, DMR location): the community (or building) whose street
 * address the text carries, within `scope` (conditions on insurables aliased `i`), then its building and unit by the
 * titles and unit number the text goes on to print. Nothing is guessed: two communities fitting equally well give no
 * answer, and a unit number several buildings share gives the community alone.
 */
export async function locateProperty(db: Db, printedAddress: string | null, scope: SQL[]): Promise<LocatedProperty | null> {
  if (!printedAddress) return null;
  const printed = tokens(printedAddress);
  const numbers = [...new Set(printed.filter((t) => /^\d+[a-z]?$/.test(t)))];
  if (!numbers.length) return null;
  const candidates = await queryRows<Candidate>(
    db,
    sql`SELECT i.id, i.insurable_type_id, i.insurable_id AS parent_id, a.street_number, a.street_name, a.city, a.state, a.zip_code
        FROM addresses a JOIN insurables i ON i.id = a.addressable_id
        WHERE a.addressable_type = 'Insurable' AND i.enabled AND i.insurable_type_id IN (${sql.join([...COMMUNITY_TYPES, BUILDING].map((t) => sql`${t}`), sql`, `)})
          AND lower(a.street_number) IN (${sql.join(numbers.map((n) => sql`${n}`), sql`, `)})
          ${sql.join(scope.map((c) => sql` AND ${c}`), sql``)}
        ORDER BY i.id LIMIT 200`,
  );
  const fits = candidates.flatMap((c) => {
    const f = fit(printed, c);
    return f ? [{ ...c, ...f }] : [];
  });
  if (!fits.length) return null;
  const best = Math.max(...fits.map((f) => f.score));
  const top = fits.filter((f) => f.score === best);
  const communityOf = (c: Candidate) => (c.insurable_type_id === BUILDING ? c.parent_id : c.id);
  if (new Set(top.map(communityOf)).size > 1) return null;
  // A building's own address names that building; otherwise the community's.
  const match = top.find((c) => c.insurable_type_id === BUILDING) ?? top[0];
  const communityId = communityOf(match);
  if (!communityId) return null;

  const [community] = await queryRows<{ id: number; title: string; account_id: number | null; account_title: string | null; agency_id: number | null; agency_title: string | null }>(
    db,
    sql`SELECT i.id, i.title, i.account_id, ac.title AS account_title, i.agency_id, ag.title AS agency_title
        FROM insurables i LEFT JOIN accounts ac ON ac.id = i.account_id LEFT JOIN agencies ag ON ag.id = i.agency_id
        WHERE i.id = ${communityId} AND i.insurable_type_id IN (1, 2, 3) ${sql.join(scope.map((c) => sql` AND ${c}`), sql``)}`,
  );
  if (!community) return null;
  const [address] = await queryRows<LocatedProperty["community"]["address"]>(
    db,
    sql`SELECT street_number, street_name, city, state, zip_code FROM addresses
        WHERE addressable_type = 'Insurable' AND addressable_id = ${community.id} ORDER BY "primary" DESC, id LIMIT 1`,
  );
  const children = await queryRows<{ id: number; title: string; insurable_type_id: number; parent_id: number }>(
    db,
    sql`SELECT i.id, i.title, i.insurable_type_id, i.insurable_id AS parent_id FROM insurables i
        WHERE i.enabled AND (i.insurable_id = ${community.id} OR i.insurable_id IN (SELECT b.id FROM insurables b WHERE b.insurable_id = ${community.id} AND b.insurable_type_id = ${BUILDING}))`,
  );
  const buildings = children.filter((c) => c.insurable_type_id === BUILDING);
  const units = children.filter((c) => c.insurable_type_id === 4 || c.insurable_type_id === 5);

  // What the street, city, state and zip did not account for names the building and the unit.
  const rest = printed.map((t, i) => (match.used.has(i) ? "" : t));
  let building: (typeof buildings)[number] | undefined = match.insurable_type_id === BUILDING ? buildings.find((b) => b.id === match.id) : undefined;
  if (!building) {
    const named = buildings
      .map((b) => ({ b, words: tokens(b.title), at: runAt(rest, tokens(b.title)) }))
      .filter((x) => x.at >= 0)
      .sort((x, y) => y.words.length - x.words.length);
    if (named.length && (named.length === 1 || named[0].words.length > named[1].words.length)) {
      building = named[0].b;
      named[0].words.forEach((_w, j) => (rest[named[0].at + j] = ""));
    }
  }
  const remaining = rest.filter(Boolean);
  const designated = /(?:^|\s)(?:unit|apt|ste|no|#)\s+#?([a-z0-9-]+)/.exec(remaining.join(" "));
  const wanted = designated ? [designated[1].replace(/^#/, "")] : remaining.filter((t) => /\d/.test(t));
  const within = building?.id;
  const pool = within ? units.filter((u) => u.parent_id === within) : units;
  const found = pool.filter((u) => {
    const n = unitNumber(u.title);
    return n !== null && wanted.includes(n);
  });
  const unit = found.length === 1 ? found[0] : undefined;
  if (unit && !building) building = buildings.find((b) => b.id === unit.parent_id);

  return {
    agency: community.agency_id ? { id: community.agency_id, title: community.agency_title ?? "" } : null,
    account: community.account_id ? { id: community.account_id, title: community.account_title ?? "" } : null,
    community: {
      id: community.id,
      title: community.title,
      address: address ?? { street_number: null, street_name: null, city: null, state: null, zip_code: null },
    },
    building: building ? { id: building.id, title: building.title } : null,
    unit: unit ? { id: unit.id, title: unit.title } : null,
  };
}
