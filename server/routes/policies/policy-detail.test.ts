import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addresses,
  brandingProfiles,
  insurables,
  invoices,
  leads,
  lineItems,
  policies,
  policyApplications,
  policyCoverages,
  policyQuotes,
  policyUsers,
  profiles,
  sentEmails,
  users,
} from "../../db/schema";
import { attachDocument } from "../../files/documents";
import { signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "staffA" | "staffB", AuthHeaders>;
let rentGuarantee: typeof policies.$inferSelect;
let holder: typeof users.$inferSelect;
let external: typeof policies.$inferSelect;

const req = (method: "GET" | "PUT", url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });

async function addCustomer(email: string, first: string, last: string) {
  const db = t.database.db;
  const [user] = await db.insert(users).values({ email }).returning();
  await db.insert(profiles).values({ profileable_type: "User", profileable_id: user.id, first_name: first, last_name: last, full_name: `${first} ${last}` });
  await db.insert(addresses).values({ addressable_type: "User", addressable_id: user.id, street_number: "12", street_name: "Elm St", city: "Austin", state: "TX", zip_code: "78701" });
  return user;
}

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "staffA", "staffB"]));
  const db = t.database.db;
  [rentGuarantee] = await db
    .insert(policies)
    .values({ number: "RG-100", status: "BOUND", policy_type_id: 5, policy_in_system: true, account_id: world.accounts.A.id, agency_id: world.agencies.A.id, effective_date: "2026-01-01", expiration_date: "2027-01-01" })
    .returning();
  holder = await addCustomer("rg.holder@detail.test", "Rita", "Gale");
  const second = await addCustomer("rg.second@detail.test", "Sam", "Gale");
  await db.insert(policyUsers).values([
    { policy_id: rentGuarantee.id, user_id: second.id, primary: false, spouse: true },
    { policy_id: rentGuarantee.id, user_id: holder.id, primary: true },
  ]);
  await db.insert(policyApplications).values({
    policy_id: rentGuarantee.id,
    fields: {
      employment: { primary_applicant: { employment_type: "Employed", job_description: "Nurse", company_name: "City Hospital", address: { street_name: "1 Care Way", city: "Austin", state: "TX", zip_code: "78702", country: "US" } } },
      landlord: { company: "Oak Rentals", first_name: "Lee", last_name: "Oak", phone_number: "(512) 555-0100", email: "lee@oak.test" },
      monthly_rent: 150000,
    },
  });
  const [quote] = await db.insert(policyQuotes).values({ policy_id: rentGuarantee.id, reference: "Q-1", total_premium: 36500, total_fee: 1000, total_tax: 500, total: 38000, billing_strategy: "Monthly" }).returning();
  const [invoice] = await db
    .insert(invoices)
    .values({ number: "INV-RG-1", status: "upcoming", due_date: "2026-02-01", subtotal: 3000, total_due: 3100, invoiceable_type: "PolicyQuote", invoiceable_id: quote.id, payer_type: "User", payer_id: holder.id })
    .returning();
  await db.insert(lineItems).values({ invoice_id: invoice.id, title: "Premium", total_due: 3000, analytics_category: "policy_premium" });
  await db.insert(policyCoverages).values([
    { policy_id: rentGuarantee.id, designation: "liability", title: "Liability", limit: 10_000_000 },
    { policy_id: rentGuarantee.id, designation: "contents", title: "All perils", deductible: 50_000 },
    { policy_id: rentGuarantee.id, designation: "pet_damage", title: "Pet damage", enabled: false },
  ]);
  await attachDocument(db, t.files, { type: "Policy", id: rentGuarantee.id }, { filename: "declarations.pdf", contentType: "application/pdf", body: Readable.from([Buffer.from("%PDF-1.4 test")]) });
  await db.insert(leads).values({ email: holder.email, identifier: "lead-detail-1", user_id: holder.id, agency_id: world.agencies.A.id, policy_id: rentGuarantee.id, lead_events_cx: 4 });
  await db.insert(leads).values({ email: holder.email, identifier: "lead-detail-2", user_id: holder.id, agency_id: world.agencies.A1.id, archived: true });
  [external] = await db
    .insert(policies)
    .values({ number: "EXT-9", status: "EXTERNAL_VERIFIED", policy_type_id: 1, policy_in_system: false, account_id: world.accounts.A.id, agency_id: world.agencies.A.id, out_of_system_carrier_title: "Lemonade" })
    .returning();
}, 60_000);
afterAll(() => t.close());

describe("GET /policies/{id}", () => {
  it("answers the detail: customers primary first, invoices with line items, coverages split, documents with signed links", async () => {
    const res = await req("GET", `/v2/staff_account/policies/${rentGuarantee.id}`, as.staffA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: rentGuarantee.id, number: "RG-100", status: "BOUND", policy_type_id: 5, refund_available: true, premium: { total_premium: 36500, total: 38000 } });
    expect(body.users.map((u: { email: string }) => u.email)).toEqual(["rg.holder@detail.test", "rg.second@detail.test"]);
    expect(body.users[1]).toMatchObject({ primary: false, spouse: true, profile_attributes: { full_name: "Sam Gale" }, address_attributes: { city: "Austin" } });
    expect(body.invoices).toHaveLength(1);
    expect(body.invoices[0]).toMatchObject({ number: "INV-RG-1", status: "upcoming", total_due: 3100, line_items: [{ title: "Premium", total_due: 3000 }] });
    expect(body.policy_coverages.coverage_limits).toEqual([{ id: expect.any(Number), designation: "liability", title: "Liability", limit: 10_000_000, enabled: true }]);
    expect(body.policy_coverages.deductibles[0]).toMatchObject({ designation: "contents", deductible: 50_000 });
    expect(body.policy_coverages.optional_coverages[0]).toMatchObject({ designation: "pet_damage", enabled: false });
    expect(body.documents[0].filename).toBe("declarations.pdf");
    const file = await t.app.inject({ method: "GET", url: body.documents[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe("%PDF-1.4 test");
    expect(body.policy_application.fields.landlord.company).toBe("Oak Rentals");
  });

  it("names the branding profile URL of the policy's agency (none while the profile has no URL or is disabled)", async () => {
    const db = t.database.db;
    const url = async () => (await req("GET", `/v2/staff_super_admin/policies/${rentGuarantee.id}`, as.superAdmin)).json().branding_profile_url;
    await db.update(brandingProfiles).set({ url: null }).where(eq(brandingProfiles.profileable_id, world.agencies.A.id));
    expect(await url()).toBeNull();
    await db.update(brandingProfiles).set({ url: "https://rent.agency-a.test" }).where(eq(brandingProfiles.profileable_id, world.agencies.A.id));
    expect(await url()).toBe("https://rent.agency-a.test");
    // Another agency's profile never stands in for the policy's agency's.
    await db.update(brandingProfiles).set({ url: "https://agency-b.test" }).where(eq(brandingProfiles.profileable_id, world.agencies.B.id));
    expect((await req("GET", `/v2/staff_account/policies/${rentGuarantee.id}`, as.staffA)).json().branding_profile_url).toBe("https://rent.agency-a.test");
    await db.update(brandingProfiles).set({ enabled: false }).where(eq(brandingProfiles.profileable_id, world.agencies.A.id));
    expect(await url()).toBeNull();
    await db.update(brandingProfiles).set({ enabled: true }).where(eq(brandingProfiles.profileable_id, world.agencies.A.id));
  });

  it("is 404 outside the caller's scope and for a missing id; 422 for an id that is not a number", async () => {
    expect((await req("GET", `/v2/staff_account/policies/${rentGuarantee.id}`, as.staffB)).statusCode).toBe(404);
    expect((await req("GET", `/v2/staff_super_admin/policies/99999999`, as.superAdmin)).statusCode).toBe(404);
    expect((await req("GET", `/v2/staff_super_admin/policies/abc`, as.superAdmin)).statusCode).toBe(422);
  });

  it("answers policy support on external policies only", async () => {
    const support = await signInAs(t.app, "policy.support@test.dev");
    expect((await req("GET", `/v2/policy-support/policies/${external.id}`, support)).statusCode).toBe(200);
    expect((await req("GET", `/v2/policy-support/policies/${rentGuarantee.id}`, support)).statusCode).toBe(404);
  });
});

describe("PUT /policies/{id}", () => {
  it("deep-merges the application's fields, saves the customer's profile and address, writes history, answers the reloaded policy", async () => {
    const res = await req("PUT", `/v2/staff_agency/policies/${rentGuarantee.id}`, as.agentA, {
      policy: {
        policy_application_attributes: { fields: { landlord: { email: "rent@oak.test" } } },
        users: [{ id: holder.id, profile_attributes: { gender: "female", salutation: "mrs" }, address_attributes: { street_two: "Apt 4" } }],
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The landlord's other fields and the employment section survive the merge.
    expect(body.policy_application.fields.landlord).toMatchObject({ company: "Oak Rentals", email: "rent@oak.test" });
    expect(body.policy_application.fields.employment.primary_applicant.company_name).toBe("City Hospital");
    expect(body.users[0].profile_attributes).toMatchObject({ gender: "female", salutation: "mrs" });
    expect(body.users[0].address_attributes.street_two).toBe("Apt 4");

    const history = await req("GET", `/v2/staff_agency/policies/${rentGuarantee.id}/history`, as.agentA);
    expect(history.headers["total-entries"]).toBe("1");
    const [entry] = history.json();
    expect(entry).toMatchObject({ action: "update", author: "agent a", process: "console" });
    expect(entry.data["fields.landlord.email"]).toEqual({ previous_value: "lee@oak.test", new_value: "rent@oak.test" });
    expect(entry.data[`users.${holder.id}.profile.gender`]).toEqual({ previous_value: "unspecified", new_value: "female" });
  });

  it("refuses bad fields with the field keys and writes nothing", async () => {
    const res = await req("PUT", `/v2/staff_agency/policies/${rentGuarantee.id}`, as.agentA, {
      policy: {
        policy_application_attributes: { fields: { landlord: { email: "not-an-email" }, employment: { primary_applicant: { address: { zip_code: "123", state: "ZZ" } } } } },
        users: [{ id: holder.id, profile_attributes: { first_name: "" } }],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      "fields.landlord.email": "must be a valid email address",
      "fields.employment.primary_applicant.address.zip_code": "must be a valid zip",
      "fields.employment.primary_applicant.address.state": "is not a valid state",
      "users.0.profile_attributes.first_name": "The first name field is required.",
    });
    const [application] = await t.database.db.select().from(policyApplications).where(eq(policyApplications.policy_id, rentGuarantee.id));
    expect((application.fields.landlord as { email: string }).email).toBe("rent@oak.test");
  });

  it("refuses a customer who is not on the policy, other policy types, and other accounts", async () => {
    const stranger = await addCustomer("stranger@detail.test", "Stran", "Ger");
    const res = await req("PUT", `/v2/staff_agency/policies/${rentGuarantee.id}`, as.agentA, { policy: { users: [{ id: stranger.id, profile_attributes: { first_name: "X" } }] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors["users.0.id"]).toBe("is not a customer of this policy");
    const ext = await req("PUT", `/v2/staff_agency/policies/${external.id}`, as.agentA, { policy: {} });
    expect(ext.statusCode).toBe(422);
    expect(ext.json().message).toBe("Cannot update in system policy");
    expect((await req("PUT", `/v2/staff_account/policies/${rentGuarantee.id}`, as.staffB, { policy: {} })).statusCode).toBe(404);
  });
});

describe("leads and resend", () => {
  it("lists the policy's leads with the Archived toggle and archives one", async () => {
    const active = await req("GET", `/v2/staff_agency/policies/${rentGuarantee.id}/get_leads?filter[archived]=false`, as.agentA);
    expect(active.statusCode).toBe(200);
    expect(active.headers["total-entries"]).toBe("1");
    expect(active.json()[0]).toMatchObject({ email: holder.email, site_visits: 4, archived: false, agency_name: "Agency A" });
    const archived = await req("GET", `/v2/staff_agency/policies/${rentGuarantee.id}/get_leads?filter[archived]=true`, as.agentA);
    expect(archived.headers["total-entries"]).toBe("1");
    const put = await req("PUT", `/v2/staff_agency/leads/${active.json()[0].id}`, as.agentA, { lead: { archived: true } });
    expect(put.statusCode).toBe(200);
    expect(put.json().archived).toBe(true);
    const after = await req("GET", `/v2/staff_agency/policies/${rentGuarantee.id}/get_leads?filter[archived]=true`, as.agentA);
    expect(after.headers["total-entries"]).toBe("2");
    // Staff have no Leads tab (document 2 section 2).
    expect((await req("GET", `/v2/staff_account/policies/${rentGuarantee.id}/get_leads`, as.staffA)).statusCode).toBe(403);
  });

  it("mails the documents to the primary customer once, then refuses a resend within five minutes", async () => {
    const first = await req("GET", `/v2/staff_account/policies/${rentGuarantee.id}/resend_policy_documents`, as.staffA);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: "Documents were sent" });
    const mails = await t.database.db.select().from(sentEmails).where(eq(sentEmails.template, "policy_documents"));
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(holder.email);
    expect(mails[0].text).toContain("declarations.pdf: ");
    const shown = (await req("GET", `/v2/staff_account/sent_emails/${mails[0].id}`, as.staffA)).json();
    expect(shown.attachments.map((a: { filename: string }) => a.filename)).toEqual(["declarations.pdf"]);
    const attached = await req("GET", `/v2/staff_account/sent_emails/${mails[0].id}/attachments/${shown.attachments[0].id}`, as.staffA);
    expect(attached.body).toBe("%PDF-1.4 test");
    const second = await req("GET", `/v2/staff_account/policies/${rentGuarantee.id}/resend_policy_documents`, as.staffA);
    expect(second.statusCode).toBe(429);
    const noDocs = await req("GET", `/v2/staff_account/policies/${external.id}/resend_policy_documents`, as.staffA);
    expect(noDocs.statusCode).toBe(422);
  });
});

describe("policy types, quotes, addresses", () => {
  it("answers the policy types with their master flags, cacheable", async () => {
    const res = await req("GET", "/v2/policy-types", as.staffA);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("max-age=3600");
    expect(res.json().find((p: { id: number }) => p.id === 5)).toMatchObject({ id: 5, master: false });
  });

  it("answers addresses of the caller's properties that match the search", async () => {
    const db = t.database.db;
    const [mine] = await db.insert(insurables).values({ title: "Elm Court", insurable_type_id: 1, account_id: world.accounts.A.id, agency_id: world.agencies.A.id }).returning();
    const [theirs] = await db.insert(insurables).values({ title: "Elm Tower", insurable_type_id: 1, account_id: world.accounts.B.id, agency_id: world.agencies.B.id }).returning();
    await db.insert(addresses).values([
      { addressable_type: "Insurable", addressable_id: mine.id, street_number: "5", street_name: "Elm Court", city: "Austin", state: "TX", zip_code: "78701", full: "5 Elm Court, Austin, TX 78701" },
      { addressable_type: "Insurable", addressable_id: theirs.id, street_number: "9", street_name: "Elm Tower Rd", city: "Dallas", state: "TX", zip_code: "75201", full: "9 Elm Tower Rd, Dallas, TX 75201" },
    ]);
    const res = await req("GET", "/v2/staff_account/addresses?search=elm", as.staffA);
    expect(res.json().map((a: { full: string }) => a.full)).toEqual(["5 Elm Court, Austin, TX 78701"]);
    const admin = await req("GET", "/v2/staff_super_admin/addresses?search=elm", as.superAdmin);
    expect(admin.json()).toHaveLength(2);
  });

  it("answers quotes of policies in scope only", async () => {
    const mine = await req("GET", `/v2/staff_account/policy-quotes?filter[policy_id]=${rentGuarantee.id}`, as.staffA);
    expect(mine.json()).toEqual([expect.objectContaining({ reference: "Q-1", total: 38000, billing_strategy: "Monthly" })]);
    const theirs = await req("GET", `/v2/staff_account/policy-quotes?filter[policy_id]=${rentGuarantee.id}`, as.staffB);
    expect(theirs.json()).toEqual([]);
  });
});
