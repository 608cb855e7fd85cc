import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandingProfiles, documents, histories } from "../../db/schema";
import { queryRows } from "../../lib/list";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";
import { multipart } from "../../test/multipart";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentA1" | "agentB" | "staffA" | "support", AuthHeaders>;
const profileOf: Record<string, number> = {};

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const SVG = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#123456"/></svg>`;

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentA1", "agentB", "staffA", "support"]));
  for (const key of ["A", "A1", "B"] as const) {
    const [row] = await t.database.db.select().from(brandingProfiles).where(eq(brandingProfiles.profileable_id, world.agencies[key].id));
    profileOf[key] = row.id;
  }
});
afterAll(() => t.close());

type Method = "GET" | "PUT" | "POST" | "DELETE";
const call = (method: Method, url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });
const upload = (url: string, headers: AuthHeaders, file: { filename: string; content: Buffer | string; contentType?: string }) => {
  const body = multipart([{ field: "logo", ...file }]);
  return t.app.inject({ method: "POST", url, headers: { ...headers, ...body.headers }, payload: body.payload });
};

describe("every agency has one branding profile", () => {
  it("made with the agency, whichever way it is created", async () => {
    const res = await call("POST", "/v2/staff_super_admin/agencies", as.superAdmin, { agency: { title: "Branded New", contact_info: { contact_email: "hello@branded.test" } } });
    expect(res.statusCode).toBe(201);
    const rows = await t.database.db.select().from(brandingProfiles).where(eq(brandingProfiles.profileable_id, res.json().id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ profileable_type: "Agency", primary_color: "#1d4e89", contact_email: "hello@branded.test" });
    const [{ n }] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM agencies a WHERE NOT EXISTS (SELECT 1 FROM branding_profiles b WHERE b.profileable_id = a.id)`);
    expect(n).toBe(0);
  });
});

describe("scope per role", () => {
  it("super admins list every profile; agents their tree; staff and policy support are refused", async () => {
    const all = await call("GET", "/v2/staff_super_admin/branding_profiles?pagination[per]=100", as.superAdmin);
    expect(all.statusCode).toBe(200);
    expect(all.json().map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([profileOf.A, profileOf.A1, profileOf.B]));
    const mine = await call("GET", "/v2/staff_agency/branding_profiles", as.agentA);
    expect(mine.json().map((p: { agency_title: string }) => p.agency_title).sort()).toEqual(["Agency A", "Agency A1"]);
    const byAgency = await call("GET", `/v2/staff_agency/branding_profiles?filter[agency_id]=${world.agencies.A1.id}`, as.agentA);
    expect(byAgency.json().map((p: { id: number }) => p.id)).toEqual([profileOf.A1]);
    expect((await call("GET", "/v2/staff_account/branding_profiles", as.staffA)).statusCode).toBe(403);
    expect((await call("GET", `/v2/staff_account/branding_profiles/${profileOf.A}`, as.staffA)).statusCode).toBe(403);
    expect((await call("GET", `/v2/policy-support/branding_profiles/${profileOf.A}`, as.support)).statusCode).toBe(403);
  });

  it("an agent reads and edits its tree's profiles, never another agency's (404), and a sub-agency's agent not its parent's", async () => {
    expect((await call("GET", `/v2/staff_agency/branding_profiles/${profileOf.A1}`, as.agentA)).json()).toMatchObject({ agency_title: "Agency A1", styles: { colors: { primary: "#1d4e89" } }, logo: null });
    expect((await call("GET", `/v2/staff_agency/branding_profiles/${profileOf.B}`, as.agentA)).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_agency/branding_profiles/${profileOf.A}`, as.agentA1)).statusCode).toBe(404);
    expect((await call("PUT", `/v2/staff_agency/branding_profiles/${profileOf.B}`, as.agentA, { branding_profile: { primary_color: "#000000" } })).statusCode).toBe(404);
    expect((await upload(`/v2/staff_agency/branding_profiles/${profileOf.B}/logo`, as.agentA, { filename: "x.png", content: PNG })).statusCode).toBe(404);
    const [b] = await t.database.db.select().from(brandingProfiles).where(eq(brandingProfiles.id, profileOf.B));
    expect(b.primary_color).toBe("#1d4e89");
    expect(b.logo_document_id).toBeNull();
  });
});

describe("editing", () => {
  it("saves colours, texts and URL, with history of what changed", async () => {
    const res = await call("PUT", `/v2/staff_agency/branding_profiles/${profileOf.A}`, as.agentA, {
      branding_profile: { primary_color: "#AA3300", secondary_color: "#004466", contact_phone: "(512) 555-0100", contact_email: "hi@agency-a.test", footer_text: "Agency A, Austin", url: "https://a.example.com" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ primary_color: "#aa3300", secondary_color: "#004466", footer_text: "Agency A, Austin", url: "https://a.example.com", styles: { colors: { primary: "#aa3300", secondary: "#004466" } } });
    const rows = await t.database.db.select().from(histories).where(eq(histories.recordable_id, profileOf.A));
    const history = rows.filter((r) => r.recordable_type === "BrandingProfile");
    expect(history).toHaveLength(1);
    expect(history[0].data).toMatchObject({ primary_color: { previous_value: "#1d4e89", new_value: "#aa3300" }, footer_text: { previous_value: null, new_value: "Agency A, Austin" } });
    const listed = await call("GET", `/v2/staff_agency/branding_profiles/${profileOf.A}/histories`, as.agentA);
    expect(listed.json()[0].data.primary_color.new_value).toBe("#aa3300");
  });

  it("refuses a colour that is not hex, a bad phone, email or URL, and a URL another profile has, each by its field (422)", async () => {
    const res = await call("PUT", `/v2/staff_super_admin/branding_profiles/${profileOf.B}`, as.superAdmin, {
      branding_profile: { primary_color: "red", secondary_color: "#12345", contact_phone: "12", contact_email: "nope", url: "javascript:alert(1)" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      primary_color: "must be a hex colour such as #1d4e89",
      secondary_color: "must be a hex colour such as #1d4e89",
      contact_phone: "must be a valid phone number",
      contact_email: "must be a valid email address",
      url: "must be a valid URL starting with http:// or https://",
    });
    const taken = await call("PUT", `/v2/staff_super_admin/branding_profiles/${profileOf.B}`, as.superAdmin, { branding_profile: { url: "https://A.example.com" } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ url: "has already been taken" });
    expect((await call("PUT", `/v2/staff_super_admin/branding_profiles/${profileOf.B}`, as.superAdmin, { branding_profile: { footer_text: "x".repeat(5001) } })).statusCode).toBe(422);
    expect((await call("GET", "/v2/staff_super_admin/branding_profiles/abc", as.superAdmin)).statusCode).toBe(422);
  });
});

describe("the logo", () => {
  it("takes a png and an svg by their content, replaces the old file, and serves it by signed link", async () => {
    const png = await upload(`/v2/staff_agency/branding_profiles/${profileOf.A1}/logo`, as.agentA, { filename: "logo.png", content: PNG, contentType: "image/png" });
    expect(png.statusCode).toBe(200);
    expect(png.json().logo).toMatchObject({ filename: "logo.png", content_type: "image/png" });
    const first = png.json().logo.id;
    const svg = await upload(`/v2/staff_agency/branding_profiles/${profileOf.A1}/logo`, as.agentA, { filename: "logo.svg", content: SVG, contentType: "image/svg+xml" });
    expect(svg.statusCode).toBe(200);
    expect(svg.json().logo).toMatchObject({ filename: "logo.svg", content_type: "image/svg+xml" });
    expect(await t.database.db.select().from(documents).where(eq(documents.id, first))).toEqual([]);
    const file = await t.app.inject({ method: "GET", url: svg.json().logo_url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(SVG);
    const removed = await call("DELETE", `/v2/staff_agency/branding_profiles/${profileOf.A1}/logo`, as.agentA);
    expect(removed.json().logo).toBeNull();
  });

  it("refuses a file that is not an image by its bytes whatever its name, an svg with script, and a file over 10 MB", async () => {
    const before = (await t.database.db.select().from(documents)).length;
    const url = `/v2/staff_super_admin/branding_profiles/${profileOf.B}/logo`;
    const pdf = await upload(url, as.superAdmin, { filename: "logo.png", content: "%PDF-1.4 not an image", contentType: "image/png" });
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json()).toMatchObject({ message: "Not Allowed File extension", errors: { logo: "Not Allowed File extension" } });
    const gif = await upload(url, as.superAdmin, { filename: "logo.gif", content: "GIF89a........" });
    expect(gif.json().errors).toEqual({ logo: "Not Allowed File extension" });
    for (const evil of [
      `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>`,
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>`,
    ]) {
      const res = await upload(url, as.superAdmin, { filename: "logo.svg", content: evil, contentType: "image/svg+xml" });
      expect(res.statusCode, evil).toBe(422);
      expect(res.json().errors.logo).toBe("SVG images with scripts, event handlers or external content are not allowed");
    }
    const xml = await upload(url, as.superAdmin, { filename: "logo.svg", content: `<?xml version="1.0"?><html/>` });
    expect(xml.json().errors).toEqual({ logo: "Not Allowed File extension" });
    const big = await upload(url, as.superAdmin, { filename: "big.png", content: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]) });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toMatchObject({ message: "Max file size is 10 MB", errors: { logo: "Max file size is 10 MB" } });
    const form = multipart([{ field: "other", content: "x" }]);
    const none = await t.app.inject({ method: "POST", url, headers: { ...as.superAdmin, ...form.headers }, payload: form.payload });
    expect(none.statusCode).toBe(422);
    expect((await t.database.db.select().from(documents)).length).toBe(before);
    const [b] = await t.database.db.select().from(brandingProfiles).where(eq(brandingProfiles.id, profileOf.B));
    expect(b.logo_document_id).toBeNull();
  });
});
