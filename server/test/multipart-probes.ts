import fc from "fast-check";
import { journeyPdf } from "../../tests/e2e/journeyPdf";
import { multipart } from "./multipart";
import type { JsonSchema } from "./route-probes";

/**
 * Multipart bodies for fuzzing the form routes (issue 9 section 2): the routes' own schema, sent the way the console
 * sends it (bracketed field names, files as parts), with hostile files and field names mixed in. Routes marked
 * `x-multipart` read their form part by part in the handler, so JSON fuzzing alone never reaches that code.
 */

/** A file part: its field name, file name, declared type and bytes. */
export interface FilePart {
  field: string;
  filename: string;
  type: string;
  content: Buffer;
}

const FILE_NAMES = [
  "proof.pdf",
  "leases.csv",
  "полис №7.pdf", // not Latin-1: the name must still be stored and served
  "../../etc/passwd",
  `${"a".repeat(400)}.pdf`,
  'quote"in name.pdf',
  "nul\u0000byte.pdf",
  "",
  "no-extension",
];

const TYPES = ["application/pdf", "text/csv", "image/png", "application/octet-stream", "text/html", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ""];

/** Bytes a user or an attacker could upload: real documents, near misses and garbage. */
const fileContent: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constant(journeyPdf("FUZZ")),
  fc.constant(Buffer.from("%PDF-1.4\n%garbage after the magic bytes\n")),
  fc.constant(Buffer.from("title,unit\n=cmd|' /C calc'!A0,\"unclosed\n\u0000,\uD800\n")),
  fc.constant(Buffer.from("insurable_id,new_insurable_id,new_parent_id\n1,2147483648,-1\nabc,,\n")),
  fc.constant(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])),
  fc.constant(Buffer.alloc(0)),
  // Near-miss spreadsheets: a zip's magic bytes with garbage behind them, and a zip naming a workbook part it lacks.
  fc.constant(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 0xff)])),
  fc.constant(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 0, 0]), Buffer.alloc(16), Buffer.from("xl/workbook.xml<workbook>")])),
  fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ unit: "binary", maxLength: 500 }).map((text) => Buffer.from(text)),
);

export const filePart = (field: string): fc.Arbitrary<FilePart> =>
  fc.record({ field: fc.constant(field), filename: fc.constantFrom(...FILE_NAMES), type: fc.constantFrom(...TYPES), content: fileContent });

/** The bracketed paths of a schema's binary (file) properties: `file`, `files[]`, `policy[documents][]`. */
export function binaryPaths(schema: JsonSchema | undefined, prefix = ""): string[] {
  if (!schema) return [];
  if (schema.format === "binary") return [prefix];
  if (schema.type === "array" || schema.items) return schema.items ? binaryPaths(schema.items, `${prefix}[]`) : [];
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => binaryPaths(child, prefix ? `${prefix}[${key}]` : key));
}

/** A value's fields as bracketed (name, text) pairs, leaving out the file paths (they travel as parts). */
export function formFields(value: unknown, files: string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const add = (key: string, v: unknown) => {
    if (v === undefined || files.includes(key)) return;
    if (Array.isArray(v)) v.forEach((item) => add(`${key}[]`, item));
    else if (v !== null && typeof v === "object") for (const [k, child] of Object.entries(v)) add(`${key}[${k}]`, child);
    else pairs.push([key, v === null ? "" : String(v)]);
  };
  if (value !== null && typeof value === "object" && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) add(k, v);
  return pairs;
}

/** A multipart/form-data body (server/test/multipart.ts), optionally cut short (a dropped connection, a broken client). */
export function multipartPayload(fields: Array<[string, string]>, files: FilePart[], truncate = false): { payload: Buffer; contentType: string } {
  // Quotes and line breaks in a name would end the part's header early: sent escaped, as browsers do.
  const quote = (s: string) => s.replace(/"/g, "%22").replace(/\r|\n/g, " ");
  const body = multipart([
    ...fields.map(([field, content]) => ({ field: quote(field), content })),
    ...files.map((f) => ({ field: quote(f.field), filename: quote(f.filename), contentType: f.type || undefined, content: f.content })),
  ]);
  return { payload: truncate ? body.payload.subarray(0, Math.floor(body.payload.length / 2)) : body.payload, contentType: body.headers["content-type"] };
}
