import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insurables, leaseUsers, leases, policies, policyInsurables, policyUsers } from "../../db/schema";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { addDays } from "../../../src/domain/requirements";
import { todayIn } from "../../compliance/timeline";
import { queryRows } from "../../lib/list";
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
  it("mails the residents of the picked rows once a day, skipping rows no longer on the list", async () => {
    const first = await remind("staff_account", as.staffA, "uninsured", [ids["L-BARE"], ids["L-ENDING"]]);
    expect(first.statusCode).toBe(200);
    // L-ENDING's unit is covered today, so it is not on the uninsured list: nothing is sent for it.
    expect(first.json()).toEqual({ sent: 1, already: 0, unreachable: 0, skipped: [ids["L-ENDING"]] });
    const mail = t.mailer.sent.at(-1)!;
    expect(mail).toMatchObject({ to: "ann.lee@example.com", template: "compliance_reminder", related: { type: "Lease", id: ids["L-BARE"] } });
    expect(mail.text).toContain("Account A reminds you that our records show no renters insurance for Elm Court, 1.");
    // A colleague (here the agent of the account's agency) clicking the same row the same day sends nothing more.
    expect((await remind("staff_agency", as.agentA, "uninsured", [ids["L-BARE"]])).json()).toMatchObject({ sent: 0, already: 1 });
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
    expect(foreign.json()).toEqual({ sent: 0, already: 0, unreachable: 0, skipped: [ids["L-BARE"]] });
    expect((await remind("policy-support", as.support, "uninsured", [ids["L-BARE"]])).statusCode).toBe(403);
    expect((await remind("staff_account", as.staffA, "everyone", [ids["L-BARE"]])).statusCode).toBe(422);
    expect((await remind("staff_account", as.staffA, "uninsured", [])).statusCode).toBe(422);
    expect((await remind("staff_account", as.staffA, "uninsured", Array.from({ length: 201 }, (_, i) => i + 1))).statusCode).toBe(422);
    expect((await remind("staff_account", as.staffA, "uninsured", [2 ** 31])).statusCode).toBe(422);
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
