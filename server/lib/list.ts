import { type SQL, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { COUNT_CAP, DEFAULT_PER, MAX_PER } from "../../src/domain/constants";
import type { Db } from "../db/client";
import { ValidationError } from "./errors";
import { isCalendarDate, isTimestamp } from "./input";
import type { QueryObject, QueryValue } from "./query-string";
import { listReader } from "../db/read-replica";

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
  /**
   * The counter dimension this filter is an equality on (`status` → the counters' `status` column): used as "is" or
   * "any of", it leaves the total countable from the list's counters (see Counting).
   */
  dimension?: string;
}

export type FilterOp = "eq" | "in" | "like" | "start" | "end" | "after" | "before" | "null";

export interface ListSpec {
  filters: Record<string, FilterDef>;
  sorts: Record<string, SQL>;
  defaultSort: { column: string; direction: "asc" | "desc" };
  /** The unique column appended to every sort so pages never overlap. */
  tieBreaker: SQL;
  /** How the list's total is counted; without it, the capped count (README "How a list counts its total"). */
  counting?: Counting;
}

/**
 * The one counting rule of every list (DESIGN.md section 3: no list counts a million rows per request):
 *
 * 1. When the list's fixed conditions (its scope) and every filter in use are equalities on dimensions of one of
 *    `counters`, the total is the sum of that counter table's matching rows: exact, and as cheap at a million rows as
 *    at ten. Counter tables are kept by triggers in the same transaction as the rows they count (never estimates).
 * 2. Otherwise the rows are counted up to `cap` (default COUNT_CAP, 10,000), or up to the end of the page asked for
 *    when that lies further: below it the total is exact; beyond it the answer says "at least" (`capped`), which the
 *    console shows as "10,000+" with a next-page button (react-admin's partial pagination).
 */
export interface Counting {
  cap?: number;
  /** Counter tables, coarsest first: the first whose dimensions cover every condition answers. */
  counters?: CounterTable[];
}

export interface CounterTable {
  /** A table with one row per combination of its dimensions and the number of rows in `n`. */
  table: string;
  /** Dimension name (as filters and scopes name it) → the counter table's column. */
  dimensions: Record<string, string>;
}

/** `dimension IN values`; a null among the values matches a missing value. No values matches nothing. */
export interface Facet {
  dimension: string;
  values: unknown[];
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
  /** The same order backwards (the last pages are read from the end when the total is known exactly). */
  reverseOrderBy: SQL;
  /** The filters as counter dimensions; null when one of them is not an equality on a dimension. */
  facets: Facet[] | null;
  counting: Counting;
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

interface Conditions {
  where: SQL[];
  /** The conditions as facets, or null when one is not an equality on a counter dimension. */
  facets: Facet[] | null;
}

function conditionsFor(key: string, def: FilterDef, raw: QueryValue): Conditions {
  const build = (op: FilterOp, value: unknown) => (def.build ?? ((o, v) => defaultCondition(def, o, v)))(op, value);
  const equality = (values: unknown[]) => (def.dimension ? [{ dimension: def.dimension, values }] : null);
  if (Array.isArray(raw)) {
    if (raw.length === 0) return { where: [], facets: [] };
    if (raw.length > MAX_PER) throw new ValidationError({ [`filter.${key}`]: `accepts at most ${MAX_PER} values` });
    const values = raw.map((v) => coerce(def, key, v));
    return { where: [build("in", values)], facets: equality(values) };
  }
  if (isObject(raw)) {
    const where = Object.entries(raw)
      .filter(([, v]) => v !== "")
      .map(([op, v]) => {
        if (op === "like" && def.type !== "text") throw new ValidationError({ [`filter.${key}`]: "does not support like" });
        return build(op as FilterOp, coerce(def, key, v));
      });
    return { where, facets: where.length ? null : [] };
  }
  if (raw === "") return { where: [], facets: [] };
  const value = coerce(def, key, raw);
  return { where: [value === null ? build("null", null) : build("eq", value)], facets: equality([value]) };
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
  let facets: Facet[] | null = [];
  for (const [key, raw] of flattenFilter(input.filter)) {
    const def = spec.filters[key];
    if (!def) throw new ValidationError({ [`filter.${key}`]: "is not a filter of this list" });
    const conditions = conditionsFor(key, def, raw);
    where.push(...conditions.where);
    facets = facets && conditions.facets ? [...facets, ...conditions.facets] : null;
  }

  const sortInput = isObject(input.sort) ? input.sort : {};
  const columnRaw = sortInput.column ?? spec.defaultSort.column;
  const columns = (Array.isArray(columnRaw) ? columnRaw : [columnRaw]).map((c) => textParam(c, "sort.column")).filter(Boolean);
  const directionRaw = textParam(sortInput.direction ?? spec.defaultSort.direction, "sort.direction").toLowerCase();
  if (directionRaw !== "asc" && directionRaw !== "desc") throw new ValidationError({ "sort.direction": "must be asc or desc" });
  const exprs = columns.map((c) => {
    const expr = spec.sorts[c];
    if (!expr) throw new ValidationError({ "sort.column": `cannot sort by ${c}` });
    return expr;
  });
  const orderBy = (ascending: boolean) =>
    sql.join([...exprs.map((e) => (ascending ? sql`${e} ASC NULLS LAST` : sql`${e} DESC NULLS LAST`)), ascending ? sql`${spec.tieBreaker} ASC` : sql`${spec.tieBreaker} DESC`], sql`, `);
  const reverseOrderBy = sql.join(
    [...exprs.map((e) => (directionRaw === "asc" ? sql`${e} DESC NULLS FIRST` : sql`${e} ASC NULLS FIRST`)), directionRaw === "asc" ? sql`${spec.tieBreaker} DESC` : sql`${spec.tieBreaker} ASC`],
    sql`, `,
  );
  return { page, per, where, orderBy: orderBy(directionRaw === "asc"), reverseOrderBy, facets, counting: spec.counting ?? {} };
}

/** SQL for facets over `columns` (dimension → expression): the one place a facet becomes a condition. */
export function facetConditions(facets: Facet[], columns: Record<string, SQL>): SQL[] {
  return facets.map(({ dimension, values }) => {
    const column = columns[dimension];
    if (!column) throw new Error(`No column for dimension ${dimension}`);
    const present = values.filter((v) => v !== null && v !== undefined);
    const tests = present.length ? [sql`${column} IN (${sql.join(present.map((v) => sql`${v}`), sql`, `)})`] : [];
    if (present.length < values.length) tests.push(sql`${column} IS NULL`);
    return tests.length ? sql`(${sql.join(tests, sql` OR `)})` : sql`false`;
  });
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
  /**
   * `where` as counter facets (the same conditions: build both from one description, as policyScope does). Without
   * it a list with fixed conditions is counted by the capped count.
   */
  facets?: Facet[];
  /** A lighter FROM for counting (no joins that only add columns); `from` when absent. */
  countFrom?: SQL;
  /** The row's unique id in `from` (e.g. `u.id`); defaults to the spec's tie-breaker. */
  id?: SQL;
}

export interface ListResult<T> {
  rows: T[];
  /** Exact, unless `capped`: then there are more rows than this (at least `total + 1`). */
  total: number;
  capped: boolean;
  page: number;
  per: number;
}

export interface Total {
  total: number;
  capped: boolean;
}

/** The counter table that answers these facets, if any (the first, i.e. the coarsest, that covers them all). */
function counterFor(counting: Counting, facets: Facet[]): CounterTable | undefined {
  return counting.counters?.find((table) => facets.every((f) => f.dimension in table.dimensions));
}

async function sumCounters(db: Db, table: CounterTable, facets: Facet[]): Promise<number> {
  const columns = Object.fromEntries(Object.entries(table.dimensions).map(([dimension, column]) => [dimension, sql`${sql.identifier(column)}`]));
  const conditions = facetConditions(facets, columns);
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const [row] = await queryRows<{ total: string | number }>(db, sql`SELECT coalesce(sum(n), 0)::bigint AS total FROM ${sql.identifier(table.table)} ${where}`);
  return Number(row?.total ?? 0);
}

/**
 * Counts the rows of `from … where` at most up to `limit` (the capped count of the counting rule): exact below it,
 * `capped` at it. `reach` is how far the caller pages (offset + per): the count goes at least one row past it, so
 * "is there a next page" is always known.
 */
export async function cappedCount(db: Db, from: SQL, where: SQL[], opts: { cap?: number; reach?: number } = {}): Promise<Total> {
  const limit = Math.max(opts.cap ?? COUNT_CAP, opts.reach ?? 0);
  const whereSql = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} ${whereSql} LIMIT ${limit + 1}) counted`);
  const n = Number(row?.n ?? 0);
  return n > limit ? { total: limit, capped: true } : { total: n, capped: false };
}

/** The total by the counting rule (see Counting): counters when they answer, else the capped count. */
export async function countList(db: Db, query: ListQuery, params: ListParams): Promise<Total> {
  const fixed = query.facets ?? (query.where.length ? null : []);
  const facets = fixed && params.facets ? [...fixed, ...params.facets] : null;
  const table = facets ? counterFor(params.counting, facets) : undefined;
  if (table && facets) return { total: await sumCounters(db, table, facets), capped: false };
  return cappedCount(db, query.countFrom ?? query.from, [...query.where, ...params.where], { cap: params.counting.cap, reach: params.page * params.per });
}

/** True when the total will come from counters (exact and cheap, so the page can be planned from it). */
function countedByCounters(query: ListQuery, params: ListParams): boolean {
  const fixed = query.facets ?? (query.where.length ? null : []);
  return Boolean(fixed && params.facets && counterFor(params.counting, [...fixed, ...params.facets]));
}

/** Past this offset, a page in the back half of an exactly counted list is read from the end. */
const DEEP_OFFSET = 1_000;

/**
 * Finds the page's ids first (sorting and skipping only ids), then builds the rows for those ids alone: the
 * select list's subqueries never run for the skipped rows. The total follows the counting rule (countList). A deep
 * page in the back half of a list counted exactly is read backwards from the end, so the last page costs what the
 * first does.
 */
export async function runList<T>(primary: Db, query: ListQuery, params: ListParams, idColumn: SQL = query.id ?? sql`id`): Promise<ListResult<T>> {
  // A read replica answers list pages when DATABASE_READ_URL is set (server/db/read-replica.ts).
  const db = listReader(primary);
  const conditions = [...query.where, ...params.where];
  const whereSql = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const offset = (params.page - 1) * params.per;
  const page = (orderBy: SQL, skip: number, take: number, pos: SQL) =>
    queryRows<T>(
      db,
      sql`SELECT ${query.select} FROM ${query.from}
          JOIN (SELECT page_id, row_number() OVER () AS page_pos FROM (
                  SELECT ${idColumn} AS page_id FROM ${query.from} ${whereSql} ORDER BY ${orderBy} LIMIT ${take} OFFSET ${skip}
                ) ids) page ON ${idColumn} = page.page_id
          ORDER BY ${pos}`,
    );
  if (offset > DEEP_OFFSET && countedByCounters(query, params)) {
    const counted = await countList(db, query, params);
    const fromEnd = counted.total - offset - params.per;
    if (offset > counted.total / 2 && fromEnd > -params.per) {
      // Rows offset..offset+per-1 are, read backwards, rows max(0, fromEnd)..: the same rows, in reverse.
      const rows = await page(params.reverseOrderBy, Math.max(0, fromEnd), params.per + Math.min(0, fromEnd), sql`page.page_pos DESC`);
      return { rows, ...counted, page: params.page, per: params.per };
    }
    return { rows: await page(params.orderBy, offset, params.per, sql`page.page_pos`), ...counted, page: params.page, per: params.per };
  }
  const [rows, counted] = await Promise.all([page(params.orderBy, offset, params.per, sql`page.page_pos`), countList(db, query, params)]);
  return { rows, ...counted, page: params.page, per: params.per };
}

/**
 * The default answer: the bare array, the count in `total-entries`; `total-capped: true` when the count stopped at
 * the cap (there are more rows than `total-entries`).
 */
export function sendList<T>(reply: FastifyReply, result: Pick<ListResult<T>, "total" | "capped" | "page" | "per" | "rows">, rows: unknown[] = result.rows) {
  reply.header("total-entries", String(result.total));
  reply.header("total-pages", String(Math.max(1, Math.ceil(result.total / result.per))));
  reply.header("current-page", String(result.page));
  if (result.capped) reply.header("total-capped", "true");
  return rows;
}

/** The `{data, meta}` answer of the `…/list` calls; `meta.total_capped: true` when the count stopped at the cap. */
export function listEnvelope<T>(result: Pick<ListResult<T>, "total" | "capped" | "page" | "per" | "rows">, rows: unknown[] = result.rows) {
  return { data: rows, meta: { total: result.total, page: result.page, per: result.per, ...(result.capped ? { total_capped: true } : {}) } };
}
