import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance, RouteOptions } from "fastify";
import { z } from "zod";
import { EVENT_ACTIONS } from "../../src/domain/audit";
import type { Db } from "../db/client";
import { MAX_ID } from "../lib/input";

/**
 * What the generated tests over every route (tests/api/route-matrix.test.ts, tests/api/fuzz.test.ts) share: the
 * routes as the Fastify instance registered them, their zod schemas as JSON Schema (the same conversion the OpenAPI
 * document makes), fast-check generators built from those, and a digest of every table to prove a call changed
 * nothing.
 */

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
export const WRITE_METHODS: readonly Method[] = ["POST", "PUT", "PATCH", "DELETE"];

export interface ProbedRoute {
  method: Method;
  url: string;
  route: RouteOptions;
  signedIn: boolean;
  rolePrefix?: string;
  access?: { resource: string; action: string };
  /** The `:params` of the path, in order. */
  params: string[];
  schemas: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
}

/** Every (method, url) the instance answers, one entry per method, from `app.routeTable` (server/lib/route-table.ts). */
export function registeredRoutes(app: FastifyInstance): ProbedRoute[] {
  return app.routeTable.flatMap((route) =>
    [route.method].flat().map((method) => {
      const config = (route.config ?? {}) as { signedIn?: boolean; rolePrefix?: string; access?: { resource: string; action: string } };
      const schema = (route.schema ?? {}) as ProbedRoute["schemas"];
      return {
        method: method as Method,
        url: route.url,
        route,
        signedIn: config.signedIn === true,
        rolePrefix: config.rolePrefix,
        access: config.access,
        params: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]),
        schemas: { params: schema.params, querystring: schema.querystring, body: schema.body },
      };
    }),
  );
}

export const routeName = (r: Pick<ProbedRoute, "method" | "url">) => `${r.method} ${r.url}`;

/** The segment a path parameter names: `/v2/policies/:id/policy_revisions/:revId` → revId: "policy_revisions". */
export function paramResource(url: string, param: string): string {
  const segments = url.split("/");
  const at = segments.indexOf(`:${param}`);
  return segments[at - 1];
}

/** The resource a route is about: its first segment after the base (`/v2/accounts_index` → "accounts"). */
export function routeResource(url: string): string {
  return url.replace(/^\/(v2|api)\//, "").split("/")[0].replace(/_index$/, "").replace(/-/g, "_");
}

/**
 * `encodeURIComponent` that also sends a lone surrogate, as the bytes an attacker would send for it (its three-byte
 * form, which is not UTF-8), instead of throwing.
 */
export function encodeAny(value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    } else out += encodeURIComponent(char);
  }
  return out;
}

export const fillPath = (url: string, values: Record<string, string | number>) => url.replace(/:(\w+)/g, (_m, name: string) => encodeAny(String(values[name])));

// ---------------------------------------------------------------------------------------------------------------
// Schemas as JSON Schema

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  "x-filter-type"?: string;
  [key: string]: unknown;
};

/** A route schema as the JSON Schema of what a caller sends (zod's own conversion, as the OpenAPI document's). */
export function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any", cycles: "ref", reused: "inline" }) as JsonSchema;
}

const isId = (s: JsonSchema) => s["x-filter-type"] === "int" || s.maximum === MAX_ID;

/**
 * Every place an id goes in a query or body: `filter.accounts.id`, `ids.[]`, `policy.id`. Ids are the shared `id`
 * primitive (maximum 2³¹−1) or list filters typed `int`.
 */
export function idFields(root: JsonSchema | undefined): string[][] {
  const found: string[][] = [];
  const walk = (s: JsonSchema | undefined, path: string[], depth: number) => {
    if (!s || depth > 8) return;
    if (isId(s)) {
      found.push(path);
      return;
    }
    for (const [key, child] of Object.entries(s.properties ?? {})) walk(child, [...path, key], depth + 1);
    for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(branch, path, depth + 1);
    if (s.items) walk(s.items, [...path, "[]"], depth + 1);
  };
  walk(root, [], 0);
  const seen = new Set<string>();
  return found.filter((p) => (seen.has(p.join(".")) ? false : (seen.add(p.join(".")), true)));
}

// ---------------------------------------------------------------------------------------------------------------
// Generators

export interface ArbitraryOptions {
  /** Chance (0..1) that a node is replaced by hostile input instead of a value of its schema. */
  hostile: number;
  /** Ids to draw from besides random ones: the world's real records, own and foreign. */
  ids: number[];
}

/** Values no field should ever make the server fail on. */
export const hostileValue = (ids: number[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(
      "",
      " ",
      "\u0000",
      "a\u0000b",
      "\uD800",
      "x\uDFFFy",
      "2026-02-30",
      "0000-01-01",
      "9999-12-31T23:59:60Z",
      "-1",
      "0",
      "1e309",
      "NaN",
      "2147483648",
      "99999999999999999999",
      "__proto__",
      "constructor",
      "' OR 1=1 --",
      "%",
      "_",
      "\\",
      "null",
      "true",
      "[]",
      "{}",
      "ÿ\u2028é中文🏠",
      "x".repeat(20_000),
    ),
    fc.constantFrom(0, -1, 1.5, -0, 2 ** 31, 2 ** 53, -(2 ** 31) - 1, 1e308, Number.MAX_SAFE_INTEGER, MAX_ID, MAX_ID + 1),
    fc.constantFrom(true, false, null),
    fc.constantFrom([], {}, [null], { __proto__: { x: 1 } }, JSON.parse('{"__proto__": {"admin": true}}'), { constructor: { prototype: { x: 1 } } }),
    ids.length ? fc.constantFrom(...ids) : fc.constant(1),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  );

const dateString = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** A fast-check generator for values of a JSON Schema, which at `hostile` odds puts hostile input in any node. */
export function arbitraryFor(root: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const hostile = hostileValue(options.ids);
  const idArb = fc.oneof({ weight: 3, arbitrary: options.ids.length ? fc.constantFrom(...options.ids) : fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: MAX_ID }) });
  const resolve = (s: JsonSchema): JsonSchema => {
    if (!s.$ref) return s;
    if (s.$ref === "#") return root;
    const name = s.$ref.replace(/^#\/\$defs\//, "");
    return root.$defs?.[name] ?? {};
  };
  const build = (raw: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const valid = buildValid(resolve(raw), depth);
    if (options.hostile <= 0) return valid;
    const weight = Math.max(1, Math.round(options.hostile * 100));
    return fc.oneof({ weight: 100 - weight, arbitrary: valid }, { weight, arbitrary: hostile });
  };
  const buildValid = (s: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    if (isId(s) && !s["x-filter-type"]) return idArb;
    if (s["x-filter-type"] === "int") return fc.oneof(idArb, fc.array(idArb, { maxLength: 3 }));
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const branches = s.anyOf ?? s.oneOf;
    if (branches?.length) return fc.oneof(...branches.map((b) => build(b, depth + 1)));
    if (s.allOf?.length) return build(s.allOf[0], depth + 1);
    const type = Array.isArray(s.type) ? s.type[0] : s.type;
    switch (type) {
      case "object": {
        if (depth > 4) return fc.constant({});
        const props = s.properties ?? {};
        const required = new Set(s.required ?? []);
        const keys = Object.keys(props);
        const record = fc.record(Object.fromEntries(keys.map((k) => [k, build(props[k], depth + 1)])), { requiredKeys: keys.filter((k) => required.has(k)) });
        return record;
      }
      case "array": {
        if (depth > 4) return fc.constant([]);
        const item = s.items ? build(s.items, depth + 1) : fc.anything({ maxDepth: 1 });
        return fc.array(item, { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 4, 4) });
      }
      case "string": {
        if (s.format === "date") return dateString;
        if (s.format === "email") return fc.emailAddress();
        if (s.format === "date-time") return fc.date({ noInvalidDate: true, min: new Date("2000-01-01"), max: new Date("2040-01-01") }).map((d) => d.toISOString());
        if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 1000));
        const max = Math.min(s.maxLength ?? 30, 30);
        return fc.string({ minLength: Math.min(s.minLength ?? 0, max), maxLength: max });
      }
      case "integer":
        return fc.integer({ min: Math.max(s.minimum ?? -1000, -(2 ** 31)), max: Math.min(s.maximum ?? 100_000, MAX_ID) });
      case "number":
        return fc.oneof(fc.integer({ min: Math.max(s.minimum ?? -1000, -(2 ** 31)), max: Math.min(s.maximum ?? 100_000, MAX_ID) }), fc.double({ noNaN: true, noDefaultInfinity: true, min: s.minimum, max: s.maximum }));
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      default:
        return depth > 2 ? fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean()) : fc.jsonValue({ maxDepth: 2 });
    }
  };
  return build(root, 0);
}

/**
 * A value the route's own zod schema accepts, drawn from its JSON Schema (fixed seed), or undefined when none of
 * `tries` draws passes (schemas with cross-field rules).
 */
export function validSample(schema: z.ZodType, ids: number[], seed: number, tries = 200): unknown {
  const json = jsonSchemaOf(schema)!;
  const samples = fc.sample(arbitraryFor(json, { hostile: 0, ids }), { seed, numRuns: tries });
  return samples.find((v) => schema.safeParse(v).success);
}

// ---------------------------------------------------------------------------------------------------------------
// Query strings

/** An object as the bracket query the API reads (server/lib/query-string.ts): `filter[accounts][id][]=3`. */
export function toBracketQuery(value: unknown): string {
  const parts: string[] = [];
  const add = (key: string, v: unknown) => {
    if (v === undefined) return;
    if (Array.isArray(v)) {
      if (v.length === 0) parts.push(`${encodeAny(`${key}[]`)}=`);
      for (const item of v) {
        if (item !== null && typeof item === "object") add(`${key}[]`, JSON.stringify(item));
        else add(`${key}[]`, item);
      }
    } else if (v !== null && typeof v === "object") {
      for (const [k, child] of Object.entries(v)) add(`${key}[${k}]`, child);
    } else {
      parts.push(`${encodeAny(key)}=${encodeAny(v === null ? "" : String(v))}`);
    }
  };
  if (value !== null && typeof value === "object" && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) add(k, v);
  return parts.join("&");
}

// ---------------------------------------------------------------------------------------------------------------
// Database digest

/**
 * Tables a refused call may still write, each for a reason of its own: the throttles count failed sign-ins and
 * reset requests by design (a refused sign-in must count), and a session records when it was last used.
 */
export const DIGEST_EXCLUDED: Record<string, string> = {
  sign_in_failures: "counts refused sign-ins by design (throttling)",
  throttle_hits: "counts reset requests and other throttled calls by design",
  staff_sessions: "a session records its last use",
};

/**
 * Rows a table holds by design even for a refused call: the audit log records attempts (issue 17 section 4), and the
 * past CSV uploads a refused file with its result file (issue 16 section 5; nothing of the file is written).
 */
const DIGEST_WHERE: Record<string, string> = {
  histories: `action NOT IN (${EVENT_ACTIONS.map((a) => `'${a}'`).join(", ")})`,
  insurable_imports: "status <> 'failed'",
};

async function tables(db: Db): Promise<Array<{ name: string; columns: string[] }>> {
  const result = (await db.execute(
    sql`SELECT table_name AS name, array_agg(column_name::text ORDER BY ordinal_position) AS columns FROM information_schema.columns
        WHERE table_schema = 'public' GROUP BY table_name ORDER BY table_name`,
  )) as unknown as { rows: Array<{ name: string; columns: string[] }> } | Array<{ name: string; columns: string[] }>;
  const rows = Array.isArray(result) ? result : result.rows;
  return rows.filter((r) => !(r.name in DIGEST_EXCLUDED) && !r.name.startsWith("__"));
}

/**
 * md5 of each table's rows (every column), in one statement. A list counter (a table of deltas `n` per combination,
 * server/db/schema/counts.ts) is digested as its sums: any writer may fold its deltas into one row per combination
 * (migration 0009), which changes its rows but not what it counts.
 */
export async function databaseDigest(db: Db): Promise<Record<string, string>> {
  const select = (await tables(db))
    .map(({ name, columns }) => {
      if (columns.includes("n") && !columns.includes("id")) {
        const dims = columns.filter((c) => c !== "n").map((c) => `"${c}"`).join(", ");
        return `(SELECT md5(coalesce(string_agg(s::text, ',' ORDER BY s::text), '')) FROM (SELECT ${dims}, sum(n) FROM "${name}" GROUP BY ${dims} HAVING sum(n) <> 0) s) AS "${name}"`;
      }
      const where = DIGEST_WHERE[name] ? ` WHERE ${DIGEST_WHERE[name]}` : "";
      return `(SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM "${name}" t${where}) AS "${name}"`;
    })
    .join(", ");
  const result = (await db.execute(sql.raw(`SELECT ${select}`))) as unknown as { rows: Array<Record<string, string>> } | Array<Record<string, string>>;
  const rows = Array.isArray(result) ? result : result.rows;
  return rows[0];
}

/** The tables whose digest differs. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
