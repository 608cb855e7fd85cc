import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, carriers, masterPolicyConfigurations, masterPolicyPremiums, policies, policyCoverages } from "../../db/schema";
import type { CoverageDesignation } from "../../../src/domain/policies";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, diffChanges, recordHistory } from "../../lib/history";
import { parseListParams, queryRows, runList, type ListInput } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { MESSAGES } from "../../lib/validators";
import { MASTER_TYPE_IDS, type MasterPolicyRow, masterPolicyListQuery, masterPolicyListSpec, masterPolicyRowJson } from "./master-policies.list";

export const CREATED_MESSAGE = "Master Policy and Policy Premium created";

export interface CoverageInput {
  id?: number;
  title?: string | null;
  designation: CoverageDesignation;
  limit?: number | null;
  occurrence_limit?: number | null;
  deductible?: number | null;
  enabled?: boolean;
}

export interface ConfigurationInput {
  id?: number;
  program_type?: "auto" | "opt_in" | "opt_out";
  program_start_date?: string | null;
  program_delay?: number;
  grace_period?: number;
  placement_cost?: number;
  force_placement_cost?: number | null;
  prorate_charges?: boolean;
  admin_fee?: number;
  force_admin_fee?: number | null;
  prorate_admin_fee?: boolean;
  charge_date?: number | null;
}

export interface MasterPolicyInput {
  carrier_id?: number;
  account_id?: number;
  base?: number;
  total?: number;
  calculation_base?: number;
  policy?: {
    number?: string;
    policy_type_id?: number;
    effective_date?: string;
    expiration_date?: string;
    system_data?: { landlord_sumplimental?: boolean };
    policy_coverages_attributes?: CoverageInput[];
    master_policy_configurations_attributes?: ConfigurationInput[];
  };
}

export async function listMasterPolicies(db: Db, scope: Scope, input: ListInput) {
  const params = parseListParams(input, masterPolicyListSpec, { defaultPer: 20 });
  const result = await runList<MasterPolicyRow>(db, masterPolicyListQuery(scope), params);
  return { ...result, rows: result.rows.map(masterPolicyRowJson) };
}

const CONFIG_COLUMNS = sql`id, program_type, program_start_date::text AS program_start_date, program_delay, grace_period, placement_cost,
  force_placement_cost, prorate_charges, admin_fee, force_admin_fee, prorate_admin_fee, charge_date`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The master's programme settings (document 2 section 3), money in cents (readings C-35). */
export async function masterConfigurations(db: Db, policyId: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT ${CONFIG_COLUMNS} FROM master_policy_configurations WHERE configurable_type = 'Policy' AND configurable_id = ${policyId} ORDER BY id`,
  );
  return rows.map((r) => ({
    ...r,
    placement_cost: num(r.placement_cost),
    force_placement_cost: num(r.force_placement_cost),
    admin_fee: num(r.admin_fee),
    force_admin_fee: num(r.force_admin_fee),
  }));
}

/** One master policy within the caller's scope, or 404 (never revealing one outside it). */
export async function findMaster(db: Db, scope: Scope, id: number): Promise<MasterPolicyRow> {
  const query = masterPolicyListQuery(scope);
  const [row] = await queryRows<MasterPolicyRow>(
    db,
    sql`SELECT ${query.select} FROM ${query.from} WHERE ${sql.join([...query.where, sql`mp.id = ${id}`], sql` AND `)}`,
  );
  if (!row) throw new NotFoundError("Master policy");
  return row;
}

export async function showMasterPolicy(db: Db, scope: Scope, id: number) {
  const row = await findMaster(db, scope, id);
  const [coverages, configurations, [policy]] = await Promise.all([
    db.select().from(policyCoverages).where(eq(policyCoverages.policy_id, id)).orderBy(policyCoverages.id),
    masterConfigurations(db, id),
    db.select({ system_data: policies.system_data }).from(policies).where(eq(policies.id, id)),
  ]);
  return {
    ...masterPolicyRowJson(row),
    system_data: { landlord_sumplimental: Boolean(policy.system_data?.landlord_sumplimental) },
    policy_coverages: coverages.map((c) => ({
      id: c.id,
      title: c.title,
      designation: c.designation,
      limit: c.limit,
      occurrence_limit: c.occurrence_limit,
      deductible: c.deductible,
      enabled: c.enabled,
    })),
    master_policy_configurations: configurations,
  };
}

/** Field errors of a create or an edit, in the product's words (document 3 section 5). */
async function validate(db: Db, input: MasterPolicyInput, existing?: { id: number; number: string; effective_date: string | null; expiration_date: string | null }) {
  const errors: Record<string, string> = {};
  const p = input.policy ?? {};
  if (!existing) {
    if (input.carrier_id === undefined) errors.carrier_id = MESSAGES.requiredShort;
    if (input.account_id === undefined) errors.account_id = MESSAGES.requiredShort;
    if (input.base === undefined) errors.base = MESSAGES.requiredShort;
    if (!p.number) errors["policy.number"] = MESSAGES.requiredShort;
    if (!p.effective_date) errors["policy.effective_date"] = MESSAGES.requiredShort;
    if (!p.expiration_date) errors["policy.expiration_date"] = MESSAGES.requiredShort;
  }
  if (input.carrier_id !== undefined) {
    const [carrier] = await db.select({ id: carriers.id }).from(carriers).where(and(eq(carriers.id, input.carrier_id), eq(carriers.enabled, true)));
    if (!carrier) errors.carrier_id = "Select carrier from the drop-down list";
  }
  if (p.policy_type_id !== undefined && !MASTER_TYPE_IDS.includes(p.policy_type_id)) errors["policy.policy_type_id"] = MESSAGES.notInList;
  if (p.number && p.number !== existing?.number) {
    const [taken] = await db.select({ id: policies.id }).from(policies).where(sql`lower(${policies.number}) = ${p.number.toLowerCase()}`);
    if (taken) errors["policy.number"] = MESSAGES.emailTaken;
  }
  const effective = p.effective_date ?? existing?.effective_date;
  const expiration = p.expiration_date ?? existing?.expiration_date;
  if (effective && expiration && expiration <= effective) errors["policy.expiration_date"] = "End date must be later than Start date";
  const configs = p.master_policy_configurations_attributes ?? [];
  if (configs.length > 1) errors["policy.master_policy_configurations_attributes"] = MESSAGES.tooMany(1);
  return errors;
}

async function accountInScope(db: Db, scope: Scope, accountId: number) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) return null;
  if (scope.kind === "account" && account.id !== scope.accountId) return null;
  if (scope.kind === "agencies" && (account.agency_id === null || !scope.agencyIds.includes(account.agency_id))) return null;
  if (scope.kind === "none") return null;
  return account;
}

const configValues = (c: ConfigurationInput) => ({
  program_type: c.program_type,
  program_start_date: c.program_start_date,
  program_delay: c.program_delay,
  grace_period: c.grace_period,
  placement_cost: c.placement_cost,
  force_placement_cost: c.force_placement_cost,
  prorate_charges: c.prorate_charges,
  admin_fee: c.admin_fee,
  force_admin_fee: c.force_admin_fee,
  prorate_admin_fee: c.prorate_admin_fee,
  charge_date: c.charge_date,
});

const coverageValues = (policyId: number, c: CoverageInput) => ({
  policy_id: policyId,
  title: c.title ?? null,
  designation: c.designation,
  limit: c.limit ?? null,
  occurrence_limit: c.occurrence_limit ?? null,
  deductible: c.deductible ?? null,
  enabled: c.enabled ?? true,
});

/**
 * Creates a master policy BOUND with its premium priced at `base` (reference section 4.10): the policy of a master
 * type under the account's agency, its premium (base, total, calculation base), coverages and programme settings.
 */
export async function createMasterPolicy(db: Db, scope: Scope, input: MasterPolicyInput, author: Author) {
  const errors = await validate(db, input);
  const account = input.account_id === undefined ? null : await accountInScope(db, scope, input.account_id);
  if (input.account_id !== undefined && !account) errors.account_id = "Select account from the drop-down list";
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const p = input.policy!;
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [policy] = await tx
      .insert(policies)
      .values({
        number: p.number!.trim(),
        status: "BOUND",
        billing_status: "CURRENT",
        policy_type_id: p.policy_type_id ?? MASTER_TYPE_IDS[0],
        policy_in_system: true,
        system_purchased: true,
        account_id: account!.id,
        agency_id: account!.agency_id,
        carrier_id: input.carrier_id!,
        effective_date: p.effective_date!,
        expiration_date: p.expiration_date!,
        system_data: { landlord_sumplimental: p.system_data?.landlord_sumplimental ?? false },
        premium_total: input.total ?? input.base!,
      })
      .returning({ id: policies.id });
    await tx.insert(masterPolicyPremiums).values({
      policy_id: policy.id,
      base: input.base!,
      total: input.total ?? input.base!,
      calculation_base: input.calculation_base ?? input.base!,
    });
    const coverages = p.policy_coverages_attributes ?? [];
    if (coverages.length) await tx.insert(policyCoverages).values(coverages.map((c) => coverageValues(policy.id, c)));
    const [config] = p.master_policy_configurations_attributes ?? [{}];
    await tx.insert(masterPolicyConfigurations).values({ configurable_type: "Policy", configurable_id: policy.id, ...configValues(config) });
    await recordHistory(tx, { type: "Policy", id: policy.id, action: "create", author, process: "console" });
    return policy.id;
  });
  const record = await showMasterPolicy(db, scope, id);
  return { id, message: CREATED_MESSAGE, payload: { policy: record, master_policy_configurations: record.master_policy_configurations } };
}

/**
 * Edits a master policy: its number, dates, carrier, premium, coverages (those listed by id are updated, new ones
 * added, the others removed) and programme settings. The account is fixed once communities are added, and a
 * cancelled master is not edited.
 */
export async function updateMasterPolicy(db: Db, scope: Scope, id: number, input: MasterPolicyInput, author: Author) {
  const row = await findMaster(db, scope, id);
  if (row.status === "CANCELLED") throw new ValidationError({ status: "A cancelled master policy cannot be edited" }, "A cancelled master policy cannot be edited");
  const errors = await validate(db, input, row);
  let account: Awaited<ReturnType<typeof accountInScope>> = null;
  if (input.account_id !== undefined && input.account_id !== (typeof row.account === "string" ? JSON.parse(row.account) : row.account)?.id) {
    account = await accountInScope(db, scope, input.account_id);
    if (!account) errors.account_id = "Select account from the drop-down list";
    else if (row.communities_count > 0) errors.account_id = "cannot be changed once communities are added";
  }
  const p = input.policy ?? {};
  const coverages = p.policy_coverages_attributes;
  const existingCoverages = await db.select().from(policyCoverages).where(eq(policyCoverages.policy_id, id));
  coverages?.forEach((c, i) => {
    if (c.id !== undefined && !existingCoverages.some((e) => e.id === c.id)) errors[`policy.policy_coverages_attributes.${i}.id`] = MESSAGES.invalid;
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);

  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx.select().from(policies).where(eq(policies.id, id));
    const [premiumBefore] = await tx.select().from(masterPolicyPremiums).where(eq(masterPolicyPremiums.policy_id, id));
    const policyChanges = {
      number: p.number?.trim(),
      effective_date: p.effective_date,
      expiration_date: p.expiration_date,
      carrier_id: input.carrier_id,
      account_id: account?.id,
      agency_id: account ? account.agency_id : undefined,
      policy_type_id: p.policy_type_id,
      premium_total: input.total,
    };
    const changes = diffChanges(before, policyChanges);
    const premium = { base: input.base, total: input.total, calculation_base: input.calculation_base };
    Object.assign(changes, diffChanges(premiumBefore ?? {}, premium, "premium."));
    const systemData = p.system_data?.landlord_sumplimental === undefined ? undefined : { ...before.system_data, landlord_sumplimental: p.system_data.landlord_sumplimental };
    if (systemData) Object.assign(changes, diffChanges(before.system_data, { landlord_sumplimental: systemData.landlord_sumplimental }, "system_data."));
    await tx
      .update(policies)
      .set({ ...Object.fromEntries(Object.entries(policyChanges).filter(([, v]) => v !== undefined)), ...(systemData ? { system_data: systemData } : {}), updated_at: new Date() })
      .where(eq(policies.id, id));
    if (Object.values(premium).some((v) => v !== undefined)) {
      const values = Object.fromEntries(Object.entries(premium).filter(([, v]) => v !== undefined));
      if (premiumBefore) await tx.update(masterPolicyPremiums).set({ ...values, updated_at: new Date() }).where(eq(masterPolicyPremiums.id, premiumBefore.id));
      else await tx.insert(masterPolicyPremiums).values({ policy_id: id, ...values });
    }
    if (coverages) {
      const kept = coverages.filter((c) => c.id !== undefined).map((c) => c.id!);
      const removed = existingCoverages.filter((e) => !kept.includes(e.id)).map((e) => e.id);
      if (removed.length) await tx.delete(policyCoverages).where(inArray(policyCoverages.id, removed));
      for (const c of coverages) {
        if (c.id !== undefined) await tx.update(policyCoverages).set({ ...coverageValues(id, c), updated_at: new Date() }).where(eq(policyCoverages.id, c.id));
        else await tx.insert(policyCoverages).values(coverageValues(id, c));
      }
      const describe = (list: Array<{ designation: string; limit: number | null; occurrence_limit: number | null; deductible: number | null }>) =>
        list.map((c) => ({ designation: c.designation, limit: c.limit ?? null, occurrence_limit: c.occurrence_limit ?? null, deductible: c.deductible ?? null }));
      Object.assign(changes, diffChanges({ coverages: describe(existingCoverages) }, { coverages: describe(coverages.map((c) => coverageValues(id, c))) }));
    }
    const [config] = p.master_policy_configurations_attributes ?? [];
    if (config) {
      const [configBefore] = await tx
        .select()
        .from(masterPolicyConfigurations)
        .where(and(eq(masterPolicyConfigurations.configurable_type, "Policy"), eq(masterPolicyConfigurations.configurable_id, id)));
      const values = Object.fromEntries(Object.entries(configValues(config)).filter(([, v]) => v !== undefined));
      Object.assign(changes, diffChanges(configBefore ?? {}, values, "configuration."));
      if (configBefore) await tx.update(masterPolicyConfigurations).set({ ...values, updated_at: new Date() }).where(eq(masterPolicyConfigurations.id, configBefore.id));
      else await tx.insert(masterPolicyConfigurations).values({ configurable_type: "Policy", configurable_id: id, ...values });
    }
    await recordHistory(tx, { type: "Policy", id, action: "update", author, process: "console", changes });
  });
  return showMasterPolicy(db, scope, id);
}
