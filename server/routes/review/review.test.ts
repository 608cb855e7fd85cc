import { Readable } from "node:stream";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { policies, policyUsers, profiles, users } from "../../db/schema";
import { attachDocument } from "../../files/documents";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "support" | "agentA", AuthHeaders>;
const ids: number[] = [];
const post = (url: string, headers: AuthHeaders, payload: object = {}) => t.app.inject({ method: "POST", url, headers, payload });

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "support", "agentA"]));
  const db = t.database.db;
  for (const [n, created] of [[1, "2026-11-03"], [2, "2026-11-01"], [3, "2026-11-02"]] as const) {
    const [policy] = await db
      .insert(policies)
      .values({ number: `RQ-${n}`, status: n === 3 ? "EXTERNAL_VERIFIED" : "EXTERNAL_UNVERIFIED", policy_type_id: 1, account_id: world.accounts.A.id, agency_id: world.agencies.A.id, created_at: new Date(`${created}T10:00:00Z`) })
      .returning();
    const [user] = await db.insert(users).values({ email: `rq${n}@review.test` }).returning();
    await db.insert(profiles).values({ profileable_type: "User", profileable_id: user.id, first_name: "Rae", last_name: `Queue${n}`, full_name: `Rae Queue${n}` });
    await db.insert(policyUsers).values({ policy_id: policy.id, user_id: user.id, primary: true });
    await attachDocument(db, t.files, { type: "Policy", id: policy.id }, { filename: `rq-${n}.pdf`, contentType: "application/pdf", body: Readable.from([Buffer.from("%PDF-1.4 rq")]) });
    ids.push(policy.id);
  }
}, 60_000);
afterAll(() => t.close());

describe("Policy Review queue", () => {
  it("lists proofs awaiting review, oldest first, with customer, certificate and no claim; reviewers only", async () => {
    const res = await post("/v2/policy-support/review_queue/list", as.support, { filter: { account_id: [world.accounts.A.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { number: string }) => r.number)).toEqual(["RQ-2", "RQ-1"]);
    expect(res.json().data[0]).toMatchObject({ kind: "proof", customer: "Rae Queue2", document: { filename: "rq-2.pdf" }, claimed_by: null });
    const searched = await post("/v2/policy-support/review_queue/list", as.support, { filter: { search: "queue1" } });
    expect(searched.json().data.map((r: { number: string }) => r.number)).toEqual(["RQ-1"]);
    const byNumber = await post("/v2/policy-support/review_queue/list", as.support, { filter: { search: "rq-2" } });
    expect(byNumber.json()).toMatchObject({ data: [{ number: "RQ-2" }], meta: { total: 1 } });
    expect((await post("/v2/policy-support/review_queue/list", as.support, { filter: { search: "zzzz" } })).json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await post("/v2/staff_agency/review_queue/list", as.agentA)).statusCode).toBe(403);
  });

  it("places pending updates by when they were submitted, once each; kind narrows to proofs or updates; totals and pages agree", async () => {
    const db = t.database.db;
    const { policyRevisions } = await import("../../db/schema");
    // RQ-3 is verified; its updates came in on 2 November at noon, between RQ-2 (1 November) and RQ-1 (3 November).
    await db.insert(policyRevisions).values({ policy_id: ids[2], changes: {}, submitted_by_type: "Staff", submitted_by_id: world.staff.staffA.id, created_at: new Date("2026-11-02T12:00:00Z") });
    const list = (filter: object, extra: object = {}) => post("/v2/policy-support/review_queue/list", as.support, { filter: { account_id: [world.accounts.A.id], ...filter }, ...extra });
    const all = (await list({})).json();
    expect(all.data.map((r: { number: string; kind: string }) => `${r.number}:${r.kind}`)).toEqual(["RQ-2:proof", "RQ-3:revision", "RQ-1:proof"]);
    expect(all.meta.total).toBe(3);
    expect(all.data[1].revision).toMatchObject({ id: expect.any(Number) });
    expect((await list({ kind: "proof" })).json().data.map((r: { number: string }) => r.number)).toEqual(["RQ-2", "RQ-1"]);
    expect((await list({ kind: "revision" })).json()).toMatchObject({ data: [{ number: "RQ-3" }], meta: { total: 1 } });
    const newest = (await list({}, { sort: { column: "created_at", direction: "desc" } })).json();
    expect(newest.data.map((r: { number: string }) => r.number)).toEqual(["RQ-1", "RQ-3", "RQ-2"]);
    const second = (await list({}, { pagination: { page: 2, per: 2 } })).json();
    expect(second).toMatchObject({ data: [{ number: "RQ-1" }], meta: { total: 3, page: 2, per: 2 } });
    expect((await list({}, { sort: { column: "secret" } })).statusCode).toBe(422);
    // The whole queue's total (from the policy counters) is the proofs' and the updates' counted one by one.
    const whole = (filter: object) => post("/v2/policy-support/review_queue/list", as.support, { filter }).then((r) => r.json().meta.total as number);
    expect(await whole({})).toBe((await whole({ kind: "proof" })) + (await whole({ kind: "revision" })));
    // A proof awaiting review with pending updates is listed once, as updates.
    await db.insert(policyRevisions).values({ policy_id: ids[0], changes: {}, submitted_by_type: "Staff", submitted_by_id: world.staff.staffA.id });
    const proofs = await whole({ kind: "proof" });
    const updates = await whole({ kind: "revision" });
    expect(updates).toBeGreaterThan(1);
    expect(await whole({})).toBe(proofs + updates - 1);
    await db.delete(policyRevisions);
  });

  it("a searched queue's pages and totals are the queue's rows filtered and sorted at once (common, rare, absent, number)", async () => {
    const db = t.database.db;
    const { policyRevisions } = await import("../../db/schema");
    // Fourteen policies of account B: customers "Cora Commonly<n>" but one "Rarity Single"; two verified, one of them
    // with pending updates (listed as updates), the other not in the queue; three proofs with updates; created_at ties.
    const made: number[] = [];
    for (let n = 1; n <= 14; n++) {
      const [policy] = await db
        .insert(policies)
        .values({
          number: `RQS-${String(n).padStart(2, "0")}`,
          status: n === 4 || n === 9 ? "EXTERNAL_VERIFIED" : "EXTERNAL_UNVERIFIED",
          policy_type_id: 1,
          account_id: world.accounts.B.id,
          agency_id: world.agencies.B.id,
          created_at: new Date(Date.UTC(2026, 9, 1 + (n % 5), 8)),
        })
        .returning();
      const [user] = await db.insert(users).values({ email: `rqs${n}@review.test` }).returning();
      const fullName = n === 6 ? "Rarity Single" : `Cora Commonly${n}`;
      await db.insert(profiles).values({ profileable_type: "User", profileable_id: user.id, first_name: fullName.split(" ")[0], last_name: fullName.split(" ")[1], full_name: fullName });
      await db.insert(policyUsers).values({ policy_id: policy.id, user_id: user.id, primary: true });
      made.push(policy.id);
    }
    for (const [n, day] of [[4, 2], [7, 3], [11, 1], [12, 4]] as const) {
      await db.insert(policyRevisions).values({ policy_id: made[n - 1], changes: {}, submitted_by_type: "Staff", submitted_by_id: world.staff.staffA.id, created_at: new Date(Date.UTC(2026, 9, day, 9)) });
    }
    type Row = { id: number; number: string; kind: string; customer: string | null };
    const list = (body: object) => post("/v2/policy-support/review_queue/list", as.support, body).then((r) => r.json() as { data: Row[]; meta: { total: number } });
    const sorts = [{}, { sort: { column: "created_at", direction: "desc" } }, { sort: { column: "number", direction: "asc" } }, { sort: { column: "updated_at", direction: "desc" } }];
    for (const sort of sorts) {
      // The queue unsearched (account B holds every policy these terms can match), in one page.
      const whole = await list({ filter: { account_id: [world.accounts.B.id] }, pagination: { page: 1, per: 200 }, ...sort });
      expect(whole.data.filter((r) => r.number.startsWith("RQS-")).length).toBe(13);
      for (const term of ["commonly", "rarity single", "zzqx-absent", "rqs-1"]) {
        const expected = whole.data.filter((r) => r.number.toLowerCase().includes(term) || (r.customer ?? "").toLowerCase().includes(term)).map((r) => `${r.number}:${r.kind}`);
        const seen: string[] = [];
        for (let page = 1; page <= 4; page++) {
          const got = await list({ filter: { search: term }, pagination: { page, per: 4 }, ...sort });
          expect(got.meta.total, `${term} page ${page}`).toBe(expected.length);
          seen.push(...got.data.map((r) => `${r.number}:${r.kind}`));
        }
        expect(seen, `${term} ${JSON.stringify(sort)}`).toEqual(expected);
        if (term === "commonly") expect(expected.length).toBe(12);
        if (term === "rqs-1") expect(expected.length).toBe(5);
      }
      // One kind at a time, and a status filter (which replaces what makes a proof wait), too.
      for (const narrowed of [{ kind: "proof" }, { kind: "revision" }, { status: "EXTERNAL_VERIFIED" }]) {
        const expected = (await list({ filter: { account_id: [world.accounts.B.id], ...narrowed }, pagination: { page: 1, per: 200 }, ...sort })).data
          .filter((r) => r.customer?.startsWith("Cora Commonly"))
          .map((r) => `${r.number}:${r.kind}`);
        const got = await list({ filter: { search: "commonly", ...narrowed }, pagination: { page: 1, per: 50 }, ...sort });
        expect(got.data.map((r) => `${r.number}:${r.kind}`), JSON.stringify(narrowed)).toEqual(expected);
        if ("status" in narrowed) expect(expected.length).toBeGreaterThan(1);
        expect(got.meta.total).toBe(expected.length);
      }
    }
    await db.delete(policyRevisions);
    await db.delete(policyUsers).where(inArray(policyUsers.policy_id, made));
    await db.delete(policies).where(inArray(policies.id, made));
  });

  it("gives no pre-fill for a certificate without a readable text layer", async () => {
    const res = await t.app.inject({ method: "GET", url: `/v2/policy-support/review_queue/${ids[1]}/extract`, headers: as.support });
    expect(res.json()).toMatchObject({ text_found: false, suggested_reasons: [] });
  });

  it("claims an item for one reviewer: a second reviewer is refused, as is their decision (409)", async () => {
    const [first] = ids;
    const claim = await post("/v2/policy-support/review_queue/claims", as.support, { id: first });
    expect(claim.statusCode).toBe(200);
    expect(new Date(claim.json().expires_at).getTime()).toBeGreaterThan(Date.now());
    // Renewing one's own claim is fine.
    expect((await post("/v2/policy-support/review_queue/claims", as.support, { id: first })).statusCode).toBe(200);
    const other = await post("/v2/staff_super_admin/review_queue/claims", as.superAdmin, { id: first });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe("This item is being reviewed by policy support. Try another one.");
    const listed = await post("/v2/staff_super_admin/review_queue/list", as.superAdmin);
    expect(listed.json().data.find((r: { id: number }) => r.id === first).claimed_by).toMatchObject({ name: "policy support" });
    const decision = await post("/v2/staff_super_admin/policies/external/accept", as.superAdmin, { policy: { id: first } });
    expect(decision.statusCode).toBe(409);
    const mine = await post("/v2/policy-support/policies/external/decline", as.support, { policy: { id: first, system_data: { rejection_reasons: ["Incorrect address"] } } });
    expect(mine.statusCode).toBe(200);
    // The decision frees the item and takes it off the queue.
    const after = await post("/v2/staff_super_admin/review_queue/list", as.superAdmin);
    expect(after.json().data.map((r: { id: number }) => r.id)).not.toContain(first);
    expect((await post("/v2/staff_super_admin/review_queue/claims", as.superAdmin, { id: first })).statusCode).toBe(200);
  });
});

describe("the form's pickers for policy support", () => {
  it("names every account and community (they review proofs of all accounts), while staff see only their own", async () => {
    const db = t.database.db;
    const { insurables } = await import("../../db/schema");
    const [community] = await db.insert(insurables).values({ title: "Review Commons", insurable_type_id: 1, account_id: world.accounts.B.id, agency_id: world.agencies.B.id }).returning();
    const accounts = await post("/v2/policy-support/accounts_index", as.support, { pagination: { page: 1, per: 50 } });
    expect(accounts.statusCode).toBe(200);
    const titles = (Array.isArray(accounts.json()) ? accounts.json() : accounts.json().data).map((a: { id: number }) => a.id);
    expect(titles).toEqual(expect.arrayContaining([world.accounts.A.id, world.accounts.B.id]));
    const tree = await t.app.inject({ method: "GET", url: `/v2/policy-support/lookups/communities/${community.id}/tree`, headers: as.support });
    expect(tree.json()).toMatchObject({ id: community.id, title: "Review Commons" });
    const outside = await t.app.inject({ method: "GET", url: `/v2/staff_agency/lookups/communities/${community.id}/tree`, headers: as.agentA });
    expect(outside.statusCode).toBe(404);
  });
});
