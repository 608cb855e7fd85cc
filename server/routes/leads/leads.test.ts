import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exports as exportsTable, leadEvents, leads, profiles, staff, staffPermissions, trackingUrls } from "../../db/schema";
import type { InlineQueue } from "../../jobs/queue";
import { queryRows } from "../../lib/list";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { leadEventsChanged } from "./leads.stats";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
const L: Record<string, number> = {};

const req = (method: "GET" | "PUT" | "POST", url: string, headers?: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });
const emails = (rows: Array<{ email: string }>) => rows.map((r) => r.email).sort();
const WINDOW = { start: "2026-03-01", end: "2026-03-07" };

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  for (const [key, email] of Object.entries({ superAdmin: "super.admin@test.dev", agentA: "agent.a@test.dev", agentB: "agent.b@test.dev", staffA: "staff.a@test.dev", staffB: "staff.b@test.dev", support: "policy.support@test.dev" })) {
    as[key] = await signInAs(t.app, email);
  }
  const db = t.database.db;
  const [ta] = await db.insert(trackingUrls).values({ landing_page: "residential", campaign_name: "spring", campaign_source: "google", campaign_medium: "cpc", agency_id: world.agencies.A.id }).returning();
  const [tb] = await db.insert(trackingUrls).values({ landing_page: "commercial", campaign_name: "fall", campaign_source: "facebook", campaign_medium: "social", agency_id: world.agencies.B.id }).returning();
  const now = new Date();
  const lead = async (key: string, values: Partial<typeof leads.$inferInsert>, events: Array<[string, string, number?]>) => {
    const [row] = await db
      .insert(leads)
      .values({ email: `${key.toLowerCase()}@leads.test`, identifier: `lead-${key}`, last_visit: now, lead_events_cx: events.length, last_visited_page: "Quote", ...values })
      .returning();
    L[key] = row.id;
    await db.insert(profiles).values({ profileable_type: "Lead", profileable_id: row.id, first_name: key, last_name: "Prospect", full_name: `${key} Prospect`, contact_phone: "(555) 010-1000" });
    if (events.length) {
      await db.insert(leadEvents).values(
        events.map(([at, tag, type]) => ({ lead_id: row.id, tag, policy_type_id: type ?? 1, agency_id: row.agency_id, data: { page: tag, premium_total: 12_000 }, created_at: new Date(at) })),
      );
    }
  };
  // 07:30 UTC on March 2 is still March 1 in Los Angeles: the stats count it on the 1st.
  await lead("L1", { agency_id: world.agencies.A.id, account_id: world.accounts.A.id, tracking_url_id: ta.id }, [
    ["2026-03-02T07:30:00Z", "landing"],
    ["2026-03-02T18:00:00Z", "coverage"],
  ]);
  await lead("L2", { agency_id: world.agencies.A.id, account_id: world.accounts.A.id, tracking_url_id: ta.id, status: "converted", policy_id: world.policies.A.id, premium_total: 36_500 }, [
    ["2026-03-03T18:00:00Z", "landing"],
    ["2026-03-03T18:10:00Z", "checkout"],
    ["2026-03-03T18:20:00Z", "purchase"],
  ]);
  await lead("L3", { agency_id: world.agencies.A1.id, status: "return" }, [
    ["2026-03-04T18:00:00Z", "landing", 5],
    ["2026-03-04T18:05:00Z", "checkout", 5],
  ]);
  await lead("L4", { agency_id: world.agencies.B.id, account_id: world.accounts.B.id, tracking_url_id: tb.id }, [["2026-03-02T18:00:00Z", "landing"]]);
  await lead("L5", { agency_id: world.agencies.A.id, account_id: world.accounts.A.id, archived: true }, [["2026-02-01T18:00:00Z", "landing"]]);
  // Leads last seen long ago are outside the list's default month.
  await lead("Old", { agency_id: world.agencies.A.id, account_id: world.accounts.A.id, last_visit: new Date("2025-01-01T00:00:00Z") }, []);
  leadEventsChanged(t.database.db);
}, 60_000);
afterAll(() => t.close());

describe("the leads grid", () => {
  it("lists the non-converted leads of the last month in {data, meta} for a super admin", async () => {
    const res = await req("POST", "/v2/leads/list", as.superAdmin, { filter: { archived: false }, pagination: { page: 1, per: 20 } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(emails(body.data)).toEqual(["l1@leads.test", "l3@leads.test", "l4@leads.test"]);
    expect(body.meta).toMatchObject({ total: 3, page: 1, per: 20 });
    const l1 = body.data.find((r: { id: number }) => r.id === L.L1);
    expect(l1).toMatchObject({
      first_name: "L1",
      last_name: "Prospect",
      agency_name: "Agency A",
      account_title: "Account A",
      site_visits: 2,
      primary_campaign_name: "spring",
      primary_campaign_source: "google",
      primary_campaign_medium: "cpc",
      interested_product: expect.any(String),
      archived: false,
    });
  });

  it("scopes an agent to the agency tree and a chosen sub-agency, never another agency", async () => {
    const own = await req("GET", "/v2/staff_agency/leads", as.agentA);
    expect(own.statusCode).toBe(200);
    expect(emails(own.json())).toEqual(["l1@leads.test", "l3@leads.test", "l5@leads.test"]);
    expect(own.headers["total-entries"]).toBe("3");
    const sub = await req("GET", `/v2/staff_agency/leads?agency_id=${world.agencies.A1.id}`, as.agentA);
    expect(emails(sub.json())).toEqual(["l3@leads.test"]);
    expect((await req("GET", `/v2/staff_agency/leads?agency_id=${world.agencies.B.id}`, as.agentA)).statusCode).toBe(403);
    expect(emails((await req("GET", "/v2/staff_agency/leads", as.agentB)).json())).toEqual(["l4@leads.test"]);
  });

  it("scopes staff to their account (cross-tenant: another account's leads are never listed nor found)", async () => {
    expect(emails((await req("GET", "/v2/staff_account/leads", as.staffA)).json())).toEqual(["l1@leads.test", "l5@leads.test"]);
    expect(emails((await req("GET", "/v2/staff_account/leads", as.staffB)).json())).toEqual(["l4@leads.test"]);
    expect((await req("GET", `/v2/staff_account/leads/${L.L1}`, as.staffB)).statusCode).toBe(404);
    expect((await req("PUT", `/v2/staff_account/leads/${L.L1}`, as.staffB, { lead: { archived: true } })).statusCode).toBe(404);
    expect((await req("GET", `/v2/staff_agency/leads/${L.L4}`, as.agentA)).statusCode).toBe(404);
    expect((await req("POST", "/v2/leads/list", as.staffB, { filter: { email: { like: "l1@" } } })).json().data).toEqual([]);
  });

  it("filters by status, range, campaign, product and archived", async () => {
    const list = async (filter: object) => emails((await req("POST", "/v2/leads/list", as.superAdmin, { filter })).json().data);
    expect(await list({ status: "converted" })).toEqual(["l2@leads.test"]);
    expect(await list({ tracking_url: { campaign_source: ["google"] } })).toEqual(["l1@leads.test"]);
    expect(await list({ tracking_url: { campaign_name: ["fall", "spring"] } })).toEqual(["l1@leads.test", "l4@leads.test"]);
    expect(await list({ lead_events: { policy_type_id: [5] } })).toEqual(["l3@leads.test"]);
    expect(await list({ archived: true })).toEqual(["l5@leads.test"]);
    expect(await list({ last_visit: { start: "2024-12-01", end: "2025-01-31" } })).toEqual(["old@leads.test"]);
  });

  it("refuses bad filters with 422, signed-out callers with 401 and policy support with 403", async () => {
    const bad = await req("POST", "/v2/leads/list", as.superAdmin, { filter: { last_visit: { start: "2026-02-30" } } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors["filter.last_visit"]).toBeDefined();
    expect((await req("POST", "/v2/leads/list", as.superAdmin, { filter: { colour: "red" } })).statusCode).toBe(422);
    expect((await req("POST", "/v2/leads/list", as.superAdmin, { sort: { column: "password" } })).statusCode).toBe(422);
    expect((await req("POST", "/v2/leads/list")).statusCode).toBe(401);
    expect((await req("POST", "/v2/leads/list", as.support, {})).statusCode).toBe(403);
  });
});

describe("one lead", () => {
  it("shows the profile, tracking URL, events, converted policy and history of archiving", async () => {
    const res = await req("GET", `/v2/staff_agency/leads/${L.L2}`, as.agentA);
    expect(res.statusCode).toBe(200);
    const lead = res.json();
    expect(lead).toMatchObject({ id: L.L2, status: "converted", archived: false, site_visits: 3, premium_total: 36_500 });
    expect(lead.profile_attributes).toMatchObject({ first_name: "L2", contact_phone: "(555) 010-1000" });
    expect(lead.tracking_url).toMatchObject({ campaign_name: "spring", landing_page: "residential" });
    expect(lead.policy).toMatchObject({ id: world.policies.A.id, number: "POL-A-0001" });
    expect(lead.lead_events.map((e: { tag: string }) => e.tag)).toEqual(["purchase", "checkout", "landing"]);
    expect(lead.lead_events[0]).toMatchObject({ page: "purchase", premium_total: 12_000 });
  });

  it("archives and unarchives within scope, each change in the lead's history", async () => {
    const put = await req("PUT", `/v2/staff_account/leads/${L.L1}`, as.staffA, { lead: { archived: true } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: L.L1, archived: true });
    const archived = await req("POST", "/v2/leads/list", as.staffA, { filter: { archived: true } });
    expect(emails(archived.json().data)).toEqual(["l1@leads.test", "l5@leads.test"]);
    const shown = (await req("GET", `/v2/staff_account/leads/${L.L1}`, as.staffA)).json();
    expect(shown.histories[0]).toMatchObject({ author: "staff a", action: "update", data: { archived: { previous_value: false, new_value: true } } });
    expect((await req("PUT", `/v2/staff_account/leads/${L.L1}`, as.staffA, { lead: { archived: false } })).json().archived).toBe(false);
    expect((await req("PUT", `/v2/staff_account/leads/${L.L1}`, as.staffA, { lead: { archived: "yes" } })).statusCode).toBe(422);
    expect((await req("GET", "/v2/staff_account/leads/999999", as.staffA)).statusCode).toBe(404);
  });
});

describe("dashboard statistics (reference 4.9, Los Angeles days)", () => {
  const stats = (headers: AuthHeaders, filter: object = {}, query = "") => req("POST", `/v2/dashboards/leads/stats${query}`, headers, { filter: { last_visit: WINDOW, ...filter } });

  it("adds up a fixed week for a super admin, per day", async () => {
    const res = await stats(as.superAdmin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ site_visits: 8, visitors: 4, customers: 1, leads: 3, applications: 3, not_finished_applications: 1, conversions: 25, bucket: "day" });
    expect(Object.keys(body.stats_by)).toEqual(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07"]);
    expect(body.stats_by["2026-03-01"]).toMatchObject({ site_visits: 1, visitors: 1, leads: 1, applications: 0 });
    expect(body.stats_by["2026-03-02"]).toMatchObject({ site_visits: 2, visitors: 2, applications: 1 });
    expect(body.stats_by["2026-03-03"]).toMatchObject({ site_visits: 3, customers: 1, conversions: 100 });
    expect(body.stats_by["2026-03-05"]).toMatchObject({ site_visits: 0, visitors: 0, conversions: 0 });
  });

  it("counts only the caller's scope and filters", async () => {
    expect((await stats(as.agentA)).json()).toMatchObject({ site_visits: 7, visitors: 3, customers: 1, leads: 2, applications: 3, not_finished_applications: 1, conversions: 33.3 });
    expect((await stats(as.agentA, {}, `?agency_id=${world.agencies.A1.id}`)).json()).toMatchObject({ site_visits: 2, visitors: 1, customers: 0 });
    expect((await stats(as.agentA, {}, `?agency_id=${world.agencies.B.id}`)).statusCode).toBe(403);
    expect((await stats(as.staffA)).json()).toMatchObject({ site_visits: 5, visitors: 2, customers: 1, applications: 2, not_finished_applications: 0, conversions: 50 });
    expect((await stats(as.staffB)).json()).toMatchObject({ site_visits: 1, visitors: 1, customers: 0 });
    expect((await stats(as.superAdmin, { tracking_url: { campaign_source: ["google"] } })).json()).toMatchObject({ visitors: 2, customers: 1 });
    expect((await stats(as.superAdmin, { lead_events: { policy_type_id: [5] } })).json()).toMatchObject({ visitors: 1, not_finished_applications: 1 });
  });

  it("answers monthly buckets over two months or more, the same on GET /leads_dashboard", async () => {
    const res = await req("GET", "/v2/staff_super_admin/leads_dashboard?filter[last_visit][start]=2026-01-01&filter[last_visit][end]=2026-03-31", as.superAdmin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.bucket).toBe("month");
    expect(Object.keys(body.stats_by)).toEqual(["2026-01-01", "2026-02-01", "2026-03-01"]);
    expect(body.stats_by["2026-02-01"]).toMatchObject({ site_visits: 1, visitors: 1 });
    expect(body).toMatchObject({ site_visits: 9, visitors: 5 });
  });

  it("refuses a window that ends before it starts or an impossible date", async () => {
    const backwards = await stats(as.superAdmin, { last_visit: { start: "2026-03-07", end: "2026-03-01" } });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors["filter.last_visit.end"]).toBe("End date must be later than Start date");
    expect((await stats(as.superAdmin, { last_visit: { start: "2026-13-01" } })).statusCode).toBe(422);
  });

  it("tells the grid's story: the Leads tile counts the window's leads, archived ones too, and says how many the grid's Archived toggle holds", async () => {
    // A staff member's own leads of a past week (no other lead of their account visited then), each last visit being
    // its event: the statistics of that week are their account's rows of lead_day_stats.
    const db = t.database.db;
    const at = new Date("2025-09-10T18:00:00Z");
    const ids: number[] = [];
    for (const [key, status] of [["story1", "prospect"], ["story2", "return"], ["story3", "converted"]] as const) {
      const [row] = await db
        .insert(leads)
        .values({ email: `${key}@leads.test`, identifier: `lead-${key}`, status, agency_id: world.agencies.A.id, account_id: world.accounts.A.id, last_visit: at, lead_events_cx: 1 })
        .returning();
      await db.insert(leadEvents).values({ lead_id: row.id, tag: "landing", agency_id: row.agency_id, data: {}, created_at: at });
      ids.push(row.id);
    }
    leadEventsChanged(t.database.db);
    const week = { start: "2025-09-08", end: "2025-09-14" };
    const grid = async (archived: boolean) => (await req("POST", "/v2/staff_account/leads/list", as.staffA, { filter: { archived, last_visit: week } })).json().meta.total as number;
    const tiles = async () => (await req("POST", "/v2/staff_account/dashboards/leads/stats", as.staffA, { filter: { last_visit: week } })).json();
    expect(await tiles()).toMatchObject({ leads: 2, customers: 1, visitors: 3, archived_leads: 0 });
    expect([await grid(false), await grid(true)]).toEqual([2, 0]);
    // Archiving one: the grid moves it under Archived; the tiles still count its visit and say it is archived, at once
    // (the 5-minute cache is dropped by the archiving).
    expect((await req("PUT", `/v2/staff_account/leads/${ids[0]}`, as.staffA, { lead: { archived: true } })).statusCode).toBe(200);
    const after = await tiles();
    expect(after).toMatchObject({ leads: 2, customers: 1, visitors: 3, archived_leads: 1 });
    expect([await grid(false), await grid(true)]).toEqual([1, 1]);
    expect(after.leads).toBe((await grid(false)) + (await grid(true)));
    expect(after.leads - after.archived_leads).toBe(await grid(false));
    // The same from a filter the table does not answer (an email search reads the events): the same numbers.
    const byEmail = (await req("POST", "/v2/staff_account/dashboards/leads/stats", as.staffA, { filter: { last_visit: week, email: { like: "story" } } })).json();
    expect(byEmail).toMatchObject({ leads: 2, archived_leads: 1 });
  });

  it("answers each tracking URL's numbers and the campaign filter choices in scope", async () => {
    const urls = await req("GET", `/v2/staff_agency/leads_dashboard_tracking_url?filter[last_visit][start]=${WINDOW.start}&filter[last_visit][end]=${WINDOW.end}`, as.agentA);
    expect(urls.statusCode).toBe(200);
    expect(urls.json()).toEqual([expect.objectContaining({ campaign_name: "spring", visitors: 2, customers: 1, site_visits: 5 })]);
    expect((await req("GET", "/v2/staff_agency/leads_dashboard/get_filters", as.agentA)).json()).toEqual({ campaign_source: ["google"], campaign_name: ["spring"], campaign_medium: ["cpc"] });
    expect((await req("GET", "/v2/staff_super_admin/leads_dashboard/get_filters", as.superAdmin)).json().campaign_source).toEqual(["facebook", "google"]);
    expect((await req("GET", "/v2/staff_account/leads_dashboard/get_filters", as.staffB)).json().campaign_source).toEqual(["facebook"]);
    const products = (await req("GET", "/v2/staff_account/leads/filters/get_products", as.staffA)).json();
    expect(products.map((p: { id: number }) => p.id)).toContain(1);
  });
});

describe("the leads CSV (input_file=text/csv)", () => {
  it("builds the scoped, filtered grid in the background, mails the requester and the file lists the grid's rows", async () => {
    const res = await req("POST", "/v2/staff_agency/leads/list", as.agentA, { filter: { archived: false }, sort: { column: "email", direction: "asc" }, input_file: "text/csv" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "Report were sent" });
    await (t.app.jobs as InlineQueue).idle();
    const [row] = await t.database.db.select().from(exportsTable).where(eq(exportsTable.id, res.json().export_id));
    expect(row).toMatchObject({ kind: "leads", status: "ready", row_count: 2 });
    const mail = t.mailer.sent.find((m) => m.template === "leads_export");
    expect(mail?.to).toBe("agent.a@test.dev");
    const link = /Download it within 7 days: https?:\/\/[^\s/]+(\/v2\/files\/\S+)/.exec(mail!.text)![1];
    const file = await t.app.inject({ method: "GET", url: link });
    expect(file.headers["content-type"]).toContain("text/csv");
    const lines = file.body.trim().split("\r\n");
    expect(lines[0]).toBe("Email,First Name,Last Name,Agency,Account,Status,Created At,Last Visit,Last Visited Page,Site Visits,Campaign Name,Campaign Source,Campaign Medium,Premium,Billing Strategy,Interested Product,Archived");
    // Agent A's unarchived, non-converted leads (L1 and L3), never agency B's L4.
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["l1@leads.test", "l3@leads.test"]);
    expect(lines[1]).toContain(",spring,google,cpc,");
  });

  it("refuses a bad filter before queueing, and callers without the right", async () => {
    expect((await req("POST", "/v2/leads/list", as.superAdmin, { filter: { colour: "red" }, input_file: "text/csv" })).statusCode).toBe(422);
    expect((await req("GET", "/v2/staff_account/leads?input_file=text/csv", as.staffA)).json()).toMatchObject({ message: "Report were sent" });
    await (t.app.jobs as InlineQueue).idle();
    expect(t.mailer.sent.filter((m) => m.template === "leads_export").map((m) => m.to)).toContain("staff.a@test.dev");
    expect((await req("POST", "/v2/leads/list", as.superAdmin, { input_file: "application/pdf" })).statusCode).toBe(422);
  });
});

describe("bulk archive and unarchive (grid kit: picked rows or all matching)", () => {
  const JUNE = { start: "2025-06-01", end: "2025-06-30" };
  const B: Record<string, number> = {};
  const archivedOf = async () =>
    Object.fromEntries((await t.database.db.select().from(leads)).filter((l) => l.email.startsWith("bulkarch")).map((l) => [l.email.split("@")[0], l.archived]));

  beforeAll(async () => {
    // Last seen in June 2025: outside the grid's default window, so the other tests' lists never meet them.
    const made = await t.database.db
      .insert(leads)
      .values([
        { email: "bulkarch1@leads.test", identifier: "bulk-1", agency_id: world.agencies.A.id, account_id: world.accounts.A.id, last_visit: new Date("2025-06-10T18:00:00Z") },
        { email: "bulkarch2@leads.test", identifier: "bulk-2", agency_id: world.agencies.A1.id, last_visit: new Date("2025-06-11T18:00:00Z") },
        { email: "bulkarch3@leads.test", identifier: "bulk-3", agency_id: world.agencies.B.id, account_id: world.accounts.B.id, last_visit: new Date("2025-06-12T18:00:00Z") },
        { email: "bulkarch4@leads.test", identifier: "bulk-4", agency_id: world.agencies.A.id, status: "converted", last_visit: new Date("2025-06-12T18:00:00Z") },
      ])
      .returning();
    made.forEach((l, i) => (B[`B${i + 1}`] = l.id));
  });

  it("all matching: the grid's leads of the filter within the caller's scope (converted ones left out, as the grid does), each with a history row", async () => {
    const res = await req("POST", "/v2/staff_agency/leads/bulk_archive", as.agentA, { all_matching: true, filter: { email: { like: "bulkarch" }, last_visit: JUNE } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ done: [B.B1, B.B2], failed: [] });
    expect(await archivedOf()).toEqual({ bulkarch1: true, bulkarch2: true, bulkarch3: false, bulkarch4: false });
    const shown = (await req("GET", `/v2/staff_agency/leads/${B.B2}`, as.agentA)).json();
    expect(shown.histories).toHaveLength(1);
    expect(shown.histories[0]).toMatchObject({ author: "agent a", action: "update", process: "console", data: { archived: { previous_value: false, new_value: true } } });
    // Agency B's agent reaches only its own lead with the same filter.
    const other = await req("POST", "/v2/staff_agency/leads/bulk_archive", as.agentB, { all_matching: true, filter: { email: { like: "bulkarch" }, last_visit: JUNE } });
    expect(other.json()).toEqual({ done: [B.B3], failed: [] });
    // Staff of account A: only their account's lead comes back, not agency A1's.
    const staff = await req("POST", "/v2/staff_account/leads/bulk_unarchive", as.staffA, { all_matching: true, filter: { email: { like: "bulkarch" }, last_visit: JUNE, archived: true } });
    expect(staff.json()).toEqual({ done: [B.B1], failed: [] });
    expect(await archivedOf()).toEqual({ bulkarch1: false, bulkarch2: true, bulkarch3: true, bulkarch4: false });
    // With a status chosen, converted leads match too (as the grid lists them).
    const converted = await req("POST", "/v2/staff_agency/leads/bulk_archive", as.agentA, { all_matching: true, filter: { email: { like: "bulkarch" }, last_visit: JUNE, status: ["converted"] } });
    expect(converted.json()).toEqual({ done: [B.B4], failed: [] });
  });

  it("all matching without a visit window is the grid's default window: leads last seen long ago are not touched", async () => {
    const res = await req("POST", "/v2/staff_agency/leads/bulk_unarchive", as.agentA, { all_matching: true, filter: { email: { like: "bulkarch" } } });
    expect(res.json()).toEqual({ done: [], failed: [] });
  });

  it("picked ids: those outside the caller's scope are not acted on and fail as not found; a picked converted lead is acted on", async () => {
    const res = await req("POST", "/v2/staff_agency/leads/bulk_unarchive", as.agentB, { ids: [B.B2, B.B3] });
    expect(res.json()).toEqual({ done: [B.B3], failed: [{ id: B.B2, label: "", reason: "Lead not found" }] });
    const archived = await archivedOf();
    expect([archived.bulkarch2, archived.bulkarch3]).toEqual([true, false]);
    // A converted lead the grid shows under its status filter, picked: acted on (the grid's defaults are for all matching).
    expect((await req("POST", "/v2/staff_agency/leads/bulk_unarchive", as.agentA, { ids: [B.B4] })).json()).toEqual({ done: [B.B4], failed: [] });
    expect((await archivedOf()).bulkarch4).toBe(false);
  });

  it("a staff member whose dashboard.leads key is off is refused both bulk calls and nothing changes; the key on again lets them through", async () => {
    const db = t.database.db;
    const [keyless] = await db
      .insert(staff)
      .values({ email: "leads.off@test.dev", role: "staff", organizable_type: "Account", organizable_id: world.accounts.A.id, enabled: true, encrypted_password: world.staff.staffA.encrypted_password })
      .returning();
    // A permission list without dashboard.leads: a missing key is off once a list exists (document 1 section 3).
    await db.insert(staffPermissions).values({ staff_id: keyless.id, key: "policies.policies", value: true });
    const headers = await signInAs(t.app, "leads.off@test.dev");
    const before = await archivedOf();
    for (const action of ["archive", "unarchive"]) {
      for (const body of [{ all_matching: true, filter: { email: { like: "bulkarch" }, last_visit: JUNE } }, { ids: [B.B1] }]) {
        const res = await req("POST", `/v2/staff_account/leads/bulk_${action}`, headers, body);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ error: "permission_not_enabled" });
      }
    }
    expect(await archivedOf()).toEqual(before);
    // The key explicitly off refuses the same way; turned on, the same call goes through.
    await db.insert(staffPermissions).values({ staff_id: keyless.id, key: "dashboard.leads", value: false });
    expect((await req("POST", "/v2/staff_account/leads/bulk_archive", headers, { ids: [B.B1] })).statusCode).toBe(401);
    await db.update(staffPermissions).set({ value: true }).where(eq(staffPermissions.staff_id, keyless.id));
    const allowed = await req("POST", "/v2/staff_account/leads/bulk_archive", headers, { ids: [B.B1, B.B3] });
    expect(allowed.json()).toEqual({ done: [B.B1], failed: [{ id: B.B3, label: "", reason: "Lead not found" }] });
    await req("POST", "/v2/staff_account/leads/bulk_unarchive", headers, { ids: [B.B1] });
    expect(await archivedOf()).toEqual(before);
  });

  it("refuses policy support (403), an unknown filter and more than 10,000 matches (422, nothing changed)", async () => {
    expect((await req("POST", "/v2/policy-support/leads/bulk_archive", as.support, { all_matching: true })).statusCode).toBe(403);
    expect((await req("POST", "/v2/staff_agency/leads/bulk_archive", as.agentA, { all_matching: true, filter: { colour: "red" } })).statusCode).toBe(422);
    expect((await req("POST", "/v2/staff_agency/leads/bulk_archive", as.agentA, { ids: [] })).statusCode).toBe(422);
    expect((await req("POST", "/v2/staff_agency/leads/bulk_archive", as.agentA, { filter: { email: { like: "bulkarch" } } })).json()).toEqual({ done: [], failed: [] });
    const db = t.database.db;
    await db.execute(
      sql`INSERT INTO leads (email, identifier, agency_id, last_visit) SELECT 'bulkcap' || n || '@leads.test', 'cap-' || n, ${world.agencies.A.id}, '2025-06-15T18:00:00Z' FROM generate_series(1, 10001) n`,
    );
    try {
      const capped = await req("POST", "/v2/staff_agency/leads/bulk_archive", as.agentA, { all_matching: true, filter: { email: { like: "bulkcap" }, last_visit: JUNE } });
      expect(capped.statusCode).toBe(422);
      expect(capped.json().errors.filter).toMatch(/more than 10000 rows/);
      const [{ archived }] = await queryRows<{ archived: number }>(db, sql`SELECT count(*)::int AS archived FROM leads WHERE email LIKE 'bulkcap%' AND archived`);
      expect(archived).toBe(0);
    } finally {
      await db.execute(sql`DELETE FROM leads WHERE email LIKE 'bulkcap%'`);
    }
  });
});
