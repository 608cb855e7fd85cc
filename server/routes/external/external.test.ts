import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, insurables, policies, policyCoverages, policyUsers, sentEmails, users } from "../../db/schema";
import { declarationsPagePdf } from "../../files/sample-pdfs";
import type { AuthHeaders, TestApp } from "../../test/helpers";
import { proofWorld, type ProofWorld } from "../../test/proof-world";
import { multipart } from "../../test/multipart";

let t: TestApp;
let world: ProofWorld["world"];
let as: ProofWorld["as"];
let unitA: number;
let pdf: Buffer;

/** The console's form data: bracketed fields plus the certificate files. */
function form(fields: Record<string, string>, files: Array<{ filename: string; content: Buffer | string; contentType?: string }> = []) {
  return multipart([
    ...Object.entries(fields).map(([field, content]) => ({ field, content })),
    ...files.map((f) => ({ field: "policy[documents][]", contentType: "application/pdf", ...f })),
  ]);
}

const fields = (number: string, over: Record<string, string> = {}) => ({
  "policy[account_id]": String(world.accounts.A.id),
  "policy[number]": number,
  "policy[out_of_system_carrier_title]": "Lemonade",
  "policy[policy_type_id]": "1",
  "policy[effective_date]": "2026-06-01",
  "policy[expiration_date]": "2027-06-01",
  "policy[status]": "verified",
  "policy[policy_insurables_attributes][0][insurable_id]": String(unitA),
  "policy[policy_users_attributes][0][user_attributes][email]": `${number.toLowerCase()}@proof.test`,
  "policy[policy_users_attributes][0][user_attributes][profile_attributes][first_name]": "Pat",
  "policy[policy_users_attributes][0][user_attributes][profile_attributes][last_name]": "Proof",
  "policy[policy_users_attributes][1][user_attributes][email]": `spouse.${number.toLowerCase()}@proof.test`,
  "policy[policy_users_attributes][1][user_attributes][profile_attributes][first_name]": "Sam",
  "policy[policy_users_attributes][1][user_attributes][profile_attributes][last_name]": "Proof",
  "policy[policy_users_attributes][1][spouse]": "true",
  "policy[policy_coverages_attributes][0][designation]": "liability",
  "policy[policy_coverages_attributes][0][limit]": "10000000",
  ...over,
});

const upload = (headers: AuthHeaders, body: ReturnType<typeof form>, prefix = "staff_agency") =>
  t.app.inject({ method: "POST", url: `/v2/${prefix}/policies/external/upload`, headers: { ...headers, ...body.headers }, payload: body.payload });
const post = (url: string, headers: AuthHeaders, payload: object) => t.app.inject({ method: "POST", url, headers, payload });

beforeAll(async () => {
  ({ t, world, as, unitId: unitA } = await proofWorld("Proof Park", "Unit 9"));
  pdf = Buffer.from(await declarationsPagePdf({ carrier: "Lemonade", number: "EXT-1", insureds: ["Pat Proof"], address: ["1 Main St", "Austin, TX 78701"], effective: "2026-06-01", expiration: "2027-06-01", coverages: [{ title: "Personal Liability", limit: 100000 }] }));
}, 60_000);
afterAll(() => t.close());

describe("POST /policies/external/upload", () => {
  it("creates a verified external policy with its users, coverages and certificate, and covers the unit", async () => {
    const res = await upload(as.agentA, form(fields("EXT-100"), [{ filename: "certificate.pdf", content: pdf }]));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe("Policy has been uploaded");
    expect(body.policy).toMatchObject({ number: "EXT-100", status: "EXTERNAL_VERIFIED", policy_in_system: false, carrier: { title: "Lemonade" }, primary_insurable: { id: unitA } });
    expect(body.policy.users.map((u: { email: string; spouse: boolean }) => [u.email, u.spouse])).toEqual([["ext-100@proof.test", false], ["spouse.ext-100@proof.test", true]]);
    expect(body.policy.policy_coverages.coverage_limits).toEqual([expect.objectContaining({ designation: "liability", limit: 10_000_000 })]);
    expect(body.policy.documents.map((d: { filename: string }) => d.filename)).toEqual(["certificate.pdf"]);
    const [unit] = await t.database.db.select().from(insurables).where(eq(insurables.id, unitA));
    expect(unit.covered).toBe(true);
  });

  it("refuses a duplicate number, naming the number field, and keeps no file", async () => {
    const before = (await t.database.db.select().from(documents)).length;
    const res = await upload(as.agentA, form(fields("ext-100"), [{ filename: "again.pdf", content: pdf }]));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.number).toBe("has already been taken");
    expect((await t.database.db.select().from(documents)).length).toBe(before);
  });

  it("refuses bad files by content, size and emptiness", async () => {
    const bad = async (content: Buffer | string) => (await upload(as.agentA, form(fields(`EXT-F${Math.random()}`.slice(0, 12)), [{ filename: "x.pdf", content }]))).json().message;
    expect(await bad("this is only text pretending to be a pdf")).toBe("Not Allowed File extension");
    expect(await bad(Buffer.alloc(0))).toBe("The file is empty");
    expect(await bad(Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(31 * 1024 * 1024)]))).toBe("Max file size is 30 MB");
  });

  it("checks every field of the form with the spec's messages", async () => {
    const res = await upload(
      as.agentA,
      form(
        fields("EXT-101", {
          "policy[number]": "",
          "policy[expiration_date]": "2026-01-01",
          "policy[status]": "cancelled",
          "policy[policy_users_attributes][0][user_attributes][email]": "not-an-email",
          "policy[policy_users_attributes][1][user_attributes][profile_attributes][first_name]": "",
        }),
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      number: "The policy number field is required.",
      expiration_date: "cannot be before the effective date",
      cancellation_date: "The cancellation date field is required.",
      "users.0.email": "must be a valid email address",
      "users.1.first_name": "The first name field is required.",
    });
  });

  it("refuses master policy types, units of another account, staff uploading, and another agency's account", async () => {
    const master = await upload(as.agentA, form(fields("EXT-102", { "policy[policy_type_id]": "2" })));
    expect(master.json().errors.policy_type_id).toBe("You cannot add or update coverage via master policy type");
    expect((await upload(as.staffA, form(fields("EXT-103")), "staff_account")).statusCode).toBe(403);
    const foreign = await upload(as.agentB, form(fields("EXT-104")));
    expect(foreign.json().errors.account_id).toBe("Select account from the drop-down list");
  });
});

describe("number check, update, decisions", () => {
  it("tells whether a number exists, with the policy's id and status in scope", async () => {
    expect((await post("/v2/staff_agency/policies/external/check", as.agentA, { policy: { number: "nope-1" } })).json()).toEqual({});
    const found = (await post("/v2/staff_agency/policies/external/check", as.agentA, { policy: { number: "ext-100" } })).json();
    expect(found.policy).toMatchObject({ number: "EXT-100", status: "EXTERNAL_VERIFIED" });
    const hidden = (await post("/v2/staff_agency/policies/external/check", as.agentB, { policy: { number: "EXT-100" } })).json();
    expect(hidden.policy.id).toBeNull();
  });

  it("a non-reviewer's edit of a verified proof is checked like any edit (the primary's address required) and waits for review", async () => {
    const [policy] = await t.database.db.select().from(policies).where(eq(policies.number, "EXT-100"));
    const edit = (over: Record<string, string>) => {
      const body = form({ ...fields("EXT-100"), "policy[id]": String(policy.id), ...over });
      return t.app.inject({ method: "POST", url: "/v2/staff_account/policies/external/update", headers: { ...as.staffA, ...body.headers }, payload: body.payload });
    };
    const missing = await edit({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors["users.0.street_name"]).toBe("The street name field is required.");
    const address = {
      "policy[policy_users_attributes][0][user_attributes][address_attributes][street_number]": "5",
      "policy[policy_users_attributes][0][user_attributes][address_attributes][street_name]": "Elm St",
      "policy[policy_users_attributes][0][user_attributes][address_attributes][city]": "Austin",
      "policy[policy_users_attributes][0][user_attributes][address_attributes][state]": "TX",
      "policy[policy_users_attributes][0][user_attributes][address_attributes][zip_code]": "78701",
    };
    const res = await edit({ ...address, "policy[status]": "rejected", "policy[policy_users_attributes][1][user_attributes][email]": "", "policy[policy_coverages_attributes][0][limit]": "30000000" });
    // The second user with an empty email is refused: users need an email.
    expect(res.statusCode).toBe(422);
    const good = form(
      Object.fromEntries(
        Object.entries({ ...fields("EXT-100"), "policy[id]": String(policy.id), ...address, "policy[status]": "rejected", "policy[policy_coverages_attributes][0][limit]": "30000000" }).filter(([k]) => !k.includes("[1]")),
      ),
    );
    const saved = await t.app.inject({ method: "POST", url: "/v2/staff_account/policies/external/update", headers: { ...as.staffA, ...good.headers }, payload: good.payload });
    // The policy is verified and staff is no reviewer: the change waits for review, the policy stays as it was.
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe("Your updates have been submitted for review");
    expect(saved.json().policy).toMatchObject({ status: "EXTERNAL_VERIFIED", latest_submitted_revision: { id: expect.any(Number) } });
    expect(saved.json().policy.users).toHaveLength(2);
    expect(saved.json().policy.policy_coverages.coverage_limits[0].limit).toBe(10_000_000);
    expect((await t.database.db.select().from(policyUsers).where(eq(policyUsers.policy_id, policy.id))).length).toBe(2);
  });

  it("declines with reasons (reviewers only): status, reasons kept, history, the account mailed; accept reverses it", async () => {
    const [policy] = await t.database.db.select().from(policies).where(eq(policies.number, "EXT-100"));
    const reasons = ["Policy has already expired", "Incorrect unit/apt number", "Insured is a business"];
    expect((await post("/v2/staff_agency/policies/external/decline", as.agentA, { policy: { id: policy.id, system_data: { rejection_reasons: reasons } } })).statusCode).toBe(403);
    expect((await post("/v2/policy-support/policies/external/decline", as.support, { policy: { id: policy.id, system_data: { rejection_reasons: [] } } })).statusCode).toBe(422);
    const res = await post("/v2/policy-support/policies/external/decline", as.support, { policy: { id: policy.id, system_data: { rejection_reasons: reasons } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().policy).toMatchObject({ status: "EXTERNAL_REJECTED", system_data: { rejection_reasons: reasons } });
    const [unit] = await t.database.db.select().from(insurables).where(eq(insurables.id, unitA));
    expect(unit.covered).toBe(false);
    const mail = await t.database.db.select().from(sentEmails).where(eq(sentEmails.template, "external_policy_status"));
    expect(mail.at(-1)?.text).toContain("- Insured is a business");
    // Email History lists it for the account's staff, not for another agency's agent.
    const listed = await t.app.inject({ method: "GET", url: "/v2/staff_account/sent_emails?search=EXT-100", headers: as.staffA });
    expect(listed.json().map((m: { text: string }) => m.text).join("\n")).toContain("Insured is a business");
    const other = await t.app.inject({ method: "GET", url: "/v2/staff_agency/sent_emails?search=EXT-100", headers: as.agentB });
    expect(other.json()).toEqual([]);
    const history = (await t.app.inject({ method: "GET", url: `/v2/policy-support/policies/${policy.id}/history`, headers: as.support })).json();
    expect(history[0]).toMatchObject({ author: "policy support", data: { status: { previous_value: "EXTERNAL_VERIFIED", new_value: "EXTERNAL_REJECTED" } } });

    const accepted = await post("/v2/staff_super_admin/policies/external/accept", as.superAdmin, { policy: { id: policy.id } });
    expect(accepted.json().policy).toMatchObject({ status: "EXTERNAL_VERIFIED", system_data: {} });
  });

  it("deletes one certificate of an external policy", async () => {
    const [policy] = await t.database.db.select().from(policies).where(eq(policies.number, "EXT-100"));
    const [doc] = await t.database.db.select().from(documents).where(eq(documents.attachable_id, policy.id));
    const res = await t.app.inject({ method: "DELETE", url: `/v2/staff_agency/policies/${policy.id}/delete_policy_document`, headers: as.agentA, payload: { document_id: doc.id } });
    expect(res.json()).toEqual({ message: "File successfully deleted!" });
    expect(await t.database.db.select().from(documents).where(eq(documents.id, doc.id))).toHaveLength(0);
    expect(await t.database.db.select().from(policyCoverages).where(eq(policyCoverages.policy_id, policy.id))).not.toHaveLength(0);
    expect(await t.database.db.select().from(users).where(eq(users.email, "ext-100@proof.test"))).toHaveLength(1);
  });
});
