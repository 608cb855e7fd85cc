import { sql } from "drizzle-orm";
import { ACTIVE_POLICY_STATUSES } from "../../../src/domain/policies";
import { hashPassword } from "../../lib/passwords";
import type { Db } from "../client";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../demo-logins";
import { ensureReferenceData } from "../reference-data";
import * as s from "../schema";
import type { SeedContext } from "./context";
import { type Day, dayOf, ymd } from "./days";
import type { FileStore } from "../../files/store";
import { seedCharges, seedInvoices } from "./demo-billing";
import { seedPendingRevisions } from "./demo-revisions";
import { seedDmrFiles } from "./demo-dmr";
import { seedPolicyDocuments } from "./demo-documents";
import { seedCarrierSettings, seedCarriers } from "./demo-carriers";
import { backfillDates, writeSnapshots } from "../../reporting/snapshots";
import { seedLeads } from "./demo-leads";
import { seedMasterPolicies } from "./demo-master-policies";
import { seedIntegrations } from "./demo-integrations";
import { seedOrganisations } from "./demo-organisations";
import { seedPolicies } from "./demo-policies";
import { seedCarrierProfiles, seedProperties, seedRates } from "./demo-properties";
import { seedReports } from "./demo-reports";
import { seedDuplicateCustomer, seedResidents } from "./demo-residents";
import { seedPolicyPaperwork } from "./demo-applications";
import { seedAssignments, seedStaff } from "./demo-staff";
import { selectRows } from "./query";
import { createRandom } from "./random";

/**
 * The demo portfolio `npm start` loads into an empty database (DESIGN.md section 4): agencies with sub-agencies,
 * property-management accounts, communities > buildings > units (1,500 units), ~2,600 residents with leases,
 * ~3,000 policies in every status with coverages and invoices, 500 leads, and staff of every role. One fixed seed
 * drives every choice, so the portfolio is the same on every machine; dates are laid out around `today`.
 */
export interface DemoSummary {
  agencies: number;
  accounts: number;
  communities: number;
  units: number;
  users: number;
  leases: number;
  policies: number;
  invoices: number;
  leads: number;
  staff: number;
  documents: number;
  dmr_files: number;
  change_requests: number;
  pending_revisions: number;
}

const SEED = 20_261_122;

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(s.staff);
  return row.n === 0;
}

/**
 * `files`: where the demo's PDF paperwork goes; without it the demo has no documents. `db` is not a transaction: the
 * portfolio is vacuumed and analysed once committed.
 */
export async function seedDemo(db: Db, today: Date = new Date(), files?: FileStore): Promise<DemoSummary> {
  await ensureReferenceData(db);
  // One hash for every demo staff: argon2id costs ~60 ms a hash.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const summary = await seedPortfolio(db, today, passwordHash, files);
  // Statistics from the first request on, as the scale seed leaves them: the embedded database never runs autovacuum,
  // and a server may run it late or not at all (CI's PostgreSQL has it off). Without them every plan came from default
  // estimates: each row of a policies page scanned all 1,600 units for its primary unit, 11 ms of the database's CPU per
  // page instead of 4 (npm run bench:cpu). VACUUM also drops the dead rows the seed's flag updates left.
  await db.execute(sql`VACUUM ANALYZE`);
  return summary;
}

function seedPortfolio(db: Db, today: Date, passwordHash: string, files?: FileStore): Promise<DemoSummary> {
  return db.transaction(async (tx) => {
    const ctx: SeedContext = { db: tx, r: createRandom(SEED), today: dayOf(today), now: today };
    const orgs = await seedOrganisations(ctx);
    const units = await seedProperties(ctx, orgs.accounts);
    const residents = await seedResidents(ctx, units, orgs.accounts);
    const carriers = await seedCarriers(ctx);
    const policies = await seedPolicies(ctx, residents, carriers);
    const invoices = await seedInvoices(ctx, policies);
    const leads = await seedLeads(ctx, orgs.agencies, policies, residents.emails, orgs.accounts);
    const staff = await seedStaff(ctx, orgs, passwordHash);
    await seedAssignments(ctx);
    await seedCarrierSettings(ctx, carriers);
    await seedRates(ctx);
    await seedCarrierProfiles(ctx);
    const [agent] = await selectRows<{ id: number }>(tx, sql`SELECT id FROM staffs WHERE email = ${DEMO_LOGINS.find((l) => l.role === "agent")!.email}`);
    // Its own PRNG: adding paperwork must not reshuffle the documents and DMR files drawn after it.
    const paperwork = await seedPolicyPaperwork({ ...ctx, r: createRandom(SEED + 1) }, policies, agent.id);
    await seedCharges(ctx);
    // Accounts pay their rent-guarantee mass imports by card: accepting a group charges its first invoice (issue 16).
    await tx.execute(sql`INSERT INTO payment_profiles (payer_type, payer_id, source_type, source_id, card_brand, last4, default_profile)
      SELECT 'Account', id, 'card', 'tok_visa_account_' || id, 'visa', '4242', true FROM accounts ORDER BY id`);
    const documents = files ? await seedPolicyDocuments(ctx, files) : 0;
    const dmrFiles = files ? await seedDmrFiles(ctx, files) : 0;
    const revisions = await seedPendingRevisions(ctx, files);
    const duplicates = await seedDuplicateCustomer(tx, ctx.today);
    await deriveFlags(tx, ctx.today);
    await recordCreation(tx);
    // After the flags: the auto-assign run reads which units are occupied and already covered.
    await seedMasterPolicies(ctx);
    // Last: the integrations' syncs bring their own units, leases and residents (one property into the staff's account).
    const synced = await seedIntegrations(ctx);
    // The coverage reports have a year of history: the first of each of the last 12 months, then yesterday (issue 16).
    await writeSnapshots(tx, backfillDates(ymd(ctx.today - 1), 12));
    // Last of all: the Reports tabs' compliance reports count every unit and policy made above.
    await seedReports(ctx, files);
    const [counts] = await selectRows<{ communities: number; leases: number }>(
      tx,
      sql`SELECT (SELECT count(*)::int FROM insurables WHERE insurable_type_id IN (1, 2, 3)) AS communities,
        (SELECT count(*)::int FROM leases) AS leases`,
    );
    return {
      agencies: orgs.agencies.length,
      accounts: orgs.accounts.length,
      communities: counts.communities,
      units: units.length + synced.units,
      users: residents.userIds.length + duplicates + synced.users,
      leases: counts.leases,
      policies: policies.length,
      invoices,
      leads,
      staff,
      documents,
      dmr_files: dmrFiles,
      change_requests: paperwork.requests,
      pending_revisions: revisions,
    };
  });
}

/**
 * The flags the policy and lease services keep (reference sections 3.1, 3.5): a user's has_* flags, a unit's
 * occupied (a current lease) and covered (an active policy in force today), a current lease's covered.
 */
async function deriveFlags(db: Db, today: Day) {
  const day = ymd(today);
  const active = sql.join(ACTIVE_POLICY_STATUSES.map((st) => sql`${st}`), sql`, `);
  await db.execute(sql`UPDATE users u SET
      has_existing_policies = EXISTS (SELECT 1 FROM policy_users pu WHERE pu.user_id = u.id),
      has_leases = EXISTS (SELECT 1 FROM lease_users lu WHERE lu.user_id = u.id),
      has_current_leases = EXISTS (SELECT 1 FROM lease_users lu JOIN leases l ON l.id = lu.lease_id WHERE lu.user_id = u.id AND l.status = 'current')`);
  await db.execute(sql`UPDATE insurables i SET occupied = true
    WHERE EXISTS (SELECT 1 FROM leases l WHERE l.insurable_id = i.id AND l.status = 'current')`);
  await db.execute(sql`UPDATE insurables i SET covered = true
    WHERE EXISTS (SELECT 1 FROM policy_insurables pi JOIN policies p ON p.id = pi.policy_id
      WHERE pi.insurable_id = i.id AND p.status IN (${active}) AND p.cancellation_date IS NULL
        AND p.effective_date <= ${day}::date AND p.expiration_date >= ${day}::date)`);
  await db.execute(sql`UPDATE leases l SET covered = true FROM insurables i
    WHERE i.id = l.insurable_id AND i.covered AND l.status = 'current'`);
}

/** A 'create' history row (author System, process seed) for the main records a demo visitor opens first. */
async function recordCreation(db: Db) {
  for (const [type, table] of [["Agency", "agencies"], ["Account", "accounts"], ["Carrier", "carriers"], ["Staff", "staffs"], ["Policy", "policies"]] as const) {
    await db.execute(sql`INSERT INTO histories (recordable_type, recordable_id, author, action, process, data, created_at)
      SELECT ${type}, id, 'System', 'create', 'seed', '{}'::jsonb, created_at FROM ${sql.identifier(table)}`);
  }
}
