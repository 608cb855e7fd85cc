import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, insurables, leads, policies, staffPermissions, trackingUrls } from "../../db/schema";
import type { AuthHeaders, TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentB" | "staffA" | "support" | "restricted", AuthHeaders>;

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentB", "staffA", "support", "restricted"]));
  const db = t.database.db;
  // Two communities on the same street, one per agency, and a policy of agency B that shares agency A's number prefix.
  const [communityA] = await db.insert(insurables).values({ title: "Maple Court", insurable_type_id: 1, account_id: world.accounts.A.id, agency_id: world.agencies.A.id }).returning();
  const [communityB] = await db.insert(insurables).values({ title: "Maple Towers", insurable_type_id: 1, account_id: world.accounts.B.id, agency_id: world.agencies.B.id }).returning();
  await db.insert(addresses).values([
    { addressable_type: "Insurable", addressable_id: communityA.id, street_number: "10", street_name: "Elm Street", city: "Austin", state: "TX", zip_code: "73301", full: "10 Elm Street, Austin, TX 73301" },
    { addressable_type: "Insurable", addressable_id: communityB.id, street_number: "12", street_name: "Elm Street", city: "Austin", state: "TX", zip_code: "73301", full: "12 Elm Street, Austin, TX 73301" },
  ]);
  await db.insert(policies).values({ number: "POL-A-0009", status: "BOUND", policy_type_id: 1, policy_in_system: true, agency_id: world.agencies.B.id, account_id: world.accounts.B.id });
  await db.insert(leads).values([
    { email: "Lena.Hart@example.com", identifier: "lead-a", agency_id: world.agencies.A.id, account_id: world.accounts.A.id },
    { email: "lena.hart@example.com", identifier: "lead-b", agency_id: world.agencies.B.id },
  ]);
  await db.insert(trackingUrls).values([
    { landing_page: "residential", campaign_name: "Spring Mailer", agency_id: world.agencies.A.id },
    { landing_page: "commercial", campaign_name: "Spring Radio", agency_id: world.agencies.B.id },
    { landing_page: "commercial", campaign_name: "Spring Gone", agency_id: world.agencies.A.id, deleted_at: new Date() },
  ]);
});
afterAll(() => t.close());

type Hit = { kind: string; id: number; title: string; subtitle: string | null };
const search = async (q: string, headers: AuthHeaders) => {
  const res = await t.app.inject({ method: "GET", url: `/v2/palette?q=${encodeURIComponent(q)}`, headers });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Hit[]).map((h) => `${h.kind}:${h.title}`).sort();
};

describe("command palette search", () => {
  it("finds policies by number within the caller's tenant only", async () => {
    expect(await search("pol-a", as.superAdmin)).toEqual(["policies:POL-A-0001", "policies:POL-A-0009"]);
    expect(await search("pol-a", as.agentA)).toEqual(["policies:POL-A-0001"]);
    expect(await search("pol-a", as.staffA)).toEqual(["policies:POL-A-0001"]);
    expect(await search("pol-a", as.agentB)).toEqual(["policies:POL-A-0009"]);
  });

  it("finds customers by name or email, and properties by title or address, never another agency's", async () => {
    expect(await search("ann lee", as.agentA)).toEqual(["users:Ann Lee"]);
    expect(await search("cy.dune@", as.agentA)).toEqual([]);
    expect(await search("cy.dune@", as.agentB)).toEqual(["users:Cy Dune"]);
    expect(await search("elm street", as.superAdmin)).toEqual(["insurable:Maple Court", "insurable:Maple Towers"]);
    expect(await search("elm street", as.agentA)).toEqual(["insurable:Maple Court"]);
    expect(await search("maple", as.staffA)).toEqual(["insurable:Maple Court"]);
    expect(await search("maple", as.agentB)).toEqual(["insurable:Maple Towers"]);
  });

  it("finds accounts for agents and super admins, and nothing of a kind the caller may not list", async () => {
    expect(await search("account", as.agentA)).toEqual(["accounts:Account A", "accounts:Account A1"]);
    expect(await search("account", as.agentB)).toEqual(["accounts:Account B"]);
    // The restricted agent's users key is off: no customers, though the agency holds them.
    expect(await search("ann lee", as.restricted)).toEqual([]);
    await t.database.db.insert(staffPermissions).values({ staff_id: world.staff.restricted.id, key: "policies.policies", value: false });
    expect(await search("pol-a", as.restricted)).toEqual([]);
    // Policy support lists no policies, customers or properties: the palette offers them screens only.
    expect(await search("pol-a", as.support)).toEqual([]);
  });

  it("finds leads by their whole email and tracking URLs by campaign, each within the agency tree", async () => {
    expect(await search("LENA.HART@example.com", as.agentA)).toEqual(["leads:Lena.Hart@example.com"]);
    expect(await search("lena.hart@example.com", as.agentB)).toEqual(["leads:lena.hart@example.com"]);
    expect(await search("lena.hart", as.superAdmin)).toEqual([]);
    expect(await search("spring", as.agentA)).toEqual(["tracking-url:Spring Mailer"]);
    expect(await search("spring", as.superAdmin)).toEqual(["tracking-url:Spring Mailer", "tracking-url:Spring Radio"]);
    // Staff manage no tracking URLs.
    expect(await search("spring", as.staffA)).toEqual([]);
  });

  it("refuses a term shorter than two characters and answers 401 without a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/v2/palette?q=a", headers: as.agentA })).statusCode).toBe(422);
    expect((await t.app.inject({ method: "GET", url: "/v2/palette?q=pol" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/v2/staff_account/palette?q=pol", headers: as.agentA })).statusCode).toBe(403);
  });
});
