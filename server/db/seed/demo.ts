import { addDays, format, subDays } from "date-fns";
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { POLICY_STATUSES, type PolicyStatus } from "../../../src/domain/policies";
import { hashPassword } from "../../lib/passwords";
import type { Db } from "../client";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../demo-logins";
import { ensureReferenceData } from "../reference-data";
import * as s from "../schema";
import { CITIES, FIRST_NAMES, LAST_NAMES, STREETS, createRandom, type Random } from "./random";

/**
 * The demo portfolio `npm start` loads into an empty database (DESIGN.md section 4): agencies with sub-agencies,
 * property-management accounts, communities > buildings > units (~1,500 units), residents, leases, ~3,000 policies in
 * every status, invoices, leads, and staff of every role. Deterministic: a fixed seed drives every choice.
 */
export interface DemoSummary {
  agencies: number;
  accounts: number;
  units: number;
  users: number;
  leases: number;
  policies: number;
  invoices: number;
  leads: number;
  staff: number;
}

const CHUNK = 1000;
const ymd = (d: Date) => format(d, "yyyy-MM-dd");

/** Inserts rows in chunks and answers their ids in order. */
async function insertMany<T extends PgTable>(db: Db, table: T, rows: T["$inferInsert"][]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const inserted = (await db.insert(table).values(rows.slice(i, i + CHUNK)).returning()) as any[];
    ids.push(...inserted.map((r) => r.id as number));
  }
  return ids;
}

async function insertPlain<T extends PgTable>(db: Db, table: T, rows: T["$inferInsert"][]) {
  for (let i = 0; i < rows.length; i += CHUNK) await db.insert(table).values(rows.slice(i, i + CHUNK));
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(s.staff);
  return row.n === 0;
}

const AGENCY_TREE: ReadonlyArray<{ title: string; subs: string[] }> = [
  { title: "Coverdesk Insurance Services", subs: [] },
  { title: "Summit Risk Partners", subs: ["Summit Risk West", "Summit Risk East"] },
  { title: "Harbor Insurance Group", subs: ["Harbor Coastal Agency"] },
  { title: "Keystone Insurance Agency", subs: [] },
  { title: "Bluebird Coverage Brokers", subs: ["Bluebird Mountain", "Bluebird Desert", "Bluebird Plains"] },
];

const ACCOUNT_NAMES = [
  "Maple Property Management", "Lakeside Living Residential", "Granite Peak Communities", "Northgate Apartments",
  "Riverbend Realty Group", "Sunrise Residential", "Cedar Grove Homes", "Parkline Property Co.", "Harborview Rentals",
  "Evergreen Housing Partners", "Copperfield Management", "Willow Creek Properties",
];

const CARRIERS: ReadonlyArray<[string, (typeof s.CARRIER_DESIGNATIONS)[number]]> = [
  ["QBE Insurance", "qbe"], ["QBE Specialty", "qbe_specialty"], ["Crum & Forster", "crum"], ["Pensio", "pensio"],
  ["Millennial Services Insurance", "msi"], ["Lemonade", "out_of_system"], ["State Farm", "out_of_system"],
  ["Allstate", "out_of_system"], ["Assurant", "out_of_system"], ["GEICO", "out_of_system"],
];

function personName(r: Random) {
  const first = r.pick(FIRST_NAMES);
  const last = r.pick(LAST_NAMES);
  return { first, last, full: `${first} ${last}` };
}

function phone(r: Random) {
  return `(${r.int(201, 989)}) ${r.int(200, 999)}-${String(r.int(0, 9999)).padStart(4, "0")}`;
}

/** Statuses weighted like a live book: mostly bound and verified, a tail of everything else, each one present. */
function pickStatus(r: Random, inSystem: boolean, i: number): PolicyStatus {
  const inSystemStatuses = POLICY_STATUSES.filter((st) => !st.startsWith("EXTERNAL"));
  const external: PolicyStatus[] = ["EXTERNAL_VERIFIED", "EXTERNAL_UNVERIFIED", "EXTERNAL_REJECTED", "CANCELLED", "EXPIRED", "ARCHIVED"];
  // The first policies walk every status once, so the demo shows each.
  if (i < POLICY_STATUSES.length) return POLICY_STATUSES[i];
  if (inSystem) return r.chance(0.6) ? "BOUND" : r.pick(inSystemStatuses);
  return r.chance(0.5) ? "EXTERNAL_VERIFIED" : r.pick(external);
}

export async function seedDemo(db: Db, today = new Date()): Promise<DemoSummary> {
  const r = createRandom(20261122);
  await ensureReferenceData(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // Agencies: top-level first (the platform agency is id 1 on a fresh database), then their sub-agencies.
  const topIds = await insertMany(
    db,
    s.agencies,
    AGENCY_TREE.map((a, i) => ({ title: a.title, enabled: true, call_sign: `AG${i + 1}`, producer_code: `P${1000 + i}`, contact_info: { contact_email: `hello@agency${i + 1}.example`, contact_phone: phone(r) } })),
  );
  const subRows = AGENCY_TREE.flatMap((a, i) => a.subs.map((title, j) => ({ title, enabled: j < 2, agency_id: topIds[i], call_sign: `AG${i + 1}-${j + 1}`, producer_code: `P${2000 + i * 10 + j}` })));
  const subIds = await insertMany(db, s.agencies, subRows);
  const allAgencyIds = [...topIds.slice(1), ...subIds];
  const summitId = topIds[1];

  // Accounts: the first two belong to Summit itself (the demo agent's agency), the rest spread over the tree.
  const accountAgency = ACCOUNT_NAMES.map((_, i) => (i < 2 ? summitId : i === 2 ? subIds[0] : allAgencyIds[i % allAgencyIds.length]));
  const accountIds = await insertMany(
    db,
    s.accounts,
    ACCOUNT_NAMES.map((title, i) => ({
      title,
      enabled: i !== 9,
      agency_id: accountAgency[i],
      contact_info: { contact_phone: phone(r), contact_email: `office@${title.toLowerCase().replace(/[^a-z]+/g, "")}.example` },
      additional_interest_name: title,
      minimum_liability: r.pick([10000000, 30000000, 50000000]),
    })),
  );
  await insertPlain(
    db,
    s.addresses,
    accountIds.map((id) => {
      const [city, state, zip] = r.pick(CITIES);
      const num = String(r.int(100, 9999));
      const street = `${r.pick(STREETS)} Street`;
      return { addressable_type: "Account" as const, addressable_id: id, street_number: num, street_name: street, city, state, zip_code: zip, full: `${num} ${street}, ${city}, ${state} ${zip}` };
    }),
  );

  // Properties: ~2–3 communities an account, some with buildings, ~1,500 units in all.
  const communityRows: Array<typeof s.insurables.$inferInsert> = [];
  const communityMeta: Array<{ accountIndex: number; city: (typeof CITIES)[number]; street: string }> = [];
  accountIds.forEach((accountId, ai) => {
    const count = ai < 3 ? 3 : 2;
    for (let c = 0; c < count; c++) {
      const street = `${r.pick(STREETS)} ${r.pick(["Avenue", "Boulevard", "Drive", "Lane"])}`;
      communityRows.push({ title: `${r.pick(STREETS)} ${r.pick(["Commons", "Heights", "Village", "Terrace", "Gardens", "Point"])}`, account_id: accountId, agency_id: accountAgency[ai], insurable_type_id: ai % 5 === 4 && c === 1 ? 3 : 1 });
      communityMeta.push({ accountIndex: ai, city: r.pick(CITIES), street });
    }
  });
  // Titles are unique among siblings of an account (reference section 3.4).
  communityRows.forEach((row, i) => (row.title = `${row.title} ${i + 1}`));
  const communityIds = await insertMany(db, s.insurables, communityRows);
  await insertPlain(
    db,
    s.addresses,
    communityIds.map((id, i) => {
      const [city, state, zip] = communityMeta[i].city;
      const num = String(100 + i * 7);
      return { addressable_type: "Insurable" as const, addressable_id: id, street_number: num, street_name: communityMeta[i].street, city, state, zip_code: zip, full: `${num} ${communityMeta[i].street}, ${city}, ${state} ${zip}` };
    }),
  );

  const buildingRows: Array<typeof s.insurables.$inferInsert> = [];
  communityIds.forEach((cid, i) => {
    const commercial = communityRows[i].insurable_type_id === 3;
    const buildings = commercial ? 0 : r.int(0, 3);
    for (let b = 0; b < buildings; b++) buildingRows.push({ title: `Building ${String.fromCharCode(65 + b)}`, account_id: communityRows[i].account_id, agency_id: communityRows[i].agency_id, insurable_type_id: 7, insurable_id: cid });
  });
  const buildingIds = await insertMany(db, s.insurables, buildingRows);

  const unitRows: Array<typeof s.insurables.$inferInsert> = [];
  communityIds.forEach((cid, i) => {
    const commercial = communityRows[i].insurable_type_id === 3;
    const parents = buildingRows.map((b, bi) => ({ ...b, id: buildingIds[bi] })).filter((b) => b.insurable_id === cid).map((b) => b.id);
    const unitCount = 55;
    for (let u = 0; u < unitCount; u++) {
      const parent = parents.length ? parents[u % parents.length] : cid;
      unitRows.push({ title: `${Math.floor(u / 10) + 1}${String(u % 10).padStart(2, "0")}`, account_id: communityRows[i].account_id, agency_id: communityRows[i].agency_id, insurable_type_id: commercial ? 5 : 4, insurable_id: parent, occupied: r.chance(0.85) });
    }
  });
  // Sibling unit titles are unique under each parent: number them per parent.
  const perParent = new Map<number, number>();
  for (const row of unitRows) {
    const n = (perParent.get(row.insurable_id!) ?? 0) + 1;
    perParent.set(row.insurable_id!, n);
    row.title = `${Math.floor((n - 1) / 20) + 1}${String(((n - 1) % 20) + 1).padStart(2, "0")}`;
  }
  const unitIds = await insertMany(db, s.insurables, unitRows);
  // Residents: one or two per occupied unit, plus past residents.
  const userRows: Array<typeof s.users.$inferInsert> = [];
  const userMeta: Array<{ name: ReturnType<typeof personName>; accountId: number; unitIndex: number }> = [];
  unitRows.forEach((unit, ui) => {
    const residents = unit.occupied ? (r.chance(0.6) ? 2 : 1) : r.chance(0.3) ? 1 : 0;
    for (let k = 0; k < residents; k++) {
      const name = personName(r);
      const n = userRows.length + 1;
      userRows.push({ email: `${name.first}.${name.last}.${n}@residents.example`.toLowerCase() });
      userMeta.push({ name, accountId: unit.account_id!, unitIndex: ui });
    }
  });
  const userIds = await insertMany(db, s.users, userRows);
  await insertPlain(
    db,
    s.profiles,
    userIds.map((id, i) => ({
      profileable_type: "User" as const,
      profileable_id: id,
      first_name: userMeta[i].name.first,
      last_name: userMeta[i].name.last,
      full_name: userMeta[i].name.full,
      contact_email: r.chance(0.7) ? userRows[i].email : `${userMeta[i].name.first}.${userMeta[i].name.last}@mail.example`.toLowerCase(),
      contact_phone: phone(r),
      birth_date: ymd(subDays(today, r.int(19 * 365, 70 * 365))),
    })),
  );
  await insertPlain(db, s.accountUsers, userIds.map((id, i) => ({ account_id: userMeta[i].accountId, user_id: id })));
  await insertPlain(
    db,
    s.integrationProfiles,
    userIds.filter((_, i) => i % 3 !== 0).map((id) => ({ external_id: `t${String(1000000 + id * 7).padStart(7, "0")}`, profileable_type: "User" as const, profileable_id: id })),
  );

  // Leases: one per occupied unit with residents, current for most, some pending or expired.
  const leaseRows: Array<typeof s.leases.$inferInsert> = [];
  const leaseUsersOf: number[][] = [];
  const usersByUnit = new Map<number, number[]>();
  userMeta.forEach((m, i) => usersByUnit.set(m.unitIndex, [...(usersByUnit.get(m.unitIndex) ?? []), i]));
  for (const [ui, residentIdx] of usersByUnit) {
    const kind = r.next();
    const start = kind < 0.75 ? subDays(today, r.int(30, 330)) : kind < 0.85 ? addDays(today, r.int(5, 40)) : subDays(today, r.int(400, 700));
    const end = addDays(start, 365);
    const status = start > today ? "pending" : end < today ? "expired" : "current";
    leaseRows.push({ reference: `L-${String(leaseRows.length + 1).padStart(6, "0")}`, start_date: ymd(start), end_date: ymd(end), status, insurable_id: unitIds[ui], account_id: unitRows[ui].account_id, lease_type_id: unitRows[ui].insurable_type_id === 5 ? 2 : 1 });
    leaseUsersOf.push(residentIdx);
  }
  const leaseIds = await insertMany(db, s.leases, leaseRows);
  await insertPlain(
    db,
    s.leaseUsers,
    leaseIds.flatMap((lid, li) => leaseUsersOf[li].map((ui, k) => ({ lease_id: lid, user_id: userIds[ui], primary: k === 0 }))),
  );

  // Carriers.
  const carrierIds = await insertMany(
    db,
    s.carriers,
    CARRIERS.map(([title, designation]) => ({ title, integration_designation: designation, bindable: designation !== "out_of_system", verifiable: true, is_system: designation !== "out_of_system" })),
  );
  const inSystemCarriers = carrierIds.slice(0, 5);

  // Policies: one per resident household where covered, plus older ones, ~3,000 in all.
  const policyRows: Array<typeof s.policies.$inferInsert> = [];
  const policyHolder: number[][] = [];
  const policyUnit: number[] = [];
  const households = [...usersByUnit.entries()];
  let seq = 0;
  while (policyRows.length < 3000) {
    const [ui, residentIdx] = households[seq % households.length];
    const i = policyRows.length;
    const inSystem = r.chance(0.55);
    const status = pickStatus(r, inSystem, i);
    const isExternal = status.startsWith("EXTERNAL") || (!inSystem && ["CANCELLED", "EXPIRED", "ARCHIVED"].includes(status));
    const effective = status === "EXPIRED" ? subDays(today, r.int(400, 700)) : subDays(today, r.int(0, 330));
    const typeId = isExternal ? 1 : r.pick([1, 1, 1, 4, 5]);
    const unitRow = unitRows[ui];
    policyRows.push({
      number: isExternal ? `EXT-${String(500000 + i).padStart(7, "0")}` : `${["RP", "RP", "RP", "CP", "RG"][[1, 1, 1, 4, 5].indexOf(typeId)] ?? "RP"}-${String(100000 + i * 3).padStart(7, "0")}`,
      status,
      policy_type_id: typeId,
      policy_in_system: !isExternal,
      agency_id: unitRow.agency_id,
      account_id: unitRow.account_id,
      carrier_id: isExternal ? (r.chance(0.5) ? r.pick(carrierIds.slice(5)) : null) : r.pick(inSystemCarriers),
      out_of_system_carrier_title: isExternal ? r.pick(["Lemonade", "State Farm", "Allstate", "Renters Choice Mutual", "Assurant"]) : null,
      effective_date: ymd(effective),
      expiration_date: ymd(addDays(effective, 365)),
      billing_status: isExternal ? "EXTERNAL" : r.chance(0.9) ? "CURRENT" : "BEHIND",
      premium_total: isExternal ? null : r.int(90, 400) * 100,
      auto_renew: !isExternal,
      auto_pay: !isExternal && r.chance(0.8),
      cancellation_date: status === "CANCELLED" ? ymd(addDays(effective, r.int(30, 200))) : null,
      cancellation_reason: status === "CANCELLED" ? r.pick(["insured_request", "nonpayment", "agent_request"] as const) : null,
      system_data:
        status === "EXTERNAL_REJECTED"
          ? { rejection_reasons: [r.pick(["Liability coverage is below the property manager's requirement", "Name does not match policyholder", "Policy has already expired"])] }
          : {},
    });
    policyHolder.push(residentIdx);
    policyUnit.push(ui);
    seq++;
  }
  const policyIds = await insertMany(db, s.policies, policyRows);
  await insertPlain(
    db,
    s.policyUsers,
    policyIds.flatMap((pid, pi) => policyHolder[pi].map((ui, k) => ({ policy_id: pid, user_id: userIds[ui], primary: k === 0, spouse: k === 1 && r.chance(0.5) }))),
  );
  await insertPlain(db, s.policyInsurables, policyIds.map((pid, pi) => ({ policy_id: pid, insurable_id: unitIds[policyUnit[pi]] })));
  await insertPlain(
    db,
    s.policyCoverages,
    policyIds.flatMap((pid) => [
      { policy_id: pid, designation: "liability" as const, title: "Liability", limit: r.pick([10000000, 30000000, 50000000]), deductible: 0 },
      { policy_id: pid, designation: "contents" as const, title: "Personal Property", limit: r.pick([1000000, 2000000, 3000000]), deductible: r.pick([25000, 50000]) },
      { policy_id: pid, designation: "loss_of_use" as const, title: "Loss of Use", limit: r.pick([200000, 600000]), deductible: 0 },
    ]),
  );
  await db.execute(sql`UPDATE users SET has_existing_policies = true WHERE id IN (SELECT user_id FROM policy_users)`);
  await db.execute(sql`UPDATE users SET has_leases = true, has_current_leases = EXISTS (
      SELECT 1 FROM lease_users lu JOIN leases l ON l.id = lu.lease_id WHERE lu.user_id = users.id AND l.status = 'current')
    WHERE id IN (SELECT user_id FROM lease_users)`);
  await db.execute(sql`UPDATE insurables SET covered = true WHERE id IN (
      SELECT pi.insurable_id FROM policy_insurables pi JOIN policies po ON po.id = pi.policy_id
      WHERE po.status IN ('BOUND', 'BOUND_WITH_WARNING', 'RENEWING', 'RENEWED', 'REINSTATED', 'EXTERNAL_VERIFIED'))`);

  // Invoices: monthly instalments of in-system policies; past ones complete (or missed), the next available.
  const invoiceRows: Array<typeof s.invoices.$inferInsert> = [];
  policyRows.forEach((p, pi) => {
    if (!p.policy_in_system || !p.premium_total) return;
    const instalments = 4;
    const each = Math.round(p.premium_total / instalments);
    for (let k = 0; k < instalments; k++) {
      const due = addDays(new Date(p.effective_date!), k * 91);
      const past = due < today;
      const status = p.status === "CANCELLED" && !past ? "cancelled" : past ? (r.chance(0.95) ? "complete" : "missed") : k > 0 && addDays(due, -91) < today ? "available" : "upcoming";
      invoiceRows.push({
        number: `INV-${String(policyIds[pi]).padStart(6, "0")}-${k + 1}`,
        invoiceable_type: "Policy",
        invoiceable_id: policyIds[pi],
        due_date: ymd(due),
        available_date: ymd(addDays(due, -14)),
        status,
        subtotal: each,
        total_due: each,
        total_payable: status === "complete" ? 0 : each,
        total_received: status === "complete" ? each : 0,
        payer_type: "User",
        payer_id: userIds[policyHolder[pi][0]],
      });
    }
  });
  const invoiceIds = await insertMany(db, s.invoices, invoiceRows);
  await insertPlain(
    db,
    s.lineItems,
    invoiceIds.flatMap((iid, ii) => {
      const fee = Math.min(500, Math.floor(invoiceRows[ii].total_due! / 10));
      return [
        { invoice_id: iid, title: "Premium", total_due: invoiceRows[ii].total_due! - fee, analytics_category: "policy_premium" as const },
        { invoice_id: iid, title: "Service fee", total_due: fee, analytics_category: "policy_fee" as const },
      ];
    }),
  );

  // Leads: prospects from the agencies' tracking links, some converted into a policy.
  const leadRows: Array<typeof s.leads.$inferInsert> = Array.from({ length: 500 }, (_, i) => {
    const name = personName(r);
    const converted = i % 5 === 0;
    return {
      email: `${name.first}.${name.last}.lead${i}@mail.example`.toLowerCase(),
      identifier: `lead-${String(i + 1).padStart(5, "0")}`,
      status: converted ? "converted" : r.pick(["prospect", "return", "lost"] as const),
      archived: i % 11 === 0,
      last_visit: subDays(today, r.int(0, 120)),
      last_visited_page: r.pick(["Landing Page", "Coverage Options", "Checkout", "Payment"]),
      agency_id: r.pick(allAgencyIds),
      policy_id: converted ? policyIds[i * 3] : null,
      lead_events_cx: r.int(1, 12),
      premium_total: r.int(90, 300) * 100,
    };
  });
  const leadIds = await insertMany(db, s.leads, leadRows);
  await insertPlain(db, s.leadEvents, leadIds.map((lid, i) => ({ lead_id: lid, tag: "visit", policy_type_id: 1, agency_id: leadRows[i].agency_id, data: { page: leadRows[i].last_visited_page } })));

  // Staff: the four demo logins (all keys on: no permission rows), owners, more managers and agents.
  const staffAccountId = accountIds[0];
  const demoStaff = DEMO_LOGINS.map((login) => ({
    email: login.email,
    role: login.role,
    organizable_type: login.role === "agent" ? ("Agency" as const) : login.role === "staff" ? ("Account" as const) : null,
    organizable_id: login.role === "agent" ? summitId : login.role === "staff" ? staffAccountId : null,
    enabled: true,
    owner: login.role === "agent" || login.role === "staff",
    encrypted_password: passwordHash,
    invitation_accepted_at: today,
  }));
  const demoNames = { super_admin: ["Sam", "Admin"], agent: ["Alex", "Agent"], staff: ["Morgan", "Manager"], policy_support: ["Riley", "Reviewer"] } as const;
  const extraStaff: Array<typeof s.staff.$inferInsert & { first: string; last: string }> = [];
  accountIds.forEach((aid, ai) => {
    for (let k = 0; k < 3; k++) {
      const name = personName(r);
      const invited = k === 2 && ai % 2 === 0;
      extraStaff.push({ email: `${name.first}.${name.last}.pm${ai}${k}@managers.example`.toLowerCase(), role: "staff", organizable_type: "Account", organizable_id: aid, enabled: !invited && !(k === 1 && ai % 4 === 3), owner: false, encrypted_password: invited ? null : passwordHash, invitation_accepted_at: invited ? null : today, first: name.first, last: name.last });
    }
  });
  [...topIds, ...subIds].forEach((gid, gi) => {
    for (let k = 0; k < 2; k++) {
      const name = personName(r);
      extraStaff.push({ email: `${name.first}.${name.last}.agent${gi}${k}@agents.example`.toLowerCase(), role: "agent", organizable_type: "Agency", organizable_id: gid, enabled: k === 0 || gi % 3 !== 0, owner: false, encrypted_password: passwordHash, invitation_accepted_at: today, first: name.first, last: name.last });
    }
  });
  const staffIds = await insertMany(db, s.staff, [...demoStaff, ...extraStaff.map(({ first: _f, last: _l, ...row }) => row)]);
  await insertPlain(
    db,
    s.profiles,
    staffIds.map((id, i) => {
      const [first, last] = i < demoStaff.length ? demoNames[demoStaff[i].role] : [extraStaff[i - demoStaff.length].first, extraStaff[i - demoStaff.length].last];
      return { profileable_type: "Staff" as const, profileable_id: id, first_name: first, last_name: last, full_name: `${first} ${last}`, contact_phone: phone(r), job_title: i < demoStaff.length ? "Demo user" : "Property Manager" };
    }),
  );
  // One agent of Summit works with a restricted permission list (Users switched off) to show the rule at work.
  const restrictedAgent = staffIds[demoStaff.length + extraStaff.findIndex((row) => row.organizable_type === "Agency" && row.organizable_id === summitId)];
  await insertPlain(db, s.staffPermissions, [
    { staff_id: restrictedAgent, key: "policies.policies", value: true },
    { staff_id: restrictedAgent, key: "property_management.users", value: false },
    { staff_id: restrictedAgent, key: "property_management.managers", value: true },
  ]);
  await db.execute(sql`UPDATE agencies SET staff_id = ${staffIds[1]} WHERE id = ${summitId}`);
  await db.execute(sql`UPDATE accounts SET staff_id = ${staffIds[2]} WHERE id = ${staffAccountId}`);
  await insertPlain(
    db,
    s.histories,
    policyIds.slice(0, 200).map((id) => ({ recordable_type: "Policy", recordable_id: id, author: "System", action: "create" as const, process: "seed", data: {} })),
  );

  return {
    agencies: topIds.length + subIds.length,
    accounts: accountIds.length,
    units: unitIds.length,
    users: userIds.length,
    leases: leaseIds.length,
    policies: policyIds.length,
    invoices: invoiceIds.length,
    leads: leadIds.length,
    staff: staffIds.length,
  };
}
