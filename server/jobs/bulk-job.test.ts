import { Readable } from "node:stream";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_JOB_KEEP_DAYS, BULK_SYNC_MAX, type BulkJob } from "../../src/domain/bulk";
import { bulkJobs, policies, policyUsers, profiles, sentEmails, staff } from "../db/schema";
import { attachDocument } from "../files/documents";
import { defineBulkAction } from "../lib/bulk";
import { AppError } from "../lib/errors";
import type { InlineQueue } from "./queue";
import { deleteFinishedBulkJobs, runBulkJob } from "./bulk-job";
import type { AuthHeaders, TestApp } from "../test/helpers";
import { type World, worldApp } from "../test/world-app";

/**
 * A grid's bulk action over more than BULK_SYNC_MAX rows runs as a background job (server/lib/bulk.ts): 202 with the
 * job, progress and result at GET /bulk_jobs/{id}, each row by the single action's rules and within the caller's
 * scope whatever ids or filter are sent.
 */
let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "staffA" | "staffB", AuthHeaders>;
/** Our colleagues per account: more than BULK_SYNC_MAX in A, a few in B. */
const mine: number[] = [];
const theirs: number[] = [];
const post = (url: string, headers: AuthHeaders, payload: object) => t.app.inject({ method: "POST", url, headers, payload });
const get = (url: string, headers: AuthHeaders) => t.app.inject({ method: "GET", url, headers });
const idle = () => (t.app.jobs as InlineQueue).idle();
const MATCHING = { all_matching: true, filter: { organizable_type: "Account", email: { like: "bulkjob." } } };

async function enabledOf(ids: number[]) {
  const rows = await t.database.db.select({ id: staff.id, enabled: staff.enabled }).from(staff).where(inArray(staff.id, ids));
  return rows.filter((r) => r.enabled).length;
}
const setAll = (ids: number[], enabled: boolean) => t.database.db.update(staff).set({ enabled }).where(inArray(staff.id, ids));

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "staffA", "staffB"]));
  const db = t.database.db;
  const add = async (accountId: number, n: number, into: number[]) => {
    const rows = await db
      .insert(staff)
      .values(Array.from({ length: n }, (_, i) => ({ email: `bulkjob.${accountId}.${i}@test.dev`, role: "staff" as const, organizable_type: "Account" as const, organizable_id: accountId, enabled: true })))
      .returning({ id: staff.id });
    await db.insert(profiles).values(rows.map((r, i) => ({ profileable_type: "Staff" as const, profileable_id: r.id, first_name: "Bulk", last_name: `Colleague ${i}`, full_name: `Bulk Colleague ${accountId}-${i}` })));
    into.push(...rows.map((r) => r.id));
  };
  await add(world.accounts.A.id, BULK_SYNC_MAX + 20, mine);
  await add(world.accounts.B.id, 5, theirs);
}, 60_000);
afterAll(() => t.close());

describe("bulk actions over more than BULK_SYNC_MAX rows run as a background job", () => {
  it("all matching: 202 with the job, then its progress and result; the staff member's account only", async () => {
    const res = await post("/v2/staff_account/staffs/bulk_disable", as.staffA, MATCHING);
    expect(res.statusCode).toBe(202);
    const job = res.json() as BulkJob;
    expect(job).toMatchObject({ action: "staffs.disable", status: "queued", total: mine.length, processed: 0, done_count: 0, failed_count: 0, failed: [] });
    await idle();
    const read = await get(`/v2/staff_account/bulk_jobs/${job.id}`, as.staffA);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: job.id, status: "done", total: mine.length, processed: mine.length, done_count: mine.length, failed: [], error: null });
    expect(read.json().finished_at).toEqual(expect.any(String));
    expect(await enabledOf(mine)).toBe(0);
    // Account B's colleagues matched the filter too, and were never touched.
    expect(await enabledOf(theirs)).toBe(theirs.length);
    await setAll(mine, true);
  });

  it("an id list naming another account's rows: only the caller's own are acted on", async () => {
    const res = await post("/v2/staff_account/staffs/bulk_disable", as.staffA, { ids: [...theirs, ...mine], filter: { organizable_type: "Account" } });
    expect(res.statusCode).toBe(202);
    expect((res.json() as BulkJob).total).toBe(mine.length);
    await idle();
    expect(await enabledOf(theirs)).toBe(theirs.length);
    expect(await enabledOf(mine)).toBe(0);
    await setAll(mine, true);
    // Staff B's all matching reaches B's five only: inside the request, named by the grid's name.
    const other = await post("/v2/staff_account/staffs/bulk_disable", as.staffB, MATCHING);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ done: theirs, failed: [] });
    expect(await enabledOf(mine)).toBe(mine.length);
    await setAll(theirs, true);
  });

  it("another staff member's job answers 404, as one that does not exist", async () => {
    const res = await post("/v2/staff_account/staffs/bulk_enable", as.staffA, MATCHING);
    const { id } = res.json() as BulkJob;
    await idle();
    expect((await get(`/v2/staff_account/bulk_jobs/${id}`, as.staffB)).statusCode).toBe(404);
    expect((await get(`/v2/staff_super_admin/bulk_jobs/${id}`, as.superAdmin)).statusCode).toBe(404);
    expect((await get(`/v2/staff_account/bulk_jobs/999999`, as.staffA)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/v2/bulk_jobs/${id}` })).statusCode).toBe(401);
  });

  it("rows the single action refuses fail alone, named as the grid names them; the others are done", async () => {
    // Three colleagues have accepted their invitation (they have a password): Re-invite refuses them.
    const activated = mine.slice(0, 3);
    await t.database.db.update(staff).set({ encrypted_password: world.staff.staffA.encrypted_password }).where(inArray(staff.id, activated));
    const res = await post("/v2/staff_agency/staffs/bulk_re_invite", as.agentA, MATCHING);
    expect(res.statusCode).toBe(202);
    await idle();
    const job = (await get(`/v2/staff_agency/bulk_jobs/${(res.json() as BulkJob).id}`, as.agentA)).json() as BulkJob;
    expect(job).toMatchObject({ status: "done", processed: mine.length, done_count: mine.length - 3, failed_count: 3 });
    expect(job.failed).toEqual(activated.map((id, i) => ({ id, label: `Bulk Colleague ${world.accounts.A.id}-${i}`, reason: "Already activated" })));
  });

  it("a policy the single Resend Documents refuses is named by its number in the result", async () => {
    const db = t.database.db;
    const [row] = await db
      .insert(policies)
      .values({ number: "BULKJOB-NODOCS", status: "BOUND", policy_type_id: 1, policy_in_system: true, effective_date: "2026-01-01", expiration_date: "2027-01-01", agency_id: world.agencies.A.id, account_id: world.accounts.A.id })
      .returning();
    await db.insert(policyUsers).values({ policy_id: row.id, user_id: world.users.A.id, primary: true });
    const [ok] = await db
      .insert(policies)
      .values({ number: "BULKJOB-DOCS", status: "BOUND", policy_type_id: 1, policy_in_system: true, effective_date: "2026-01-01", expiration_date: "2027-01-01", agency_id: world.agencies.A.id, account_id: world.accounts.A.id })
      .returning();
    await db.insert(policyUsers).values({ policy_id: ok.id, user_id: world.users.A.id, primary: true });
    await attachDocument(db, t.files, { type: "Policy", id: ok.id }, { filename: "ok.pdf", contentType: "application/pdf", body: Readable.from([Buffer.from("%PDF-1.4 bulk")]) });
    const res = await post("/v2/staff_account/policies/bulk_resend_documents", as.staffA, { all_matching: true, filter: { number: { like: "BULKJOB-" } } });
    expect(res.json()).toEqual({ done: [ok.id], failed: [{ id: row.id, label: "BULKJOB-NODOCS", reason: "The policy has no documents" }] });
    expect((await db.select().from(sentEmails).where(eq(sentEmails.related_id, ok.id))).length).toBe(1);
  });
});

describe("the job itself (server/jobs/bulk-job.ts)", () => {
  const queue = async (values: Partial<typeof bulkJobs.$inferInsert>) => {
    const targets = mine.slice(0, 10).map((id, i) => ({ id, label: `Bulk Colleague ${i}` }));
    const [job] = await t.database.db
      .insert(bulkJobs)
      .values({ staff_id: world.staff.staffA.id, action: "staffs.disable", scope: { kind: "account", accountId: world.accounts.A.id }, targets, total: targets.length, ...values })
      .returning();
    return { job, targets };
  };

  it("a job left running by a stopped process goes on from the rows it had finished", async () => {
    const { job, targets } = await queue({ status: "running", processed: 4, done_count: 4, heartbeat_at: new Date(Date.now() - 10 * 60_000) });
    await runBulkJob(t.app, job.id);
    const [after] = await t.database.db.select().from(bulkJobs).where(eq(bulkJobs.id, job.id));
    expect(after).toMatchObject({ status: "done", processed: 10, done_count: 10, attempts: 1 });
    // The first four were done by the stopped process (here: never), the rest now.
    expect(await enabledOf(targets.slice(0, 4).map((r) => r.id))).toBe(4);
    expect(await enabledOf(targets.slice(4).map((r) => r.id))).toBe(0);
    await setAll(mine, true);
  });

  it("each row done is saved at once, so a resume skips every row done; failures are saved in batches, the count never past an unsaved one", async () => {
    // What the database says at each row (as a resume after a crash at that row would read it).
    const seen = new Map<number, { processed: number; done: number; failed: number }>();
    const refused = (id: number) => id > 100 && id <= 110;
    const probe = defineBulkAction({
      name: "test.probe",
      each: async (app, _actor, id) => {
        const [row] = await app.db.select().from(bulkJobs).where(eq(bulkJobs.action, "test.probe"));
        seen.set(id, { processed: row.processed, done: row.done_count, failed: row.failed.length });
        if (refused(id)) throw new AppError(422, { message: "refused" });
      },
    });
    const targets = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, label: String(i + 1) }));
    const [job] = await t.database.db
      .insert(bulkJobs)
      .values({ staff_id: world.staff.staffA.id, action: probe.name, scope: { kind: "account", accountId: world.accounts.A.id }, targets, total: targets.length })
      .returning();
    await runBulkJob(t.app, job.id);
    // Rows before any failure: every earlier row is saved when the next one starts (it was 0 until a batch of 100).
    for (let id = 1; id <= 101; id++) expect(seen.get(id), `row ${id}`).toEqual({ processed: id - 1, done: id - 1, failed: 0 });
    // After failures: the saved count covers exactly the failures saved with it, never one whose reason is not saved.
    for (const [id, at] of seen) {
      expect(at.processed, `row ${id}`).toBeLessThan(id);
      expect(at.failed, `row ${id}`).toBe(targets.slice(0, at.processed).filter((r) => refused(r.id)).length);
      expect(at.done + at.failed).toBe(at.processed);
    }
    const [after] = await t.database.db.select().from(bulkJobs).where(eq(bulkJobs.id, job.id));
    expect(after).toMatchObject({ status: "done", processed: 150, done_count: 140 });
    expect(after.failed.map((f) => f.id)).toEqual(targets.filter((r) => refused(r.id)).map((r) => r.id));
  });

  it("a job a live process runs (fresh heartbeat) or one that ended is not taken again", async () => {
    const { job } = await queue({ status: "running", heartbeat_at: new Date() });
    await runBulkJob(t.app, job.id);
    const { job: ended } = await queue({ status: "done", processed: 10, done_count: 10 });
    await runBulkJob(t.app, ended.id);
    const rows = await t.database.db.select().from(bulkJobs).where(inArray(bulkJobs.id, [job.id, ended.id]));
    expect(rows.map((r) => r.attempts)).toEqual([0, 0]);
    expect(await enabledOf(mine)).toBe(mine.length);
  });

  it("a staff member disabled before their job runs: the job fails as a whole and changes nothing", async () => {
    const { job } = await queue({});
    await t.database.db.update(staff).set({ enabled: false }).where(eq(staff.id, world.staff.staffA.id));
    try {
      await runBulkJob(t.app, job.id);
    } finally {
      await t.database.db.update(staff).set({ enabled: true }).where(eq(staff.id, world.staff.staffA.id));
    }
    const [after] = await t.database.db.select().from(bulkJobs).where(eq(bulkJobs.id, job.id));
    expect(after).toMatchObject({ status: "failed", error: "Your account is deactivated", processed: 0, done_count: 0 });
    expect(await enabledOf(mine)).toBe(mine.length);
  });

  it("the scope kept with the job bounds every row, whatever its targets name", async () => {
    const { job } = await queue({ targets: theirs.map((id) => ({ id, label: "theirs" })), total: theirs.length });
    await runBulkJob(t.app, job.id);
    const [after] = await t.database.db.select().from(bulkJobs).where(eq(bulkJobs.id, job.id));
    expect(after.status).toBe("done");
    expect(after.done_count).toBe(0);
    expect(after.failed).toHaveLength(theirs.length);
    expect(await enabledOf(theirs)).toBe(theirs.length);
    expect((await t.database.db.select().from(staff).where(like(staff.email, "bulkjob.%"))).every((r) => r.enabled)).toBe(true);
  });
});

describe("finished bulk jobs are deleted BULK_JOB_KEEP_DAYS after they end", () => {
  it("done and failed jobs older than the rule go; recent ones, and queued or running ones of any age, stay", async () => {
    const db = t.database.db;
    const now = new Date("2026-11-28T09:00:00Z");
    const ago = (days: number, minutes = 0) => new Date(now.getTime() - days * 86_400_000 - minutes * 60_000);
    const make = (label: string, values: Partial<typeof bulkJobs.$inferInsert>) =>
      db
        .insert(bulkJobs)
        .values({ staff_id: world.staff.staffA.id, action: `cleanup.${label}`, scope: { kind: "all" }, targets: [], total: 0, ...values })
        .returning({ id: bulkJobs.id })
        .then(([row]) => [label, row.id] as const);
    const jobs = Object.fromEntries(
      await Promise.all([
        make("old-done", { status: "done", created_at: ago(30), finished_at: ago(BULK_JOB_KEEP_DAYS, 1) }),
        make("old-failed", { status: "failed", error: "Something went wrong", created_at: ago(30), finished_at: ago(20) }),
        make("recent-done", { status: "done", created_at: ago(BULK_JOB_KEEP_DAYS + 1), finished_at: ago(BULK_JOB_KEEP_DAYS - 1) }),
        make("old-queued", { status: "queued", created_at: ago(30) }),
        make("old-running", { status: "running", created_at: ago(30), heartbeat_at: ago(29) }),
      ]),
    );
    expect(await deleteFinishedBulkJobs(db, now)).toBeGreaterThanOrEqual(2);
    const left = await db.select({ action: bulkJobs.action }).from(bulkJobs).where(like(bulkJobs.action, "cleanup.%"));
    expect(left.map((r) => r.action).sort()).toEqual(["cleanup.old-queued", "cleanup.old-running", "cleanup.recent-done"]);
    // A second run finds nothing more of these to delete.
    await deleteFinishedBulkJobs(db, now);
    expect(await db.select({ id: bulkJobs.id }).from(bulkJobs).where(inArray(bulkJobs.id, Object.values(jobs)))).toHaveLength(3);
  });
});
