import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { BULK_MAX, BULK_SYNC_MAX, type BulkFailure, type BulkJob, type BulkResult, type BulkTarget } from "../../src/domain/bulk";
import type { Db } from "../db/client";
import { bulkJobs } from "../db/schema";
import type { Actor } from "../plugins/auth";
import { ValidationError, notFoundMessage } from "./errors";
import { type ListQuery, type ListSpec, parseListParams, queryRows } from "./list";
import type { QueryValue } from "./query-string";

/** The pg-boss job that runs a large bulk action (server/jobs/bulk-job.ts). */
export const BULK_JOB = "grid-bulk";

/**
 * A grid's bulk action (issue 17 section 5): the single action's code for one row, and how the grid names a row (an
 * expression over the list query's tables). Defined once, at module level, so the request (small selections) and the
 * background job (large ones, on any process) run the same code by its name.
 */
export interface BulkAction {
  name: string;
  /** How a list grid names a row (grids read through server/lib/list.ts); grids with their own query name rows in `pick`. */
  label?: SQL;
  /** One row; `params` are the call's own (the colleague an assignment gives rows to), kept with a job. */
  each: (app: FastifyInstance, actor: Actor, id: number, params: unknown) => Promise<unknown>;
}

const actions = new Map<string, BulkAction>();

export function defineBulkAction(action: BulkAction): BulkAction {
  actions.set(action.name, action);
  return action;
}

export const bulkAction = (name: string): BulkAction | undefined => actions.get(name);

/**
 * The rows a grid's bulk action applies to: the ids picked, or every row matching the list's filter ("select all
 * matching", not only the page). Either way the rows are read through the list's own query, scope included, so an id
 * outside the caller's scope is never acted on whatever the console sends; more than BULK_MAX matching rows is a 422
 * (narrow the filter). Each row comes named as the grid names it, so results beyond the page read as on screen.
 */
export type BulkSelection = { ids?: number[]; all_matching?: true; filter?: unknown };

export async function bulkTargets(db: Db, query: ListQuery, spec: ListSpec, selection: BulkSelection, label: SQL): Promise<BulkTarget[]> {
  const id = query.id ?? spec.tieBreaker;
  const where = [...query.where];
  // Nothing is acted on unless named: picked ids, or all_matching (both: the picked ones that match).
  if (!selection.all_matching && !selection.ids?.length) return [];
  if (selection.ids?.length) where.push(sql`${id} IN (${sql.join([...new Set(selection.ids)].map((n) => sql`${n}`), sql`, `)})`);
  if (selection.all_matching) where.push(...parseListParams({ filter: selection.filter as QueryValue }, spec).where);
  const rows = await queryRows<{ id: number; label: string | null }>(
    db,
    sql`SELECT ${id} AS id, min(${label}) AS label FROM ${query.from} ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
         GROUP BY 1 ORDER BY 1 LIMIT ${BULK_MAX + 1}`,
  );
  if (rows.length > BULK_MAX) throw new ValidationError({ filter: `matches more than ${BULK_MAX} rows: narrow the filter` });
  return rows.map((r) => ({ id: Number(r.id), label: r.label || `#${r.id}` }));
}

/**
 * Applies `each` to the targets in turn, never in parallel (a tenant's rules may depend on the previous change). A
 * refusal (4xx) fails its row only, with the single action's reason; an error of the server stops the run (the rows
 * before it stay done). `progress` hears each finished row.
 */
export async function applyBulk(
  targets: BulkTarget[],
  each: (id: number) => Promise<unknown>,
  progress?: (row: { target: BulkTarget; failure?: BulkFailure }) => Promise<void>,
): Promise<BulkResult> {
  const outcome: BulkResult = { done: [], failed: [] };
  for (const target of targets) {
    let failure: BulkFailure | undefined;
    try {
      await each(target.id);
      outcome.done.push(target.id);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (!status || status >= 500) throw error;
      const body = (error as { body?: { message?: unknown; error?: unknown } }).body;
      failure = { ...target, reason: String(body?.message ?? body?.error ?? "refused") };
      outcome.failed.push(failure);
    }
    await progress?.({ target, failure });
  }
  return outcome;
}

/**
 * Where a bulk call's rows come from: a list grid's own scoped query (server/lib/list.ts), or, for a grid with a query
 * of its own (the compliance worklists), `pick`, which reads the selection in the caller's scope and names each row
 * as the grid does. `missing` is the reason given for a picked id that is not among them (outside the scope, gone,
 * or no longer on the list).
 */
export type BulkSource =
  | { query: ListQuery; spec: ListSpec; selection: BulkSelection; missing?: string }
  | { pick: () => Promise<BulkTarget[]>; selection: BulkSelection; missing?: string };

/**
 * The one way a grid's bulk call runs: up to BULK_SYNC_MAX rows inside the request (200 `{done, failed}`); more in
 * the background (202 with the job, polled at GET /bulk_jobs/{id}), so "all matching" over thousands of rows is not
 * one long request without progress. The rows are picked now, in the caller's scope, and kept with the job. A picked
 * id not found among them fails with the source's reason (the single call's 404), never silently.
 */
export async function runBulk(
  app: FastifyInstance,
  reply: FastifyReply,
  caller: Actor,
  action: BulkAction,
  source: BulkSource,
  params: unknown = null,
): Promise<BulkResult | BulkJob> {
  const targets =
    "pick" in source ? await source.pick() : await bulkTargets(app.db, source.query, source.spec, source.selection, action.label ?? sql`NULL::text`);
  const found = new Set(targets.map((t) => t.id));
  const reason = source.missing ?? notFoundMessage("Record");
  const missing: BulkFailure[] = [...new Set(source.selection.ids ?? [])].filter((id) => !found.has(id)).map((id) => ({ id, label: "", reason }));
  if (targets.length <= BULK_SYNC_MAX) {
    const result = await applyBulk(targets, (id) => action.each(app, caller, id, params));
    return { done: result.done, failed: [...result.failed, ...missing] };
  }
  const [job] = await app.db
    .insert(bulkJobs)
    .values({ staff_id: caller.user.id, action: action.name, scope: caller.scope, params, targets, total: targets.length, failed: missing })
    .returning();
  await app.jobs.send(BULK_JOB, { jobId: job.id });
  reply.code(202);
  return bulkJobJson(job);
}

export function bulkJobJson(job: typeof bulkJobs.$inferSelect): BulkJob {
  return {
    id: job.id,
    action: job.action,
    status: job.status,
    total: job.total,
    processed: job.processed,
    done_count: job.done_count,
    failed_count: job.failed.length,
    // The rows come once, at the end: a poll a second of a job failing thousands of rows stays small.
    failed: job.status === "queued" || job.status === "running" ? [] : job.failed,
    error: job.error,
    created_at: job.created_at.toISOString(),
    finished_at: job.finished_at?.toISOString() ?? null,
  };
}
