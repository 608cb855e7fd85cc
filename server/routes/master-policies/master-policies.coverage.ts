import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { insurables, leaseUsers, leases, masterPolicyConfigurations, policies, policyCoverages, policyInsurables, policyUsers } from "../../db/schema";
import { COVERAGE_DESIGNATIONS } from "../../../src/domain/policies";
import { recomputeCoverage } from "../../lib/coverage";
import { AppError, NotFoundError } from "../../lib/errors";
import { type Author, type Process, SYSTEM_AUTHOR, recordHistory } from "../../lib/history";
import { queryRows } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { COVERAGE_TYPE_OF, MASTER_TYPE_IDS, currentCoverage } from "./master-policies.list";
import { findMaster } from "./master-policies.service";
import { coverageInForce, occupied, programmeInsurables, unitUnder } from "./master-policies.units";

/**
 * What a master policy does to units (reference section 4.10): its communities, the coverage of one unit (a child
 * policy of the master-coverage type), cancelling one coverage, one community or the whole master, and auto-assign.
 */
export const MESSAGES = {
  communityAdded: "Community added",
  alreadyAdded: "Insurable already added",
  notAccountInsurable: "Account doesn't have this insurable",
  cancelled: (number: string) => `Master policy ${number} was successfully cancelled`,
};

export const MASTER_CANCEL_JOB = "master-policy-cancel";
export const AUTO_ASSIGN_JOB = "master-policy-auto-assign";
/**
 * Every ten minutes: the run reads leases and policies as they are, so a lease that starts or ends, or a resident's
 * own policy that becomes active, is acted on within minutes of the change without each writer calling it; a quiet
 * run is one query.
 */
export const AUTO_ASSIGN_CRON = "*/10 * * * *";

const todayOf = (now = new Date()) => now.toISOString().slice(0, 10);

class BadRequest extends AppError {
  constructor(error: string, message: string) {
    super(400, { error, message });
  }
}

type Master = Awaited<ReturnType<typeof findMaster>>;
const accountOf = (master: Master) => (typeof master.account === "string" ? JSON.parse(master.account) : master.account) as { id: number } | null;

function assertActive(master: Master) {
  if (master.status === "CANCELLED") throw new BadRequest("master_cancelled", `Master policy ${master.number} is cancelled`);
}

/** Adds a community or building of the master's account to its programme (reference 4.10 add_insurable). */
export async function addInsurable(db: Db, scope: Scope, masterId: number, input: { insurable_id: number; auto_assign?: boolean }, author: Author) {
  const master = await findMaster(db, scope, masterId);
  assertActive(master);
  const [insurable] = await db.select().from(insurables).where(eq(insurables.id, input.insurable_id));
  if (!insurable || insurable.account_id !== accountOf(master)?.id || ![1, 2, 3, 7].includes(insurable.insurable_type_id)) {
    throw new NotFoundError({ message: MESSAGES.notAccountInsurable });
  }
  const [inProgramme] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM policy_insurables WHERE policy_id = ${masterId} AND current
        AND (insurable_id = ${insurable.id} OR insurable_id = ${insurable.insurable_type_id === 7 ? insurable.insurable_id : null})`,
  );
  if (inProgramme) throw new BadRequest("insurable_already_added", MESSAGES.alreadyAdded);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [previous] = await tx
      .select()
      .from(policyInsurables)
      .where(and(eq(policyInsurables.policy_id, masterId), eq(policyInsurables.insurable_id, insurable.id)));
    if (previous) {
      await tx.update(policyInsurables).set({ current: true, auto_assign: input.auto_assign ?? false, updated_at: new Date() }).where(eq(policyInsurables.id, previous.id));
    } else {
      await tx.insert(policyInsurables).values({ policy_id: masterId, insurable_id: insurable.id, primary: false, current: true, auto_assign: input.auto_assign ?? false });
    }
    await recordHistory(tx, { type: "Policy", id: masterId, action: "create_related", author, process: "console", changes: { community: { previous_value: null, new_value: insurable.title } } });
    await recordHistory(tx, { type: "Insurable", id: insurable.id, action: "create_related", author, process: "console", changes: { master_policy: { previous_value: null, new_value: master.number } } });
  });
  return { message: MESSAGES.communityAdded, allow_edit: true };
}

async function newChildNumber(db: Db, masterNumber: string): Promise<string> {
  for (;;) {
    const number = `${masterNumber}_${randomBytes(4).toString("hex").toUpperCase()}`;
    const [taken] = await db.select({ id: policies.id }).from(policies).where(eq(policies.number, number));
    if (!taken) return number;
  }
}

/**
 * Covers one unit: it must lie under one of the master's communities, be occupied and have no coverage in force,
 * else 400 bad_unit. The child policy copies the master's carrier, coverages and expiration, starts today (or when
 * the master starts), names the current lease's residents and marks the unit covered.
 */
/** How a coverage is numbered: `<master>_<8 random hex>` (reference 4.10); the demo seed numbers by unit to stay deterministic. */
export type ChildNumber = (tx: Db, masterNumber: string, unitId: number) => Promise<string>;
const randomChildNumber: ChildNumber = (tx, masterNumber) => newChildNumber(tx, masterNumber);

export async function coverUnit(
  db: Db,
  scope: Scope,
  masterId: number,
  unitId: number,
  author: Author,
  process: Process = "console",
  today = todayOf(),
  childNumber: ChildNumber = randomChildNumber,
) {
  const master = await findMaster(db, scope, masterId);
  assertActive(master);
  const child = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // One coverage per unit even when two requests race: the unit row is held until the child exists.
    await tx.execute(sql`SELECT id FROM insurables WHERE id = ${unitId} FOR UPDATE`);
    const [check] = await queryRows<{ id: number; under: boolean; occupied: boolean; covered: boolean }>(
      tx,
      sql`SELECT u.id, (${unitUnder("u", programmeInsurables(masterId))}) AS under, ${occupied("u")} AS occupied, ${coverageInForce("u", sql`true`, sql`${today}::date`)} AS covered
          FROM insurables u WHERE u.id = ${unitId}`,
    );
    if (!check || !check.under) throw new BadRequest("bad_unit", "This unit is not in a community of this master policy");
    if (!check.occupied) throw new BadRequest("bad_unit", "This unit is not occupied");
    if (check.covered) throw new BadRequest("bad_unit", "This unit already has a coverage in force");
    const [mp] = await tx.select().from(policies).where(eq(policies.id, masterId));
    const effective = mp.effective_date && mp.effective_date > today ? mp.effective_date : today;
    const [created] = await tx
      .insert(policies)
      .values({
        number: await childNumber(tx, mp.number, unitId),
        status: "BOUND",
        billing_status: "CURRENT",
        policy_type_id: COVERAGE_TYPE_OF[mp.policy_type_id] ?? 3,
        policy_in_system: true,
        system_purchased: true,
        policy_id: mp.id,
        account_id: mp.account_id,
        agency_id: mp.agency_id,
        carrier_id: mp.carrier_id,
        effective_date: effective,
        expiration_date: mp.expiration_date,
      })
      .returning();
    await tx.insert(policyInsurables).values({ policy_id: created.id, insurable_id: unitId, primary: true, current: true });
    const coverages = await tx.select().from(policyCoverages).where(eq(policyCoverages.policy_id, mp.id));
    if (coverages.length) {
      await tx.insert(policyCoverages).values(
        coverages.map((c) => ({ policy_id: created.id, title: c.title, designation: c.designation, limit: c.limit, deductible: c.deductible, occurrence_limit: c.occurrence_limit, aggregate_limit: c.aggregate_limit, enabled: c.enabled })),
      );
    }
    const residents = await tx
      .select({ user_id: leaseUsers.user_id, primary: leaseUsers.primary })
      .from(leaseUsers)
      .innerJoin(leases, eq(leases.id, leaseUsers.lease_id))
      .where(and(eq(leases.insurable_id, unitId), eq(leases.status, "current")));
    const seen = new Set<number>();
    const unique = residents.filter((r) => !seen.has(r.user_id) && seen.add(r.user_id));
    if (unique.length) await tx.insert(policyUsers).values(unique.map((r, i) => ({ policy_id: created.id, user_id: r.user_id, primary: r.primary || (i === 0 && !unique.some((u) => u.primary)) })));
    await recordHistory(tx, { type: "Policy", id: created.id, action: "create", author, process });
    await recordHistory(tx, { type: "Insurable", id: unitId, action: "update", author, process, changes: { master_policy_coverage: { previous_value: null, new_value: created.number } } });
    await recomputeCoverage(tx, [unitId]);
    return created;
  });
  return {
    id: child.id,
    number: child.number,
    status: child.status,
    policy_id: child.policy_id,
    policy_type_id: child.policy_type_id,
    effective_date: child.effective_date,
    expiration_date: child.expiration_date,
    insurable_id: unitId,
  };
}

/** Ends one unit coverage today (CANCELLED, expiration no later than today) and uncovers its unit. */
async function endCoverage(tx: Db, childId: number, author: Author, process: Process, today: string, reason: string) {
  const [child] = await queryRows<{ id: number; number: string; unit_id: number }>(
    tx,
    sql`UPDATE policies SET status = 'CANCELLED', cancellation_date = ${today}::date, cancellation_reason = 'manual_cancellation_without_refunds',
          expiration_date = GREATEST(effective_date, ${today}::date), updated_at = now()
        WHERE id = ${childId}
        RETURNING id, number, (SELECT insurable_id FROM policy_insurables WHERE policy_id = ${childId} AND "primary" LIMIT 1) AS unit_id`,
  );
  await recordHistory(tx, { type: "Policy", id: child.id, action: "update", author, process, changes: { status: { previous_value: "BOUND", new_value: "CANCELLED" } } });
  if (child.unit_id) {
    await recordHistory(tx, { type: "Insurable", id: child.unit_id, action: "update", author, process, changes: { master_policy_coverage: { previous_value: child.number, new_value: null }, reason: { previous_value: null, new_value: reason } } });
    await recomputeCoverage(tx, [child.unit_id]);
  }
  return child;
}

/** Cancels one unit coverage of the master (reference 4.10 cancel_coverage). */
export async function cancelCoverage(db: Db, scope: Scope, masterId: number, childId: number, author: Author) {
  await findMaster(db, scope, masterId);
  const [child] = await queryRows<{ id: number; number: string; current: boolean }>(
    db,
    sql`SELECT ch.id, ch.number, (${currentCoverage("ch")}) AS current FROM policies ch WHERE ch.id = ${childId} AND ch.policy_id = ${masterId}`,
  );
  if (!child) throw new NotFoundError({ message: "Coverage not found" });
  if (!child.current) throw new BadRequest("already_cancelled", `Coverage ${child.number} is already cancelled`);
  await db.transaction(async (tx) => endCoverage(tx as unknown as Db, childId, author, "console", todayOf(), "cancelled"));
  return { message: `Coverage ${child.number} was cancelled` };
}

/** Takes one community out of the master's programme and cancels the coverages of its units (cancel_insurable). */
export async function cancelInsurable(db: Db, scope: Scope, masterId: number, insurableId: number, author: Author) {
  await findMaster(db, scope, masterId);
  const [row] = await db
    .select()
    .from(policyInsurables)
    .where(and(eq(policyInsurables.policy_id, masterId), eq(policyInsurables.insurable_id, insurableId), eq(policyInsurables.current, true)));
  if (!row) throw new NotFoundError("Community");
  const cancelled = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const children = await queryRows<{ id: number }>(
      tx,
      sql`SELECT ch.id FROM policies ch JOIN policy_insurables pi ON pi.policy_id = ch.id AND pi."primary" JOIN insurables u ON u.id = pi.insurable_id
          WHERE ch.policy_id = ${masterId} AND ${currentCoverage("ch")} AND ${unitUnder("u", sql`(${insurableId})`)}`,
    );
    for (const child of children) await endCoverage(tx, child.id, author, "console", todayOf(), "community cancelled");
    await tx.update(policyInsurables).set({ current: false, auto_assign: false, updated_at: new Date() }).where(eq(policyInsurables.id, row.id));
    await recordHistory(tx, { type: "Policy", id: masterId, action: "remove_related", author, process: "console", changes: { community: { previous_value: insurableId, new_value: null } } });
    return children.length;
  });
  return { message: "Community cancelled", cancelled_coverages: cancelled };
}

/** Switches auto-assign of one community (auto_assign_insurable) or of all (auto_assign_all). */
export async function setAutoAssign(db: Db, scope: Scope, masterId: number, target: { insurableId: number } | { all: boolean }, author: Author) {
  const master = await findMaster(db, scope, masterId);
  assertActive(master);
  if ("insurableId" in target) {
    const [row] = await db
      .select()
      .from(policyInsurables)
      .where(and(eq(policyInsurables.policy_id, masterId), eq(policyInsurables.insurable_id, target.insurableId), eq(policyInsurables.current, true)));
    if (!row) throw new NotFoundError("Community");
    await db.update(policyInsurables).set({ auto_assign: !row.auto_assign, updated_at: new Date() }).where(eq(policyInsurables.id, row.id));
    await recordHistory(db, { type: "Policy", id: masterId, action: "update_related", author, process: "console", changes: { [`community.${target.insurableId}.auto_assign`]: { previous_value: row.auto_assign, new_value: !row.auto_assign } } });
    return { insurable_id: target.insurableId, auto_assign: !row.auto_assign };
  }
  const updated = await db
    .update(policyInsurables)
    .set({ auto_assign: target.all, updated_at: new Date() })
    .where(and(eq(policyInsurables.policy_id, masterId), eq(policyInsurables.current, true)))
    .returning({ id: policyInsurables.id });
  await recordHistory(db, { type: "Policy", id: masterId, action: "update_related", author, process: "console", changes: { "communities.auto_assign": { previous_value: null, new_value: target.all } } });
  return { auto_assign: target.all, updated: updated.length };
}

/** PUT cancel: answered at once, done by a job (children first, then the master). */
export async function requestMasterCancel(db: Db, scope: Scope, masterId: number, author: Author, send: (data: MasterCancelJob) => Promise<void>) {
  const master = await findMaster(db, scope, masterId);
  assertActive(master);
  await send({ policyId: masterId, author });
  return { message: MESSAGES.cancelled(master.number) };
}

export interface MasterCancelJob {
  policyId: number;
  author: Author;
}

/** The cancel job: every coverage in force ends today, then the master (CANCELLED, expiration = max(effective, today)). */
export async function runMasterCancel(db: Db, job: MasterCancelJob, today = todayOf()) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [master] = await tx.select().from(policies).where(eq(policies.id, job.policyId));
    if (!master || master.status === "CANCELLED") return;
    const children = await queryRows<{ id: number }>(tx, sql`SELECT ch.id FROM policies ch WHERE ch.policy_id = ${job.policyId} AND ${currentCoverage("ch")} ORDER BY ch.id`);
    for (const child of children) await endCoverage(tx, child.id, job.author, "job", today, "master policy cancelled");
    await tx.execute(sql`UPDATE policies SET status = 'CANCELLED', cancellation_date = ${today}::date, cancellation_reason = 'manual_cancellation_without_refunds',
        expiration_date = GREATEST(effective_date, ${today}::date), updated_at = now() WHERE id = ${job.policyId}`);
    await tx.update(policyInsurables).set({ current: false, auto_assign: false, updated_at: new Date() }).where(eq(policyInsurables.policy_id, job.policyId));
    await recordHistory(tx, { type: "Policy", id: job.policyId, action: "update", author: job.author, process: "job", changes: { status: { previous_value: master.status, new_value: "CANCELLED" } } });
  });
}

/** How many days of its month a charge starting on `day` covers, over the month's days. */
function monthShare(day: string) {
  const [y, m, d] = day.split("-").map(Number);
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return (daysInMonth - d + 1) / daysInMonth;
}

/**
 * POST /policies/calculate_cost: what placing the unit under the master from `start_date` costs for its first month:
 * the placement cost and the admin fee of the master's configuration, each prorated to the month's remaining days
 * when the configuration says so (prorate_charges, prorate_admin_fee). Cents, rounded half up.
 */
export async function calculateCost(db: Db, scope: Scope, input: { id: number; insurable_id: number; start_date: string }) {
  const master = await findMaster(db, scope, input.id);
  const [unit] = await db.select().from(insurables).where(eq(insurables.id, input.insurable_id));
  if (!unit || unit.account_id !== accountOf(master)?.id || ![4, 5].includes(unit.insurable_type_id)) throw new NotFoundError({ message: MESSAGES.notAccountInsurable });
  const [config] = await db
    .select()
    .from(masterPolicyConfigurations)
    .where(and(eq(masterPolicyConfigurations.configurable_type, "Policy"), eq(masterPolicyConfigurations.configurable_id, input.id)));
  const share = monthShare(input.start_date);
  const placement = config ? Math.round(config.placement_cost * (config.prorate_charges ? share : 1)) : 0;
  const admin = config ? Math.round(config.admin_fee * (config.prorate_admin_fee ? share : 1)) : 0;
  return { total_placement_amount: placement + admin, placement_cost: placement, admin_fee: admin };
}

const titleOf = (designation: string) => designation.split("_").map((w, i) => (i === 0 ? w[0].toUpperCase() + w.slice(1) : w)).join(" ");

/** POST /config/master_policies/coverage_options: the coverages a master policy can carry, in document 2's order. */
export function coverageOptions() {
  return { coverage_options: COVERAGE_DESIGNATIONS.map((designation) => ({ designation, title: titleOf(designation) })) };
}

/**
 * The auto-assign run (nightly, and on demand): every occupied unit of an auto-assign community of a master in force
 * whose current lease has no policy in force is covered once the programme has started (program start + delay) and
 * the lease's grace period has passed; a master coverage ends when the unit's resident has their own policy in force.
 */
export async function runAutoAssign(db: Db, today = todayOf(), childNumber: ChildNumber = randomChildNumber) {
  const masterTypes = sql.join(MASTER_TYPE_IDS.map((id) => sql`${id}`), sql`, `);
  const due = await queryRows<{ master_id: number; unit_id: number }>(
    db,
    sql`SELECT DISTINCT ON (u.id) mp.id AS master_id, u.id AS unit_id
        FROM policies mp
        JOIN master_policy_configurations cfg ON cfg.configurable_type = 'Policy' AND cfg.configurable_id = mp.id AND cfg.enabled
        JOIN policy_insurables pi ON pi.policy_id = mp.id AND pi.current AND pi.auto_assign
        JOIN insurables u ON ${unitUnder("u", sql`(pi.insurable_id)`)}
        JOIN leases l ON l.insurable_id = u.id AND l.status = 'current'
        WHERE mp.policy_type_id IN (${masterTypes}) AND mp.status IN ('BOUND', 'BOUND_WITH_WARNING') AND mp.cancellation_date IS NULL
          AND mp.effective_date <= ${today}::date AND mp.expiration_date >= ${today}::date
          AND cfg.program_type IN ('auto', 'opt_out')
          AND coalesce(cfg.program_start_date, mp.effective_date) + cfg.program_delay <= ${today}::date
          AND l.start_date + cfg.grace_period <= ${today}::date
          AND NOT ${coverageInForce("u", sql`true`, sql`${today}::date`)}
        ORDER BY u.id, mp.id`,
  );
  let covered = 0;
  for (const row of due) {
    try {
      await coverUnit(db, { kind: "all" }, row.master_id, row.unit_id, SYSTEM_AUTHOR, "job", today, childNumber);
      covered++;
    } catch (error) {
      // A unit that changed since it was read (now covered, lease ended) is skipped; the next run sees it again.
      if (!(error instanceof AppError)) throw error;
    }
  }
  const ownPolicy = await queryRows<{ id: number }>(
    db,
    sql`SELECT ch.id FROM policies ch JOIN policy_insurables pi ON pi.policy_id = ch.id AND pi."primary" JOIN insurables u ON u.id = pi.insurable_id
        WHERE ch.policy_id IS NOT NULL AND ch.policy_type_id IN (3, 8) AND ${currentCoverage("ch")}
          AND ${coverageInForce("u", sql`p.policy_type_id NOT IN (2, 3, 7, 8)`, sql`${today}::date`)}`,
  );
  for (const child of ownPolicy) await db.transaction(async (tx) => endCoverage(tx as unknown as Db, child.id, SYSTEM_AUTHOR, "job", today, "resident's own policy in force"));
  return { covered, uncovered: ownPolicy.length };
}
