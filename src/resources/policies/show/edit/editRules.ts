import { differenceInYears, parseISO } from "date-fns";
import type { Validator } from "react-admin";
import { US_STATES_AND_TERRITORIES } from "../../../../domain/usStates";
import type { Address, Fields } from "../types";

/** Choices and checks of the policy editors (document 2 section 5; readings C-45, C-46). */
export const GENDERS = ["male", "female", "other"] as const;
export const SALUTATIONS = ["mr", "mrs", "miss", "dr"] as const;
export const EMPLOYMENT_TYPES = ["Employed", "Self Employed"] as const;
export const COUNTRIES = ["US"] as const;
export const STATE_CHOICES = US_STATES_AND_TERRITORIES.map((code) => ({ id: code, name: code }));

/** (000) 000-0000 as the user types; anything but digits is dropped. */
export function maskPhone(value: string | null | undefined): string {
  const d = String(value ?? "").replace(/\D/g, "").replace(/^1(?=\d{10})/, "").slice(0, 10);
  if (d.length === 0) return "";
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Five digits at most. */
export const maskZip = (value: string | null | undefined) => String(value ?? "").replace(/\D/g, "").slice(0, 5);

/** Between 18 and 65 years ago, both ends included (readings C-46), in the browser's local date. */
export function birthDateInRange(value: string | null | undefined, today = new Date()): boolean {
  if (!value) return true;
  const date = parseISO(value);
  if (Number.isNaN(date.getTime())) return false;
  const age = differenceInYears(today, date);
  const exactly65 = age === 65 && date.getMonth() === today.getMonth() && date.getDate() === today.getDate();
  return age >= 18 && (age < 65 || exactly65);
}

export const birthDate = (): Validator => (value: unknown) => (birthDateInRange(value as string) ? undefined : "app.policy_detail.edit.errors.birth_date");

/** "12 Elm St" ↔ street_number 12 + street_name "Elm St": the form shows one Address line. */
export function joinStreet(a: Partial<Address> | null | undefined): string {
  return [a?.street_number, a?.street_name].filter(Boolean).join(" ");
}

export function splitStreet(line: string | null | undefined): { street_number: string | null; street_name: string | null } {
  const text = String(line ?? "").trim();
  const match = /^(\d+[A-Za-z]?)\s+(.+)$/.exec(text);
  return match ? { street_number: match[1], street_name: match[2] } : { street_number: null, street_name: text || null };
}

export const obj = (v: unknown): Fields => (v && typeof v === "object" && !Array.isArray(v) ? (v as Fields) : {});

/**
 * A 422's field keys (server names) → the form's names, so each message shows under its input; unknown keys are
 * returned for a general message.
 */
export function mapServerErrors(errors: Record<string, string>, rename: Array<[string, string]>): { fields: Record<string, string>; rest: string[] } {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const rule = rename.find(([from]) => key.startsWith(from));
    if (rule) fields[rule[1] + key.slice(rule[0].length)] = message;
    else rest.push(message);
  }
  return { fields, rest };
}
