import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { brandingProfiles, leads, trackingUrls } from "../../db/schema";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";
import { multipart } from "../../test/multipart";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentB" | "staffA", AuthHeaders>;
const req = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, headers?: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentB", "staffA"]));
}, 60_000);
afterAll(() => t.close());

const upload = (csv: string, headers: AuthHeaders) => {
  const form = multipart([{ field: "file", filename: "tracking-urls.csv", contentType: "text/csv", content: csv }]);
  return t.app.inject({ method: "POST", url: "/v2/staff_agency/tracking_urls/bulk_csv_upload", headers: { ...headers, ...form.headers }, payload: form.payload });
};

describe("tracking URLs", () => {
  it("creates one for the agent's agency with the generated link, and refuses missing fields and foreign agencies", async () => {
    const res = await req("POST", "/v2/staff_agency/tracking_urls", as.agentA, {
      tracking_url: { landing_page: "residential", campaign_name: "Spring", campaign_source: "google", campaign_medium: "cpc", agency_id: world.agencies.A1.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ campaign_name: "Spring", agency_id: world.agencies.A1.id, agency_title: "Agency A1", archived: false, leads_count: 0 });
    expect(res.json().tracking_url).toMatch(/\/residential\?agency_id=\d+&utm_campaign=Spring&utm_source=google&utm_medium=cpc$/);
    const missing = await req("POST", "/v2/staff_agency/tracking_urls", as.agentA, { tracking_url: { landing_page: "", agency_id: null } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({ landing_page: "This field is required", campaign_name: "This field is required", agency_id: "This field is required" });
    const bad = await req("POST", "/v2/staff_agency/tracking_urls", as.agentA, { tracking_url: { landing_page: "homepage", campaign_name: "x", agency_id: world.agencies.B.id } });
    expect(bad.json().errors.landing_page).toBe("must be one of rentguarantee, residential, commercial");
    const foreign = await req("POST", "/v2/staff_agency/tracking_urls", as.agentA, { tracking_url: { landing_page: "commercial", campaign_name: "x", agency_id: world.agencies.B.id } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.agency_id).toBe("Select agency from the drop-down list");
    expect((await req("POST", "/v2/staff_account/tracking_urls", as.staffA, { tracking_url: { landing_page: "residential", campaign_name: "x", agency_id: world.agencies.A.id } })).statusCode).toBe(403);
  });

  it("refuses staff a tracking-URL CSV upload and its template, on its own call and through CSV uploads (403, nothing created)", async () => {
    // Tracking URLs are an agency's (document 3 section 2; reference 4.9 serves them under the agency and super admin
    // prefixes only): no staff menu lists them, and CSV Upload is a super admin tool (document 1 section 6).
    const before = (await t.database.db.select().from(trackingUrls)).length;
    const csv = `landing_page,campaign_name,agency_id\nresidential,Staff upload,${world.agencies.A.id}\n`;
    const form = multipart([{ field: "file", filename: "tracking-urls.csv", contentType: "text/csv", content: csv }]);
    const own = await t.app.inject({ method: "POST", url: "/v2/staff_account/tracking_urls/bulk_csv_upload", headers: { ...as.staffA, ...form.headers }, payload: form.payload });
    expect(own.statusCode).toBe(403);
    expect((await req("GET", "/v2/staff_account/tracking_urls/bulk_csv_template", as.staffA)).statusCode).toBe(403);
    const job = multipart([
      { field: "kind", content: "tracking_urls" },
      { field: "file", filename: "tracking-urls.csv", contentType: "text/csv", content: csv },
    ]);
    expect((await t.app.inject({ method: "POST", url: "/v2/staff_account/csv_imports", headers: { ...as.staffA, ...job.headers }, payload: job.payload })).statusCode).toBe(403);
    expect((await t.database.db.select().from(trackingUrls)).length).toBe(before);
  });

  it("takes only the agency's own branding profile, so the link's lead events are accepted", async () => {
    const profileOf = async (agencyId: number) => (await t.database.db.select().from(brandingProfiles).where(eq(brandingProfiles.profileable_id, agencyId)))[0].id;
    const create = (branding: number, agency = world.agencies.A.id) =>
      req("POST", "/v2/staff_super_admin/tracking_urls", as.superAdmin, { tracking_url: { landing_page: "residential", campaign_name: "Branded", agency_id: agency, branding_profile_id: branding } });
    const foreign = await create(await profileOf(world.agencies.B.id));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ branding_profile_id: "is not a branding profile of this agency" });
    expect((await create(99_999_999)).json().errors).toEqual({ branding_profile_id: "is not a branding profile of this agency" });
    const own = await create(await profileOf(world.agencies.A.id));
    expect(own.statusCode).toBe(201);
    expect(own.json().tracking_url).toContain(`branding_profile_id=${await profileOf(world.agencies.A.id)}`);
    await req("DELETE", `/v2/staff_super_admin/tracking_urls/${own.json().id}`, as.superAdmin);
    const csv = await upload(`landing_page,campaign_name,agency_id,branding_profile_id\nresidential,One,${world.agencies.A.id},${await profileOf(world.agencies.A1.id)}\n`, as.agentA);
    expect(csv.statusCode).toBe(422);
    expect(csv.json().errors).toEqual({ "rows.1.branding_profile_id": "is not a branding profile of this agency" });
  });

  it("lists within scope with the archived and agency filters, archives and soft-deletes (204)", async () => {
    const db = t.database.db;
    const [b] = await db.insert(trackingUrls).values({ landing_page: "commercial", campaign_name: "B only", agency_id: world.agencies.B.id }).returning();
    const [a] = await db.insert(trackingUrls).values({ landing_page: "rentguarantee", campaign_name: "A root", agency_id: world.agencies.A.id }).returning();
    const names = async (url: string, headers: AuthHeaders) => (await req("GET", url, headers)).json().map((r: { campaign_name: string }) => r.campaign_name).sort();
    expect(await names("/v2/staff_agency/tracking_urls", as.agentA)).toEqual(["A root", "Spring"]);
    expect(await names("/v2/staff_agency/tracking_urls", as.agentB)).toEqual(["B only"]);
    expect(await names(`/v2/staff_super_admin/tracking_urls?filter[agency_id]=${world.agencies.B.id}`, as.superAdmin)).toEqual(["B only"]);
    expect((await req("GET", `/v2/staff_agency/tracking_urls/${b.id}`, as.agentA)).statusCode).toBe(404);
    expect((await req("DELETE", `/v2/staff_agency/tracking_urls/${b.id}`, as.agentA)).statusCode).toBe(404);
    const archived = await req("PUT", `/v2/staff_agency/tracking_urls/${a.id}`, as.agentA, { tracking_url: { archived: true } });
    expect(archived.json().archived).toBe(true);
    expect(await names("/v2/staff_agency/tracking_urls?filter[archived]=true", as.agentA)).toEqual(["A root"]);
    expect(await names("/v2/staff_agency/tracking_urls?filter[archived]=false", as.agentA)).toEqual(["Spring"]);
    const deleted = await req("DELETE", `/v2/staff_agency/tracking_urls/${a.id}`, as.agentA);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    expect(await names("/v2/staff_agency/tracking_urls?filter[archived]=true", as.agentA)).toEqual([]);
    expect((await req("GET", `/v2/staff_agency/tracking_urls/${a.id}`, as.agentA)).statusCode).toBe(404);
  });

  it("lists a URL's leads (10 per page) and the policies behind them, and the agencies to choose from", async () => {
    const db = t.database.db;
    const [url] = await db.insert(trackingUrls).values({ landing_page: "residential", campaign_name: "Leads", agency_id: world.agencies.A.id }).returning();
    await db.insert(leads).values(
      Array.from({ length: 12 }, (_, i) => ({ email: `tu${i}@leads.test`, identifier: `tu-${i}`, agency_id: world.agencies.A.id, tracking_url_id: url.id, last_visit: new Date(Date.now() - i * 60_000) })),
    );
    await db.insert(leads).values({ email: world.users.A.email, identifier: "tu-buyer", agency_id: world.agencies.A.id, tracking_url_id: url.id, user_id: world.users.A.id, status: "converted", policy_id: world.policies.A.id });
    const page = await req("GET", `/v2/staff_agency/tracking_urls/${url.id}/get_leads`, as.agentA);
    expect(page.json()).toHaveLength(10);
    expect(page.headers["total-entries"]).toBe("13");
    const policies = await req("GET", `/v2/staff_agency/tracking_urls/${url.id}/get_policies`, as.agentA);
    expect(policies.json().map((p: { number: string }) => p.number)).toEqual(["POL-A-0001"]);
    expect((await req("GET", `/v2/staff_agency/tracking_urls/${url.id}/get_leads`, as.agentB)).statusCode).toBe(404);
    const agencies = (await req("GET", "/v2/staff_agency/tracking_urls/agency_filters", as.agentA)).json();
    expect(agencies.map((a: { title: string }) => a.title)).toEqual(["Agency A", "Agency A1"]);
    // Each agency's row names its branding profile (reference 4.9: one row per agency and branding profile).
    expect(agencies.every((a: { branding_profile_id: number | null }) => Number.isInteger(a.branding_profile_id))).toBe(true);
    // The URL's page carries the branding its visitors see: its agency's (issue 12 section 3).
    const shown = (await req("GET", `/v2/staff_agency/tracking_urls/${url.id}`, as.agentA)).json();
    expect(shown.branding).toMatchObject({ agency_id: url.agency_id, primary_color: "#1d4e89", secondary_color: "#0f766e", logo: null });
    expect(shown.branding.id).toBe(agencies.find((a: { agency_id: number }) => a.agency_id === url.agency_id).branding_profile_id);
  });
});

describe("CSV import", () => {
  it("downloads the template as tracking-urls.csv", async () => {
    const res = await req("GET", "/v2/staff_agency/tracking_urls/bulk_csv_template", as.agentA);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("tracking-urls.csv");
    expect(res.body.split("\n")[0]).toBe("landing_page,campaign_name,campaign_source,campaign_medium,campaign_term,campaign_content,agency_id,branding_profile_id");
  });

  it("creates every row or none, naming each bad row", async () => {
    const A = world.agencies.A.id;
    const before = (await req("GET", "/v2/staff_agency/tracking_urls", as.agentA)).json().length;
    const bad = await upload(`landing_page,campaign_name,agency_id\nresidential,One,${A}\nmoon,Two,${A}\ncommercial,,${world.agencies.B.id}\n`, as.agentA);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      "rows.2.landing_page": "must be one of rentguarantee, residential, commercial",
      "rows.3.campaign_name": "This field is required",
      "rows.3.agency_id": "Select agency from the drop-down list",
    });
    expect((await req("GET", "/v2/staff_agency/tracking_urls", as.agentA)).json()).toHaveLength(before);
    const ok = await upload(`landing_page,campaign_name,campaign_source,agency_id\nresidential,One,google,${A}\nrentguarantee,Two,,${A}\ncommercial,Three,email,${world.agencies.A1.id}\n`, as.agentA);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: "Tracking URLs successfully created", count: 3 });
    expect((await req("GET", "/v2/staff_agency/tracking_urls", as.agentA)).json()).toHaveLength(before + 3);
    expect((await upload("name,agency\nx,1\n", as.agentA)).json().errors.file).toBe("is missing the columns landing_page, campaign_name, agency_id");
  });
});
