import { z } from "zod";
import { PERMISSION_KEYS } from "../../src/domain/permissions";
import { EMAIL_PATTERN, MESSAGES } from "./validators";

/**
 * The shared input primitives (DESIGN.md section 3, "Untrusted input"): every route builds its schemas from these, so
 * an id, a date, an amount or a text field is checked the same way everywhere, and every string has a maximum length.
 * The rules themselves (what a safe text or a calendar date is) are the plain functions below, also used by the
 * multipart reader and the list helper, which read input that no route schema sees.
 */

/** Ids are PostgreSQL `integer`s: a larger one would fail in the database instead of at the edge. */
export const MAX_ID = 2_147_483_647;
/** One billion dollars, in cents: far above any premium or limit, far below float trouble. */
export const MAX_CENTS = 100_000_000_000;

/** Lengths: short names and codes, ordinary fields, notes and reasons. */
export const SHORT_TEXT = 100;
export const TEXT = 255;
export const LONG_TEXT = 5000;
export const EMAIL_MAX = 254;
export const FILE_NAME_MAX = 255;
export const PASSWORD_MAX = 200;
export const URL_MAX = 2000;
export const SEARCH_MAX = 200;
/** Carriers' policy numbers are short codes; the console keeps letters, digits, hyphens and underscores. */
export const POLICY_NUMBER_MAX = 100;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text the database can store: no NUL byte (PostgreSQL refuses it) and no half of a surrogate pair (not Unicode). */
export function isSafeText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/**
 * The path (`policy.users.0.email`) of the first unsafe string in a parsed body or query, or null. Keys count too, and
 * so does nesting deeper than any call of ours reads (32 levels).
 */
export function findUnsafeText(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === "string") return isSafeText(value) ? null : path;
  if (value === null || typeof value !== "object") return null;
  if (depth > 32) return path;
  for (const [key, child] of Object.entries(value)) {
    // eslint-disable-next-line no-control-regex -- control characters are what this finds
    if (!isSafeText(key)) return [...path, key.replace(/[\u0000\uD800-\uDFFF]/g, "?")];
    const found = findUnsafeText(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** A real day of the Gregorian calendar between 0001-01-01 and 9999-12-31 (2026-02-30 and 0000-01-01 are not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/** A date or a date-time JavaScript and PostgreSQL both read, in the years 0001 to 9999. */
export function isTimestamp(value: string): boolean {
  if (value.length > 40 || !/^\d{4}-\d{2}-\d{2}/.test(value) || !isCalendarDate(value.slice(0, 10))) return false;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** A string field: at most `max` characters, safe for the database. */
export const text = (max = TEXT) => z.string().max(max).refine(isSafeText, MESSAGES.unsafeText);
/** A string field whose surrounding spaces are not part of the value. */
export const trimmed = (max = TEXT) => z.string().max(max).trim().refine(isSafeText, MESSAGES.unsafeText);
/** A string that must be given and not be blank. */
export const requiredText = (max = TEXT) => trimmed(max).min(1, MESSAGES.requiredShort);

/**
 * An id: a positive 32-bit integer, given as a number (JSON) or as digits (paths, queries, form fields). `1e3`, ` 12`
 * or `true` are not ids.
 */
export const id = z
  .union([z.number(), z.string().regex(/^\d{1,15}$/, MESSAGES.id)], { error: MESSAGES.id })
  .pipe(z.coerce.number<string | number>().int(MESSAGES.id).min(1, MESSAGES.id).max(MAX_ID, MESSAGES.id))
  .meta({ minimum: 1, maximum: MAX_ID, description: "an id: a positive 32-bit integer, as a number or digits" });

export const idParams = z.object({ id });

/** An agency's or account's permission set as sent (`global_permission_attributes`): known keys only, each once at most. */
export const permissionSet = z.object({ permissions: z.array(z.object({ key: z.enum(PERMISSION_KEYS), value: z.boolean() })).max(PERMISSION_KEYS.length) });

/** A date-only value, `yyyy-MM-dd`, that exists on the calendar. */
export const date = z.string().max(10, MESSAGES.date).refine(isCalendarDate, MESSAGES.date).meta({ format: "date", description: "yyyy-MM-dd, a real calendar day" });

/** An amount in integer cents (DESIGN.md section 3: money), from JSON or a form field. */
export const cents = z
  .union([z.number(), z.string().regex(/^\d{1,15}$/, MESSAGES.cents)], { error: MESSAGES.cents })
  .pipe(z.coerce.number<string | number>().int(MESSAGES.cents).min(0, MESSAGES.min(0)).max(MAX_CENTS, MESSAGES.max(MAX_CENTS)))
  .meta({ minimum: 0, maximum: MAX_CENTS, description: "an amount in integer cents" });

export const email = z
  .string()
  .trim()
  .max(EMAIL_MAX, MESSAGES.tooLong(EMAIL_MAX))
  .refine((v) => isSafeText(v) && EMAIL_PATTERN.test(v), MESSAGES.email)
  .meta({ format: "email" });

/** `true`/`false` as JSON booleans or as the strings query strings and forms send. */
export const flag = z.union([z.boolean(), z.enum(["true", "false", "1", "0"])]).transform((v) => v === true || v === "true" || v === "1");

/** A file's name as stored and shown: no folders, no control characters, at most 255 characters. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
export const fileName = z.string().min(1).max(FILE_NAME_MAX).refine((v) => isSafeText(v) && !/[\u0000-\u001f\u007f/\\]/.test(v), MESSAGES.fileName);

/**
 * The name an uploaded file is stored under: the browser's name without any folder part or control character,
 * shortened to 255 characters keeping its extension; "document" when nothing is left. Names are never refused, since
 * the file itself is what was asked for.
 */
export function cleanFileName(raw: string | undefined | null, fallback = "document"): string {
  const base = String(raw ?? "")
    .split(/[/\\]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters are what this finds
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(new RegExp(LONE_SURROGATE.source, "g"), "")
    .normalize("NFC")
    .trim();
  if (!base || base === "." || base === "..") return fallback;
  if (base.length <= FILE_NAME_MAX) return base;
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 && base.length - dot <= 16 ? base.slice(dot) : "";
  return Array.from(base.slice(0, FILE_NAME_MAX - ext.length)).join("").replace(/[\uD800-\uDBFF]$/, "") + ext;
}

/**
 * Free-form JSON (a policy application's fields, a reviewer's adjustments): strings of bounded length, in arrays and
 * objects of bounded size and depth, so nothing unbounded reaches a jsonb column.
 */
export type JsonInput = string | number | boolean | null | JsonInput[] | { [key: string]: JsonInput };
export const jsonValue: z.ZodType<JsonInput> = z.lazy(() =>
  z.union([
    text(LONG_TEXT),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValue).max(1000),
    z.record(text(SHORT_TEXT), jsonValue).refine((o) => Object.keys(o).length <= 200, MESSAGES.invalid),
  ]),
).meta({ id: "JsonValue", description: "any JSON value: texts at most 5000 characters, lists at most 1000 items, objects at most 200 keys" });
