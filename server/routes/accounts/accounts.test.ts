import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, histories, insurables, staff } from "../../db/schema";
import { signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentA1" | "agentB" | "staffA" | "staffB" | "restricted", AuthHeaders>;

beforeAll(async () => ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentA1", "agentB", "staffA", "staffB", "restricted"])));
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT";
const call = (method: Method, url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });
const titles = (rows: Array<{ title: string }>) => rows.map((r) => r.title);

const ADDRESS = { street_number: "12", street_name: "Main St", city: "Austin", state: "TX", zip_code: "73301" };

describe("accounts list", () => {
  it("agents list their agency tree; super admins everything, narrowed by agency; staff only their own", async () => {
    const agent = await call("GET", "/v2/staff_agency/accounts?sort[column]=title&sort[direction]=asc", as.agentA);
    expect(agent.statusCode).toBe(200);
    expect(titles(agent.json())).toEqual(["Account A", "Account A1"]);
    expect(agent.headers["total-entries"]).toBe("2");
    expect(agent.json()[0]).toMatchObject({ enabled: true, agency: { id: world.agencies.A.id, title: "Agency A" }, primary_address: null });

    const admin = await call("POST", "/v2/staff_super_admin/accounts_index", as.superAdmin, { filter: { agency_id: [world.agencies.B.id] } });
    expect(titles(admin.json())).toEqual(["Account B"]);
    const staffList = await call("GET", "/v2/staff_account/accounts", as.staffA);
    expect(titles(staffList.json())).toEqual(["Account A"]);
  });

  it("a sub-agency's agent sees only the sub-agency's accounts; another agency is a 403 as agency_id", async () => {
    expect(titles((await call("GET", "/v2/staff_agency/accounts", as.agentA1)).json())).toEqual(["Account A1"]);
    expect((await call("GET", `/v2/staff_agency/accounts?agency_id=${world.agencies.B.id}`, as.agentA)).statusCode).toBe(403);
  });

  it("filters by title (contains), address parts, and refuses unknown filters", async () => {
    const res = await call("POST", "/v2/staff_super_admin/accounts_index", as.superAdmin, { filter: { title: { like: "t a1" } } });
    expect(titles(res.json())).toEqual(["Account A1"]);
    expect((await call("GET", "/v2/staff_super_admin/accounts?filter[owner_ssn]=1", as.superAdmin)).statusCode).toBe(422);
  });

  it("an agent without property_management.accounts is refused with permission_not_enabled", async () => {
    await t.database.db.insert((await import("../../db/schema")).staffPermissions).values({ staff_id: world.staff.restricted.id, key: "property_management.accounts", value: false });
    const res = await call("GET", "/v2/staff_agency/accounts", as.restricted);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: "permission_not_enabled" });
  });
});

describe("account create, show, update", () => {
  it("an agent creates an account in its tree with an address; history records it; the grid shows the address", async () => {
    const res = await call("POST", "/v2/staff_agency/accounts", as.agentA, {
      account: {
        title: "Lakeside Homes",
        agency_id: world.agencies.A1.id,
        contact_info: { contact_phone: "(512) 555-0100", contact_email: "office@lakeside.example" },
        additional_interest_name: "Lakeside Homes LLC",
        minimum_liability: 10_000_000,
        addresses_attributes: [ADDRESS],
      },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      title: "Lakeside Homes",
      agency_id: world.agencies.A1.id,
      enabled: true,
      additional_interest: true,
      minimum_liability: 10_000_000,
      primary_address: { full: "12 Main St, Austin, TX 73301", state: "TX" },
      addresses: [{ full: "12 Main St, Austin, TX 73301", primary: true }],
    });
    const [history] = await t.database.db.select().from(histories).where(and(eq(histories.recordable_type, "Account"), eq(histories.recordable_id, created.id)));
    expect(history).toMatchObject({ action: "create", author: "agent a" });
    const byZip = await call("GET", "/v2/staff_agency/accounts?filter[addresses][zip_code]=73301", as.agentA);
    expect(titles(byZip.json())).toEqual(["Lakeside Homes"]);
  });

  it("answers field errors in the spec's words", async () => {
    const res = await call("POST", "/v2/staff_super_admin/accounts", as.superAdmin, {
      account: { title: "", contact_info: { contact_phone: "12", contact_email: "nope" }, addresses_attributes: [{ ...ADDRESS, state: "ZZ", zip_code: "123" }] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      title: "The title field is required.",
      agency_id: "The agency field is required.",
      "contact_info.contact_phone": "must be a valid phone number",
      "contact_info.contact_email": "must be a valid email address",
      "addresses_attributes.0.state": "is not a valid state",
      "addresses_attributes.0.zip_code": "must be a valid zip",
    });
  });

  it("an agent cannot create an account in another agency (403), nor read or edit one (404)", async () => {
    expect((await call("POST", "/v2/staff_agency/accounts", as.agentA, { account: { title: "X", agency_id: world.agencies.B.id } })).statusCode).toBe(403);
    expect((await call("GET", `/v2/staff_agency/accounts/${world.accounts.B.id}`, as.agentA)).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_agency/accounts/${world.accounts.A.id}`, as.agentB)).statusCode).toBe(404);
    expect((await call("PUT", `/v2/staff_agency/accounts/${world.accounts.B.id}`, as.agentA, { account: { title: "Mine now" } })).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_account/accounts/${world.accounts.B.id}`, as.staffA)).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_agency/accounts/${world.accounts.B.id}/account_policies`, as.agentA)).statusCode).toBe(404);
  });

  it("staff edit their own account but never create one or move it", async () => {
    const res = await call("PUT", `/v2/staff_account/accounts/${world.accounts.A.id}`, as.staffA, { account: { contact_info: { contact_phone: "(512) 555-0199" } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().contact_info).toEqual({ contact_phone: "(512) 555-0199" });
    expect((await call("POST", "/v2/staff_account/accounts", as.staffA, { account: { title: "New" } })).statusCode).toBe(403);
    expect((await call("PUT", `/v2/staff_account/accounts/${world.accounts.A.id}`, as.staffA, { account: { agency_id: world.agencies.B.id } })).statusCode).toBe(403);
  });

  it("addresses sent replace the old ones; history has the change", async () => {
    const created = (await call("POST", "/v2/staff_super_admin/accounts", as.superAdmin, { account: { title: "Moving Co", agency_id: world.agencies.B.id, addresses_attributes: [ADDRESS] } })).json();
    const res = await call("PUT", `/v2/staff_super_admin/accounts/${created.id}`, as.superAdmin, {
      account: { title: "Moving Co.", addresses_attributes: [{ street_number: "9", street_name: "Oak Ave", city: "Reno", state: "NV", zip_code: "89501" }] },
    });
    expect(res.json()).toMatchObject({ title: "Moving Co.", addresses: [{ full: "9 Oak Ave, Reno, NV 89501" }] });
    expect(res.json().addresses).toHaveLength(1);
    const rows = await t.database.db.select().from(histories).where(and(eq(histories.recordable_type, "Account"), eq(histories.recordable_id, created.id)));
    expect(rows.at(-1)!.data).toMatchObject({
      title: { previous_value: "Moving Co", new_value: "Moving Co." },
      addresses: { previous_value: ["12 Main St, Austin, TX 73301"], new_value: ["9 Oak Ave, Reno, NV 89501"] },
    });
  });
});

describe("enable and disable", () => {
  it("disabling disables every staff member (signed out on the next call); enabling re-enables only the owner", async () => {
    const db = t.database.db;
    const [account] = await db.insert(accounts).values({ title: "Cascade", agency_id: world.agencies.A.id }).returning();
    const [owner] = await db.insert(staff).values({ email: "owner.cascade@test.dev", role: "staff", organizable_type: "Account", organizable_id: account.id, enabled: true, owner: true, encrypted_password: world.staff.staffA.encrypted_password }).returning();
    const [member] = await db.insert(staff).values({ email: "member.cascade@test.dev", role: "staff", organizable_type: "Account", organizable_id: account.id, enabled: true, encrypted_password: world.staff.staffA.encrypted_password }).returning();
    await db.update(accounts).set({ staff_id: owner.id }).where(eq(accounts.id, account.id));
    const memberSession = await signInAs(t.app, "member.cascade@test.dev");
    expect((await call("GET", `/v2/staff_account/accounts/${account.id}`, memberSession)).statusCode).toBe(200);

    const disabled = await call("PUT", `/v2/staff_agency/accounts/${account.id}/disable`, as.agentA);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().enabled).toBe(false);
    const states = async () => Object.fromEntries((await db.select().from(staff).where(eq(staff.organizable_id, account.id))).filter((s) => s.organizable_type === "Account").map((s) => [s.email, s.enabled]));
    expect(await states()).toEqual({ "owner.cascade@test.dev": false, "member.cascade@test.dev": false });
    expect((await call("GET", `/v2/staff_account/accounts/${account.id}`, memberSession)).statusCode).toBe(401);
    const staffHistory = await db.select().from(histories).where(and(eq(histories.recordable_type, "Staff"), eq(histories.recordable_id, member.id)));
    expect(staffHistory.at(-1)!.data).toEqual({ enabled: { previous_value: true, new_value: false } });

    const enabled = await call("PUT", `/v2/staff_agency/accounts/${account.id}/enable`, as.agentA);
    expect(enabled.json().enabled).toBe(true);
    expect(await states()).toEqual({ "owner.cascade@test.dev": true, "member.cascade@test.dev": false });
  });

  it("staff cannot enable or disable; another agency's agent gets a 404", async () => {
    expect((await call("PUT", `/v2/staff_account/accounts/${world.accounts.A.id}/disable`, as.staffA)).statusCode).toBe(403);
    expect((await call("PUT", `/v2/staff_agency/accounts/${world.accounts.A.id}/disable`, as.agentB)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, world.accounts.A.id));
    expect(row.enabled).toBe(true);
  });
});

describe("account tabs", () => {
  it("lists the account's policies, communities, buildings and units, paginated, with history", async () => {
    const db = t.database.db;
    const [community] = await db.insert(insurables).values({ title: "Oak Court", account_id: world.accounts.A.id, agency_id: world.agencies.A.id, insurable_type_id: 1 }).returning();
    const [building] = await db.insert(insurables).values({ title: "Building 1", account_id: world.accounts.A.id, agency_id: world.agencies.A.id, insurable_type_id: 7, insurable_id: community.id }).returning();
    await db.insert(insurables).values([
      { title: "101", account_id: world.accounts.A.id, agency_id: world.agencies.A.id, insurable_type_id: 4, insurable_id: building.id },
      { title: "102", account_id: world.accounts.A.id, agency_id: world.agencies.A.id, insurable_type_id: 4, insurable_id: building.id },
      { title: "Other", account_id: world.accounts.B.id, agency_id: world.agencies.B.id, insurable_type_id: 4 },
    ]);
    const base = `/v2/staff_account/accounts/${world.accounts.A.id}`;
    const policies = await call("GET", `${base}/account_policies`, as.staffA);
    expect(policies.json().map((p: { number: string }) => p.number)).toEqual(["POL-A-0001"]);
    expect(policies.json()[0].primary_user).toBe("Ann Lee");
    expect(titles((await call("GET", `${base}/account_communities`, as.staffA)).json())).toEqual(["Oak Court"]);
    expect((await call("GET", `${base}/account_buildings`, as.staffA)).json()[0]).toMatchObject({ title: "Building 1", parent_title: "Oak Court" });
    const units = await call("GET", `${base}/account_units?pagination[per]=1&pagination[page]=2`, as.staffA);
    expect(titles(units.json())).toEqual(["102"]);
    expect(units.headers["total-entries"]).toBe("2");
    const history = await call("GET", `${base}/histories`, as.staffA);
    expect(history.statusCode).toBe(200);
  });

  it("agency-accounts lists an agency's enabled accounts within scope", async () => {
    const res = await call("GET", `/v2/staff_agency/agency-accounts/${world.agencies.A.id}`, as.agentA);
    expect(titles(res.json())).toContain("Account A");
    expect((await call("GET", `/v2/staff_agency/agency-accounts/${world.agencies.B.id}`, as.agentA)).statusCode).toBe(404);
  });
});

describe("bulk enable and disable (grid kit: picked rows or all matching)", () => {
  const enabledOf = async (ids: number[]) =>
    Object.fromEntries((await t.database.db.select().from(accounts)).filter((a) => ids.includes(a.id)).map((a) => [a.title, a.enabled]));

  it("all matching: every account of the filter within the caller's scope, never another agency's", async () => {
    const db = t.database.db;
    const made = await db
      .insert(accounts)
      .values([
        { title: "Bulk Oak 1", agency_id: world.agencies.A.id },
        { title: "Bulk Oak 2", agency_id: world.agencies.A1.id },
        { title: "Bulk Oak 3", agency_id: world.agencies.B.id },
        { title: "Bulk Pine", agency_id: world.agencies.A.id },
      ])
      .returning();
    const ids = made.map((a) => a.id);
    const res = await call("POST", "/v2/staff_agency/accounts/bulk_disable", as.agentA, { all_matching: true, filter: { title: { like: "bulk oak" } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ done: [made[0].id, made[1].id], failed: [] });
    // Agency B's match and the account outside the filter are untouched.
    expect(await enabledOf(ids)).toEqual({ "Bulk Oak 1": false, "Bulk Oak 2": false, "Bulk Oak 3": true, "Bulk Pine": true });
    // The agent of agency B reaches only its own one.
    const other = await call("POST", "/v2/staff_agency/accounts/bulk_disable", as.agentB, { all_matching: true, filter: { title: { like: "bulk oak" } } });
    expect(other.json()).toEqual({ done: [made[2].id], failed: [] });
  });

  it("picked ids: those outside the caller's scope are ignored, not acted on", async () => {
    const db = t.database.db;
    const made = await db
      .insert(accounts)
      .values([
        { title: "Bulk Elm A", agency_id: world.agencies.A.id, enabled: false },
        { title: "Bulk Elm B", agency_id: world.agencies.B.id, enabled: false },
      ])
      .returning();
    const res = await call("POST", "/v2/staff_agency/accounts/bulk_enable", as.agentA, { ids: made.map((a) => a.id) });
    // Another agency's account is not acted on: it fails as the single call's 404 would.
    expect(res.json()).toEqual({ done: [made[0].id], failed: [{ id: made[1].id, label: "", reason: "Account not found" }] });
    expect(await enabledOf(made.map((a) => a.id))).toEqual({ "Bulk Elm A": true, "Bulk Elm B": false });
  });

  it("refuses staff (403), an unknown filter (422) and an empty selection; a filter alone selects nothing", async () => {
    expect((await call("POST", "/v2/staff_account/accounts/bulk_disable", as.staffA, { all_matching: true })).statusCode).toBe(403);
    expect((await call("POST", "/v2/staff_agency/accounts/bulk_disable", as.agentA, { all_matching: true, filter: { nope: 1 } })).statusCode).toBe(422);
    expect((await call("POST", "/v2/staff_agency/accounts/bulk_disable", as.agentA, { ids: [] })).statusCode).toBe(422);
    const nothing = await call("POST", "/v2/staff_agency/accounts/bulk_disable", as.agentA, { filter: { title: { like: "a" } } });
    expect(nothing.json()).toEqual({ done: [], failed: [] });
    expect((await call("POST", "/v2/staff_agency/accounts/bulk_disable", as.agentA, {})).json()).toEqual({ done: [], failed: [] });
  });
});
