import type { Db } from "../server/db/client";
import { writeSnapshot } from "../server/reporting/snapshots";
import { daysBefore, reportToday } from "../src/domain/leads";
import type { ApiClient } from "./client";
import type { Run } from "./measure";

type Auth = Awaited<ReturnType<ApiClient["signIn"]>>;

/**
 * Issue 16: the policies dashboard's totals and graphs over the last 30 and 365 days, as a super admin (everything)
 * and an agent (an agency tree), with a product filter once; then one coverage snapshot night, timed once.
 */
export async function benchDashboards(options: { db: Db; api: ApiClient; run: Run; auth: { super_admin: Auth; agent: Auth } }): Promise<{ snapshot_night_s: number; snapshot_rows: number }> {
  const { api, run, auth } = options;
  const today = reportToday();
  const prefix = { super_admin: "/v2/staff_super_admin", agent: "/v2/staff_agency" } as const;
  for (const days of [30, 365]) {
    const window = `filter[created_at][start]=${daysBefore(today, days - 1)}&filter[created_at][end]=${today}&filter[policy_type_id]=0`;
    for (const role of ["super_admin", "agent"] as const) {
      await run("dashboard", `policies dashboard total ${days} days [${role}]`, () => api.get(`${prefix[role]}/policies_dashboard/total?${window}`, auth[role]));
      await run("dashboard", `policies dashboard graphs ${days} days [${role}]`, () => api.get(`${prefix[role]}/policies_dashboard/graphs?${window}&sort[column][]=last_visit&sort[direction][]=desc`, auth[role]));
    }
  }
  const residential = `filter[created_at][start]=${daysBefore(today, 29)}&filter[created_at][end]=${today}&filter[policy_type_id]=1`;
  await run("dashboard", "policies dashboard total 30 days, residential [super_admin]", () => api.get(`${prefix.super_admin}/policies_dashboard/total?${residential}`, auth.super_admin));
  const started = Date.now();
  const rows = await writeSnapshot(options.db, daysBefore(today, 1));
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  console.log(`  coverage snapshot night: ${rows.toLocaleString("en-US")} rows in ${seconds} s`);
  return { snapshot_night_s: seconds, snapshot_rows: rows };
}
