import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
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
  /**
   * Its contains-search's matches cluster in the table's own order (sequential policy numbers: "sc-0004" is 100,000
   * consecutive policies): the capped count then reads rows in the list's order, where they are spread, instead of the
   * planner's cheapest walk, which passed 250,000 other numbers before the first match (see cappedCount).
   */
  clustered?: boolean;
}

export type FilterOp = "eq" | "in" | "like" | "start" | "end" | "after" | "before" | "null";

export interface ListSpec {
  filters: Record<string, FilterDef>;
  sorts: Record<string, SQL>;
  defaultSort: { column: string; direction: "asc" | "desc" };
  /** The unique column appended to every sort so pages never overlap. */
  tieBreaker: SQL;
  /**
   * Sorts whose expression is never null (NOT NULL columns): a page next to one already read is then found by its
   * neighbour's last (or first) key instead of by skipping every row before it (see Keyset pages).
   */
  keyset?: string[];
  /** How the list's total is counted; without it, the capped count (README "How a list counts its total"). */
  counting?: Counting;
}

/**
 * The one counting rule of every list (DESIGN.md section 3: no list counts a million rows per request):
 *
 * 1. When the list's fixed conditions (its scope) and every filter in use are equalities on dimensions of one of
 *    `counters`, the total is the sum of that counter table's matching rows: exact, and as cheap at a million rows as
 *    at ten. Counter tables are kept by triggers in the same transaction as the rows they count (never estimates).
 * 2. Otherwise the rows are counted up to `cap` (default COUNT_CAP, 10,000; SEARCH_COUNT_CAP, 1,000, when a filter
 *    is a contains-search), or up to the end of the page asked for when that lies further: below it the total is
 *    exact; beyond it the answer says "at least" (`capped`), which the console shows as "10,000+" with a next-page
 *    button (react-admin's partial pagination). A search for a common surname matches tens of thousands of rows, each
 *    read and tested to be counted; a thousand tells the user as much.
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

/**
 * Keyset pages, one rule for every list whose order allows it (a single sort in the spec's `keyset`): each answer
 * carries signed cursors for the pages beside it (`next-page-cursor`, `previous-page-cursor` headers), which the
 * console sends back as `pagination[cursor]` with `pagination[page]` when it moves to one of them. A cursor names the
 * page it is for and the query it came from (filters, sort, per); the server then seeks from the neighbour's last key
 * (`(sort, id) < (key, id)` on the order's index) instead of skipping every earlier row, so page 2,000 reached by
 * Next costs what page 2 does. Any other request, or a cursor for another page or query, or signed by another process,
 * pages by offset as before: react-admin's page/perPage contract is unchanged, the cursor only makes it cheaper.
 */
export interface Keyset {
  /** The sort expression and direction, and the tie-breaker. */
  expr: SQL;
  direction: "asc" | "desc";
  tie: SQL;
  /** The request's cursor, when it is a valid one for this page of this query. */
  cursor: { dir: "after" | "before"; key: string; id: number } | null;
  /** What cursors of this query are signed for (filters, sort and per). */
  signature: string;
}

export interface ListParams {
  page: number;
  per: number;
  /** Set when the order allows keyset pages (see Keyset). */
  keyset: Keyset | null;
  /** The order's parts, to order rows gathered first (see runList): sort names and expressions, tie-breaker, direction. */
  sort: { columns: string[]; exprs: SQL[]; tie: SQL; ascending: boolean; plain: boolean };
  where: SQL[];
  orderBy: SQL;
  /** The same order backwards (the last pages are read from the end when the total is known exactly). */
  reverseOrderBy: SQL;
  /** The filters as counter dimensions; null when one of them is not an equality on a dimension. */
  facets: Facet[] | null;
  counting: Counting;
  /** A clustered contains-search is in use (FilterDef.clustered): the capped count reads rows in the list's order. */
  countInOrder: boolean;
  /** A contains-search is in use (see Partitioned pages). */
  searched: boolean;
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

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function defaultCondition(def: FilterDef, op: FilterOp, value: unknown): SQL {
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

export function parseListParams(input: ListInput, spec: ListSpec, opts: { defaultPer?: number; maxPer?: number } = {}): ListParams {
  const pagination = isObject(input.pagination) ? input.pagination : {};
  const page = parsePositiveInt(pagination.page, "pagination.page", 1, 10_000_000);
  const per = parsePositiveInt(pagination.per, "pagination.per", opts.defaultPer ?? DEFAULT_PER, opts.maxPer ?? MAX_PER);

  const where: SQL[] = [];
  let facets: Facet[] | null = [];
  let searched = false;
  let countInOrder = false;
  for (const [key, raw] of flattenFilter(input.filter)) {
    const def = spec.filters[key];
    if (!def) throw new ValidationError({ [`filter.${key}`]: "is not a filter of this list" });
    const conditions = conditionsFor(key, def, raw);
    where.push(...conditions.where);
    facets = facets && conditions.facets ? [...facets, ...conditions.facets] : null;
    if (isObject(raw) && raw.like !== undefined && raw.like !== "") {
      searched = true;
      countInOrder ||= def.clustered === true;
    }
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
  // Sorts that are never null (the spec's keyset) are ordered plainly, so a btree index on (sort, tie-breaker) serves
  // them read forwards or backwards; a nullable sort keeps its nulls last (first when read backwards).
  const plain = columns.every((c) => spec.keyset?.includes(c));
  const nulls = (last: boolean) => (plain ? sql`` : last ? sql` NULLS LAST` : sql` NULLS FIRST`);
  const orderBy = (ascending: boolean) =>
    sql.join([...exprs.map((e) => (ascending ? sql`${e} ASC${nulls(true)}` : sql`${e} DESC${nulls(true)}`)), ascending ? sql`${spec.tieBreaker} ASC` : sql`${spec.tieBreaker} DESC`], sql`, `);
  const reverseOrderBy = sql.join(
    [...exprs.map((e) => (directionRaw === "asc" ? sql`${e} DESC${nulls(false)}` : sql`${e} ASC${nulls(false)}`)), directionRaw === "asc" ? sql`${spec.tieBreaker} DESC` : sql`${spec.tieBreaker} ASC`],
    sql`, `,
  );
  const keyset =
    columns.length === 1 && spec.keyset?.includes(columns[0])
      ? keysetFor(exprs[0], directionRaw, spec.tieBreaker, { filter: input.filter ?? null, sort: [columns[0], directionRaw], per }, page, pagination.cursor)
      : null;
  const sort = { columns, exprs, tie: spec.tieBreaker, ascending: directionRaw === "asc", plain };
  // A contains-search counts to SEARCH_COUNT_CAP unless the spec sets its own cap (see Counting).
  const counting = { ...spec.counting, cap: spec.counting?.cap ?? (searched ? SEARCH_COUNT_CAP : undefined) };
  return { page, per, keyset, sort, where, orderBy: orderBy(directionRaw === "asc"), reverseOrderBy, facets, counting, countInOrder, searched };
}

/** Signs this process's cursors: a cursor from another process (or forged) is ignored and the page read by offset. */
const CURSOR_SECRET = randomBytes(32);

const sign = (body: string) => createHmac("sha256", CURSOR_SECRET).update(body).digest("base64url").slice(0, 22);

/** A cursor for `page` of the query `signature`: seek after (or before) the row (key, id). */
export function pageCursor(signature: string, page: number, dir: "after" | "before", key: string, id: number): string {
  const body = Buffer.from(JSON.stringify([page, signature, dir, key, id])).toString("base64url");
  return `${body}.${sign(body)}`;
}

function readCursor(token: unknown, signature: string, page: number): Keyset["cursor"] {
  if (typeof token !== "string" || token.length > 2000) return null;
  const [body, mac] = token.split(".");
  if (!body || !mac || mac.length !== 22) return null;
  const expected = Buffer.from(sign(body));
  if (!timingSafeEqual(expected, Buffer.from(mac.padEnd(22).slice(0, 22)))) return null;
  try {
    const [p, sig, dir, key, id] = JSON.parse(Buffer.from(body, "base64url").toString()) as [number, string, "after" | "before", string, number];
    return p === page && sig === signature ? { dir, key, id } : null;
  } catch {
    return null;
  }
}

function keysetFor(expr: SQL, direction: "asc" | "desc", tie: SQL, query: unknown, page: number, token: unknown): Keyset {
  const signature = createHash("sha256").update(JSON.stringify(query)).digest("base64url").slice(0, 16);
  return { expr, direction, tie, signature, cursor: readCursor(token, signature, page) };
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
  /**
   * A lighter FROM for finding a page's ids: every alias the filters, sorts and scope name, no join that only adds
   * columns (`from` when absent). Even a join the planner removes keeps the row's columns needed, so the order's index
   * is read with the table behind it instead of alone: page 2,000 skipped 100,000 table rows instead of index entries.
   */
  pageFrom?: SQL;
  /** The row's unique id in `from` (e.g. `u.id`); defaults to the spec's tie-breaker. */
  id?: SQL;
  /**
   * The scope usually holds few rows (a tenant's customers, at most GATHER_MAX): a page within the count's reach is then
   * gathered and counted in one pass (see runList) instead of visiting every row of the scope once to count and again
   * to order. An agent's 8,000 customers were read twice per page 1.
   */
  few?: boolean;
  /**
   * The scope as `column IN values` (an agent's agency tree): the first pages are then read value by value, each in
   * its index order and bounded by the page (see Partitioned pages), and merged. `searches`: a contains-search is read
   * so too, because the partition's index carries the searched text (see Partitioned pages).
   */
  partition?: { column: SQL; values: unknown[]; searches?: boolean };
  /**
   * The scope's rows as a narrow derived table under the list's alias, with the id and the columns of `sorts` only (a
   * link table that carries its row's sort keys, e.g. a tenant's customers from account_users): when no filter is in
   * use and every sort is one of `sorts`, the page's ids and the total are read from it alone, without visiting the
   * list's table for rows that are not shown. It must hold exactly the rows `where` admits, once each: `where` is not
   * applied to it (a query narrowed further by a fixed condition has no `narrow`).
   */
  narrow?: { from: SQL; sorts: string[] };
}

/** The query whose page ids and total come from `narrow` when the request lets them (see ListQuery.narrow). */
function narrowed(query: ListQuery, params: ListParams): ListQuery {
  const narrow = query.narrow;
  if (!narrow || params.where.length > 0 || !params.sort.columns.every((c) => narrow.sorts.includes(c))) return query;
  return { ...query, where: [], pageFrom: narrow.from, countFrom: narrow.from };
}

/**
 * The list's fixed conditions as counter facets: none without fixed conditions, null when they are not facets (a
 * narrowed scope has no `where` left but is still a scope).
 */
const fixedFacets = (query: ListQuery): Facet[] | null => query.facets ?? (query.where.length || query.narrow ? null : []);

export interface ListResult<T> {
  rows: T[];
  /** Cursors for the pages beside this one (see Keyset). */
  cursors?: { next?: string; previous?: string };
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
 * "is there a next page" is always known. With `orderBy` the rows are counted in that order (the same number: which
 * rows fill the limit does not change how many there are), so the planner walks the order's index when it expects
 * many matches, as it does for the page, and the filter's own index when it expects few.
 */
export async function cappedCount(db: Db, from: SQL, where: SQL[], opts: { cap?: number; reach?: number; orderBy?: SQL } = {}): Promise<Total> {
  const limit = Math.max(opts.cap ?? COUNT_CAP, opts.reach ?? 0);
  const whereSql = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const order = opts.orderBy ? sql`ORDER BY ${opts.orderBy}` : sql``;
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} ${whereSql} ${order} LIMIT ${limit + 1}) counted`);
  const n = Number(row?.n ?? 0);
  return n > limit ? { total: limit, capped: true } : { total: n, capped: false };
}

/** The total by the counting rule (see Counting): counters when they answer, else the capped count. */
export async function countList(db: Db, query: ListQuery, params: ListParams): Promise<Total> {
  const fixed = fixedFacets(query);
  const facets = fixed && params.facets ? [...fixed, ...params.facets] : null;
  const table = facets ? counterFor(params.counting, facets) : undefined;
  if (table && facets) return { total: await sumCounters(db, table, facets), capped: false };
  // Counted in the list's order: over the FROM the page's ids are found in, which names every alias the sorts use.
  if (params.countInOrder) {
    return cappedCount(db, query.pageFrom ?? query.from, [...query.where, ...params.where], { cap: params.counting.cap, reach: params.page * params.per, orderBy: params.orderBy });
  }
  return cappedCount(db, query.countFrom ?? query.from, [...query.where, ...params.where], { cap: params.counting.cap, reach: params.page * params.per });
}

/** True when the total will come from counters (exact and cheap, so the page can be planned from it). */
function countedByCounters(query: ListQuery, params: ListParams): boolean {
  const fixed = fixedFacets(query);
  return Boolean(fixed && params.facets && counterFor(params.counting, [...fixed, ...params.facets]));
}

/** What a contains-search counts up to (see Counting). */
export const SEARCH_COUNT_CAP = 1_000;

/** Past this offset, a page in the back half of an exactly counted list is read from the end. */
const DEEP_OFFSET = 1_000;

/** Up to this many rows in all, a page is found by gathering them and ordering (see runList). */
const GATHER_MAX = 10_000;

/**
 * Partitioned pages: a scope over a few values of one column (an agent's agency and sub-agencies) whose pages up to
 * this reach are read as one ordered, page-bounded subquery per value (on the (column, sort, id) indexes), merged and
 * cut to the page. Neither gathering the scope's rows nor walking the whole table's order: each value reads at most
 * offset + per rows in order. A contains-search whose matches are few (its count exact) is gathered instead, unless
 * the partition's index carries the searched text: each value's walk would test every row of its value, read from the
 * table, for a match (an agent's 10,000 policies, ~3,600 scattered table pages per agency, 100-300 ms at 1M), where the
 * search's own index finds the few matches.
 */
const PARTITION_REACH = 2_000;
const PARTITION_VALUES = 64;

/**
 * Finds the page's ids first (sorting and skipping only ids), then builds the rows for those ids alone: the
 * select list's subqueries never run for the skipped rows. The total follows the counting rule (countList) and is
 * read first: a list of at most GATHER_MAX rows is gathered and then ordered; a page beside one already read seeks
 * from its cursor (Keyset); a deep page in the back half of a list counted exactly is read backwards from the end, so
 * the last page costs what the first does.
 */
export async function runList<T>(primary: Db, listQuery: ListQuery, params: ListParams, idColumn: SQL = listQuery.id ?? sql`id`): Promise<ListResult<T>> {
  // A read replica answers list pages when DATABASE_READ_URL is set (server/db/read-replica.ts).
  const db = listReader(primary);
  const query = narrowed(listQuery, params);
  const conditions = [...query.where, ...params.where];
  const pageFrom = query.pageFrom ?? query.from;
  const offset = (params.page - 1) * params.per;
  const keyset = params.keyset;
  // With a keyset the page's rows carry their keys too, for the cursors of the pages beside it (read from the page's
  // rows only: the text of every skipped row's key cost more than skipping it).
  const keyColumns = keyset ? sql`, (${keyset.expr})::text AS page_key__, page.page_id AS page_id__` : sql``;
  const page = (orderBy: SQL, skip: number, take: number, pos: SQL, seek: SQL[] = []) => {
    const all = [...conditions, ...seek];
    const whereSql = all.length ? sql`WHERE ${sql.join(all, sql` AND `)}` : sql``;
    return queryRows<T & { page_key__?: string; page_id__?: number }>(
      db,
      sql`SELECT ${query.select}${keyColumns} FROM ${query.from}
          JOIN (SELECT page_id, row_number() OVER () AS page_pos FROM (
                  SELECT ${idColumn} AS page_id FROM ${pageFrom} ${whereSql} ORDER BY ${orderBy} LIMIT ${take} OFFSET ${skip}
                ) ids) page ON ${idColumn} = page.page_id
          ORDER BY ${pos}`,
    );
  };
  // The rows of `from … where`, gathered behind a fence (OFFSET 0) and only then ordered: the planner reads them by
  // their filters' indexes instead of walking the order's.
  // With `within`, at most that many rows are gathered and each page row carries how many were (`matched__`): the
  // total, when below `within` (see ListQuery.few).
  const gathered = (skip: number, take: number, within?: number) => {
    const whereSql = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
    const { exprs, tie, ascending, plain } = params.sort;
    const dir = ascending ? sql`ASC` : sql`DESC`;
    const keys = exprs.map((e, i) => sql`${e} AS ${sql.identifier(`sort_${i}`)}`);
    const order = [...exprs.map((_, i) => sql`${sql.identifier(`sort_${i}`)} ${dir}${plain ? sql`` : sql` NULLS LAST`}`), sql`sort_tie ${dir}`];
    const fence = within === undefined ? sql`OFFSET 0` : sql`LIMIT ${within}`;
    const matchedColumn = within === undefined ? sql`` : sql`, page.matched_n AS matched__`;
    return queryRows<T & { page_key__?: string; page_id__?: number; matched__?: number | string }>(
      db,
      sql`SELECT ${query.select}${keyColumns}${matchedColumn} FROM ${query.from}
          JOIN (SELECT page_id, row_number() OVER () AS page_pos${within === undefined ? sql`` : sql`, matched_n`} FROM (
                  SELECT page_id${within === undefined ? sql`` : sql`, count(*) OVER () AS matched_n`} FROM (
                    SELECT ${idColumn} AS page_id, ${sql.join([...keys, sql`${tie} AS sort_tie`], sql`, `)}
                    FROM ${pageFrom} ${whereSql} ${fence}) matched
                  ORDER BY ${sql.join(order, sql`, `)} LIMIT ${take} OFFSET ${skip}
                ) ids) page ON ${idColumn} = page.page_id
          ORDER BY page.page_pos`,
    );
  };
  // See Partitioned pages: per value, the rows up to the page's end in the list's order; then merged and cut.
  const partitioned = (part: { column: SQL; values: unknown[] }, skip: number, take: number) => {
    const { exprs, tie, ascending, plain } = params.sort;
    const dir = ascending ? sql`ASC` : sql`DESC`;
    const keys = sql.join([...exprs.map((e, i) => sql`${e} AS ${sql.identifier(`sort_${i}`)}`), sql`${tie} AS sort_tie`], sql`, `);
    const order = [...exprs.map((_, i) => sql`${sql.identifier(`sort_${i}`)} ${dir}${plain ? sql`` : sql` NULLS LAST`}`), sql`sort_tie ${dir}`];
    const parts = part.values.map((value) => {
      const all = [...conditions, value === null ? sql`${part.column} IS NULL` : sql`${part.column} = ${value}`];
      return sql`(SELECT ${idColumn} AS page_id, ${keys} FROM ${pageFrom} WHERE ${sql.join(all, sql` AND `)} ORDER BY ${params.orderBy} LIMIT ${skip + take})`;
    });
    return queryRows<T & { page_key__?: string; page_id__?: number }>(
      db,
      sql`SELECT ${query.select}${keyColumns} FROM ${query.from}
          JOIN (SELECT page_id, row_number() OVER () AS page_pos FROM (
                  SELECT page_id FROM (${sql.join(parts, sql` UNION ALL `)}) merged
                  ORDER BY ${sql.join(order, sql`, `)} LIMIT ${take} OFFSET ${skip}
                ) ids) page ON ${idColumn} = page.page_id
          ORDER BY page.page_pos`,
    );
  };
  const finish = (rows: Array<T & { page_key__?: string; page_id__?: number }>, counted: Total, more = rows.length === params.per): ListResult<T> => {
    const result: ListResult<T> = { rows, ...counted, page: params.page, per: params.per };
    if (!keyset || rows.length === 0) return result;
    const first = rows[0];
    const last = rows[rows.length - 1];
    result.cursors = {
      ...(more ? { next: pageCursor(keyset.signature, params.page + 1, "after", String(last.page_key__), Number(last.page_id__)) } : {}),
      ...(params.page > 1 ? { previous: pageCursor(keyset.signature, params.page - 1, "before", String(first.page_key__), Number(first.page_id__)) } : {}),
    };
    // Last column first: V8 keeps an object's fast shape when the property deleted is the last one added, and turns it
    // into a slow dictionary otherwise, which then every read, spread and JSON.stringify of the row paid for (a policies
    // page's rows cost twice as much to shape and send).
    for (const row of rows) {
      delete row.page_id__;
      delete row.page_key__;
    }
    return result;
  };
  if (keyset?.cursor) {
    // The page beside one already read: seek from its neighbour's key on the order's index (see Keyset). One row more
    // than the page tells whether another follows; the count goes to the cap only (not to this page's end, which
    // would count every row the seek skipped), and a page past the cap reports what it saw.
    const { dir, key, id } = keyset.cursor;
    const below = (dir === "after") === (keyset.direction === "desc");
    const seek = below ? sql`(${keyset.expr}, ${keyset.tie}) < (${key}, ${id})` : sql`(${keyset.expr}, ${keyset.tie}) > (${key}, ${id})`;
    const forward = dir === "after";
    const [read, counted] = await Promise.all([
      forward ? page(params.orderBy, 0, params.per + 1, sql`page.page_pos`, [seek]) : page(params.reverseOrderBy, 0, params.per, sql`page.page_pos DESC`, [seek]),
      countedByCounters(query, params) ? countList(db, query, params) : cappedCount(db, query.countFrom ?? query.from, conditions, { cap: params.counting.cap }),
    ]);
    const more = forward ? read.length > params.per : true;
    const rows = forward ? read.slice(0, params.per) : read;
    const seen = offset + rows.length;
    const total = counted.capped && seen >= counted.total ? { total: seen, capped: more } : counted;
    return finish(rows, total, more && rows.length === params.per);
  }
  const part = query.partition;
  if (part && part.values.length >= 1 && part.values.length <= PARTITION_VALUES && offset + params.per <= PARTITION_REACH) {
    if (params.searched && !part.searches) {
      // A contains-search whose matches the count found all (exact, at most SEARCH_COUNT_CAP): gathered by the search's
      // index and ordered; more matches than that are spread enough for the per-value walks to stop early.
      const counted = await countList(db, query, params);
      return finish(!counted.capped && counted.total <= GATHER_MAX ? await gathered(offset, params.per) : await partitioned(part, offset, params.per), counted);
    }
    const [rows, counted] = await Promise.all([partitioned(part, offset, params.per), countList(db, query, params)]);
    return finish(rows, counted);
  }
  let known: Total | undefined;
  const reach = Math.max(params.counting.cap ?? COUNT_CAP, offset + params.per);
  if (query.few && reach <= GATHER_MAX && !countedByCounters(query, params)) {
    // See ListQuery.few: the rows up to the count's reach gathered once, ordered and counted together. The same total
    // as the capped count (exact up to `reach`, else `reach` and capped) and, below it, the same page as gathering.
    const rows = await gathered(offset, params.per, reach + 1);
    const matched = rows.length ? Number(rows[0].matched__) : undefined;
    for (const row of rows) delete row.matched__;
    if (matched !== undefined && matched <= reach) return finish(rows, { total: matched, capped: false });
    if (matched !== undefined) known = { total: reach, capped: true };
  }
  const counted = known ?? (await countList(db, query, params));
  if (!counted.capped && counted.total <= GATHER_MAX) {
    // Few rows: gather them all, then order. Walking the order's index and testing each row stops after a page only
    // when matches are spread evenly; the planner cannot know that a scope's rows all lie at the far end of the
    // order (an agent's 10,000 of 1,000,000 policies took 2 s so).
    return finish(await gathered(offset, params.per), counted);
  }
  if (offset > DEEP_OFFSET && countedByCounters(query, params)) {
    const fromEnd = counted.total - offset - params.per;
    if (offset > counted.total / 2 && fromEnd > -params.per) {
      // Rows offset..offset+per-1 are, read backwards, rows max(0, fromEnd)..: the same rows, in reverse.
      const rows = await page(params.reverseOrderBy, Math.max(0, fromEnd), params.per + Math.min(0, fromEnd), sql`page.page_pos DESC`);
      return finish(rows, counted);
    }
    return finish(await page(params.orderBy, offset, params.per, sql`page.page_pos`), counted);
  }
  return finish(await page(params.orderBy, offset, params.per, sql`page.page_pos`), counted);
}

/**
 * The default answer: the bare array, the count in `total-entries`; `total-capped: true` when the count stopped at
 * the cap (there are more rows than `total-entries`).
 */
export function sendList<T>(reply: FastifyReply, result: Pick<ListResult<T>, "total" | "capped" | "page" | "per" | "rows" | "cursors">, rows: unknown[] = result.rows) {
  sendCursors(reply, result);
  reply.header("total-entries", String(result.total));
  reply.header("total-pages", String(Math.max(1, Math.ceil(result.total / result.per))));
  reply.header("current-page", String(result.page));
  if (result.capped) reply.header("total-capped", "true");
  return rows;
}

/** The cursors of the pages beside this one as headers, whatever the answer's shape (see Keyset). */
function sendCursors(reply: FastifyReply | undefined, result: Pick<ListResult<unknown>, "cursors">) {
  if (result.cursors?.next) reply?.header("next-page-cursor", result.cursors.next);
  if (result.cursors?.previous) reply?.header("previous-page-cursor", result.cursors.previous);
}

/**
 * The `{data, meta}` answer of the `…/list` calls; `meta.total_capped: true` when the count stopped at the cap. Given
 * the reply, the page cursors go in its headers as for bare answers.
 */
export function listEnvelope<T>(result: Pick<ListResult<T>, "total" | "capped" | "page" | "per" | "rows" | "cursors">, rows: unknown[] = result.rows, reply?: FastifyReply) {
  sendCursors(reply, result);
  return { data: rows, meta: { total: result.total, page: result.page, per: result.per, ...(result.capped ? { total_capped: true } : {}) } };
}
