import { and, eq, inArray, sql } from "drizzle-orm";
import { CARRIER_PICKER_SIZE } from "../../../src/domain/constants";
import { POLICY_TYPES } from "../../../src/domain/policies";
import type { AmBestRating } from "../../../src/domain/requirements";
import { US_STATES } from "../../../src/domain/usStates";
import type { Db } from "../../db/client";
import {
  type CARRIER_DESIGNATIONS,
  type COMMISSION_RECIPIENT_TYPES,
  type FEE_AMOUNT_TYPES,
  type FEE_TYPES,
  agencies,
  billingStrategies,
  carrierAgencies,
  carrierAgencyAuthorizations,
  carrierAgencyPolicyTypes,
  carrierPolicyTypeAvailabilities,
  carrierPolicyTypes,
  carriers,
  commissionStrategies,
  fees,
  histories,
  policies,
} from "../../db/schema";
import { AppError, ForbiddenError, NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, diffChanges, recordHistory } from "../../lib/history";
import { type ListInput, type ListSpec, parseListParams, queryRows, runList } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { MESSAGES } from "../../lib/validators";
import {
  CARRIER_AGENCY_COLUMNS,
  CARRIER_AGENCY_FROM,
  CARRIER_COLUMNS,
  carrierAgencyListQuery,
  carrierAgencyListSpec,
  carrierAgencyScopeCondition,
  carrierListQuery,
  carrierListSpec,
  carrierScopeCondition,
} from "./carriers.list";

type Tx = Db;
const inTransaction = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> => db.transaction((tx) => work(tx as unknown as Tx));

const POLICY_TYPE_TITLES = new Map<number, string>(POLICY_TYPES.map((t) => [t.id, t.title]));
const andAll = (conditions: ReturnType<typeof sql>[]) => (conditions.length ? sql` AND ${sql.join(conditions, sql` AND `)}` : sql``);

/** The agencies a scope reaches; null = every agency (super admin without a chosen agency). */
function scopeAgencies(scope: Scope): number[] | null {
  switch (scope.kind) {
    case "all":
      return null;
    case "agencies":
      return scope.agencyIds;
    default:
      return [];
  }
}

/** The carrier picker loads up to 3000 by title in one page (document 3 section 9), beyond the usual 1000. */
export async function listCarriers(db: Db, scope: Scope, input: ListInput) {
  return runList(db, carrierListQuery(scope), parseListParams(input, carrierListSpec, { maxPer: CARRIER_PICKER_SIZE }));
}

/** One carrier in the caller's scope (404 outside it), with the policy types it writes. */
export async function showCarrier(db: Db, scope: Scope, id: number) {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT ${CARRIER_COLUMNS} FROM carriers c WHERE c.id = ${id}${andAll(carrierScopeCondition(scope))}`,
  );
  if (!row) throw new NotFoundError("Carrier");
  const types = await db.select().from(carrierPolicyTypes).where(eq(carrierPolicyTypes.carrier_id, id)).orderBy(carrierPolicyTypes.policy_type_id);
  return {
    ...row,
    policy_type_ids: types.map((t) => t.policy_type_id),
    carrier_policy_types: types.map((t) => ({ id: t.id, policy_type_id: t.policy_type_id, title: POLICY_TYPE_TITLES.get(t.policy_type_id) ?? null, max_days_for_full_refund: t.max_days_for_full_refund })),
  };
}

export interface CarrierInput {
  title?: string;
  call_sign?: string | null;
  integration_designation?: (typeof CARRIER_DESIGNATIONS)[number] | null;
  synonyms?: string | null;
  am_best_rating?: AmBestRating | null;
  syncable?: boolean;
  rateable?: boolean;
  quotable?: boolean;
  bindable?: boolean;
  verifiable?: boolean;
  enabled?: boolean;
  policy_type_ids?: number[];
}

async function validateCarrier(db: Db, input: CarrierInput, exceptId?: number) {
  const errors: Record<string, string> = {};
  if (input.title !== undefined) {
    if (!input.title.trim()) errors.title = MESSAGES.required("title");
    else {
      const [taken] = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM carriers WHERE lower(title) = ${input.title.trim().toLowerCase()} ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
      );
      if (taken) errors.title = MESSAGES.emailTaken;
    }
  } else if (!exceptId) errors.title = MESSAGES.required("title");
  if (input.policy_type_ids?.some((id) => !POLICY_TYPE_TITLES.has(id))) errors.policy_type_ids = MESSAGES.notInList;
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** A carrier's policy types, each available in no state until switched on (availability tab). */
async function syncPolicyTypes(tx: Tx, carrierId: number, policyTypeIds: number[]) {
  const existing = await tx.select().from(carrierPolicyTypes).where(eq(carrierPolicyTypes.carrier_id, carrierId));
  const gone = existing.filter((t) => !policyTypeIds.includes(t.policy_type_id)).map((t) => t.id);
  if (gone.length) await tx.delete(carrierPolicyTypes).where(inArray(carrierPolicyTypes.id, gone));
  for (const policyTypeId of policyTypeIds.filter((id) => !existing.some((t) => t.policy_type_id === id))) {
    const [created] = await tx.insert(carrierPolicyTypes).values({ carrier_id: carrierId, policy_type_id: policyTypeId }).returning();
    await tx.insert(carrierPolicyTypeAvailabilities).values(US_STATES.map((state) => ({ carrier_policy_type_id: created.id, state, available: false })));
  }
}

const carrierValues = (input: CarrierInput) => {
  const { policy_type_ids: _types, ...values } = input;
  return { ...values, title: values.title?.trim() };
};

export async function createCarrier(db: Db, input: CarrierInput, author: Author) {
  await validateCarrier(db, input);
  const id = await inTransaction(db, async (tx) => {
    const values = carrierValues(input);
    const [row] = await tx.insert(carriers).values({ ...values, title: values.title!, is_system: Boolean(values.integration_designation && values.integration_designation !== "out_of_system") }).returning();
    if (input.policy_type_ids) await syncPolicyTypes(tx, row.id, input.policy_type_ids);
    await recordHistory(tx, { type: "Carrier", id: row.id, action: "create", author, process: "console", changes: diffChanges({}, values) });
    return row.id;
  });
  return showCarrier(db, { kind: "all" }, id);
}

export async function updateCarrier(db: Db, id: number, input: CarrierInput, author: Author) {
  const [before] = await db.select().from(carriers).where(eq(carriers.id, id));
  if (!before) throw new NotFoundError("Carrier");
  await validateCarrier(db, input, id);
  await inTransaction(db, async (tx) => {
    const values = carrierValues(input);
    const changes = diffChanges(before, values);
    if (Object.keys(values).length) await tx.update(carriers).set({ ...values, updated_at: new Date() }).where(eq(carriers.id, id));
    if (input.policy_type_ids) await syncPolicyTypes(tx, id, input.policy_type_ids);
    await recordHistory(tx, { type: "Carrier", id, action: "update", author, process: "console", changes });
  });
  return showCarrier(db, { kind: "all" }, id);
}

/**
 * Merge duplicates into a target (reference section 4.11): every carrier merged must be out of system; their policies
 * move to the target and take its title, then they are deleted, all in one transaction. 400 with the reason otherwise.
 */
export async function mergeCarriers(db: Db, targetId: number, mergeIds: number[], author: Author) {
  const [target] = await db.select().from(carriers).where(eq(carriers.id, targetId));
  if (!target) throw new NotFoundError("Carrier");
  const ids = [...new Set(mergeIds)];
  if (!ids.length) throw new AppError(400, { error: "Choose at least one carrier to merge" });
  if (ids.includes(targetId)) throw new AppError(400, { error: "A carrier cannot be merged into itself" });
  const found = await db.select().from(carriers).where(inArray(carriers.id, ids));
  const missing = ids.filter((id) => !found.some((c) => c.id === id));
  if (missing.length) throw new AppError(400, { error: `Carriers not found: ${missing.join(", ")}` });
  const inSystem = found.filter((c) => c.integration_designation !== "out_of_system");
  if (inSystem.length) throw new AppError(400, { error: `Only out-of-system carriers can be merged: ${inSystem.map((c) => c.title).join(", ")}` });
  return inTransaction(db, async (tx) => {
    const moved = await tx
      .update(policies)
      .set({ carrier_id: targetId, out_of_system_carrier_title: target.title, updated_at: new Date() })
      .where(inArray(policies.carrier_id, ids))
      .returning({ id: policies.id });
    await tx.delete(carriers).where(inArray(carriers.id, ids));
    for (const carrier of found) {
      await recordHistory(tx, { type: "Carrier", id: carrier.id, action: "remove", author, process: "console", changes: { merged_into: { previous_value: null, new_value: targetId } } });
    }
    await recordHistory(tx, {
      type: "Carrier",
      id: targetId,
      action: "update_related",
      author,
      process: "console",
      changes: { merged: { previous_value: null, new_value: found.map((c) => c.title) }, policies_moved: { previous_value: null, new_value: moved.length } },
    });
    return { merged: found.map((c) => ({ id: c.id, title: c.title })), policies_moved: moved.length };
  });
}

// ---------- history ----------

const historySpec: ListSpec = { filters: {}, sorts: { created_at: sql`h.created_at` }, defaultSort: { column: "created_at", direction: "desc" }, tieBreaker: sql`h.id` };

/**
 * A carrier's history (DESIGN.md section 3): its own rows (edits, fees, commissions, billing toggles, availability,
 * merges) and those of its agency assignments, assigned, changed or unassigned (the pair's rows outlive the pair).
 */
export async function carrierHistories(db: Db, id: number, input: ListInput) {
  await showCarrier(db, { kind: "all" }, id);
  const pairs = sql`SELECT ca.id FROM carrier_agencies ca WHERE ca.carrier_id = ${id}
    UNION SELECT c.recordable_id FROM ${histories} c WHERE c.recordable_type = 'CarrierAgency' AND c.action = 'create' AND c.data -> 'carrier_id' ->> 'new_value' = ${String(id)}`;
  return runList(
    db,
    {
      select: sql`h.id, h.recordable_type, h.recordable_id, h.action, h.author, h.process, h.data, h.created_at`,
      from: sql`${histories} h`,
      where: [sql`((h.recordable_type = 'Carrier' AND h.recordable_id = ${id}) OR (h.recordable_type = 'CarrierAgency' AND h.recordable_id IN (${pairs})))`],
      id: sql`h.id`,
    },
    parseListParams(input, historySpec),
  );
}

// ---------- carrier agencies ----------

/** The default billing strategies a new carrier–agency pair gets per policy type: annually and monthly. */
const DEFAULT_STRATEGIES = [
  { title: "Annually", new_business: { payments: [100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], payments_per_term: 1 } },
  { title: "Monthly", new_business: { payments: [9.08, 9.08, 9.08, 9.08, 9.08, 9.08, 9.08, 9.08, 9.08, 9.08, 9.08, 9.12], payments_per_term: 12 } },
];

/** A policy type an agency sells for a carrier, with the carrier's commission strategy it earns. */
export interface AgencyPolicyType {
  policy_type_id: number;
  commission_strategy_id?: number | null;
}

/** Every type must be one the carrier writes, once, and every commission one of the carrier's (422 otherwise). */
async function validateAgencyPolicyTypes(db: Db, carrierId: number, input: AgencyPolicyType[]) {
  const carrierTypes = (await db.select().from(carrierPolicyTypes).where(eq(carrierPolicyTypes.carrier_id, carrierId))).map((t) => t.policy_type_id);
  const strategies = (await db.select().from(commissionStrategies).where(eq(commissionStrategies.carrier_id, carrierId))).map((s) => s.id);
  const errors: Record<string, string> = {};
  input.forEach((row, i) => {
    if (!carrierTypes.includes(row.policy_type_id)) errors[`policy_types.${i}.policy_type_id`] = "is not a policy type of this carrier";
    if (row.commission_strategy_id && !strategies.includes(row.commission_strategy_id)) errors[`policy_types.${i}.commission_strategy_id`] = "is not a commission of this carrier";
  });
  if (new Set(input.map((r) => r.policy_type_id)).size !== input.length) errors.policy_types = "lists a policy type twice";
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** A unique index refused the row (a concurrent request made the same pair first). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) if (e.code === "23505") return true;
  return false;
}

const alreadyAssigned = () => new ValidationError({ agency_id: "is already assigned to this carrier" }, "Agency is already assigned to this carrier");

/**
 * Assign a carrier to an agency (reference section 3.3): the pair gets the carrier's policy types (or those named, each
 * with its commission), an authorization per state and policy type, and default billing strategies (re-enabled when
 * the pair existed before). 422 when assigned. `POST /carrier-agencies` names a missing carrier as a field (422);
 * `assign_agency_to_carrier` answers 404 for it, as it always has.
 */
export async function assignAgency(db: Db, carrierId: number, agencyId: number, author: Author, options: { policyTypes?: AgencyPolicyType[]; carrierAsField?: boolean } = {}) {
  const [carrier] = await db.select().from(carriers).where(eq(carriers.id, carrierId));
  if (!carrier) {
    if (options.carrierAsField) throw new ValidationError({ carrier_id: "Select carrier from the drop-down list" });
    throw new NotFoundError("Carrier");
  }
  const [agency] = await db.select().from(agencies).where(eq(agencies.id, agencyId));
  if (!agency) throw new ValidationError({ agency_id: "Select agency from the drop-down list" });
  const [existing] = await db.select().from(carrierAgencies).where(and(eq(carrierAgencies.carrier_id, carrierId), eq(carrierAgencies.agency_id, agencyId)));
  if (existing) throw alreadyAssigned();
  if (options.policyTypes) await validateAgencyPolicyTypes(db, carrierId, options.policyTypes);
  const id = await inTransaction(db, async (tx) => {
    const [pair] = await tx.insert(carrierAgencies).values({ carrier_id: carrierId, agency_id: agencyId }).returning();
    const types = await tx.select().from(carrierPolicyTypes).where(eq(carrierPolicyTypes.carrier_id, carrierId));
    const sold = options.policyTypes ?? types.map((t) => ({ policy_type_id: t.policy_type_id, commission_strategy_id: null }));
    if (sold.length) {
      await tx.insert(carrierAgencyPolicyTypes).values(sold.map((t) => ({ carrier_agency_id: pair.id, policy_type_id: t.policy_type_id, commission_strategy_id: t.commission_strategy_id ?? null })));
    }
    for (const type of types) {
      await tx.insert(carrierAgencyAuthorizations).values(US_STATES.map((state) => ({ carrier_agency_id: pair.id, policy_type_id: type.policy_type_id, state })));
      const strategies = await tx
        .select()
        .from(billingStrategies)
        .where(and(eq(billingStrategies.carrier_id, carrierId), eq(billingStrategies.agency_id, agencyId), eq(billingStrategies.policy_type_id, type.policy_type_id)));
      if (strategies.length) await tx.update(billingStrategies).set({ enabled: true, updated_at: new Date() }).where(inArray(billingStrategies.id, strategies.map((s) => s.id)));
      else await tx.insert(billingStrategies).values(DEFAULT_STRATEGIES.map((s) => ({ ...s, carrier_id: carrierId, agency_id: agencyId, policy_type_id: type.policy_type_id })));
    }
    const changes: Record<string, { previous_value: unknown; new_value: unknown }> = {
      carrier_id: { previous_value: null, new_value: carrierId },
      agency_id: { previous_value: null, new_value: agencyId },
    };
    if (options.policyTypes) changes.policy_types = { previous_value: null, new_value: policyTypeSummary(options.policyTypes) };
    await recordHistory(tx, { type: "CarrierAgency", id: pair.id, action: "create", author, process: "console", changes });
    return pair.id;
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw alreadyAssigned();
    throw error;
  });
  return showCarrierAgency(db, id);
}

const policyTypeSummary = (rows: AgencyPolicyType[]) =>
  rows.map((r) => ({ policy_type_id: r.policy_type_id, commission_strategy_id: r.commission_strategy_id ?? null })).sort((a, b) => a.policy_type_id - b.policy_type_id);

/** One carrier agency in the caller's scope (404 outside it: agents read their agency tree's rows only). */
export async function showCarrierAgency(db: Db, id: number, scope: Scope = { kind: "all" }) {
  const [row] = await carrierAgencyRows(db, sql`ca.id = ${id}${andAll(carrierAgencyScopeCondition(scope))}`);
  if (!row) throw new NotFoundError("Carrier agency");
  return row;
}

/** Rows as the list answers them: each policy type with its title. */
function withPolicyTypeTitles<T extends { policy_types: unknown }>(rows: T[]) {
  return rows.map((row) => {
    const types = (typeof row.policy_types === "string" ? JSON.parse(row.policy_types) : row.policy_types) as Array<{ policy_type_id: number }>;
    return { ...row, policy_types: types.map((t) => ({ ...t, title: POLICY_TYPE_TITLES.get(t.policy_type_id) ?? null })) };
  });
}

async function carrierAgencyRows(db: Db, where: ReturnType<typeof sql>) {
  return withPolicyTypeTitles(
    await queryRows<Record<string, unknown> & { policy_types: unknown }>(
      db,
      sql`SELECT ${CARRIER_AGENCY_COLUMNS} FROM ${CARRIER_AGENCY_FROM} WHERE ${where} ORDER BY ag.title, ca.id`,
    ),
  );
}

/** `GET /carrier-agencies` (document 3 section 7): the list contract over every pair the caller's scope reaches. */
export async function listCarrierAgencyPairs(db: Db, scope: Scope, input: ListInput) {
  const result = await runList<Record<string, unknown> & { policy_types: unknown }>(db, carrierAgencyListQuery(scope), parseListParams(input, carrierAgencyListSpec));
  return { ...result, rows: withPolicyTypeTitles(result.rows) };
}

const agencyCondition = (scope: Scope, column: ReturnType<typeof sql>) => {
  const allowed = scopeAgencies(scope);
  return allowed ? (allowed.length ? sql` AND ${column} IN (${sql.join(allowed.map((id) => sql`${id}`), sql`, `)})` : sql` AND false`) : sql``;
};

export async function listCarrierAgencies(db: Db, scope: Scope, carrierId: number) {
  await showCarrier(db, scope, carrierId);
  return carrierAgencyRows(db, sql`ca.carrier_id = ${carrierId}${agencyCondition(scope, sql`ca.agency_id`)}`);
}

/** Agencies a carrier is not assigned to yet (the assign picker). */
export async function availableAgencies(db: Db, carrierId: number) {
  return queryRows(
    db,
    sql`SELECT ag.id, ag.title, ag.agency_id FROM agencies ag
        WHERE NOT EXISTS (SELECT 1 FROM carrier_agencies ca WHERE ca.carrier_id = ${carrierId} AND ca.agency_id = ag.id)
        ORDER BY ag.title LIMIT 1000`,
  );
}

/** Unassign (reference section 3.3): the pair and its authorizations go, its billing strategies are disabled. */
export async function unassignAgency(db: Db, id: number, author: Author) {
  const [pair] = await db.select().from(carrierAgencies).where(eq(carrierAgencies.id, id));
  if (!pair) throw new NotFoundError("Carrier agency");
  await inTransaction(db, async (tx) => {
    await tx
      .update(billingStrategies)
      .set({ enabled: false, updated_at: new Date() })
      .where(and(eq(billingStrategies.carrier_id, pair.carrier_id), eq(billingStrategies.agency_id, pair.agency_id)));
    await tx.delete(carrierAgencies).where(eq(carrierAgencies.id, id));
    await recordHistory(tx, { type: "CarrierAgency", id, action: "remove", author, process: "console", changes: { agency_id: { previous_value: pair.agency_id, new_value: null } } });
  });
  return { success: true };
}

/** The policy types an agency sells for the carrier, each with a commission strategy of that carrier; replaces the set. */
export async function updateAgencyPolicyTypes(db: Db, id: number, input: AgencyPolicyType[], author: Author) {
  const [pair] = await db.select().from(carrierAgencies).where(eq(carrierAgencies.id, id));
  if (!pair) throw new NotFoundError("Carrier agency");
  await validateAgencyPolicyTypes(db, pair.carrier_id, input);
  await inTransaction(db, async (tx) => {
    const before = await tx.select().from(carrierAgencyPolicyTypes).where(eq(carrierAgencyPolicyTypes.carrier_agency_id, id));
    await tx.delete(carrierAgencyPolicyTypes).where(eq(carrierAgencyPolicyTypes.carrier_agency_id, id));
    if (input.length) {
      await tx.insert(carrierAgencyPolicyTypes).values(input.map((r) => ({ carrier_agency_id: id, policy_type_id: r.policy_type_id, commission_strategy_id: r.commission_strategy_id ?? null })));
    }
    const changes = diffChanges({ policy_types: policyTypeSummary(before) }, { policy_types: policyTypeSummary(input) });
    await recordHistory(tx, { type: "CarrierAgency", id, action: "update", author, process: "console", changes });
  });
  return showCarrierAgency(db, id);
}

/**
 * `PUT /carrier-agencies/{id}`: the pair's policy types and commissions. A pair is its carrier and agency: naming
 * another carrier or agency is refused (422; unassign and assign instead), the same ones change nothing.
 */
export async function updateCarrierAgency(db: Db, id: number, input: { carrier_id?: number; agency_id?: number; policy_types?: AgencyPolicyType[] }, author: Author) {
  const [pair] = await db.select().from(carrierAgencies).where(eq(carrierAgencies.id, id));
  if (!pair) throw new NotFoundError("Carrier agency");
  const errors: Record<string, string> = {};
  if (input.carrier_id !== undefined && input.carrier_id !== pair.carrier_id) errors.carrier_id = "cannot be changed: unassign the agency and assign the other carrier";
  if (input.agency_id !== undefined && input.agency_id !== pair.agency_id) errors.agency_id = "cannot be changed: unassign this agency and assign the other one";
  if (Object.keys(errors).length) throw new ValidationError(errors);
  if (input.policy_types) return updateAgencyPolicyTypes(db, id, input.policy_types, author);
  return showCarrierAgency(db, id);
}

// ---------- billing strategies ----------

export async function listBillingStrategies(db: Db, scope: Scope, carrierId: number) {
  await showCarrier(db, scope, carrierId);
  const rows = await queryRows<Record<string, unknown> & { policy_type_id: number }>(
    db,
    sql`SELECT bs.id, bs.title, bs.enabled, bs.agency_id, ag.title AS agency_title, bs.policy_type_id, bs.new_business, bs.updated_at
        FROM billing_strategies bs JOIN agencies ag ON ag.id = bs.agency_id
        WHERE bs.carrier_id = ${carrierId}${agencyCondition(scope, sql`bs.agency_id`)}
        ORDER BY ag.title, bs.policy_type_id, bs.title, bs.id`,
  );
  return rows.map((r) => ({ ...r, policy_type_title: POLICY_TYPE_TITLES.get(r.policy_type_id) ?? null }));
}

/** Switch a billing strategy on or off; agents only their own agencies' (reference section 4.11). */
export async function toggleBillingStrategy(db: Db, scope: Scope, carrierId: number, strategyId: number, author: Author) {
  await showCarrier(db, scope, carrierId);
  const [strategy] = await db.select().from(billingStrategies).where(and(eq(billingStrategies.id, strategyId), eq(billingStrategies.carrier_id, carrierId)));
  if (!strategy || (scopeAgencies(scope) && !scopeAgencies(scope)!.includes(strategy.agency_id))) throw new NotFoundError("Billing strategy");
  const enabled = !strategy.enabled;
  await inTransaction(db, async (tx) => {
    await tx.update(billingStrategies).set({ enabled, updated_at: new Date() }).where(eq(billingStrategies.id, strategyId));
    await recordHistory(tx, { type: "Carrier", id: carrierId, action: "update_related", author, process: "console", changes: { [`billing_strategy.${strategyId}.enabled`]: { previous_value: !enabled, new_value: enabled } } });
  });
  return { message: `Billing strategy is switched ${enabled ? "on" : "off"}`, enabled };
}

// ---------- fees ----------

export async function listFees(db: Db, scope: Scope, carrierId: number) {
  await showCarrier(db, scope, carrierId);
  const allowed = scopeAgencies(scope);
  return queryRows(
    db,
    sql`SELECT f.id, f.title, f.amount, f.amount_type, f.type, f.enabled, f.agency_id, ag.title AS agency_title, f.billing_strategy_id, f.created_at
        FROM fees f LEFT JOIN agencies ag ON ag.id = f.agency_id
        WHERE f.carrier_id = ${carrierId}${allowed ? agencyCondition(scope, sql`f.agency_id`) : sql``}
        ORDER BY f.created_at DESC, f.id DESC`,
  );
}

export interface FeeInput {
  title: string;
  amount: number;
  amount_type: (typeof FEE_AMOUNT_TYPES)[number];
  type: (typeof FEE_TYPES)[number];
  enabled?: boolean;
  agency_id?: number | null;
  billing_strategy_id?: number | null;
}

/**
 * Add a fee: agents only for an agency of theirs (their own when none is named); a percentage is at most 100 %.
 * A billing strategy named must be this carrier's and the fee's agency's.
 */
export async function addFee(db: Db, scope: Scope, carrierId: number, input: FeeInput, author: Author, ownAgencyId?: number | null) {
  await showCarrier(db, scope, carrierId);
  const agencyId = input.agency_id ?? (scope.kind === "all" ? null : (ownAgencyId ?? null));
  if (scopeAgencies(scope) && (agencyId === null || !scopeAgencies(scope)!.includes(agencyId))) throw new ForbiddenError("This agency is not one of yours");
  const errors: Record<string, string> = {};
  if (input.amount_type === "PERCENTAGE" && input.amount > 10_000) errors.amount = MESSAGES.max(100);
  if (agencyId !== null) {
    const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId));
    if (!agency) errors.agency_id = "Select agency from the drop-down list";
  }
  if (input.billing_strategy_id) {
    const [strategy] = await db.select().from(billingStrategies).where(and(eq(billingStrategies.id, input.billing_strategy_id), eq(billingStrategies.carrier_id, carrierId)));
    if (!strategy || (agencyId !== null && strategy.agency_id !== agencyId)) errors.billing_strategy_id = "Select billing strategy from the drop-down list";
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return inTransaction(db, async (tx) => {
    const [fee] = await tx
      .insert(fees)
      .values({ title: input.title, amount: input.amount, amount_type: input.amount_type, type: input.type, enabled: input.enabled ?? true, carrier_id: carrierId, agency_id: agencyId, billing_strategy_id: input.billing_strategy_id ?? null })
      .returning();
    await recordHistory(tx, { type: "Carrier", id: carrierId, action: "create_related", author, process: "console", changes: { [`fee.${fee.id}`]: { previous_value: null, new_value: { title: fee.title, amount: fee.amount, amount_type: fee.amount_type, type: fee.type, agency_id: fee.agency_id } } } });
    return fee;
  });
}

export async function deleteFee(db: Db, carrierId: number, feeId: number, author: Author) {
  const [fee] = await db.select().from(fees).where(and(eq(fees.id, feeId), eq(fees.carrier_id, carrierId)));
  if (!fee) throw new NotFoundError("Fee");
  await inTransaction(db, async (tx) => {
    await tx.delete(fees).where(eq(fees.id, feeId));
    await recordHistory(tx, { type: "Carrier", id: carrierId, action: "remove_related", author, process: "console", changes: { [`fee.${fee.id}`]: { previous_value: { title: fee.title, amount: fee.amount, amount_type: fee.amount_type, type: fee.type }, new_value: null } } });
  });
  return { success: true };
}

// ---------- commissions ----------

export async function listCommissions(db: Db, scope: Scope, carrierId: number) {
  await showCarrier(db, scope, carrierId);
  return queryRows(
    db,
    sql`SELECT cs.id, cs.title, cs.percentage::float AS percentage, cs.recipient_type, cs.recipient_id,
          CASE cs.recipient_type WHEN 'Agency' THEN (SELECT title FROM agencies WHERE id = cs.recipient_id) ELSE (SELECT title FROM carriers WHERE id = cs.recipient_id) END AS recipient_title,
          cs.commission_strategy_id, cs.updated_at
        FROM commission_strategies cs WHERE cs.carrier_id = ${carrierId} ORDER BY cs.title, cs.id`,
  );
}

export async function showCommission(db: Db, scope: Scope, carrierId: number, commissionId: number) {
  const rows = (await listCommissions(db, scope, carrierId)) as Array<{ id: number }>;
  const row = rows.find((r) => r.id === commissionId);
  if (!row) throw new NotFoundError("Commission");
  return row;
}

export interface CommissionInput {
  title?: string;
  percentage?: number;
  recipient_type?: (typeof COMMISSION_RECIPIENT_TYPES)[number];
  recipient_id?: number;
  commission_strategy_id?: number | null;
}

async function validateCommission(db: Db, carrierId: number, input: CommissionInput, selfId?: number) {
  const errors: Record<string, string> = {};
  if (input.title !== undefined && !input.title.trim()) errors.title = MESSAGES.required("title");
  if (input.percentage !== undefined && (input.percentage < 0 || input.percentage > 100)) errors.percentage = input.percentage < 0 ? MESSAGES.min(0) : MESSAGES.max(100);
  if (input.percentage !== undefined && Math.round(input.percentage * 100) !== input.percentage * 100) errors.percentage = "must have at most 2 decimals";
  if (input.recipient_type === "Agency" && input.recipient_id !== undefined) {
    const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, input.recipient_id));
    if (!agency) errors.recipient_id = "Select recipient from the drop-down list";
  }
  if (input.recipient_type === "Carrier" && input.recipient_id !== undefined && input.recipient_id !== carrierId) errors.recipient_id = "Select recipient from the drop-down list";
  if (input.commission_strategy_id) {
    const [parent] = await db.select().from(commissionStrategies).where(and(eq(commissionStrategies.id, input.commission_strategy_id), eq(commissionStrategies.carrier_id, carrierId)));
    if (!parent || parent.id === selfId) errors.commission_strategy_id = "Select parent commission from the drop-down list";
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

export async function addCommission(db: Db, carrierId: number, input: Required<Pick<CommissionInput, "title" | "percentage" | "recipient_type" | "recipient_id">> & CommissionInput, author: Author) {
  await showCarrier(db, { kind: "all" }, carrierId);
  await validateCommission(db, carrierId, input);
  const id = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(commissionStrategies)
      .values({ title: input.title.trim(), percentage: input.percentage, recipient_type: input.recipient_type, recipient_id: input.recipient_id, carrier_id: carrierId, commission_strategy_id: input.commission_strategy_id ?? null })
      .returning();
    await recordHistory(tx, { type: "Carrier", id: carrierId, action: "create_related", author, process: "console", changes: { [`commission.${row.id}`]: { previous_value: null, new_value: { title: row.title, percentage: input.percentage } } } });
    return row.id;
  });
  return showCommission(db, { kind: "all" }, carrierId, id);
}

export async function updateCommission(db: Db, carrierId: number, commissionId: number, input: CommissionInput, author: Author) {
  const [before] = await db.select().from(commissionStrategies).where(and(eq(commissionStrategies.id, commissionId), eq(commissionStrategies.carrier_id, carrierId)));
  if (!before) throw new NotFoundError("Commission");
  await validateCommission(db, carrierId, { recipient_type: before.recipient_type, ...input }, commissionId);
  await inTransaction(db, async (tx) => {
    const values = { ...input, title: input.title?.trim() };
    await tx.update(commissionStrategies).set({ ...values, updated_at: new Date() }).where(eq(commissionStrategies.id, commissionId));
    const changes = diffChanges(before, values);
    const prefixed = Object.fromEntries(Object.entries(changes).map(([k, v]) => [`commission.${commissionId}.${k}`, v]));
    await recordHistory(tx, { type: "Carrier", id: carrierId, action: "update_related", author, process: "console", changes: prefixed });
  });
  return showCommission(db, { kind: "all" }, carrierId, commissionId);
}

// ---------- availability per state ----------

export async function listAvailabilities(db: Db, scope: Scope, carrierId: number, policyTypeId?: number) {
  await showCarrier(db, scope, carrierId);
  const rows = await queryRows<{ policy_type_id: number } & Record<string, unknown>>(
    db,
    sql`SELECT a.id, a.state, a.available, cpt.policy_type_id, cpt.id AS carrier_policy_type_id
        FROM carrier_policy_type_availabilities a JOIN carrier_policy_types cpt ON cpt.id = a.carrier_policy_type_id
        WHERE cpt.carrier_id = ${carrierId}${policyTypeId ? sql` AND cpt.policy_type_id = ${policyTypeId}` : sql``}
        ORDER BY cpt.policy_type_id, a.state`,
  );
  return rows.map((r) => ({ ...r, policy_type_title: POLICY_TYPE_TITLES.get(r.policy_type_id) ?? null }));
}

/** Switch states on or off for a carrier's policy types; every id must be this carrier's (else nothing changes). */
export async function updateAvailabilities(db: Db, carrierId: number, changes: Array<{ id: number; available: boolean }>, author: Author) {
  await showCarrier(db, { kind: "all" }, carrierId);
  const ids = changes.map((c) => c.id);
  const owned = ids.length
    ? await queryRows<{ id: number; available: boolean; state: string; policy_type_id: number }>(
        db,
        sql`SELECT a.id, a.available, a.state, cpt.policy_type_id FROM carrier_policy_type_availabilities a JOIN carrier_policy_types cpt ON cpt.id = a.carrier_policy_type_id
            WHERE cpt.carrier_id = ${carrierId} AND a.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
      )
    : [];
  const errors: Record<string, string> = {};
  changes.forEach((c, i) => {
    if (!owned.some((o) => o.id === c.id)) errors[`availabilities.${i}.id`] = "is not an availability of this carrier";
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await inTransaction(db, async (tx) => {
    const history: Record<string, { previous_value: unknown; new_value: unknown }> = {};
    for (const change of changes) {
      const before = owned.find((o) => o.id === change.id)!;
      if (before.available === change.available) continue;
      await tx.update(carrierPolicyTypeAvailabilities).set({ available: change.available, updated_at: new Date() }).where(eq(carrierPolicyTypeAvailabilities.id, change.id));
      history[`availability.${before.policy_type_id}.${before.state}`] = { previous_value: before.available, new_value: change.available };
    }
    if (Object.keys(history).length) await recordHistory(tx, { type: "Carrier", id: carrierId, action: "update_related", author, process: "console", changes: history });
  });
  return listAvailabilities(db, { kind: "all" }, carrierId);
}
