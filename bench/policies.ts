import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { exports as exportsTable } from "../server/db/schema";
import type { InlineQueue } from "../server/jobs/queue";
import type { ApiClient, AuthHeaders } from "./client";

/**
 * The policies part of `npm run bench` (issue 3): the browse list (POST /policies/list, as the grid sends it) with
 * no filter, with a status + agency filter and with a number contains-search; the policy detail; and the CSV export
 * of about 100,000 rows (time and the process's peak memory while it runs).
 */
type Run = (name: string, once: (i: number) => Promise<unknown>) => Promise<void>;

async function post(base: string, path: string, auth: AuthHeaders, body: unknown) {
  const res = await fetch(`${base}${path}`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as { data: Array<{ id: number; agency: { id: number } | null }>; meta: { total: number } };
}

/** Number fragments that hit many, few and no policies. */
const NUMBER_SEARCHES = ["000123", "SC-0004", "99999", "SX00000", "4242", "no-such"];

export async function benchPolicies(opts: { app: FastifyInstance; api: ApiClient; base: string; admin: AuthHeaders; run: Run; exportRows: number }) {
  const { app, api, base, admin, run } = opts;
  const list = "/v2/staff_super_admin/policies/list";
  const page = { pagination: { page: 1, per: 50 }, sort: { column: "updated_at", direction: "desc" } };
  const first = await post(base, list, admin, page);
  const agencyId = first.data.find((row) => row.agency)?.agency?.id;

  await run("policies list, no filter (super_admin)", () => post(base, list, admin, page));
  await run("policies list, status + agency filter", () =>
    post(base, list, admin, { ...page, filter: { status: ["BOUND", "BOUND_WITH_WARNING"], agency_id: [agencyId] } }),
  );
  await run("policies list, number contains-search", (i) =>
    post(base, list, admin, { ...page, filter: { number: { like: NUMBER_SEARCHES[i % NUMBER_SEARCHES.length] } } }),
  );
  await run("policies list, customer name contains-search", (i) =>
    post(base, list, admin, { ...page, filter: { users: { profile: { full_name: { like: ["smith", "garcia", "nguyen", "zzzz"][i % 4] } } } } }),
  );
  const ids = first.data.map((row) => row.id);
  await run("policy detail", (i) => api.get(`/v2/staff_super_admin/policies/${ids[i % ids.length]}`, admin));

  // The export: the first `exportRows` policies by id (the scale seed's ids are contiguous), one job end to end.
  const lowest = (await post(base, list, admin, { pagination: { page: 1, per: 1 }, sort: { column: "id", direction: "asc" } })).data[0].id;
  const query = `filter[id][start]=${lowest}&filter[id][end]=${lowest + opts.exportRows - 1}`;
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const res = await fetch(`${base}/v2/staff_super_admin/policies/export?${query}`, { headers: admin });
  const { export_id: exportId } = (await res.json()) as { export_id: number };
  await (app.jobs as InlineQueue).idle();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const [row] = await app.db.select().from(exportsTable).where(eq(exportsTable.id, exportId));
  return {
    rows: row.row_count,
    status: row.status,
    seconds: Math.round(seconds * 10) / 10,
    rss_before_mb: Math.round(rssBefore / 1048576),
    peak_rss_mb: Math.round(peak / 1048576),
  };
}
