import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InlineQueue } from "../../jobs/queue";
import { policies, policyRevisions, sentEmails } from "../../db/schema";
import { declarationsPagePdf } from "../../files/sample-pdfs";
import type { AuthHeaders, TestApp } from "../../test/helpers";
import { proofWorld, type ProofWorld } from "../../test/proof-world";
import { multipart } from "../../test/multipart";

let t: TestApp;
let world: ProofWorld["world"];
let as: ProofWorld["as"];
let unitA: number;
let pdf: Buffer;

const fields = (number: string, over: Record<string, string> = {}) => ({
  "policy[account_id]": String(world.accounts.A.id),
  "policy[number]": number,
  "policy[out_of_system_carrier_title]": "Lemonade",
  "policy[policy_type_id]": "1",
  "policy[effective_date]": "2026-06-01",
  "policy[expiration_date]": "2027-06-01",
  "policy[policy_insurables_attributes][0][insurable_id]": String(unitA),
  "policy[policy_users_attributes][0][user_attributes][email]": `${number.toLowerCase()}@rev.test`,
  "policy[policy_users_attributes][0][user_attributes][profile_attributes][first_name]": "Robin",
  "policy[policy_users_attributes][0][user_attributes][profile_attributes][last_name]": "Revision",
  "policy[policy_users_attributes][0][user_attributes][address_attributes][street_number]": "5",
  "policy[policy_users_attributes][0][user_attributes][address_attributes][street_name]": "Elm St",
  "policy[policy_users_attributes][0][user_attributes][address_attributes][city]": "Austin",
  "policy[policy_users_attributes][0][user_attributes][address_attributes][state]": "TX",
  "policy[policy_users_attributes][0][user_attributes][address_attributes][zip_code]": "78701",
  "policy[policy_coverages_attributes][0][designation]": "liability",
  "policy[policy_coverages_attributes][0][limit]": "10000000",
  ...over,
});

function send(url: string, headers: AuthHeaders, values: Record<string, string>, files: Array<{ filename: string; content: Buffer }> = []) {
  const body = multipart([
    ...Object.entries(values).map(([field, content]) => ({ field, content })),
    ...files.map((f) => ({ field: "policy[documents][]", contentType: "application/pdf", ...f })),
  ]);
  return t.app.inject({ method: "POST", url, headers: { ...headers, ...body.headers }, payload: body.payload });
}
const post = (url: string, headers: AuthHeaders, payload: object = {}) => t.app.inject({ method: "POST", url, headers, payload });
const get = (url: string, headers: AuthHeaders) => t.app.inject({ method: "GET", url, headers });

/** A verified proof uploaded by the agent, then edited by the account's staff: a pending revision. */
async function proofWithRevision(number: string, edit: Record<string, string>, files: Array<{ filename: string; content: Buffer }> = []) {
  const created = await send("/v2/staff_agency/policies/external/upload", as.agentA, fields(number));
  expect(created.statusCode).toBe(201);
  const id: number = created.json().policy.id;
  const res = await send("/v2/staff_account/policies/external/update", as.staffA, { ...fields(number), "policy[id]": String(id), ...edit }, files);
  expect(res.json().message).toBe("Your updates have been submitted for review");
  return { id, revisionId: res.json().policy.latest_submitted_revision.id as number };
}

const policyRow = async (id: number) => (await t.database.db.select().from(policies).where(eq(policies.id, id)))[0];
const revisionRow = async (id: number) => (await t.database.db.select().from(policyRevisions).where(eq(policyRevisions.id, id)))[0];
const mails = (template: string) => t.database.db.select().from(sentEmails).where(eq(sentEmails.template, template));

beforeAll(async () => {
  ({ t, world, as, unitId: unitA } = await proofWorld("Revision Row", "Unit 12"));
  pdf = Buffer.from(await declarationsPagePdf({ carrier: "Lemonade", number: "REV-1", insureds: ["Robin Revision"], address: ["5 Elm St", "Austin, TX 78701"], effective: "2026-06-01", expiration: "2027-06-01", coverages: [{ title: "Personal Liability", limit: 300000 }] }));
}, 60_000);
afterAll(() => t.close());

describe("a non-reviewer's change to a verified proof", () => {
  it("becomes one pending revision (a second edit replaces it), shown on the policy, its row and its history; the policy is unchanged", async () => {
    const { id, revisionId } = await proofWithRevision("REV-100", { "policy[policy_coverages_attributes][0][limit]": "20000000" });
    const again = await send("/v2/staff_account/policies/external/update", as.staffA, { ...fields("REV-100"), "policy[id]": String(id), "policy[policy_coverages_attributes][0][limit]": "30000000" });
    expect(again.json().policy.latest_submitted_revision.id).toBe(revisionId);
    expect(await t.database.db.select().from(policyRevisions).where(eq(policyRevisions.policy_id, id))).toHaveLength(1);
    expect((await revisionRow(revisionId)).changes).toMatchObject({ policy_coverages_attributes: [{ designation: "liability", limit: 30_000_000 }] });

    const detail = (await get(`/v2/staff_account/policies/${id}`, as.staffA)).json();
    expect(detail).toMatchObject({ status: "EXTERNAL_VERIFIED", latest_submitted_revision: { id: revisionId } });
    expect(detail.policy_coverages.coverage_limits[0].limit).toBe(10_000_000);
    const rows = (await get("/v2/staff_account/policies?filter[number][like]=REV-100", as.staffA)).json();
    expect(rows[0].latest_submitted_revision).toMatchObject({ id: revisionId });
    const history = (await get(`/v2/staff_account/policies/${id}/history`, as.staffA)).json();
    expect(history[0].data.revision).toEqual({ previous_value: `#${revisionId} submitted`, new_value: `#${revisionId} submitted` });
  });

  it("a reviewer's own edit of a verified proof applies at once", async () => {
    const created = await send("/v2/staff_agency/policies/external/upload", as.agentA, fields("REV-110"));
    const id = created.json().policy.id;
    const res = await send("/v2/policy-support/policies/external/update", as.support, { ...fields("REV-110"), "policy[id]": String(id), "policy[policy_coverages_attributes][0][limit]": "50000000" });
    expect(res.json()).toMatchObject({ message: "Policy has been updated", policy: { latest_submitted_revision: null } });
    expect(res.json().policy.policy_coverages.coverage_limits[0].limit).toBe(50_000_000);
  });
});

describe("reviewing a revision", () => {
  it("shows what would change, waits in the Policy Review queue, and is for reviewers only", async () => {
    const { id, revisionId } = await proofWithRevision("REV-200", { "policy[policy_coverages_attributes][0][limit]": "30000000", "policy[expiration_date]": "2027-07-01" });
    const revision = await get(`/v2/policy-support/policies/${id}/policy_revisions/${revisionId}`, as.support);
    expect(revision.statusCode).toBe(200);
    expect(revision.json()).toMatchObject({ id: revisionId, status: "submitted", submitted_by: expect.any(String) });
    expect(revision.json().diff).toEqual([
      { field: "expiration_date", current: "2027-06-01", proposed: "2027-07-01" },
      { field: "coverage.liability", current: "$100,000.00", proposed: "$300,000.00" },
    ]);
    expect((await get(`/v2/policy-support/policies/${id}/policy_revisions/latest`, as.support)).json().id).toBe(revisionId);
    expect((await get(`/v2/staff_account/policies/${id}/policy_revisions/${revisionId}`, as.staffA)).statusCode).toBe(403);
    expect((await get(`/v2/policy-support/policies/${id}/policy_revisions/999999`, as.support)).statusCode).toBe(404);

    const queue = (await post("/v2/policy-support/review_queue/list", as.support, { filter: { kind: "revision" } })).json();
    expect(queue.data).toEqual(expect.arrayContaining([expect.objectContaining({ id, kind: "revision", revision: expect.objectContaining({ id: revisionId }) })]));
    const proofsOnly = (await post("/v2/policy-support/review_queue/list", as.support, { filter: { kind: "proof" } })).json();
    expect(proofsOnly.data.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it("can be edited by the reviewer before deciding; bad input is refused with the field named", async () => {
    const { id, revisionId } = await proofWithRevision("REV-300", { "policy[policy_coverages_attributes][0][limit]": "30000000" });
    const bad = await t.app.inject({ method: "PATCH", url: `/v2/policy-support/policies/${id}/policy_revisions/${revisionId}`, headers: as.support, payload: { policy_revision: { expiration_date: "2027-02-31x" } } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.expiration_date).toBeDefined();
    const res = await t.app.inject({ method: "PATCH", url: `/v2/policy-support/policies/${id}/policy_revisions/${revisionId}`, headers: as.support, payload: { policy_revision: { expiration_date: "2027-08-01" } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "Updates have been saved", location: { unit_id: unitA, building_id: null, community_id: expect.any(Number) } });
    expect(res.json().changes).toMatchObject({ expiration_date: "2027-08-01", policy_coverages_attributes: [{ limit: 30_000_000 }] });
    expect(res.json().diff).toContainEqual({ field: "expiration_date", current: "2027-06-01", proposed: "2027-08-01" });

    // The form itself, multipart with a new certificate, as the Policy Review page sends it.
    const body = multipart([
      ...Object.entries({ ...fields("REV-300"), "policy[policy_coverages_attributes][0][limit]": "40000000" }).map(([field, content]) => ({ field, content })),
      { field: "policy[documents][]", filename: "corrected.pdf", contentType: "application/pdf", content: pdf },
    ]);
    const form = await t.app.inject({ method: "PATCH", url: `/v2/policy-support/policies/${id}/policy_revisions/${revisionId}`, headers: { ...as.support, ...body.headers }, payload: body.payload });
    expect(form.statusCode).toBe(200);
    expect(form.json().changes.policy_coverages_attributes[0].limit).toBe(40_000_000);
    expect(form.json().documents.map((d: { filename: string }) => d.filename)).toEqual(["corrected.pdf"]);
  });

  it("approved: the updates applied with the new certificate, revision approved once, history, the account mailed; no second approval", async () => {
    const { id, revisionId } = await proofWithRevision("REV-400", { "policy[policy_coverages_attributes][0][limit]": "30000000" }, [{ filename: "new-declarations.pdf", content: pdf }]);
    const mailed = (await mails("policy_revision_outcome")).length;
    // Someone else holding the item blocks the decision.
    expect((await post("/v2/staff_super_admin/review_queue/claims", as.superAdmin, { kind: "revision", id })).statusCode).toBe(200);
    const blocked = await post(`/v2/policy-support/policies/${id}/policy_revisions/${revisionId}/approve`, as.support);
    expect(blocked.statusCode).toBe(409);

    const res = await post(`/v2/staff_super_admin/policies/${id}/policy_revisions/${revisionId}/approve`, as.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "Updates have been approved", policy: { status: "EXTERNAL_VERIFIED", latest_submitted_revision: null } });
    expect(res.json().policy.policy_coverages.coverage_limits[0].limit).toBe(30_000_000);
    expect(res.json().policy.documents.map((d: { filename: string }) => d.filename)).toContain("new-declarations.pdf");
    expect(await revisionRow(revisionId)).toMatchObject({ status: "approved", decided_by_id: expect.any(Number) });
    expect(await mails("policy_revision_outcome")).toHaveLength(mailed + 1);
    const history = (await get(`/v2/policy-support/policies/${id}/history`, as.support)).json();
    expect(history[0].data.revision).toEqual({ previous_value: "submitted", new_value: "approved" });

    const twice = await post(`/v2/policy-support/policies/${id}/policy_revisions/${revisionId}/approve`, as.support);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/^This item was already accepted by super admin at \d{1,2}:\d{2} [AP]M P[SD]T on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect((await post("/v2/policy-support/policies/updates/accept", as.support, { policy: { id } })).statusCode).toBe(404);
  });

  it("approved while rejecting the policy (both routes), reasons required", async () => {
    const reasons = ["Liability coverage is below the property manager's requirement"];
    const first = await proofWithRevision("REV-500", { "policy[policy_coverages_attributes][0][limit]": "5000000" });
    expect((await post(`/v2/policy-support/policies/${first.id}/policy_revisions/${first.revisionId}/approve`, as.support, { override_policy_status: "rejected" })).statusCode).toBe(422);
    const res = await post(`/v2/policy-support/policies/${first.id}/policy_revisions/${first.revisionId}/approve`, as.support, { override_policy_status: "rejected", system_data: { rejection_reasons: reasons } });
    expect(res.json().policy).toMatchObject({ status: "EXTERNAL_REJECTED", system_data: { rejection_reasons: reasons } });
    expect(res.json().policy.policy_coverages.coverage_limits[0].limit).toBe(5_000_000);

    const second = await proofWithRevision("REV-510", { "policy[expiration_date]": "2027-09-01" });
    expect((await post("/v2/policy-support/policies/updates/accept", as.support, { policy: { id: second.id, status: "EXTERNAL_REJECTED", system_data: {} } })).statusCode).toBe(422);
    const accepted = await post("/v2/policy-support/policies/updates/accept", as.support, { policy: { id: second.id, status: "EXTERNAL_REJECTED", system_data: { rejection_reasons: reasons } } });
    expect(accepted.json().policy).toMatchObject({ status: "EXTERNAL_REJECTED", expiration_date: "2027-09-01" });
    const mail = (await mails("external_policy_status")).at(-1);
    expect(mail?.text).toContain(reasons[0]);
  });

  it("declined with reasons (the account mailed) or archived (quietly); the policy stays as it was", async () => {
    const reasons = ["Please upload a full PDF copy of the policy"];
    const declined = await proofWithRevision("REV-600", { "policy[policy_coverages_attributes][0][limit]": "30000000" });
    expect((await post(`/v2/policy-support/policies/${declined.id}/policy_revisions/${declined.revisionId}/decline`, as.support, { system_data: { rejection_reasons: [] } })).statusCode).toBe(422);
    const res = await post(`/v2/policy-support/policies/${declined.id}/policy_revisions/${declined.revisionId}/decline`, as.support, { system_data: { rejection_reasons: reasons } });
    expect(res.json()).toMatchObject({ message: "Updates have been declined", policy: { status: "EXTERNAL_VERIFIED", latest_submitted_revision: null } });
    expect(res.json().policy.policy_coverages.coverage_limits[0].limit).toBe(10_000_000);
    expect(await revisionRow(declined.revisionId)).toMatchObject({ status: "declined", rejection_reasons: reasons });
    expect((await mails("policy_revision_outcome")).at(-1)?.text).toContain(`- ${reasons[0]}`);

    const archived = await proofWithRevision("REV-610", { "policy[expiration_date]": "2027-10-01" });
    const mailed = (await mails("policy_revision_outcome")).length;
    const quiet = await post(`/v2/policy-support/policies/${archived.id}/policy_revisions/${archived.revisionId}/decline`, as.support, { system_data: { rejection_reasons: ["Duplicate"] }, archive: true });
    expect(quiet.json().message).toBe("Updates have been archived");
    expect(await revisionRow(archived.revisionId)).toMatchObject({ status: "archived" });
    expect(await mails("policy_revision_outcome")).toHaveLength(mailed);

    const viaUpdates = await proofWithRevision("REV-620", { "policy[expiration_date]": "2027-10-01" });
    const declinedUpdates = await post("/v2/policy-support/policies/updates/decline", as.support, { policy: { id: viaUpdates.id, system_data: { rejection_reasons: reasons } } });
    expect(declinedUpdates.json().policy).toMatchObject({ expiration_date: "2027-06-01", latest_submitted_revision: null });
  });

  it("adjusted: the reviewer's corrections laid over the submitted fields, then applied", async () => {
    const { id, revisionId } = await proofWithRevision("REV-700", { "policy[expiration_date]": "2027-11-01", "policy[policy_coverages_attributes][0][limit]": "30000000" });
    const res = await post("/v2/policy-support/policies/updates/adjust", as.support, { policy: { id, expiration_date: "2027-12-01" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().policy).toMatchObject({ expiration_date: "2027-12-01", latest_submitted_revision: null });
    expect(res.json().policy.policy_coverages.coverage_limits[0].limit).toBe(30_000_000);
    expect(await revisionRow(revisionId)).toMatchObject({ status: "approved" });
    const bad = await proofWithRevision("REV-710", { "policy[expiration_date]": "2027-11-01" });
    expect((await post("/v2/policy-support/policies/updates/adjust", as.support, { policy: { id: bad.id, expiration_date: "2026-01-01" } })).statusCode).toBe(422);
    expect(await revisionRow(bad.revisionId)).toMatchObject({ status: "submitted" });
  });

  it("of another agency's policy is not found; deciding needs a reviewer", async () => {
    const { id, revisionId } = await proofWithRevision("REV-800", { "policy[expiration_date]": "2027-11-01" });
    expect((await post(`/v2/staff_agency/policies/${id}/policy_revisions/${revisionId}/approve`, as.agentB)).statusCode).toBe(403);
    expect((await post(`/v2/staff_account/policies/${id}/policy_revisions/${revisionId}/decline`, as.staffA, { system_data: { rejection_reasons: ["x"] } })).statusCode).toBe(403);
    expect(await revisionRow(revisionId)).toMatchObject({ status: "submitted" });
  });
});

describe("the review form's calls and the declination job", () => {
  it("GET /api/policy/{id}/form-data answers the form's shape; PUT saves through the same rules; POST /api/policy/submit uploads", async () => {
    const submitted = await t.app.inject({
      method: "POST",
      url: "/api/staff_agency/policy/submit",
      headers: as.agentA,
      payload: { policy: { ...Object.fromEntries(Object.entries(fields("REV-900")).map(([k, v]) => [k, v])) } },
    });
    // A JSON body is the same nested object; bracketed keys are not JSON.
    expect(submitted.statusCode).toBe(422);
    const json = {
      account_id: world.accounts.A.id,
      number: "REV-900",
      out_of_system_carrier_title: "Lemonade",
      policy_type_id: 1,
      effective_date: "2026-06-01",
      expiration_date: "2027-06-01",
      policy_insurables_attributes: [{ insurable_id: unitA }],
      policy_users_attributes: [{ user_attributes: { email: "rev-900@rev.test", profile_attributes: { first_name: "Rae", last_name: "Nine" } } }],
      policy_coverages_attributes: [{ designation: "liability", limit: 10_000_000 }],
    };
    const created = await t.app.inject({ method: "POST", url: "/api/staff_agency/policy/submit", headers: as.agentA, payload: { policy: json } });
    expect(created.statusCode).toBe(201);
    const id = created.json().policy.id;
    const form = await get(`/api/staff_agency/policy/${id}/form-data`, as.agentA);
    expect(form.json().policy).toMatchObject({
      id,
      number: "REV-900",
      status: "EXTERNAL_VERIFIED",
      policy_insurables_attributes: [{ insurable_id: unitA }],
      policy_users_attributes: [{ primary: true, user_attributes: { email: "rev-900@rev.test", profile_attributes: { first_name: "Rae", last_name: "Nine" } } }],
      policy_coverages_attributes: [{ designation: "liability", limit: 10_000_000, enabled: true }],
    });
    expect((await get(`/api/staff_agency/policy/${id}/form-data`, as.agentB)).statusCode).toBe(404);
    const address = { street_number: "1", street_name: "Main St", city: "Austin", state: "TX", zip_code: "78701" };
    const edited = { ...form.json().policy, expiration_date: "2027-05-01" };
    edited.policy_users_attributes[0].user_attributes.address_attributes = address;
    const put = await t.app.inject({ method: "PUT", url: `/api/policy-support/policy/${id}/form-data`, headers: as.support, payload: { policy: edited } });
    expect(put.statusCode).toBe(200);
    expect(put.json().policy.expiration_date).toBe("2027-05-01");
  });

  it("declines every proof that has expired, with reason 5, history by who scheduled it, and mail", async () => {
    const expired = await send("/v2/staff_agency/policies/external/upload", as.agentA, fields("REV-1000", { "policy[effective_date]": "2024-01-01", "policy[expiration_date]": "2025-01-01" }));
    const current = await send("/v2/staff_agency/policies/external/upload", as.agentA, fields("REV-1001"));
    expect((await post("/v2/staff_account/policies/schedule_declination_job", as.staffA)).statusCode).toBe(403);
    expect((await post("/v2/policy-support/policies/schedule_declination_job", as.support, { before: "someday" })).statusCode).toBe(422);
    const res = await post("/v2/policy-support/policies/schedule_declination_job", as.support, { before: "2026-01-01" });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe("Declination job has been scheduled");
    await (t.app.jobs as InlineQueue).idle();
    expect(await policyRow(expired.json().policy.id)).toMatchObject({ status: "EXTERNAL_REJECTED", system_data: { rejection_reasons: ["Policy has already expired"] } });
    expect((await policyRow(current.json().policy.id)).status).toBe("EXTERNAL_VERIFIED");
    const history = (await get(`/v2/policy-support/policies/${expired.json().policy.id}/history`, as.support)).json();
    expect(history[0]).toMatchObject({ author: "policy support", process: "job", data: { status: { new_value: "EXTERNAL_REJECTED" } } });
  });
});
