import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { brandingProfiles, trackingUrls } from "../../db/schema";
import { attachDocument } from "../../files/documents";
import { queryRows } from "../../lib/list";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { LEAD_EVENTS_PER_MINUTE } from "./lead-events";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
let superAdmin: AuthHeaders;
let trackingId: number;
let ipCounter = 0;

/** Each call from its own address unless told, so the per-address limit only bites where a test wants it. */
const send = (payload: unknown, ip = `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`) =>
  t.app.inject({ method: "POST", url: "/v2/lead_events", payload: payload as object, remoteAddress: ip });

const event = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  agency_id: world.agencies.A.id,
  lead_event_attributes: { tag: "landing", policy_type_id: 1, data: { last_visited_page: "Landing Page" } },
  ...extra,
});

const leadOf = async (email: string) =>
  (await queryRows<{ id: number; identifier: string; status: string; lead_events_cx: number; tracking_url_id: number | null; policy_id: number | null; premium_total: string | null; last_visited_page: string }>(
    t.database.db,
    sql`SELECT * FROM leads WHERE lower(email) = lower(${email})`,
  ));

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  superAdmin = await signInAs(t.app, "super.admin@test.dev");
  [{ id: trackingId }] = await t.database.db
    .insert(trackingUrls)
    .values({ landing_page: "residential", campaign_name: "Spring", campaign_source: "google", campaign_medium: "cpc", agency_id: world.agencies.A.id })
    .returning();
}, 60_000);
afterAll(() => t.close());

describe("POST /v2/lead_events (public)", () => {
  it("creates the lead with its profile and tracking URL, then updates the same lead by email and agency", async () => {
    const first = await send(
      event("Nia.Park@Example.com", {
        profile_attributes: { first_name: "Nia", last_name: "Park", contact_phone: "(555) 010-3000" },
        address_attributes: { street_number: "5", street_name: "Oak St", city: "Austin", state: "TX", zip_code: "78701" },
        tracking_url: { campaign_source: "google", campaign_medium: "cpc", campaign_name: "Spring" },
      }),
    );
    expect(first.statusCode).toBe(200);
    const { identifier } = first.json();
    expect(identifier).toMatch(/^[0-9a-f]{32}$/);
    const second = await send(event("nia.park@example.com", { lead_event_attributes: { tag: "quote", policy_type_id: 1, data: { last_visited_page: "Quote", premium_total: 15_000 } } }));
    expect(second.json().identifier).toBe(identifier);
    const [lead] = await leadOf("nia.park@example.com");
    expect(lead).toMatchObject({ status: "return", lead_events_cx: 2, tracking_url_id: trackingId, last_visited_page: "Quote" });
    expect(Number(lead.premium_total)).toBe(15_000);
    const shown = (await t.app.inject({ method: "GET", url: `/v2/staff_super_admin/leads/${lead.id}`, headers: superAdmin })).json();
    expect(shown.profile_attributes).toMatchObject({ first_name: "Nia", last_name: "Park" });
    expect(shown.address_attributes).toMatchObject({ city: "Austin", full: "5 Oak St Austin TX 78701" });
    expect(shown.lead_events.map((e: { tag: string }) => e.tag)).toEqual(["quote", "landing"]);
    // The same person through another agency is another agency's lead.
    await send(event("nia.park@example.com", { agency_id: world.agencies.B.id }));
    expect(await leadOf("nia.park@example.com")).toHaveLength(2);
  });

  it("resolves the agency's branding profile: the lead and its event record it, the answer carries the landing page's branding", async () => {
    const db = t.database.db;
    const [profileA] = await db
      .update(brandingProfiles)
      .set({ url: "https://spring.agency-a.test", primary_color: "#112233", secondary_color: "#445566", footer_text: "Agency A, Austin", contact_phone: "(555) 010-1000" })
      .where(eq(brandingProfiles.profileable_id, world.agencies.A.id))
      .returning();
    const res = await send(event("branded@example.com", { tracking_url: { campaign_source: "google", campaign_medium: "cpc", campaign_name: "Spring" } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().branding).toEqual({
      id: profileA.id,
      agency_id: world.agencies.A.id,
      agency_title: world.agencies.A.title,
      url: "https://spring.agency-a.test",
      primary_color: "#112233",
      secondary_color: "#445566",
      contact_phone: "(555) 010-1000",
      contact_email: profileA.contact_email,
      footer_text: "Agency A, Austin",
      logo_url: null,
    });
    const [lead] = await queryRows<{ id: number; branding_profile_id: number | null; tracking_url_id: number | null }>(db, sql`SELECT * FROM leads WHERE email = 'branded@example.com'`);
    expect(lead).toMatchObject({ branding_profile_id: profileA.id, tracking_url_id: trackingId });
    const events = await queryRows<{ branding_profile_id: number | null }>(db, sql`SELECT branding_profile_id FROM lead_events WHERE lead_id = ${lead.id}`);
    expect(events).toEqual([{ branding_profile_id: profileA.id }]);
    // The logo comes as a signed link the public page can load without a session.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
    const logo = await attachDocument(db, t.files, { type: "BrandingProfile", id: profileA.id }, { filename: "logo.svg", contentType: "image/svg+xml", body: Readable.from([Buffer.from(svg)]) });
    await db.update(brandingProfiles).set({ logo_document_id: logo.id }).where(eq(brandingProfiles.id, profileA.id));
    const withLogo = (await send(event("branded@example.com"))).json().branding;
    expect(withLogo.logo_url).toMatch(/^\/v2\/files\//);
    const file = await t.app.inject({ method: "GET", url: withLogo.logo_url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(svg);
    await db.update(brandingProfiles).set({ logo_document_id: null }).where(eq(brandingProfiles.id, profileA.id));
    // The grid filters the agency's leads by the profile they came through.
    const listed = await t.app.inject({ method: "POST", url: "/v2/staff_super_admin/leads/list", headers: superAdmin, payload: { filter: { branding_profile_id: profileA.id } } });
    expect(listed.json().data.map((l: { email: string }) => l.email)).toContain("branded@example.com");
  });

  it("refuses another agency's branding profile (422, nothing written) and answers no branding while the agency's is disabled", async () => {
    const db = t.database.db;
    const [profileB] = await db.select().from(brandingProfiles).where(eq(brandingProfiles.profileable_id, world.agencies.B.id));
    const foreign = await send(event("foreign.brand@example.com", { branding_profile_id: profileB.id }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ branding_profile_id: "is not a branding profile of this agency" });
    expect(await leadOf("foreign.brand@example.com")).toHaveLength(0);
    const [profileA] = await db.select().from(brandingProfiles).where(eq(brandingProfiles.profileable_id, world.agencies.A.id));
    const own = await send(event("own.brand@example.com", { branding_profile_id: profileA.id }));
    expect(own.statusCode).toBe(200);
    expect(own.json().branding.id).toBe(profileA.id);
    await db.update(brandingProfiles).set({ enabled: false }).where(eq(brandingProfiles.id, profileA.id));
    try {
      const plain = await send(event("plain.brand@example.com"));
      expect(plain.statusCode).toBe(200);
      expect(plain.json()).toEqual({ identifier: expect.stringMatching(/^[0-9a-f]{32}$/), branding: null });
      const [lead] = await queryRows<{ branding_profile_id: number | null }>(db, sql`SELECT branding_profile_id FROM leads WHERE email = 'plain.brand@example.com'`);
      expect(lead.branding_profile_id).toBeNull();
    } finally {
      await db.update(brandingProfiles).set({ enabled: true }).where(eq(brandingProfiles.id, profileA.id));
    }
  });

  it("makes one lead of concurrent first visits", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => send(event("race@example.com"))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.json().identifier)).size).toBe(1);
    const leads = await leadOf("race@example.com");
    expect(leads).toHaveLength(1);
    expect(leads[0].lead_events_cx).toBe(8);
    const [{ n }] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM lead_events WHERE lead_id = ${leads[0].id}`);
    expect(n).toBe(8);
  });

  it("marks the lead converted on a purchase and links the policy its email bought in that agency", async () => {
    await send(event(world.users.A.email));
    await send(event(world.users.A.email, { lead_event_attributes: { tag: "purchase", policy_type_id: 1, data: { page: "Payment Complete" } } }));
    const [lead] = await leadOf(world.users.A.email);
    expect(lead).toMatchObject({ status: "converted", policy_id: world.policies.A.id });
  });

  it("counts a new event in the dashboard at once (the 5-minute cache is dropped)", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
    const stats = async () =>
      (await t.app.inject({ method: "POST", url: "/v2/dashboards/leads/stats", headers: superAdmin, payload: { filter: { last_visit: { start: today, end: today } } } })).json().site_visits;
    const before = await stats();
    await send(event("counted@example.com"));
    expect(await stats()).toBe(before + 1);
  });

  it("refuses bad input with 422 field errors, never a 5xx", async () => {
    const bad = await send({ email: "not-an-email", agency_id: "x", lead_event_attributes: {} });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(["email", "agency_id"]));
    const unknown = await send(event("ok@example.com", { agency_id: 999_999 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ agency_id: "is not a known agency" });
    expect((await send(event("ok@example.com", { lead_event_attributes: { policy_type_id: 999 } }))).json().errors).toEqual({ "lead_event_attributes.policy_type_id": "is not a known policy type" });
    expect((await send(event("ok@example.com", { password: "x" }))).statusCode).toBe(422);
    expect((await send(event("ok@example.com", { lead_event_attributes: { data: { blob: "x".repeat(20_000) } } }))).statusCode).toBe(422);
    for (const garbage of [null, [], "text", { email: ["a@b.co"] }, { email: "a@b.co", agency_id: 2 ** 40, lead_event_attributes: { tag: "\u0000" } }]) {
      const res = await send(garbage);
      expect(res.statusCode, JSON.stringify(garbage)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(garbage)).toBeLessThan(500);
    }
    expect(await leadOf("ok@example.com")).toHaveLength(0);
  });

  it("limits one client address per minute (429)", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < LEAD_EVENTS_PER_MINUTE; i++) expect((await send(event("busy@example.com"), ip)).statusCode).toBe(200);
    const limited = await send(event("busy@example.com"), ip);
    expect(limited.statusCode).toBe(429);
    expect((await send(event("busy@example.com"), "192.0.2.78")).statusCode).toBe(200);
    // Counted per database: another app in the same process (as the API tests run) is not limited by this one's callers.
    const other = await createTestApp();
    try {
      await buildWorld(other.database.db);
      const elsewhere = await other.app.inject({ method: "POST", url: "/v2/lead_events", payload: event("busy@example.com"), remoteAddress: ip });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  }, 60_000);
});
