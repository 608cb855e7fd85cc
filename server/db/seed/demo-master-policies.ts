import { sql } from "drizzle-orm";
import { runAutoAssign } from "../../routes/master-policies/master-policies.coverage";
import { DEMO_LOGINS } from "../demo-logins";
import * as s from "../schema";
import type { SeedContext } from "./context";
import { addMonths, ymd } from "./days";
import { selectRows } from "./query";

/**
 * Demo master policies (issue 15): the demo staff's account and another account of the demo agent's agency each get
 * a BOUND master policy over all their communities, auto-assign on all but the last. The auto-assign run (the
 * nightly job) then covers every occupied unit without a policy of its own, so the demo shows units covered by the
 * master next to units covered by residents' own policies, and one community whose units are still available.
 */
export async function seedMasterPolicies(ctx: SeedContext): Promise<number> {
  const { db, today } = ctx;
  const staffEmail = DEMO_LOGINS.find((l) => l.role === "staff")!.email;
  const agentEmail = DEMO_LOGINS.find((l) => l.role === "agent")!.email;
  const accounts = await selectRows<{ id: number; agency_id: number; title: string }>(
    db,
    sql`(SELECT a.id, a.agency_id, a.title FROM accounts a JOIN staffs st ON st.organizable_type = 'Account' AND st.organizable_id = a.id WHERE st.email = ${staffEmail})
        UNION ALL
        (SELECT a.id, a.agency_id, a.title FROM accounts a JOIN staffs st ON st.organizable_type = 'Agency' AND st.organizable_id = a.agency_id
          WHERE st.email = ${agentEmail} AND a.id NOT IN (SELECT organizable_id FROM staffs WHERE email = ${staffEmail})
          ORDER BY a.id LIMIT 1)`,
  );
  const [carrier] = await selectRows<{ id: number }>(db, sql`SELECT id FROM carriers WHERE title = 'QBE Specialty Insurance'`);
  const start = addMonths(today, -6);
  let n = 0;
  for (const account of accounts) {
    n++;
    const [master] = await db
      .insert(s.policies)
      .values({
        number: `MP-${String(account.id).padStart(4, "0")}-${ymd(start).slice(0, 4)}`,
        status: "BOUND",
        billing_status: "CURRENT",
        policy_type_id: 2,
        policy_in_system: true,
        system_purchased: true,
        account_id: account.id,
        agency_id: account.agency_id,
        carrier_id: carrier.id,
        effective_date: ymd(start),
        expiration_date: ymd(addMonths(start, 12)),
        system_data: { landlord_sumplimental: n === 1 },
        premium_total: 1_250_000,
        created_at: new Date(),
      })
      .returning({ id: s.policies.id });
    await db.insert(s.histories).values({ recordable_type: "Policy", recordable_id: master.id, author: "System", action: "create", process: "seed", data: {} });
    await db.insert(s.masterPolicyPremiums).values({ policy_id: master.id, base: 1_200_000, total: 1_250_000, calculation_base: 1_500 });
    await db.insert(s.policyCoverages).values([
      { policy_id: master.id, designation: "liability", limit: 10_000_000, occurrence_limit: 30_000_000, deductible: 25_000 },
      { policy_id: master.id, designation: "contents", limit: 1_000_000, deductible: 50_000 },
      { policy_id: master.id, designation: "loss_of_use", limit: 200_000 },
    ]);
    await db.insert(s.masterPolicyConfigurations).values({
      configurable_type: "Policy",
      configurable_id: master.id,
      program_type: "auto",
      program_start_date: ymd(start),
      program_delay: 15,
      grace_period: 10,
      placement_cost: 1_275,
      force_placement_cost: 1_575,
      prorate_charges: true,
      admin_fee: 300,
      force_admin_fee: 500,
      prorate_admin_fee: false,
      charge_date: 1,
    });
    const communities = await selectRows<{ id: number }>(db, sql`SELECT id FROM insurables WHERE account_id = ${account.id} AND insurable_type_id IN (1, 2, 3) ORDER BY id`);
    if (communities.length) {
      await db.insert(s.policyInsurables).values(
        communities.map((c, i) => ({ policy_id: master.id, insurable_id: c.id, primary: false, current: true, auto_assign: communities.length === 1 || i < communities.length - 1 })),
      );
    }
  }
  // Numbered by unit, not at random, so two seedings give the same portfolio.
  await runAutoAssign(db, ymd(today), async (_tx, masterNumber, unitId) => `${masterNumber}_${unitId.toString(16).toUpperCase().padStart(8, "0")}`);
  return accounts.length;
}
