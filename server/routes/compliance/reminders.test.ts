import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insurables, leaseUsers, leases, policies, policyInsurables, policyUsers } from "../../db/schema";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { addDays } from "../../../src/domain/requirements";
import { todayIn } from "../../compliance/timeline";
import { queryRows } from "../../lib/list";
import { BULK_SYNC_MAX, type BulkJob } from "../../../src/domain/bulk";
import type { InlineQueue } from "../../jobs/queue";
import { sendScheduledReminders } from "./reminders.service";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
const today = todayIn(new Date());
const ids: Record<string, number> = {};
const call = (method: "GET" | "POST" | "PUT", url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });
const remind = (prefix: string, headers: AuthHeaders, worklist: string, rows: number[]) => call("POST", `/v2/${prefix}/compliance/reminders`, headers, { worklist, ids: rows });
const reminders = () => queryRows<{ subject_type: string; subject_id: number; reason: string; to: string }>(t.database.db, sql`SELECT r.subject_type, r.subject_id, r.reason, e.to FROM compliance_reminders r JOIN sent_emails e ON e.id = r.sent_email_id ORDER BY r.id`);

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  for (const [key, email] of Object.entries({ support: "policy.support@test.dev", agentA: "agent.a@test.dev", staffA: "staff.a@test.dev", staffB: "staff.b@test.dev" })) as[key] = await signInAs(t.app, email);
  const db = t.database.db;
  const A = { account_id: world.accounts.A.id, agency_id: world.agencies.A.id };
  const [community] = await db.insert(insurables).values({ title: "Elm Court", insurable_type_id: 1, ...A }).returning();
  const units = await db.insert(insurables).values(["1", "2"].map((title) => ({ title, insurable_type_id: 4, insurable_id: community.id, ...A }))).returning();
  for (const [reference, unit] of [["L-BARE", units[0].id], ["L-ENDING", units[1].id]] as const) {
    const [row] = await db.insert(leases).values({ reference, start_date: addDays(today, -100), status: "current", insurable_id: unit, account_id: A.account_id }).returning();
    await db.insert(leaseUsers).values({ lease_id: row.id, user_id: world.users.A.id, primary: true });
    ids[reference] = row.id;
  }
  const [ending] = await db.insert(policies).values({ number: "EXT-10", status: "EXTERNAL_VERIFIED", policy_type_id: 1, ...A, effective_date: addDays(today, -355), expiration_date: addDays(today, 10) }).returning();
  await db.insert(policyInsurables).values({ policy_id: ending.id, insurable_id: units[1].id });
  await db.insert(policyUsers).values({ policy_id: ending.id, user_id: world.users.A.id, primary: true });
  ids["EXT-10"] = ending.id;
});
afterAll(() => t.close());

describe("compliance reminders", () => {
  it("mails the residents of the picked rows once a day; each row's result names it, a row no longer on the list fails", async () => {
    const first = await remind("staff_account", as.staffA, "uninsured", [ids["L-BARE"], ids["L-ENDING"]]);
    expect(first.statusCode).toBe(200);
    // L-ENDING's unit is covered today, so it is not on the uninsured list: nothing is sent for it.
    expect(first.json()).toEqual({ done: [ids["L-BARE"]], failed: [{ id: ids["L-ENDING"], label: "", reason: "No longer on this list" }] });
    const mail = t.mailer.sent.at(-1)!;
    expect(mail).toMatchObject({ to: "ann.lee@example.com", template: "compliance_reminder", related: { type: "Lease", id: ids["L-BARE"] } });
    expect(mail.text).toContain("Account A reminds you that our records show no renters insurance for Elm Court, 1.");
    // A colleague (here the agent of the account's agency) clicking the same row the same day sends nothing more.
    const again = await remind("staff_agency", as.agentA, "uninsured", [ids["L-BARE"]]);
    expect(again.json()).toEqual({ done: [], failed: [{ id: ids["L-BARE"], label: "L-BARE", reason: "Already reminded today" }] });
    expect(await reminders()).toEqual([{ subject_type: "Lease", subject_id: ids["L-BARE"], reason: "uninsured", to: "ann.lee@example.com" }]);
  });

  it("shows the reminder in the account's Email History and nowhere else", async () => {
    const mine = await call("GET", "/v2/staff_account/sent_emails?filter[template]=compliance_reminder", as.staffA);
    expect(mine.json().map((m: { related_id: number }) => m.related_id)).toEqual([ids["L-BARE"]]);
    const theirs = await call("GET", "/v2/staff_account/sent_emails?filter[template]=compliance_reminder", as.staffB);
    expect(theirs.json()).toEqual([]);
  });

  it("refuses other tenants' rows, other roles, and bad input", async () => {
    const foreign = await remind("staff_account", as.staffB, "uninsured", [ids["L-BARE"]]);
    expect(foreign.json()).toEqual({ done: [], failed: [{ id: ids["L-BARE"], label: "", reason: "No longer on this list" }] });
    // All matching reaches the caller's own rows only: staff B's account has none on the list.
    expect((await call("POST", "/v2/staff_account/compliance/reminders", as.staffB, { worklist: "uninsured", all_matching: true })).json()).toEqual({ done: [], failed: [] });
    expect((await remind("policy-support", as.support, "uninsured", [ids["L-BARE"]])).statusCode).toBe(403);
    expect((await remind("staff_account", as.staffA, "everyone", [ids["L-BARE"]])).statusCode).toBe(422);
    expect((await remind("staff_account", as.staffA, "uninsured", [])).statusCode).toBe(422);
    expect((await remind("staff_account", as.staffA, "uninsured", Array.from({ length: 10_001 }, (_, i) => i + 1))).statusCode).toBe(422);
    expect((await remind("staff_account", as.staffA, "uninsured", [2 ** 31])).statusCode).toBe(422);
    expect((await call("POST", "/v2/staff_account/compliance/reminders", as.staffA, { worklist: "uninsured", all_matching: true, filter: { assigned: "someone" } })).statusCode).toBe(422);
  });

  it("reminds on the account's days before a cover ends, once, and not on other days", async () => {
    const before = t.mailer.sent.length;
    // The default days are 30, 14 and 3: a cover ending in 10 days waits.
    expect(await sendScheduledReminders(t.database.db, t.mailer)).toMatchObject({ sent: 0 });
    const put = await call("PUT", `/v2/staff_account/accounts/${world.accounts.A.id}/requirement_profile`, as.staffA, { requirement_profile: { reminder_days: [3, 10, 10] } });
    expect(put.statusCode).toBe(200);
    const profile = await call("GET", `/v2/staff_account/accounts/${world.accounts.A.id}/requirement_profile`, as.staffA);
    expect(profile.json().profile.reminder_days).toEqual([10, 3]);
    expect(await sendScheduledReminders(t.database.db, t.mailer)).toMatchObject({ sent: 1, already: 0 });
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: "ann.lee@example.com", related: { type: "Policy", id: ids["EXT-10"] } });
    expect(t.mailer.sent.at(-1)!.text).toContain(`ends on ${addDays(today, 10)}`);
    expect(await sendScheduledReminders(t.database.db, t.mailer)).toMatchObject({ sent: 0, already: 1 });
    expect(t.mailer.sent.length).toBe(before + 1);
    const bad = await call("PUT", `/v2/staff_account/accounts/${world.accounts.A.id}/requirement_profile`, as.staffA, { requirement_profile: { reminder_days: [0, 400] } });
    expect(bad.statusCode).toBe(422);
  });
});

describe("a bulk Remind over more than BULK_SYNC_MAX rows (all matching) runs as a background job", () => {
  it("202 with the job; each row's residents mailed once; the same click again mails nobody, each row named", async () => {
    const db = t.database.db;
    const A = { account_id: world.accounts.A.id, agency_id: world.agencies.A.id };
    const [community] = await db.insert(insurables).values({ title: "Bulk Row", insurable_type_id: 1, ...A }).returning();
    const n = BULK_SYNC_MAX + 5;
    const units = await db.insert(insurables).values(Array.from({ length: n }, (_, i) => ({ title: `B${i}`, insurable_type_id: 4, insurable_id: community.id, ...A }))).returning();
    const made = await db
      .insert(leases)
      .values(units.map((u, i) => ({ reference: `L-BULK-${String(i).padStart(3, "0")}`, start_date: addDays(today, -30), status: "current" as const, insurable_id: u.id, account_id: A.account_id })))
      .returning();
    await db.insert(leaseUsers).values(made.map((l) => ({ lease_id: l.id, user_id: world.users.A.id, primary: true })));
    const before = t.mailer.sent.length;
    const res = await call("POST", "/v2/staff_account/compliance/reminders", as.staffA, { worklist: "uninsured", all_matching: true });
    expect(res.statusCode).toBe(202);
    const job = res.json() as BulkJob;
    // L-BARE (reminded today already) and the new rows: the account's whole uninsured list.
    expect(job).toMatchObject({ action: "compliance.remind", status: "queued", total: n + 1 });
    await (t.app.jobs as InlineQueue).idle();
    const done = (await call("GET", `/v2/staff_account/bulk_jobs/${job.id}`, as.staffA)).json() as BulkJob;
    expect(done).toMatchObject({ status: "done", processed: n + 1, done_count: n, failed: [{ id: ids["L-BARE"], label: "L-BARE", reason: "Already reminded today" }] });
    expect(t.mailer.sent.length).toBe(before + n);
    // Never twice for the same row and day: the whole list again sends nothing, and says why for each row.
    const again = await call("POST", "/v2/staff_account/compliance/reminders", as.staffA, { worklist: "uninsured", all_matching: true });
    await (t.app.jobs as InlineQueue).idle();
    const second = (await call("GET", `/v2/staff_account/bulk_jobs/${(again.json() as BulkJob).id}`, as.staffA)).json() as BulkJob;
    expect(second).toMatchObject({ status: "done", done_count: 0, failed_count: n + 1 });
    expect(second.failed.map((f) => f.label)).toContain("L-BULK-104");
    expect(new Set(second.failed.map((f) => f.reason))).toEqual(new Set(["Already reminded today"]));
    expect(t.mailer.sent.length).toBe(before + n);
  });
});
