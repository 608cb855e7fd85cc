import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { exports as exportsTable } from "../server/db/schema";
import type { InlineQueue } from "../server/jobs/queue";
import type { ApiClient, AuthHeaders } from "./client";
import { call } from "./lists";
import type { Run } from "./measure";

/**
 * The policies part of `npm run bench` (issues 3 and 11): the policy detail, and the CSV export of every policy (a
 * million at the 1M seed): its time, the process's RSS growth while it runs, and whether the file holds the grid's rows
 * in the grid's order (its row count against the grid's total, its first and last rows against the grid's first and
 * last pages).
 */
const mb = (bytes: number) => Math.round(bytes / 1048576);

async function fileRows(url: string): Promise<{ count: number; head: string[]; tail: string[] }> {
  const res = await fetch(url);
  if (res.status !== 200 || !res.body) throw new Error(`export download answered ${res.status}`);
  const gunzip = res.headers.get("content-type")?.includes("gzip") ? new DecompressionStream("gzip") : null;
  const body = gunzip ? res.body.pipeThrough(gunzip) : res.body;
  const decoder = new TextDecoder();
  let rest = "";
  let count = -1; // the header line
  const head: string[] = [];
  let tail: string[] = [];
  const take = (line: string) => {
    if (!line) return;
    count++;
    if (count === 0) return;
    const number = line.slice(0, line.indexOf(","));
    if (head.length < 50) head.push(number);
    tail.push(number);
    if (tail.length > 100) tail = tail.slice(-50);
  };
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split("\r\n");
    rest = lines.pop() ?? "";
    lines.forEach(take);
  }
  take(rest);
  return { count, head, tail: tail.slice(-50) };
}

export async function benchPolicies(opts: { app: FastifyInstance; api: ApiClient; base: string; admin: AuthHeaders; run: Run; exportAll: boolean }) {
  const { app, api, base, admin, run } = opts;
  const list = "/v2/staff_super_admin/policies/list";
  const page = async (n: number) =>
    ((await call(base, list, admin, { pagination: { page: n, per: 50 }, sort: { column: "updated_at", direction: "desc" } })).json as { data: Array<{ id: number; number: string }>; meta: { total: number } });
  const first = await page(1);
  const ids = first.data.map((row) => row.id);
  await run("other", "policy detail", (i) => api.get(`/v2/staff_super_admin/policies/${ids[i % ids.length]}`, admin));
  if (!opts.exportAll) return undefined;

  // The export of every policy, as the grid lists them (no filter, newest change first).
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const res = await fetch(`${base}/v2/staff_super_admin/policies/export?sort[column]=updated_at&sort[direction]=desc`, { headers: admin });
  const { export_id: exportId } = (await res.json()) as { export_id: number };
  await (app.jobs as InlineQueue).idle();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const [row] = await app.db.select().from(exportsTable).where(eq(exportsTable.id, exportId));
  const listed = (await call(base, "/v2/staff_super_admin/exports", admin)).json as Array<{ id: number; download_url: string | null }>;
  const url = listed.find((e) => e.id === exportId)?.download_url;
  const file = url ? await fileRows(`${base}${url}`) : { count: 0, head: [], tail: [] };
  const lastPageNumber = Math.ceil(first.meta.total / 50);
  const lastPage = await page(lastPageNumber);
  const gridTail = [...(await page(lastPageNumber - 1)).data, ...lastPage.data].map((r) => r.number).slice(-50);
  const sameRows = file.count === first.meta.total && JSON.stringify(file.head) === JSON.stringify(first.data.map((r) => r.number)) && JSON.stringify(file.tail) === JSON.stringify(gridTail);
  return {
    rows: row.row_count,
    grid_total: first.meta.total,
    file_rows: file.count,
    status: row.status,
    seconds: Math.round(seconds * 10) / 10,
    rss_before_mb: mb(rssBefore),
    peak_rss_mb: mb(peak),
    rss_growth_mb: mb(peak - rssBefore),
    same_rows_and_order_as_grid: sameRows,
  };
}
