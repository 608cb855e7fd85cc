import { sql } from "drizzle-orm";
import { REFUNDABLE_POLICY_STATUSES } from "../../../src/domain/policies";
import * as s from "../schema";
import { type SeedContext, during, personName, phone, streetAddress } from "./context";
import { nextYear, ymd } from "./days";
import { policyAmounts } from "./demo-billing";
import type { SeededPolicy } from "./demo-policies";
import { insertAll, insertReturningIds } from "./insert";
import { CITIES } from "./names";
import type { Random } from "./random";

const STRATEGY = { 1: "Annually", 4: "Quarterly", 12: "Monthly" } as const;
const EMPLOYERS = ["St. Luke's Hospital", "Northwind Logistics", "Bright Path Schools", "Summit Dental Group", "Harbor Freight Lines", "City of Austin"];
const JOBS = ["Registered Nurse", "Warehouse Supervisor", "Teacher", "Dental Hygienist", "Truck Driver", "Civil Engineer", "Freelance Designer"];
const LANDLORDS = ["Oakridge Property Co.", "Bluestone Rentals", "Maple & Main Realty", null];

function address(r: Random) {
  const { street_number, street_name, city, state, zip_code } = streetAddress(r, r.pick(CITIES));
  return { street_number, street_name, street_two: r.chance(0.3) ? `Suite ${r.int(100, 900)}` : null, city, state, zip_code, country: "US" };
}

/** What each kind of policy was applied with (document 2 section 3): rent-guarantee employment and landlord, a business. */
function applicationFields(r: Random, policy: SeededPolicy) {
  if (policy.policyType === 5) {
    const landlord = personName(r);
    const company = r.pick(LANDLORDS);
    return {
      fields: {
        employment: {
          primary_applicant: {
            employment_type: r.chance(0.8) ? "Employed" : "Self Employed",
            job_description: r.pick(JOBS),
            company_name: r.pick(EMPLOYERS),
            company_phone_number: phone(r),
            address: address(r),
          },
        },
        landlord: { company, first_name: landlord.first, last_name: landlord.last, phone_number: phone(r), email: `${landlord.first}.${landlord.last}@landlord.example`.toLowerCase().replace(/[^a-z0-9.@]/g, "") },
        guarantee_option: r.pick(["3", "6", "12"]),
        monthly_rent: r.int(9, 32) * 10_000,
      },
      extra_settings: {},
    };
  }
  if (policy.policyType === 4) {
    return { fields: { business: { phone: phone(r), website: `https://www.${r.hex(6)}-shop.example`, address: address(r) } }, extra_settings: {} };
  }
  const interest = r.chance(0.35);
  const contact = personName(r);
  return {
    fields: {},
    extra_settings: interest
      ? { additional_interest: { first_name: contact.first, last_name: contact.last, email_address: `${contact.first}.${contact.last}@pm.example`.toLowerCase().replace(/[^a-z0-9.@]/g, ""), phone_number: phone(r), address: address(r) } }
      : {},
  };
}

/**
 * The paperwork behind in-system policies (reference sections 3.5, 3.6): the quote they were bought from, the
 * application, a payment method on file for the payer (about one in ten declines at the test gateway), ACORD
 * transactions for renewed policies, and a few cancellation requests awaiting a super admin.
 */
export async function seedPolicyPaperwork(ctx: SeedContext, policies: SeededPolicy[], requesterId: number): Promise<{ applications: number; requests: number }> {
  const { db, r, today } = ctx;
  const inSystem = policies.filter((p) => p.inSystem);
  await insertAll(
    db,
    s.policyQuotes,
    inSystem.map((p, i) => {
      const amounts = policyAmounts(p);
      return {
        policy_id: p.id,
        reference: `Q-${String(700_000 + i).padStart(8, "0")}`,
        status: "accepted" as const,
        total_premium: amounts.premium,
        total_fee: amounts.fee,
        total_tax: amounts.tax,
        total: amounts.total,
        billing_strategy: STRATEGY[p.payments],
      };
    }),
  );
  await insertAll(db, s.policyApplications, inSystem.map((p) => ({ policy_id: p.id, status: "accepted" as const, ...applicationFields(r, p) })));
  const payers = [...new Set(inSystem.map((p) => p.primaryUserId))];
  await insertAll(
    db,
    s.paymentProfiles,
    payers.map((userId, index) => {
      const declines = r.chance(0.1);
      // About one payer in 25 has a card that takes charges but whose issuer refuses refunds (test gateway).
      const refusesRefunds = !declines && index % 25 === 12;
      return {
        payer_type: "User" as const,
        payer_id: userId,
        source_type: "card" as const,
        source_id: declines ? `tok_decline_${r.hex(10)}` : refusesRefunds ? `tok_refund_fail_${r.hex(12)}` : `tok_visa_${r.hex(12)}`,
        card_brand: r.pick(["visa", "mastercard", "amex"]),
        // Like the card networks' test numbers: 0002 declines, 0119 takes charges but refuses refunds.
        last4: declines ? "0002" : refusesRefunds ? "0119" : String(r.int(1000, 9999)),
        default_profile: true,
      };
    }),
  );
  for (const p of inSystem.filter((x) => x.status === "RENEWED")) {
    const history = [
      { file_date: ymd(p.effective - 365), transaction: "new_business", premium: p.premium, updated_status: "BOUND" },
      { file_date: ymd(p.effective), transaction: "renewal", premium: p.premium, updated_status: "RENEWED" },
    ];
    await db.execute(sql`UPDATE policies SET system_data = system_data || ${JSON.stringify({ acord_history: history })}::jsonb WHERE id = ${p.id}`);
  }
  // Six requests awaiting a super admin: three on policies paid yearly, three on monthly or quarterly ones, all in
  // force long enough for the requested date to fall within the term; one payer's issuer refuses the refund.
  const inForce = inSystem.filter((p) => REFUNDABLE_POLICY_STATUSES.includes(p.status) && p.effective < today && nextYear(p.effective) > today + 30);
  const refundable = [...inForce.filter((p) => p.payments === 1).slice(0, 3), ...inForce.filter((p) => p.payments !== 1).slice(0, 3)];
  const ids = await insertReturningIds(
    db,
    s.changeRequests,
    refundable.map((p, i) => ({
      changeable_id: p.id,
      customized_action: i % 3 === 0 ? ("cancel_full_refund" as const) : ("cancel_prorate" as const),
      cancellation_date: ymd(today + r.int(1, 20)),
      requestable_type: "Staff" as const,
      requestable_id: requesterId,
      created_at: during(r, today - r.int(0, 6)),
    })),
  );
  await db.execute(sql`UPDATE payment_profiles SET source_id = 'tok_refund_fail_' || substr(source_id, 10), last4 = '0119'
    WHERE payer_type = 'User' AND payer_id = ${refundable[1].primaryUserId} AND source_id LIKE 'tok_visa_%'`);
  return { applications: inSystem.length, requests: ids.length };
}
