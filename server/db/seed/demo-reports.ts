import { sql } from "drizzle-orm";
import type { FileStore } from "../../files/store";
import { writeComplianceReport } from "../../jobs/build-report";
import { reports } from "../schema";
import type { SeedContext } from "./context";
import { ymd } from "./days";
import { selectRows } from "./query";

/**
 * Every account and agency has one ready compliance report as of the demo's day, and so has each account's first
 * community (issue 13: "accounts with reports"), asked for by the demo super admin.
 */
export async function seedReports(ctx: SeedContext, files?: FileStore): Promise<number> {
  const day = ymd(ctx.today);
  const [admin] = await selectRows<{ id: number }>(ctx.db, sql`SELECT id FROM staffs WHERE role = 'super_admin' ORDER BY id LIMIT 1`);
  const owners = await selectRows<{ type: "Account" | "Agency" | "Insurable"; id: number }>(
    ctx.db,
    sql`SELECT 'Account' AS type, id FROM accounts
        UNION ALL SELECT 'Agency', id FROM agencies
        UNION ALL SELECT 'Insurable', min(id) FROM insurables WHERE insurable_type_id IN (1, 2, 3) AND account_id IS NOT NULL GROUP BY account_id
        ORDER BY 1, 2`,
  );
  for (const owner of owners) {
    const [report] = await ctx.db
      .insert(reports)
      .values({ kind: "compliance", owner_type: owner.type, owner_id: owner.id, staff_id: admin.id, status: "running", period_from: day, period_to: day, attempts: 1 })
      .returning();
    await writeComplianceReport({ db: ctx.db, files }, report);
  }
  return owners.length;
}
