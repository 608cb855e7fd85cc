import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carriers, checkedFiles, policies, reviewClaims } from "../../db/schema";
import { signRelease } from "../../lib/claims";
import { multipart } from "../../test/multipart";
import { proofWorld } from "../../test/proof-world";
/**
 * Review that is safe for a team (issue 10): decisions carry what the reviewer read, claims follow attention, a DMR
 * file can be taken over, and the queue lists through the policy-support prefix for super admins too.
 */
let t;
let world;
let as;
let unitA;
const MOMENT = String.raw `\d{1,2}:\d{2} [AP]M P[SD]T on [A-Z][a-z]+ \d{1,2}, \d{4}`;
const fields = (number, over = {}) => ({
    "policy[account_id]": String(world.accounts.A.id),
    "policy[number]": number,
    "policy[out_of_system_carrier_title]": "Lemonade",
    "policy[policy_type_id]": "1",
    "policy[effective_date]": "2026-06-01",
    "policy[expiration_date]": "2027-06-01",
    "policy[policy_insurables_attributes][0][insurable_id]": String(unitA),
    "policy[policy_users_attributes][0][user_attributes][email]": `${number.toLowerCase()}@team.test`,
    "policy[policy_users_attributes][0][user_attributes][profile_attributes][first_name]": "Tam",
    "policy[policy_users_attributes][0][user_attributes][profile_attributes][last_name]": "Team",
    "policy[policy_users_attributes][0][user_attributes][address_attributes][street_number]": "5",
    "policy[policy_users_attributes][0][user_attributes][address_attributes][street_name]": "Elm St",
    "policy[policy_users_attributes][0][user_attributes][address_attributes][city]": "Austin",
    "policy[policy_users_attributes][0][user_attributes][address_attributes][state]": "TX",
    "policy[policy_users_attributes][0][user_attributes][address_attributes][zip_code]": "78701",
    "policy[policy_coverages_attributes][0][designation]": "liability",
    "policy[policy_coverages_attributes][0][limit]": "10000000",
    ...over,
});
function send(url, headers, values) {
    const body = multipart(Object.entries(values).map(([field, content]) => ({ field, content })));
    return t.app.inject({ method: "POST", url, headers: { ...headers, ...body.headers }, payload: body.payload });
}
const post = (url, headers, payload = {}) => t.app.inject({ method: "POST", url, headers, payload });
/** A proof the agent uploaded, waiting for review. */
async function awaitingProof(number) {
    const res = await send("/v2/staff_agency/policies/external/upload", as.agentA, fields(number, { "policy[status]": "unverified" }));
    expect(res.statusCode).toBe(201);
    return res.json().policy.id;
}
/** A verified proof whose account staff sent changes: pending updates. */
async function pendingUpdates(number, edit) {
    const created = await send("/v2/staff_agency/policies/external/upload", as.agentA, fields(number));
    const id = created.json().policy.id;
    const res = await send("/v2/staff_account/policies/external/update", as.staffA, { ...fields(number), "policy[id]": String(id), ...edit });
    expect(res.json().message).toBe("Your updates have been submitted for review");
    return { id, revisionId: res.json().policy.latest_submitted_revision.id };
}
/** The queue row of a policy, as the Policy Review page reads it. */
async function queueRow(id, headers = as.support) {
    const res = await post("/v2/policy-support/policies_dashboard_index", headers, { pagination: { per: 1000 } });
    return res.json().find((r) => r.id === id);
}
beforeAll(async () => {
    ({ t, world, as, unitId: unitA } = await proofWorld("Team Court", "Unit 7"));
}, 60_000);
afterAll(() => t.close());
describe("a decision on what the reviewer saw", () => {
    it("refuses a decision on a proof someone else decided since it was read (409, by whom and when); the first decision stands", async () => {
        const id = await awaitingProof("TEAM-100");
        const seen = (await queueRow(id)).status;
        expect(seen).toBe("EXTERNAL_UNVERIFIED");
        // The super admin accepts it first, from what they read.
        expect((await post("/v2/staff_super_admin/policies/external/accept", as.superAdmin, { policy: { id, expected_status: seen } })).statusCode).toBe(200);
        // Policy support still has it open as unverified and declines: refused, naming the decision.
        const late = await post("/v2/policy-support/policies/external/decline", as.support, {
            policy: { id, expected_status: seen, system_data: { rejection_reasons: ["Incorrect address"] } },
        });
        expect(late.statusCode).toBe(409);
        expect(late.json().message).toMatch(new RegExp(`^This item was already accepted by super admin at ${MOMENT}$`));
        expect(late.json().decided).toMatchObject({ outcome: "accepted", by: "super admin" });
        const [row] = await t.database.db.select().from(policies).where(eq(policies.id, id));
        expect(row.status).toBe("EXTERNAL_VERIFIED");
        // The coverage-proof form saved over a status that changed since it was loaded is refused the same way.
        const save = await send("/v2/policy-support/policies/external/update", as.support, { ...fields("TEAM-100"), "policy[id]": String(id), "policy[status]": "rejected", "policy[expected_status]": seen, "policy[system_data][rejection_reasons][]": "Incorrect address" });
        expect(save.statusCode).toBe(409);
        expect(save.json().message).toMatch(/^This item was already accepted by super admin at /);
        // The queue's states say the same for the console to mark it.
        const [state] = (await post("/v2/policy-support/review_queue/states", as.support, { ids: [id] })).json();
        expect(state).toMatchObject({ id, pending: false, decided: { outcome: "accepted", by: "super admin", message: expect.stringMatching(/^This item was already accepted by super admin/) } });
    });
    it("refuses deciding pending updates that were decided, or rewritten by someone else, since they were read", async () => {
        const { id, revisionId } = await pendingUpdates("TEAM-200", { "policy[expiration_date]": "2027-09-01" });
        const read = (await queueRow(id)).revision;
        expect(read).toMatchObject({ id: revisionId, version: expect.stringMatching(/^\d+$/) });
        // Another reviewer corrects the updates from the version they read; the version moves on.
        const edit = await t.app.inject({ method: "PATCH", url: `/v2/staff_super_admin/policies/${id}/policy_revisions/${revisionId}`, headers: as.superAdmin, payload: { policy_revision: { expiration_date: "2027-10-01", version: read.version } } });
        expect(edit.statusCode).toBe(200);
        expect(edit.json().version).not.toBe(read.version);
        const stale = await post("/v2/policy-support/policies/updates/accept", as.support, { policy: { id, revision_id: revisionId, version: read.version } });
        expect(stale.statusCode).toBe(409);
        expect(stale.json().message).toMatch(new RegExp(`^These updates were changed by super admin at ${MOMENT} after you opened them\\. Review them again before deciding\\.$`));
        // A second edit from the old version is refused too: the first correction is never overwritten unseen.
        const staleEdit = await t.app.inject({ method: "PATCH", url: `/v2/policy-support/policies/${id}/policy_revisions/${revisionId}`, headers: as.support, payload: { policy_revision: { expiration_date: "2027-11-01", version: read.version } } });
        expect(staleEdit.statusCode).toBe(409);
        const fresh = edit.json().version;
        expect((await post("/v2/staff_super_admin/policies/updates/accept", as.superAdmin, { policy: { id, revision_id: revisionId, version: fresh } })).statusCode).toBe(200);
        const late = await post(`/v2/policy-support/policies/${id}/policy_revisions/${revisionId}/decline`, as.support, { system_data: { rejection_reasons: ["x"] }, version: fresh });
        expect(late.statusCode).toBe(409);
        expect(late.json().message).toMatch(new RegExp(`^This item was already accepted by super admin at ${MOMENT}$`));
        const [row] = await t.database.db.select().from(policies).where(eq(policies.id, id));
        expect(row.expiration_date).toBe("2027-10-01");
    });
    it("answers policy support's decline to CANCELLED with 200, though the cancelled proof leaves its scope", async () => {
        const id = await awaitingProof("TEAM-300");
        const res = await post("/v2/policy-support/policies/external/decline", as.support, { policy: { id, status: "CANCELLED", expected_status: "EXTERNAL_UNVERIFIED", system_data: { rejection_reasons: ["Policy has already expired"] } } });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: "Policy has been declined", policy: null });
        const [row] = await t.database.db.select().from(policies).where(eq(policies.id, id));
        expect(row.status).toBe("CANCELLED");
    });
    it("applies a carrier corrected by title over updates that named their carrier by id (Edit updates and adjust)", async () => {
        const [carrier] = await t.database.db.insert(carriers).values({ title: "Old Carrier Mutual" }).returning();
        const edited = await pendingUpdates("TEAM-400", { "policy[carrier_id]": String(carrier.id), "policy[out_of_system_carrier_title]": "" });
        const patch = await t.app.inject({ method: "PATCH", url: `/v2/policy-support/policies/${edited.id}/policy_revisions/${edited.revisionId}`, headers: as.support, payload: { policy_revision: { out_of_system_carrier_title: "Corrected Insurance Co" } } });
        expect(patch.statusCode).toBe(200);
        expect(patch.json().diff).toContainEqual(expect.objectContaining({ field: "carrier", proposed: "Corrected Insurance Co" }));
        await post("/v2/policy-support/policies/updates/accept", as.support, { policy: { id: edited.id } });
        const [afterEdit] = await t.database.db.select().from(policies).where(eq(policies.id, edited.id));
        expect(afterEdit).toMatchObject({ carrier_id: null, out_of_system_carrier_title: "Corrected Insurance Co" });
        const adjusted = await pendingUpdates("TEAM-410", { "policy[carrier_id]": String(carrier.id), "policy[out_of_system_carrier_title]": "" });
        const res = await post("/v2/policy-support/policies/updates/adjust", as.support, { policy: { id: adjusted.id, out_of_system_carrier_title: "Adjusted Assurance" } });
        expect(res.statusCode).toBe(200);
        const [afterAdjust] = await t.database.db.select().from(policies).where(eq(policies.id, adjusted.id));
        expect(afterAdjust).toMatchObject({ carrier_id: null, out_of_system_carrier_title: "Adjusted Assurance" });
    });
});
describe("claims follow attention", () => {
    const claimOf = async (id, type = "Policy") => (await t.database.db.select().from(reviewClaims).where(sql `${reviewClaims.item_type} = ${type} AND ${reviewClaims.item_id} = ${id}`))[0];
    it("lasts three minutes, is renewed by the heartbeat, and is released by moving on (only one's own)", async () => {
        const id = await awaitingProof("TEAM-500");
        const first = await post("/v2/policy-support/review_queue/claims", as.support, { id });
        expect(first.statusCode).toBe(200);
        const minutes = (Date.parse(first.json().expires_at) - Date.now()) / 60_000;
        expect(minutes).toBeGreaterThan(2.5);
        expect(minutes).toBeLessThanOrEqual(3);
        expect(first.json().release_token).toEqual(expect.any(String));
        // The heartbeat a minute later renews it.
        await t.database.db.execute(sql `UPDATE review_claims SET expires_at = expires_at - interval '1 minute' WHERE item_type = 'Policy' AND item_id = ${id}`);
        const lowered = Date.parse(new Date((await claimOf(id)).expires_at).toISOString());
        const beat = await post("/v2/policy-support/review_queue/claims", as.support, { id });
        expect(Date.parse(beat.json().expires_at)).toBeGreaterThan(lowered + 50_000);
        // Someone else moving on does not free it; the holder moving on (J/K, closing) does.
        expect((await t.app.inject({ method: "DELETE", url: `/v2/staff_super_admin/review_queue/claims/${id}`, headers: as.superAdmin })).statusCode).toBe(204);
        expect(await claimOf(id)).toMatchObject({ staff_id: world.staff.support.id });
        expect((await t.app.inject({ method: "DELETE", url: `/v2/policy-support/review_queue/claims/${id}`, headers: as.support })).statusCode).toBe(204);
        expect(await claimOf(id)).toBeUndefined();
        expect((await post("/v2/staff_super_admin/review_queue/claims", as.superAdmin, { id })).statusCode).toBe(200);
    });
    it("is released by the closing tab's beacon with the token, which releases nothing else", async () => {
        const id = await awaitingProof("TEAM-510");
        const { release_token: token } = (await post("/v2/policy-support/review_queue/claims", as.support, { id })).json();
        // navigator.sendBeacon(url, token) sends the token as text/plain, without the session's headers.
        const beacon = await t.app.inject({ method: "POST", url: "/v2/review_claims/release", headers: { "content-type": "text/plain;charset=UTF-8" }, payload: token });
        expect(beacon.statusCode).toBe(204);
        expect(await claimOf(id)).toBeUndefined();
        // The token names its holder: once someone else holds the item, it releases nothing.
        await post("/v2/staff_super_admin/review_queue/claims", as.superAdmin, { id });
        expect((await t.app.inject({ method: "POST", url: "/v2/review_claims/release", payload: { token } })).statusCode).toBe(204);
        expect(await claimOf(id)).toMatchObject({ staff_id: world.staff.superAdmin.id });
        // Forged or expired tokens are refused.
        const [payload, signature] = token.split(".");
        expect((await t.app.inject({ method: "POST", url: "/v2/review_claims/release", payload: { token: `${payload}.${signature.slice(0, -2)}xx` } })).statusCode).toBe(422);
        const expired = signRelease({ type: "Policy", id, staffId: world.staff.superAdmin.id }, t.app.env.FILES_SECRET, Date.now() - 10 * 60_000);
        expect((await t.app.inject({ method: "POST", url: "/v2/review_claims/release", payload: { token: expired } })).statusCode).toBe(422);
        expect(await claimOf(id)).toMatchObject({ staff_id: world.staff.superAdmin.id });
    });
    it("lets a super admin take a DMR file over from a colleague; without take_over the holder is named", async () => {
        const [file] = await t.database.db
            .insert(checkedFiles)
            .values({ name: "team.pdf", checksum: "team-checksum", storage_key: "team-key", byte_size: 10, source: "upload" })
            .returning();
        await t.database.db.insert(reviewClaims).values({ item_type: "CheckedFile", item_id: file.id, staff_id: world.staff.support.id, expires_at: new Date(Date.now() + 120_000) });
        const refused = await post(`/v2/staff_super_admin/dmr/checked_files/${file.id}/claim`, as.superAdmin);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ message: "This item is being reviewed by policy support. Try another one.", holder: { name: "policy support" } });
        const archive = await t.app.inject({ method: "PATCH", url: `/v2/staff_super_admin/dmr/checked_files/${file.id}/mark_processed`, headers: as.superAdmin });
        expect(archive.statusCode).toBe(409);
        expect(archive.json().message).toBe("This item is being reviewed by policy support. Try another one.");
        const taken = await post(`/v2/staff_super_admin/dmr/checked_files/${file.id}/claim`, as.superAdmin, { take_over: true });
        expect(taken.statusCode).toBe(200);
        expect(await claimOf(file.id, "CheckedFile")).toMatchObject({ staff_id: world.staff.superAdmin.id });
        // Closing REVIEW releases it; a processed file cannot be claimed.
        expect((await t.app.inject({ method: "DELETE", url: `/v2/staff_super_admin/dmr/checked_files/${file.id}/claim`, headers: as.superAdmin })).statusCode).toBe(204);
        expect(await claimOf(file.id, "CheckedFile")).toBeUndefined();
        await t.database.db.update(checkedFiles).set({ processed: true }).where(eq(checkedFiles.id, file.id));
        expect((await post(`/v2/staff_super_admin/dmr/checked_files/${file.id}/claim`, as.superAdmin)).statusCode).toBe(409);
    });
});
describe("the Policy Review list (readings C-28)", () => {
    it("answers POST /policy-support/policies_dashboard_index to policy support and super admins: the queue, oldest first, total-entries", async () => {
        const first = await awaitingProof("TEAM-600");
        const second = await awaitingProof("TEAM-610");
        for (const headers of [as.support, as.superAdmin]) {
            const res = await post("/v2/policy-support/policies_dashboard_index", headers, { filter: { users: { email: { like: "team-6" } } } });
            expect(res.statusCode).toBe(200);
            expect(res.json().map((r) => r.id)).toEqual([first, second]);
            expect(res.headers["total-entries"]).toBe("2");
            expect(res.json()[0]).toMatchObject({ kind: "proof", number: "TEAM-600", status: "EXTERNAL_UNVERIFIED", latest_submitted_revision: null });
        }
        const paged = await post("/v2/policy-support/policies_dashboard_index", as.superAdmin, { filter: { users: { email: { like: "team-6" } } }, pagination: { page: 2, per: 1 } });
        expect(paged.json().map((r) => r.id)).toEqual([second]);
        expect((await post("/v2/policy-support/policies_dashboard_index", as.staffA, {})).statusCode).toBe(403);
        expect((await post("/v2/staff_agency/policies_dashboard_index", as.agentA, {})).statusCode).toBe(403);
    });
});
