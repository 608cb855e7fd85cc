import { sql } from "drizzle-orm";
import { US_STATES } from "../../src/domain/usStates";
import type { Db } from "../db/client";
import { queryRows } from "./list";

/**
 * Where addresses are checked and completed (issue 14: sync-residential-address, get-residential-property-info).
 * A provider backed by a postal service can replace the built-in one; the routes only see this interface.
 */
export interface AddressInput {
  street_number?: string | null;
  street_name?: string | null;
  street_two?: string | null;
  city?: string | null;
  state?: string | null;
  county?: string | null;
  zip_code?: string | null;
}

export interface NormalizedAddress {
  street_number: string | null;
  street_name: string | null;
  street_two: string | null;
  city: string | null;
  state: string | null;
  county: string | null;
  zip_code: string | null;
  full: string;
}

export interface AddressProvider {
  /** The address in the postal form, or the parts that cannot be read. */
  normalize(address: AddressInput): Promise<{ address: NormalizedAddress; problems: Record<string, string> }>;
}

const SUFFIXES: Record<string, string> = {
  street: "St", st: "St", avenue: "Ave", ave: "Ave", av: "Ave", road: "Rd", rd: "Rd", boulevard: "Blvd", blvd: "Blvd", drive: "Dr", dr: "Dr",
  lane: "Ln", ln: "Ln", court: "Ct", ct: "Ct", place: "Pl", pl: "Pl", parkway: "Pkwy", pkwy: "Pkwy", terrace: "Ter", ter: "Ter", circle: "Cir",
  cir: "Cir", highway: "Hwy", hwy: "Hwy", way: "Way", trail: "Trl", trl: "Trl", square: "Sq", sq: "Sq",
};
const DIRECTIONS: Record<string, string> = { north: "N", south: "S", east: "E", west: "W", northeast: "NE", northwest: "NW", southeast: "SE", southwest: "SW", n: "N", s: "S", e: "E", w: "W", ne: "NE", nw: "NW", se: "SE", sw: "SW" };
const UNIT_WORDS: Record<string, string> = { apartment: "Apt", apt: "Apt", suite: "Ste", ste: "Ste", unit: "Unit", "#": "#" };

const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").replace(/[.,]+$/g, "").trim();

export function normalizeStreet(name: string): string {
  const words = clean(name).split(" ").filter(Boolean);
  return words
    .map((w, i) => {
      const key = w.toLowerCase().replace(/\.$/, "");
      if (i === words.length - 1 && SUFFIXES[key]) return SUFFIXES[key];
      if ((i === 0 || i === words.length - 1) && DIRECTIONS[key]) return DIRECTIONS[key];
      if (/^\d+(st|nd|rd|th)$/i.test(w)) return w.toLowerCase();
      return titleCase(w);
    })
    .join(" ");
}

/**
 * The built-in provider: no network. Splits a number off the street name, abbreviates suffixes and directions as
 * the postal service writes them, title-cases street and city, upper-cases the state (50 states + DC), keeps a 5-digit
 * zip (a ZIP+4 is cut to 5), and fills the county from another address of the same zip in the database.
 */
export function localAddressProvider(db: Db): AddressProvider {
  return {
    async normalize(input) {
      const problems: Record<string, string> = {};
      let number = clean(input.street_number);
      let name = clean(input.street_name);
      const leading = /^(\d+[A-Za-z]?(?:-\d+)?)\s+(.+)$/.exec(name);
      if (!number && leading) [number, name] = [leading[1], leading[2]];
      let two = clean(input.street_two);
      const unit = /^(apartment|apt|suite|ste|unit|#)\.?\s*(.+)$/i.exec(two);
      if (unit) two = `${UNIT_WORDS[unit[1].toLowerCase()] ?? titleCase(unit[1])} ${unit[2].toUpperCase()}`;
      const state = clean(input.state).toUpperCase();
      const zipMatch = /^(\d{5})(?:-?\d{4})?$/.exec(clean(input.zip_code));
      if (!name) problems.street_name = "is required";
      if (!clean(input.city)) problems.city = "is required";
      if (!(US_STATES as readonly string[]).includes(state)) problems.state = "is not a valid state";
      if (!zipMatch) problems.zip_code = "must be a valid zip";
      const zip = zipMatch?.[1] ?? null;
      let county = clean(input.county) || null;
      if (!county && zip) {
        const [known] = await queryRows<{ county: string }>(db, sql`SELECT county FROM addresses WHERE zip_code = ${zip} AND county IS NOT NULL AND county <> '' GROUP BY county ORDER BY count(*) DESC LIMIT 1`);
        county = known?.county ?? null;
      }
      const address: NormalizedAddress = {
        street_number: number || null,
        street_name: name ? normalizeStreet(name) : null,
        street_two: two || null,
        city: clean(input.city) ? titleCase(clean(input.city)) : null,
        state: state || null,
        county: county ? titleCase(county) : null,
        zip_code: zip ?? (clean(input.zip_code) || null),
        full: "",
      };
      address.full = [[address.street_number, address.street_name].filter(Boolean).join(" "), address.street_two, address.city, [address.state, address.zip_code].filter(Boolean).join(" ")]
        .filter((x) => x && String(x).trim())
        .join(", ");
      return { address, problems };
    },
  };
}
