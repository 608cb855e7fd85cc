import { type SQL, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exports as exportsTable, insurables, integrationProfiles, policies, policyInsurables, policyUsers, profiles, users } from "../../db/schema";
import type { InlineQueue } from "../../jobs/queue";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";
import { queryRows } from "../../lib/list";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "staffA" | "staffB" | "support", AuthHeaders>;

/** Adds a policy with a primary customer (email, full name, T code) on a unit of a building of a community. */
async function addPolicy(n: number, overrides: Partial<typeof policies.$inferInsert> = {}) {
  const db = t.database.db;
  const [policy] = await db
    .insert(policies)
    .values({ number: `LST-${n}`, status: "BOUND", policy_type_id: 1, policy_in_system: true, account_id: world.accounts.A.id, agency_id: world.agencies.A.id, effective_date: "2026-01-01", expiration_date: "2027-01-01", ...overrides })
    .returning();
  const [user] = await db.insert(users).values({ email: `holder${n}@list.test` }).returning();
  await db.insert(profiles).values({ profileable_type: "User", profileable_id: user.id, first_name: "Holder", last_name: `Number${n}`, full_name: `Holder Number${n}`, contact_email: `contact${n}@mail.test` });
  await db.insert(integrationProfiles).values({ profileable_type: "User", profileable_id: user.id, external_id: `t${n}code` });
  await db.insert(policyUsers).values({ policy_id: policy.id, user_id: user.id, primary: true });
  return policy;
}

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "staffA", "staffB", "support"]));
}, 60_000);
afterAll(() => t.close());

const post = (url: string, headers: AuthHeaders, payload: object) => t.app.inject({ method: "POST", url, headers, payload });
const get = (url: string, headers: AuthHeaders) => t.app.inject({ method: "GET", url, headers });
const numbers = (rows: Array<{ number: string }>) => rows.map((r) => r.number).sort();

describe("policy lists", () => {
  beforeAll(async () => {
    const db = t.database.db;
    const [community] = await db.insert(insurables).values({ title: "Oak Park", insurable_type_id: 1, account_id: world.accounts.A.id }).returning();
    const [building] = await db.insert(insurables).values({ title: "Building 2", insurable_type_id: 7, insurable_id: community.id, account_id: world.accounts.A.id }).returning();
    const [unit] = await db.insert(insurables).values({ title: "Unit 204", insurable_type_id: 4, insurable_id: building.id, account_id: world.accounts.A.id }).returning();
    const first = await addPolicy(1);
    await db.insert(policyInsurables).values({ policy_id: first.id, insurable_id: unit.id, primary: true });
    await addPolicy(2, { status: "EXTERNAL_UNVERIFIED", policy_in_system: false, out_of_system_carrier_title: "Lemonade" });
    await addPolicy(3, { account_id: world.accounts.B.id, agency_id: world.agencies.B.id, status: "CANCELLED" });
  });

  it("answers the grid's row with customer, unit chain and T code", async () => {
    const res = await post("/v2/staff_super_admin/policies/list", as.superAdmin, { filter: { number: { like: "lst-1" } } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 1, page: 1, per: 50 });
    expect(body.data[0]).toMatchObject({
      number: "LST-1",
      status: "BOUND",
      tcode: "t1code",
      policy_type_title: "Residential",
      account: { title: "Account A" },
      agency: { title: "Agency A" },
      primary_user: { email: "holder1@list.test", full_name: "Holder Number1" },
      primary_insurable: { title: "Unit 204", parent_building: { title: "Building 2" }, parent_community: { title: "Oak Park" } },
      latest_submitted_revision: null,
      effective_date: "2026-01-01",
    });
  });

  it("filters by every search type", async () => {
    const search = async (filter: object) => numbers((await post("/v2/staff_super_admin/policies/list", as.superAdmin, { filter })).json().data);
    expect(await search({ tcode: { like: "T2CO" } })).toEqual(["LST-2"]);
    expect(await search({ users: { email: { like: "holder3@" } } })).toEqual(["LST-3"]);
    expect(await search({ users: { profile: { full_name: { like: "number2" } } } })).toEqual(["LST-2"]);
    expect(await search({ users: { profile: { contact_email: { like: "contact1@" } } } })).toEqual(["LST-1"]);
    expect(await search({ number: { like: "LST" }, policy_in_system: false })).toEqual(["LST-2"]);
    expect(await search({ number: { like: "LST" }, status: ["BOUND", "CANCELLED"] })).toEqual(["LST-1", "LST-3"]);
  });

  it("keeps each caller in scope", async () => {
    const staffA = await post("/v2/staff_account/policies/list", as.staffA, { filter: { number: { like: "LST" } } });
    expect(numbers(staffA.json().data)).toEqual(["LST-1", "LST-2"]);
    const staffB = await post("/v2/staff_account/policies/list", as.staffB, { filter: { number: { like: "LST" } } });
    expect(numbers(staffB.json().data)).toEqual(["LST-3"]);
    const agent = await get("/v2/staff_agency/policies?filter[number][like]=LST", as.agentA);
    expect(numbers(agent.json())).toEqual(["LST-1", "LST-2"]);
    expect(agent.headers["total-entries"]).toBe("2");
  });

  it("answers the three dialects with the same total", async () => {
    const bracket = await get("/v2/staff_super_admin/policies?filter[number][like]=LST&pagination[per]=1", as.superAdmin);
    expect(bracket.headers["total-entries"]).toBe("3");
    expect(bracket.json()).toHaveLength(1);
    const data = await get("/v2/staff_super_admin/policies?filter[number][like]=LST&format=data", as.superAdmin);
    expect(data.json().meta.total).toBe(3);
    const short = await get("/v2/staff_super_admin/policies?filter[number][like]=LST-1&short=true", as.superAdmin);
    expect(short.json()).toEqual([{ id: expect.any(Number), number: "LST-1", status: "BOUND" }]);
  });

  it("refuses unknown filters, statuses that are not text, and bad pages", async () => {
    expect((await post("/v2/staff_super_admin/policies/list", as.superAdmin, { filter: { colour: "red" } })).statusCode).toBe(422);
    expect((await post("/v2/staff_super_admin/policies/list", as.superAdmin, { pagination: { page: 0 } })).statusCode).toBe(422);
    expect((await post("/v2/staff_super_admin/policies/list", as.superAdmin, { sort: { column: "colour" } })).statusCode).toBe(422);
    expect((await post("/v2/staff_super_admin/policies/list", as.superAdmin, { filter: { updated_at: { start: "not a date" } } })).statusCode).toBe(422);
  });

  it("lists external policies for policy support through the dashboard index", async () => {
    const res = await post("/v2/policy-support/policies_dashboard_index", as.support, {
      filter: { users: { email: { like: "@list.test" } }, updated_at_end_date: "2999-01-01T23:59:59" },
    });
    expect(res.statusCode).toBe(200);
    expect(numbers(res.json())).toEqual(["LST-2"]);
    expect((await post("/v2/staff_account/policies_dashboard_index", as.staffA, {})).statusCode).toBe(403);
  });
});

describe("CSV export", () => {
  it("is for super admins only", async () => {
    expect((await get("/v2/staff_account/policies/export", as.staffA)).statusCode).toBe(403);
  });

  it("builds the whole filtered list in the background, mails the requester and offers the download", async () => {
    const res = await get("/v2/staff_super_admin/policies/export?filter[number][like]=LST&filter[status][]=BOUND&filter[status][]=CANCELLED", as.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "Export is in process, we'll email you once it's processed" });
    await (t.app.jobs as InlineQueue).idle();
    const [row] = await t.database.db.select().from(exportsTable).where(eq(exportsTable.id, res.json().export_id));
    expect(row).toMatchObject({ status: "ready", row_count: 2, total_rows: 2 });
    const mail = t.mailer.sent.find((m) => m.template === "policies_export");
    expect(mail?.to).toBe("super.admin@test.dev");
    const listed = (await get("/v2/staff_super_admin/exports", as.superAdmin)).json();
    expect(listed[0]).toMatchObject({ id: row.id, status: "ready", row_count: 2 });
    const download = await t.app.inject({ method: "GET", url: listed[0].download_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toContain("text/csv");
    const lines = download.body.trim().split("\r\n");
    expect(lines[0]).toBe("Number,Status,T Code,Community,Building,Unit,Account,Agency,Effective Date,Expiration Date,Customer,Email,Policy Type,Billing Strategy,Updated At,In System");
    expect(lines.slice(1).map((l) => l.split(",")[0]).sort()).toEqual(["LST-1", "LST-3"]);
    // Statuses, dates and flags as the grid shows them (issue 10 section 1).
    const first = lines.find((l) => l.startsWith("LST-1"))!;
    expect(first).toMatch(/^LST-1,(Bound|Cancelled),/);
    expect(first).toContain('Oak Park,Building 2,Unit 204,Account A,Agency A,"January 1, 2026","January 1, 2027",Holder Number1,holder1@list.test,Residential,');
    expect(first).toMatch(/,"\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2} (AM|PM)",(Yes|No)$/);
    // The mail's link opens from a mail client: absolute, to this file.
    expect(mail?.text).toMatch(/Download it within 7 days: https?:\/\/[^\s/]+\/v2\/files\/\S+/);
  });

  it("lists the filtered grid's rows in the grid's order, for its default sort and a chosen one", async () => {
    for (const sort of [{}, { column: "number", direction: "asc" }]) {
      const query = new URLSearchParams({ "filter[number][like]": "LST" });
      for (const [key, value] of Object.entries(sort)) query.set(`sort[${key}]`, value);
      const res = await get(`/v2/staff_super_admin/policies/export?${query}`, as.superAdmin);
      await (t.app.jobs as InlineQueue).idle();
      const grid = await post("/v2/staff_super_admin/policies/list", as.superAdmin, { filter: { number: { like: "LST" } }, sort, pagination: { per: 100 } });
      const listed = (await get("/v2/staff_super_admin/exports", as.superAdmin)).json();
      const file = (await t.app.inject({ method: "GET", url: listed.find((e: { id: number }) => e.id === res.json().export_id).download_url })).body;
      const inFile = file.trim().split("\r\n").slice(1).map((line) => line.split(",")[0]);
      expect(inFile.length).toBeGreaterThan(2);
      expect(inFile).toEqual(grid.json().data.map((r: { number: string }) => r.number));
    }
  });

  it("refuses a bad filter before queueing anything", async () => {
    expect((await get("/v2/staff_super_admin/policies/export?filter[colour]=red", as.superAdmin)).statusCode).toBe(422);
  });

  it("a tampered download link is refused", async () => {
    const listed = (await get("/v2/staff_super_admin/exports", as.superAdmin)).json();
    const url: string = listed[0].download_url;
    expect((await t.app.inject({ method: "GET", url: url.slice(0, -2) + "xx" })).statusCode).toBe(404);
  });
});

describe("deleting an external policy from the grid", () => {
  it("deletes external policies in scope only, and never in-system ones", async () => {
    const external = await addPolicy(10, { status: "EXTERNAL_VERIFIED", policy_in_system: false });
    const inSystem = await addPolicy(11);
    const outOfScope = await addPolicy(12, { policy_in_system: false, status: "EXTERNAL_VERIFIED", account_id: world.accounts.B.id, agency_id: world.agencies.B.id });
    const del = (id: number, headers: AuthHeaders, prefix: string) => post(`/v2/${prefix}/policies/external/delete`, headers, { policy: { id } });
    expect((await del(outOfScope.id, as.staffA, "staff_account")).statusCode).toBe(404);
    const refused = await del(inSystem.id, as.staffA, "staff_account");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("Only external policies can be deleted");
    expect((await del(external.id, as.staffA, "staff_account")).json()).toEqual({ success: true, message: "Policy deleted" });
    expect(await t.database.db.select().from(policies).where(eq(policies.id, external.id))).toHaveLength(0);
    expect((await del(external.id, as.staffA, "staff_account")).statusCode).toBe(404);
  });
});

/**
 * The grid's default order read from its covering indexes (migration 0049) and a number search counted in that order
 * (FilterDef.clustered): the same pages and totals as sorting the matching rows at once, ties in updated_at included.
 */
describe("policy pages read in the grid's order", () => {
  let carrier: number[] = [];
  beforeAll(async () => {
    const { A, A1, B } = world.agencies;
    carrier = (await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO carriers (title) VALUES ('Clu One'), ('Clu Two'), ('Clu Three') RETURNING id`)).map((r) => Number(r.id));
    const accounts = [world.accounts.A.id, world.accounts.A1.id, world.accounts.B.id];
    // 1,100 policies over agencies A, A1 and B; 13 distinct change times, so the order has ties.
    await t.database.db.execute(sql`INSERT INTO policies (number, status, policy_type_id, policy_in_system, agency_id, account_id, carrier_id,
        effective_date, expiration_date, updated_at)
      SELECT 'CLU-' || lpad(g::text, 5, '0'), 'BOUND', 1 + g % 2, true, (ARRAY[${A.id}, ${A1.id}, ${B.id}]::int[])[1 + g % 3],
        (ARRAY[${accounts[0]}, ${accounts[1]}, ${accounts[2]}]::int[])[1 + g % 3],
        (ARRAY[${carrier[0]}, ${carrier[1]}, ${carrier[2]}]::int[])[1 + g % 5 % 3], date '2026-01-01' + g % 120, date '2027-01-01',
        timestamptz '2026-05-01 00:00:00+00' + (g % 13) * interval '1 hour'
      FROM generate_series(1, 1100) g`);
  });

  /** The matching ids sorted at once, as the grid promises (updated_at desc, id desc). */
  const truth = async (where: SQL) =>
    (await queryRows<{ id: number }>(t.database.db, sql`SELECT po.id FROM policies po WHERE ${where} ORDER BY po.updated_at DESC, po.id DESC`)).map((r) => Number(r.id));
  const page = async (headers: AuthHeaders, prefix: string, filter: object, n: number) => {
    const res = await post(`/v2/${prefix}/policies/list`, headers, { filter, pagination: { page: n, per: 50 }, sort: { column: "updated_at", direction: "desc" } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Array<{ id: number }>; meta: { total: number; total_capped?: boolean } };
    return { ids: body.data.map((r) => r.id), total: body.meta.total, capped: body.meta.total_capped === true };
  };

  it("counts a number search that matches more than 1,000 to the cap, with the same pages", async () => {
    const all = await truth(sql`po.number LIKE 'CLU-%'`);
    expect(all.length).toBe(1100);
    for (const n of [1, 3]) expect(await page(as.superAdmin, "staff_super_admin", { number: { like: "clu-0" } }, n)).toEqual({ ids: all.slice((n - 1) * 50, n * 50), total: 1000, capped: true });
    const narrow = await truth(sql`lower(po.number) LIKE '%clu-001%'`);
    expect(narrow.length).toBe(100);
    expect(await page(as.superAdmin, "staff_super_admin", { number: { like: "CLU-001" } }, 2)).toEqual({ ids: narrow.slice(50, 100), total: 100, capped: false });
  });

  it("answers an agent's carrier, type and effective-date filters as the rows sorted at once", async () => {
    const { A, A1 } = world.agencies;
    const tree = sql`po.agency_id IN (${A.id}, ${A1.id})`;
    const cases: Array<[object, SQL]> = [
      [{ carrier_id: [carrier[1]] }, sql`po.carrier_id = ${carrier[1]}`],
      [{ policy_type_id: [2] }, sql`po.policy_type_id = 2`],
      [{ effective_date: { start: "2026-02-01", end: "2026-03-15" } }, sql`po.effective_date BETWEEN '2026-02-01' AND '2026-03-15'`],
      [{ number: { like: "clu-00" } }, sql`lower(po.number) LIKE '%clu-00%'`],
    ];
    for (const [filter, where] of cases) {
      const expected = await truth(sql`${tree} AND ${where}`);
      expect(expected.length).toBeGreaterThan(50);
      for (const n of [1, 2]) {
        expect(await page(as.agentA, "staff_agency", filter, n)).toEqual({ ids: expected.slice((n - 1) * 50, n * 50), total: expected.length, capped: false });
      }
    }
    const expected = await truth(sql`po.effective_date BETWEEN '2026-02-01' AND '2026-03-15'`);
    const got = await page(as.superAdmin, "staff_super_admin", { effective_date: { start: "2026-02-01", end: "2026-03-15" } }, 1);
    expect(got.ids).toEqual(expected.slice(0, 50));
  });
});
