import type { PolicyStatus } from "../../../src/domain/policies";
import * as s from "../schema";
import { type SeedContext, during, notAfter } from "./context";
import { type Day, nextYear, ymd } from "./days";
import { type Carrier, UNLISTED_CARRIERS } from "./demo-carriers";
import type { Household, LeaseStatus, Residents } from "./demo-residents";
import { insertAll, insertReturningIds } from "./insert";
import { policyCoverages } from "./demo-coverages";

/**
 * About POLICY_TOTAL policies (document 2): each household's current policy, chosen by its lease status, then
 * earlier ones (expired terms, rejected or superseded uploads, cancellations) until the total is reached. Dates follow
 * the status: a BOUND policy is in force today, an EXPIRED one ended before today, AWAITING_PAYMENT starts soon.
 */
export const POLICY_TOTAL = 3000;

type Weights = Partial<Record<PolicyStatus | "NONE", number>>;

const CURRENT_BY_LEASE: Record<LeaseStatus, Weights> = {
  current: {
    BOUND: 38, EXTERNAL_VERIFIED: 24, RENEWED: 7, RENEWING: 5, BOUND_WITH_WARNING: 3, REINSTATED: 2,
    EXTERNAL_UNVERIFIED: 6, EXTERNAL_REJECTED: 3, BIND_ERROR: 1, NONE: 11,
  },
  expired: { EXPIRED: 50, CANCELLED: 20, ARCHIVED: 10, NONE: 20 },
  pending: { AWAITING_PAYMENT: 30, AWAITING_ACH: 20, PAID: 25, EXTERNAL_UNVERIFIED: 15, BIND_REJECTED: 5, NONE: 5 },
};
const EARLIER: Weights = { EXPIRED: 50, EXTERNAL_REJECTED: 15, CANCELLED: 20, ARCHIVED: 15 };

/** Effective date window per status, in days from today. */
const WINDOWS: Record<PolicyStatus, readonly [number, number]> = {
  AWAITING_PAYMENT: [1, 45], AWAITING_ACH: [1, 45], PAID: [1, 45],
  BIND_ERROR: [-10, 20], BIND_REJECTED: [-5, 30],
  BOUND: [-330, 0], BOUND_WITH_WARNING: [-330, 0], EXTERNAL_VERIFIED: [-330, 0], REINSTATED: [-300, -60],
  RENEWED: [-300, 0], RENEWING: [-364, -335],
  EXTERNAL_UNVERIFIED: [-45, 15], EXTERNAL_REJECTED: [-240, 0],
  EXPIRED: [-900, -367], CANCELLED: [-600, -30], ARCHIVED: [-1100, -400],
};

const REJECTION_REASONS = [
  "Liability coverage is below the property manager's requirement",
  "Property manager is not listed as additional interest",
  "Policy is not active",
  "Name on the policy does not match the resident",
  "Not all tenants are named insureds",
  "Carrier does not meet the AM Best rating requirement",
];

/** What billing, leads and the final flags need to know about an in-system policy. */
export interface SeededPolicy {
  id: number;
  status: PolicyStatus;
  inSystem: boolean;
  effective: Day;
  cancellation: Day | null;
  premium: number;
  payments: 1 | 4 | 12;
  policyType: number;
  behind: boolean;
  primaryUserId: number;
  agencyId: number;
  accountId: number;
  created: Day;
}

type PolicyRow = typeof s.policies.$inferInsert;

function isExternal(r: SeedContext["r"], status: PolicyStatus): boolean {
  if (status.startsWith("EXTERNAL") || status === "ARCHIVED") return true;
  if (status === "CANCELLED" || status === "EXPIRED") return r.chance(0.4);
  return false;
}

type BillingStatus = NonNullable<PolicyRow["billing_status"]>;

function billingStatus(status: PolicyStatus, external: boolean, behind: boolean, reason: PolicyRow["cancellation_reason"]): BillingStatus {
  if (external) return "EXTERNAL";
  if (status === "BIND_ERROR") return "ERROR";
  if (status === "BIND_REJECTED") return "REJECTED";
  if (reason === "manual_cancellation_with_refunds") return "RESCINDED";
  return behind || reason === "nonpayment" ? "BEHIND" : "CURRENT";
}

export async function seedPolicies(ctx: SeedContext, residents: Residents, carriers: Carrier[]): Promise<SeededPolicy[]> {
  const { db, r, today } = ctx;
  const outside = carriers.filter((c) => !c.inSystem);
  const plans: Array<{ household: Household; status: PolicyStatus; current: boolean }> = [];
  for (const household of residents.households) {
    const status = r.weighted(CURRENT_BY_LEASE[household.status]);
    if (status !== "NONE") plans.push({ household, status, current: true });
  }
  const earlierCandidates = residents.households.filter((h) => h.status !== "pending");
  for (let i = 0; plans.length < POLICY_TOTAL; i++) {
    plans.push({ household: earlierCandidates[(i * 7) % earlierCandidates.length], status: r.weighted(EARLIER) as PolicyStatus, current: false });
  }

  // Numbers as carriers issue them: a prefix and a running number with gaps; uploads keep the outside carrier's format.
  let inSystemSeq = 2_040_117;
  let externalSeq = 48_213_000;
  const platformCarrier = (policyType: number) => {
    const carrier = r.pick(carriers.filter((c) => c.policyTypes.includes(policyType)));
    inSystemSeq += r.int(1, 5);
    return { carrierId: carrier.id, carrierTitle: null, number: `${carrier.prefix}-${String(inSystemSeq).padStart(8, "0")}` };
  };
  const outsideCarrier = () => {
    const listed = r.chance(0.6) ? r.pick(outside) : null;
    externalSeq += r.int(1, 9);
    return { carrierId: listed?.id ?? null, carrierTitle: listed?.title ?? r.pick(UNLISTED_CARRIERS), number: `${listed?.prefix ?? "HO"}${externalSeq}` };
  };
  const rows: PolicyRow[] = [];
  const meta: Array<Omit<SeededPolicy, "id">> = [];
  const holders: number[][] = [];
  const coverages: Array<ReturnType<typeof policyCoverages>> = [];
  for (const { household, status, current } of plans) {
    const { unit } = household;
    const external = isExternal(r, status);
    const [lo, hi] = WINDOWS[status];
    // A household's current policy usually starts on its move-in day.
    const leaseOffset = household.start - today;
    const effective = current && leaseOffset >= lo && leaseOffset <= hi ? household.start : today + r.int(lo, hi);
    const expiration = nextYear(effective);
    const cancellation = status === "CANCELLED" ? effective + r.int(10, Math.min(300, today - effective - 1)) : null;
    const policyType = unit.commercial ? 4 : !external && r.chance(0.1) ? 5 : 1;
    const behind = !external && ["BOUND", "BOUND_WITH_WARNING", "RENEWED", "REINSTATED"].includes(status) && r.chance(0.07);
    const reason = status === "CANCELLED" ? r.weighted({ insured_request: 40, nonpayment: 30, agent_request: 10, underwriter_cancellation: 8, new_application_nonpayment: 5, manual_cancellation_with_refunds: 7 }) : null;
    const rejections = status === "EXTERNAL_REJECTED" ? [...new Set([r.pick(REJECTION_REASONS), ...(r.chance(0.3) ? [r.pick(REJECTION_REASONS)] : [])])] : [];

    const { carrierId, carrierTitle, number } = external ? outsideCarrier() : platformCarrier(policyType);
    const marked = behind && r.chance(0.4);
    const premium = external ? 0 : policyType === 4 ? r.int(45_000, 180_000) : policyType === 5 ? r.int(30_000, 96_000) : r.int(9_600, 32_000);
    const created = notAfter(external ? effective + r.int(0, 20) : effective - r.int(1, 25), today);

    rows.push({
      number,
      status,
      policy_type_id: policyType,
      policy_in_system: !external,
      system_purchased: !external,
      agency_id: unit.agencyId,
      account_id: unit.accountId,
      carrier_id: carrierId,
      out_of_system_carrier_title: carrierTitle,
      effective_date: ymd(effective),
      expiration_date: ymd(expiration),
      auto_renew: !external && status !== "CANCELLED",
      auto_pay: !external && r.chance(0.8),
      billing_status: billingStatus(status, external, behind, reason),
      renewal_status: status === "RENEWED" ? "RENEWED" : status === "RENEWING" ? r.pick(["UPCOMING", "PREPARING", "PREPARED", "PENDING"] as const) : "NONE",
      premium_total: external ? null : premium,
      cancellation_date: cancellation === null ? null : ymd(cancellation),
      cancellation_reason: reason,
      marked_for_cancellation: marked,
      marked_for_cancellation_info: marked ? "Missed installment; cancels unless paid" : null,
      system_data: rejections.length ? { rejection_reasons: rejections } : {},
      created_at: during(r, created),
    });
    const [primary, second] = household.members;
    holders.push(second !== undefined && r.chance(0.7) ? [primary, second] : [primary]);
    coverages.push(policyCoverages(r, policyType, external, rejections));
    meta.push({
      status,
      inSystem: !external,
      effective,
      cancellation,
      premium,
      payments: Number(r.weighted({ "1": 30, "4": 40, "12": 30 })) as 1 | 4 | 12,
      policyType,
      behind,
      primaryUserId: residents.userIds[primary],
      agencyId: unit.agencyId,
      accountId: unit.accountId,
      created,
    });
  }

  const ids = await insertReturningIds(db, s.policies, rows);
  await insertAll(
    db,
    s.policyUsers,
    ids.flatMap((id, i) => holders[i].map((m, k) => ({ policy_id: id, user_id: residents.userIds[m], primary: k === 0, spouse: k === 1 && i % 5 < 3 }))),
  );
  await insertAll(db, s.policyInsurables, ids.map((id, i) => ({ policy_id: id, insurable_id: plans[i].household.unit.id })));
  await insertAll(db, s.policyCoverages, ids.flatMap((id, i) => coverages[i].map((c) => ({ ...c, policy_id: id }))));
  return meta.map((m, i) => ({ ...m, id: ids[i] }));
}
