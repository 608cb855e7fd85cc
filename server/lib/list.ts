import { type SQL, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { DEFAULT_PER, MAX_PER } from "../../src/domain/constants";
import type { Db } from "../db/client";
import { ValidationError } from "./errors";
import { isCalendarDate, isTimestamp } from "./input";
import type { QueryObject, QueryValue } from "./query-string";

/**
 * The one list contract of DESIGN.md section 3: 1-based `pagination[page]`, `pagination[per]` (default 50, at most
 * 1000), `sort[column]`/`sort[direction]`, `filter[f]` with `[]` (any of), `[like]`, `[start]`/`[end]`,
 * `[after]`/`[before]` and nested association keys (`profile.full_name`). Unknown keys are refused with a 422
 * instead of being ignored, so a typo never silently returns everything.
 */
export type FilterType = "text" | "int" | "bool" | "date" | "timestamp";

export interface FilterDef {
  type: FilterType;
  /** The SQL expression compared; for `like`, compared case-insensitively. */
  column: SQL;
  /** Replace the default comparison (e.g. EXISTS subqueries for many-to-many filters). */
  build?: (op: FilterOp, value: unknown) => SQL;
}

export type FilterOp = "eq" | "in" | "like" | "start" | "end" | "after" | "before" | "null";

export interface ListSpec {
  filters: Record<string, FilterDef>;
  sorts: Record<string, SQL>;
  defaultSort: { column: string; direction: "asc" | "desc" };
  /** The unique column appended to every sort so pages never overlap. */
  tieBreaker: SQL;
}

export interface ListInput {
  sort?: QueryValue;
  pagination?: QueryValue;
  filter?: QueryValue;
}

export interface ListParams {
  page: number;
  per: number;
  where: SQL[];
  orderBy: SQL;
}

const RANGE_OPS = ["like", "start", "end", "after", "before"] as const;
const NULL_TOKEN = "_NULL_";

function isObject(v: unknown): v is QueryObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** `{profile: {full_name: {like: "x"}}}` → `[["profile.full_name", {like: "x"}]]`. */
export function flattenFilter(filter: QueryValue | undefined, prefix = ""): Array<[string, QueryValue]> {
  if (filter === undefined || filter === "") return [];
  if (!isObject(filter)) throw new ValidationError({ filter: "must be an object of filters" });
  const out: Array<[string, QueryValue]> = [];
  for (const [key, value] of Object.entries(filter)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const isOperatorObject = isObject(value) && Object.keys(value).every((k) => (RANGE_OPS as readonly string[]).includes(k));
    if (isObject(value) && !isOperatorObject) out.push(...flattenFilter(value, path));
    else out.push([path, value]);
  }
  return out;
}

function coerce(def: FilterDef, key: string, raw: unknown): unknown {
  const fail = (what: string): never => {
    throw new ValidationError({ [`filter.${key}`]: `must be ${what}` });
  };
  if (raw === NULL_TOKEN || raw === null) return null;
  switch (def.type) {
    case "text":
      if (typeof raw !== "string" && typeof raw !== "number") fail("text");
      return String(raw);
    case "int": {
      const n = typeof raw === "number" ? raw : Number(raw);
      if (!Number.isInteger(n) || Math.abs(n) > 2_147_483_647) fail("a whole number");
      return n;
    }
    case "bool":
      if (raw === true || raw === "true" || raw === "1") return true;
      if (raw === false || raw === "false" || raw === "0") return false;
      return fail("true or false");
    case "date":
      if (typeof raw !== "string" || !isCalendarDate(raw)) fail("a date (yyyy-MM-dd)");
      return raw;
    case "timestamp":
      if (typeof raw !== "string" || !isTimestamp(raw)) fail("a date-time");
      return new Date(raw as string).toISOString();
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function defaultCondition(def: FilterDef, op: FilterOp, value: unknown): SQL {
  const col = def.column;
  switch (op) {
    case "null":
      return sql`${col} IS NULL`;
    case "eq":
      return sql`${col} = ${value}`;
    case "in":
      return sql`${col} IN (${sql.join(
        (value as unknown[]).map((v) => sql`${v}`),
        sql`, `,
      )})`;
    case "like":
      return sql`lower(${col}::text) LIKE ${`%${escapeLike(String(value).toLowerCase())}%`}`;
    case "start":
      return sql`${col} >= ${value}`;
    case "end":
      return sql`${col} <= ${value}`;
    case "after":
      return sql`${col} > ${value}`;
    case "before":
      return sql`${col} < ${value}`;
  }
}

function conditionsFor(key: string, def: FilterDef, raw: QueryValue): SQL[] {
  const build = (op: FilterOp, value: unknown) => (def.build ?? ((o, v) => defaultCondition(def, o, v)))(op, value);
  if (Array.isArray(raw)) {
    if (raw.length === 0) return [];
    if (raw.length > MAX_PER) throw new ValidationError({ [`filter.${key}`]: `accepts at most ${MAX_PER} values` });
    return [build("in", raw.map((v) => coerce(def, key, v)))];
  }
  if (isObject(raw)) {
    return Object.entries(raw)
      .filter(([, v]) => v !== "")
      .map(([op, v]) => {
        if (op === "like" && def.type !== "text") throw new ValidationError({ [`filter.${key}`]: "does not support like" });
        return build(op as FilterOp, coerce(def, key, v));
      });
  }
  if (raw === "") return [];
  const value = coerce(def, key, raw);
  return [value === null ? build("null", null) : build("eq", value)];
}

function parsePositiveInt(value: QueryValue | undefined, field: string, fallback: number, max?: number): number {
  if (value === undefined || value === "") return fallback;
  const n = typeof value === "string" || typeof value === "number" ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1) throw new ValidationError({ [field]: "must be a whole number of at least 1" });
  if (max !== undefined && n > max) throw new ValidationError({ [field]: `must be at most ${max}` });
  return n;
}

/** A parameter that must be one string (query objects have no prototype, so String() of one would throw). */
function textParam(value: unknown, field: string): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  throw new ValidationError({ [field]: "must be text" });
}

export function parseListParams(input: ListInput, spec: ListSpec, opts: { defaultPer?: number } = {}): ListParams {
  const pagination = isObject(input.pagination) ? input.pagination : {};
  const page = parsePositiveInt(pagination.page, "pagination.page", 1, 10_000_000);
  const per = parsePositiveInt(pagination.per, "pagination.per", opts.defaultPer ?? DEFAULT_PER, MAX_PER);

  const where: SQL[] = [];
  for (const [key, raw] of flattenFilter(input.filter)) {
    const def = spec.filters[key];
    if (!def) throw new ValidationError({ [`filter.${key}`]: "is not a filter of this list" });
    where.push(...conditionsFor(key, def, raw));
  }

  const sortInput = isObject(input.sort) ? input.sort : {};
  const columnRaw = sortInput.column ?? spec.defaultSort.column;
  const columns = (Array.isArray(columnRaw) ? columnRaw : [columnRaw]).map((c) => textParam(c, "sort.column")).filter(Boolean);
  const directionRaw = textParam(sortInput.direction ?? spec.defaultSort.direction, "sort.direction").toLowerCase();
  if (directionRaw !== "asc" && directionRaw !== "desc") throw new ValidationError({ "sort.direction": "must be asc or desc" });
  const direction = directionRaw === "asc" ? sql`ASC` : sql`DESC`;
  const order = columns.map((c) => {
    const expr = spec.sorts[c];
    if (!expr) throw new ValidationError({ "sort.column": `cannot sort by ${c}` });
    return sql`${expr} ${direction} NULLS LAST`;
  });
  order.push(sql`${spec.tieBreaker} ${direction}`);
  return { page, per, where, orderBy: sql.join(order, sql`, `) };
}

/** Rows of a raw query, whichever driver ran it. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

export interface ListQuery {
  select: SQL;
  from: SQL;
  /** Scope and fixed conditions, ANDed with the filters. */
  where: SQL[];
  /** The row's unique id in `from` (e.g. `u.id`); defaults to the spec's tie-breaker. */
  id?: SQL;
}

export interface ListResult<T> {
  rows: T[];
  total: number;
  page: number;
  per: number;
}

/**
 * Finds the page's ids first (sorting and skipping only ids), then builds the rows for those ids alone: the
 * select list's subqueries never run for the skipped rows, so page 2,000 costs about what page 1 costs.
 */
export async function runList<T>(db: Db, query: ListQuery, params: ListParams, idColumn: SQL = query.id ?? sql`id`): Promise<ListResult<T>> {
  const conditions = [...query.where, ...params.where];
  const whereSql = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const offset = (params.page - 1) * params.per;
  const [rows, countRows] = await Promise.all([
    queryRows<T>(
      db,
      sql`SELECT ${query.select} FROM ${query.from}
          JOIN (SELECT page_id, row_number() OVER () AS page_pos FROM (
                  SELECT ${idColumn} AS page_id FROM ${query.from} ${whereSql} ORDER BY ${params.orderBy} LIMIT ${params.per} OFFSET ${offset}
                ) ids) page ON ${idColumn} = page.page_id
          ORDER BY page.page_pos`,
    ),
    queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${query.from} ${whereSql}`),
  ]);
  return { rows, total: Number(countRows[0]?.total ?? 0), page: params.page, per: params.per };
}

/** The default answer: the bare array, the count in `total-entries`. */
export function sendList<T>(reply: FastifyReply, result: ListResult<T>, rows: unknown[] = result.rows) {
  reply.header("total-entries", String(result.total));
  reply.header("total-pages", String(Math.max(1, Math.ceil(result.total / result.per))));
  reply.header("current-page", String(result.page));
  return rows;
}

/** The `{data, meta}` answer of the `…/list` calls. */
export function listEnvelope<T>(result: ListResult<T>, rows: unknown[] = result.rows) {
  return { data: rows, meta: { total: result.total, page: result.page, per: result.per } };
}
