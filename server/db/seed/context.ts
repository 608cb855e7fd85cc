import type { Db } from "../client";
import { type Day, at } from "./days";
import { CITIES, FIRST_NAMES, LAST_NAMES, STREETS, STREET_KINDS } from "./names";
import type { Random } from "./random";

/** What every step of the demo seed shares: the transaction, the one PRNG, and the day the demo is built around. */
export interface SeedContext {
  db: Db;
  r: Random;
  today: Day;
  /** The moment the demo is built at: nothing recorded happens after it. */
  now?: Date;
}

export type City = (typeof CITIES)[number];

export interface PersonName {
  first: string;
  last: string;
  full: string;
}

export function personName(r: Random): PersonName {
  const first = r.pick(FIRST_NAMES);
  const last = r.pick(LAST_NAMES);
  return { first, last, full: `${first} ${last}` };
}

/** An address-book style local part: "o'brien" → "obrien". */
export const emailPart = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "");

export function phone(r: Random, areaCode: number = r.int(201, 989)): string {
  return `(${areaCode}) ${r.int(200, 999)}-${String(r.int(0, 9999)).padStart(4, "0")}`;
}

/** A time of day during office hours, so created_at values are spread like real activity. */
export const during = (r: Random, day: Day): Date => at(day, r.int(8 * 3600, 19 * 3600));

/** Never in the future: records about future dates (pending leases, next terms) were created before today. */
export const notAfter = (day: Day, today: Day): Day => Math.min(day, today);

/** A street address in `city`, with the one-line `full` form lists show. */
export function streetAddress(r: Random, city: City) {
  const street_number = String(r.int(100, 9899));
  const street_name = `${r.pick(STREETS)} ${r.pick(STREET_KINDS)}`;
  const [cityName, state, zip_code] = city;
  return { street_number, street_name, city: cityName, state, zip_code, full: `${street_number} ${street_name}, ${cityName}, ${state} ${zip_code}` };
}
