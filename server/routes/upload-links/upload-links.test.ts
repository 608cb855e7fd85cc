import { readdirSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../src/domain/requirements";
import { todayIn } from "../../compliance/timeline";
import { insurables, leaseUsers, leases, policies, policyInsurables, policyUsers } from "../../db/schema";
import { queryRows } from "../../lib/list";
import { signUploadToken } from "../../lib/upload-tokens";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { multipart } from "../../test/multipart";
import { sendScheduledReminders } from "../compliance/reminders.service";
import { BAD_TOKENS_FREE, UPLOAD_CALLS_PER_WINDOW } from "./upload-links.service";

const PUBLIC_URL = "https://coverdesk.example.com";
const today = todayIn(new Date());
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
const leaseIds: Record<string, number> = {};
let unitA: number;
let ip = 0;
/** Each test calls from its own address, so the per-address limits of one never reach another. */
const nextIp = () => `10.0.0.${++ip}`;

const tokenOf = (text: string) => new RegExp(`${PUBLIC_URL}/upload/([\\w.-]+)`).exec(text)?.[1] ?? "";

async function remind(headers: AuthHeaders, prefix: string, lease: number): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: `/v2/${prefix}/compliance/reminders`, headers, payload: { worklist: "uninsured", ids: [lease] } });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ done: [lease], failed: [] });
  return tokenOf(t.mailer.sent.at(-1)!.text);
}

const facts = (overrides: Record<string, string> = {}) => ({
  carrier: "Lemonade",
  policy_number: `LM-${Math.random().toString(36).slice(2, 10)}`,
  effective_date: addDays(today, -30),
  expiration_date: addDays(today, 335),
  liability_limit: "10000000",
  ...overrides,
});

function send(token: string, fields: Record<string, string>, file: { filename: string; content: Buffer | string; contentType?: string } | null = { filename: "declarations.pdf", content: PDF }, remoteAddress = nextIp()) {
  const form = multipart([
    ...Object.entries(fields).map(([field, content]) => ({ field, content })),
    ...(file ? [{ field: "file", filename: file.filename, contentType: file.contentType ?? "application/pdf", content: file.content }] : []),
  ]);
  return t.app.inject({ method: "POST", url: `/v2/upload_links/${token}`, remoteAddress, ...form });
}
const open = (token: string, remoteAddress = nextIp()) => t.app.inject({ method: "GET", url: `/v2/upload_links/${token}`, remoteAddress });
const storedFiles = () => readdirSync(join(t.filesDir), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  world = await buildWorld(t.database.db);
  for (const [key, email] of Object.entries({ support: "policy.support@test.dev", staffA: "staff.a@test.dev", staffB: "staff.b@test.dev", superAdmin: "super.admin@test.dev" })) {
    as[key] = await signInAs(t.app, email);
  }
  const db = t.database.db;
  for (const [key, account, agency, user] of [
    ["A", world.accounts.A.id, world.agencies.A.id, world.users.A.id],
    ["A2", world.accounts.A.id, world.agencies.A.id, world.users.A.id],
    ["B", world.accounts.B.id, world.agencies.B.id, world.users.B.id],
  ] as const) {
    const [community] = await db.insert(insurables).values({ title: `Maple ${key}`, insurable_type_id: 1, account_id: account, agency_id: agency }).returning();
    const [unit] = await db.insert(insurables).values({ title: `Unit ${key}`, insurable_type_id: 4, insurable_id: community.id, account_id: account, agency_id: agency }).returning();
    if (key === "A") unitA = unit.id;
    const [lease] = await db.insert(leases).values({ reference: `L-${key}`, start_date: addDays(today, -60), status: "current", insurable_id: unit.id, account_id: account }).returning();
    await db.insert(leaseUsers).values({ lease_id: lease.id, user_id: user, primary: true });
    leaseIds[key] = lease.id;
  }
}, 60_000);
afterAll(() => t.close());

describe("resident upload links", () => {
  let token: string;

  it("the worklist reminder carries a link under PUBLIC_URL, shown in Email History and recorded", async () => {
    token = await remind(as.staffA, "staff_account", leaseIds.A);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    const history = await t.app.inject({ method: "GET", url: "/v2/staff_account/sent_emails?filter[template]=compliance_reminder", headers: as.staffA });
    const mail = history.json()[0];
    expect(mail.text).toContain(`${PUBLIC_URL}/upload/${token}`);
    expect(mail.text).toContain("can be used once");
    const [link] = await queryRows<{ user_id: number; insurable_id: number; account_id: number; lease_id: number; sent_email_id: number; reason: string }>(
      t.database.db,
      sql`SELECT user_id, insurable_id, account_id, lease_id, sent_email_id, reason FROM upload_links ORDER BY id DESC LIMIT 1`,
    );
    expect(link).toEqual({ user_id: world.users.A.id, insurable_id: unitA, account_id: world.accounts.A.id, lease_id: leaseIds.A, sent_email_id: mail.id, reason: "uninsured" });
  });

  it("opens signed out with the resident's name and unit, and nothing more about them", async () => {
    const res = await open(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resident: { name: "Ann Lee" }, unit: { title: "Unit A", community: "Maple A" }, account: { title: "Account A" } });
    expect(res.body).not.toContain("ann.lee@example.com");
    expect(res.body).not.toContain("t0000101");
  });

  it("refuses bad input field by field (422), keeping nothing", async () => {
    const before = storedFiles();
    const missing = await send(token, { carrier: " ", effective_date: "2026-02-30", expiration_date: "", liability_limit: "12.5" }, null);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(["carrier", "effective_date", "expiration_date", "file", "liability_limit", "policy_number"]);
    const backwards = await send(token, facts({ effective_date: addDays(today, 10), expiration_date: addDays(today, 5) }));
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ expiration_date: "cannot be before the effective date" });
    const lapsed = await send(token, facts({ effective_date: addDays(today, -400), expiration_date: addDays(today, -1) }));
    expect(lapsed.json().errors).toEqual({ expiration_date: "cannot be in the past" });
    const zero = await send(token, facts({ liability_limit: "0" }));
    expect(zero.json().errors).toEqual({ liability_limit: "must be more than 0" });
    const taken = await send(token, facts({ policy_number: "pol-a-0001" }));
    expect(taken.json().errors).toEqual({ policy_number: "has already been taken" });
    expect(storedFiles()).toBe(before);
    expect((await open(token)).statusCode).toBe(200);
  });

  it("refuses a file that is not a PDF or an image, whatever its name says", async () => {
    const before = storedFiles();
    const res = await send(token, facts(), { filename: "declarations.pdf", content: "MZ this is a program", contentType: "application/pdf" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: "Not Allowed File extension" });
    const two = multipart([
      ...Object.entries(facts()).map(([field, content]) => ({ field, content })),
      { field: "file", filename: "a.pdf", contentType: "application/pdf", content: PDF },
      { field: "file", filename: "b.pdf", contentType: "application/pdf", content: PDF },
    ]);
    const twice = await t.app.inject({ method: "POST", url: `/v2/upload_links/${token}`, remoteAddress: nextIp(), ...two });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ file: "Please attach one file" });
    expect(storedFiles()).toBe(before);
  });

  it("a valid upload makes a pending proof of the link's account in the Policy Review queue, with a resident_link history row", async () => {
    const number = "LM-RESIDENT-1";
    const res = await send(token, facts({ policy_number: number, carrier: "lemonade" }));
    expect(res.statusCode).toBe(201);
    const [policy] = await queryRows<{ id: number; status: string; account_id: number; policy_in_system: boolean; carrier_id: number | null; out_of_system_carrier_title: string }>(
      t.database.db,
      sql`SELECT id, status, account_id, policy_in_system, carrier_id, out_of_system_carrier_title FROM policies WHERE number = ${number}`,
    );
    expect(policy).toMatchObject({ status: "EXTERNAL_UNVERIFIED", account_id: world.accounts.A.id, policy_in_system: false, out_of_system_carrier_title: "lemonade" });
    const queue = await t.app.inject({ method: "POST", url: "/v2/policy-support/review_queue/list", headers: as.support, payload: { filter: { search: number } } });
    expect(queue.json().data).toEqual([expect.objectContaining({ id: policy.id, kind: "proof", customer: "Ann Lee", account: expect.objectContaining({ id: world.accounts.A.id }), document: expect.objectContaining({ filename: "declarations.pdf" }) })]);
    // The account's staff see it as their own proof; another account's staff do not see it at all.
    expect((await t.app.inject({ method: "GET", url: `/v2/staff_account/policies/${policy.id}`, headers: as.staffA })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/v2/staff_account/policies/${policy.id}`, headers: as.staffB })).statusCode).toBe(404);
    const [history] = await queryRows<{ author: string; process: string; action: string; data: Record<string, { new_value: unknown }> }>(
      t.database.db,
      sql`SELECT author, process, action, data FROM histories WHERE recordable_type = 'Policy' AND recordable_id = ${policy.id}`,
    );
    expect(history).toMatchObject({ author: "Ann Lee", process: "resident_link", action: "create" });
    expect(history.data.liability_limit.new_value).toBe(10000000);
    const [coverage] = await queryRows<{ limit: number }>(t.database.db, sql`SELECT "limit"::float8 AS "limit" FROM policy_coverages WHERE policy_id = ${policy.id} AND designation = 'liability'`);
    expect(coverage.limit).toBe(10000000);
    // The property manager is told, as for any new proof.
    expect(t.mailer.sent.at(-1)).toMatchObject({ template: "external_policy_status", related: { type: "Policy", id: policy.id } });
  });

  it("a used link answers 410 on open and on replay, creating nothing more", async () => {
    const opened = await open(token);
    expect(opened.statusCode).toBe(410);
    expect(opened.json()).toMatchObject({ error: "used_link" });
    const [{ n }] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM policies`);
    const replay = await send(token, facts());
    expect(replay.statusCode).toBe(410);
    expect((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM policies`))[0].n).toBe(n);
  });

  it("refuses forged, expired and mismatched tokens without a 500", async () => {
    const secret = t.app.env.FILES_SECRET;
    const fresh = await remind(as.staffA, "staff_account", leaseIds.A2);
    const [payload, signature] = fresh.split(".");
    expect((await open(`${payload}.${signature.slice(0, -2)}xx`)).json()).toMatchObject({ error: "invalid_link" });
    expect((await open(`${payload}.${signature.slice(0, -2)}xx`)).statusCode).toBe(404);
    expect((await open("not-a-token")).statusCode).toBe(404);
    const [{ id: linkId }] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM upload_links ORDER BY id DESC LIMIT 1`);
    // Properly signed (as if the secret leaked) but naming account B for account A's link: not a link.
    const crossed = signUploadToken({ linkId, accountId: world.accounts.B.id, userId: world.users.A.id, expires: Math.floor(Date.now() / 1000) + 3600 }, secret);
    expect((await open(crossed)).statusCode).toBe(404);
    expect((await send(crossed, facts())).statusCode).toBe(404);
    const expired = signUploadToken({ linkId, accountId: world.accounts.A.id, userId: world.users.A.id, expires: Math.floor(Date.now() / 1000) - 1 }, secret);
    expect((await open(expired)).statusCode).toBe(410);
    expect((await open(expired)).json()).toMatchObject({ error: "expired_link" });
    // A link expired in the database (however its token reads) is expired too.
    await t.database.db.execute(sql`UPDATE upload_links SET expires_at = now() - interval '1 second' WHERE id = ${linkId}`);
    expect((await open(fresh)).json()).toMatchObject({ error: "expired_link" });
    expect((await send(fresh, facts())).statusCode).toBe(410);
  });

  it("lands another account's resident's proof in that account only", async () => {
    const tokenB = await remind(as.staffB, "staff_account", leaseIds.B);
    expect((await open(tokenB)).json()).toMatchObject({ resident: { name: "Cy Dune" }, account: { title: "Account B" } });
    const res = await send(tokenB, facts({ policy_number: "LM-RESIDENT-B" }));
    expect(res.statusCode).toBe(201);
    const [policy] = await queryRows<{ id: number; account_id: number }>(t.database.db, sql`SELECT id, account_id FROM policies WHERE number = 'LM-RESIDENT-B'`);
    expect(policy.account_id).toBe(world.accounts.B.id);
    expect((await t.app.inject({ method: "GET", url: `/v2/staff_account/policies/${policy.id}`, headers: as.staffA })).statusCode).toBe(404);
  });

  it("limits calls per client address: bad tokens back off, and every call counts", async () => {
    const guesser = "10.9.9.9";
    const answers: number[] = [];
    for (let i = 0; i <= BAD_TOKENS_FREE; i++) answers.push((await open(`guess${i}.x`, guesser)).statusCode);
    expect(answers.slice(0, BAD_TOKENS_FREE)).toEqual(Array(BAD_TOKENS_FREE).fill(404));
    const refused = await open("guess-again.x", guesser);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await open("guess.x", "10.9.9.10")).statusCode).toBe(404);
    const busy = "10.9.9.11";
    const statuses: number[] = [];
    for (let i = 0; i < UPLOAD_CALLS_PER_WINDOW + 1; i++) statuses.push((await open(token, busy)).statusCode);
    expect(statuses.slice(0, UPLOAD_CALLS_PER_WINDOW).every((s) => s === 410)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("the daily run's reminder about a cover ending carries a link for the policy's unit; a pending proof's reminder none", async () => {
    const db = t.database.db;
    const A = { account_id: world.accounts.A.id, agency_id: world.agencies.A.id };
    const [community] = await db.insert(insurables).values({ title: "Birch Yard", insurable_type_id: 1, ...A }).returning();
    const [unit] = await db.insert(insurables).values({ title: "7", insurable_type_id: 4, insurable_id: community.id, ...A }).returning();
    await db.insert(leases).values({ reference: "L-ENDS", start_date: addDays(today, -200), status: "current", insurable_id: unit.id, account_id: A.account_id });
    const [ending] = await db.insert(policies).values({ number: "EXT-ENDS-14", status: "EXTERNAL_VERIFIED", policy_type_id: 1, ...A, effective_date: addDays(today, -351), expiration_date: addDays(today, 14) }).returning();
    await db.insert(policyInsurables).values({ policy_id: ending.id, insurable_id: unit.id });
    await db.insert(policyUsers).values({ policy_id: ending.id, user_id: world.users.A.id, primary: true });
    expect(await sendScheduledReminders(db, t.mailer, { secret: t.app.env.FILES_SECRET, origin: PUBLIC_URL })).toMatchObject({ sent: 1 });
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.related).toEqual({ type: "Policy", id: ending.id });
    const scheduled = tokenOf(mail.text);
    expect((await open(scheduled)).json()).toMatchObject({ unit: { title: "7", community: "Birch Yard" }, account: { title: "Account A" } });
    const [link] = await queryRows<{ reason: string; lease_id: number | null; created_by_id: number | null }>(db, sql`SELECT reason, lease_id, created_by_id FROM upload_links ORDER BY id DESC LIMIT 1`);
    expect(link).toEqual({ reason: "schedule", lease_id: null, created_by_id: null });
    // A proof already waiting for review: the reminder asks for nothing to be uploaded.
    await db.execute(sql`UPDATE policies SET created_at = now() - interval '5 days' WHERE number = 'LM-RESIDENT-1'`);
    const [{ id: waiting }] = await queryRows<{ id: number }>(db, sql`SELECT id FROM policies WHERE number = 'LM-RESIDENT-1'`);
    const res = await t.app.inject({ method: "POST", url: "/v2/staff_account/compliance/reminders", headers: as.staffA, payload: { worklist: "pending", ids: [waiting] } });
    expect(res.json()).toEqual({ done: [waiting], failed: [] });
    expect(t.mailer.sent.at(-1)!.text).not.toContain("/upload/");
  });
});

describe("upload links in the console: state, Revoke, and the lease's end", () => {
  let seq = 0;
  /** A fresh unit and lease of account A (or B) for Ann Lee (or Cy Dune), so each test mails its own reminder. */
  async function freshLease(key: "A" | "B" = "A", endDate: string | null = null) {
    const db = t.database.db;
    const account = world.accounts[key].id;
    const agency = world.agencies[key].id;
    const [community] = await db.insert(insurables).values({ title: `Oak ${key}${++seq}`, insurable_type_id: 1, account_id: account, agency_id: agency }).returning();
    const [unit] = await db.insert(insurables).values({ title: `Unit ${key}${seq}`, insurable_type_id: 4, insurable_id: community.id, account_id: account, agency_id: agency }).returning();
    const [lease] = await db
      .insert(leases)
      .values({ reference: `LINK-${key}${seq}`, start_date: addDays(today, -60), end_date: endDate, status: "current", insurable_id: unit.id, account_id: account })
      .returning();
    await db.insert(leaseUsers).values({ lease_id: lease.id, user_id: world.users[key].id, primary: true });
    return lease.id;
  }
  const links = (headers: AuthHeaders, prefix: string, query: string) => t.app.inject({ method: "GET", url: `/v2/${prefix}/upload-links?${query}`, headers });
  const revoke = (headers: AuthHeaders, prefix: string, id: number) => t.app.inject({ method: "POST", url: `/v2/${prefix}/upload-links/${id}/revoke`, headers });

  beforeAll(async () => {
    as.agentA = await signInAs(t.app, "agent.a@test.dev");
    as.agentB = await signInAs(t.app, "agent.b@test.dev");
  });

  it("lists a lease's and a resident's links with their state, within the caller's scope only", async () => {
    const lease = await freshLease();
    await remind(as.staffA, "staff_account", lease);
    const mine = await links(as.staffA, "staff_account", `lease_id=${lease}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(1);
    expect(mine.json()[0]).toMatchObject({ state: "open", reason: "uninsured", lease_id: lease, used_at: null, revoked_at: null, user: { id: world.users.A.id, name: "Ann Lee" } });
    expect(mine.json()[0].sent_email_id).toEqual(expect.any(Number));
    expect((await links(as.agentA, "staff_agency", `user_id=${world.users.A.id}`)).json().map((l: { lease_id: number }) => l.lease_id)).toContain(lease);
    // Another account's staff and another agency's agents see nothing of it, even naming it.
    expect((await links(as.staffB, "staff_account", `lease_id=${lease}`)).json()).toEqual([]);
    expect((await links(as.staffB, "staff_account", `user_id=${world.users.A.id}`)).json()).toEqual([]);
    expect((await links(as.agentB, "staff_agency", `lease_id=${lease}`)).json()).toEqual([]);
    expect((await links(as.support, "policy-support", `lease_id=${lease}`)).statusCode).toBe(403);
    expect((await links(as.staffA, "staff_account", "")).statusCode).toBe(422);
  });

  it("Revoke: only in scope, recorded, and the resident's page then answers 410 saying it was withdrawn", async () => {
    const lease = await freshLease();
    const token = await remind(as.staffA, "staff_account", lease);
    const [link] = (await links(as.staffA, "staff_account", `lease_id=${lease}`)).json();
    expect((await revoke(as.staffB, "staff_account", link.id)).statusCode).toBe(404);
    expect((await revoke(as.agentB, "staff_agency", link.id)).statusCode).toBe(404);
    expect((await revoke(as.support, "policy-support", link.id)).statusCode).toBe(403);
    expect((await open(token)).statusCode).toBe(200);
    const res = await revoke(as.staffA, "staff_account", link.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: link.id, state: "revoked" });
    const opened = await open(token);
    expect(opened.statusCode).toBe(410);
    expect(opened.json()).toEqual({ error: "revoked_link", message: "This upload link was withdrawn by your property manager." });
    expect((await send(token, facts())).statusCode).toBe(410);
    const [history] = await queryRows<{ author: string; action: string; process: string; data: Record<string, { previous_value: unknown }> }>(
      t.database.db,
      sql`SELECT author, action, process, data FROM histories WHERE recordable_type = 'UploadLink' AND recordable_id = ${link.id}`,
    );
    expect(history).toMatchObject({ author: "staff a", action: "update", process: "console", data: { revoked_at: { previous_value: null } } });
    expect((await revoke(as.staffA, "staff_account", link.id)).statusCode).toBe(409);
  });

  it("agents revoke links of their agency tree's accounts", async () => {
    const lease = await freshLease();
    await remind(as.staffA, "staff_account", lease);
    const [link] = (await links(as.agentA, "staff_agency", `lease_id=${lease}`)).json();
    expect((await revoke(as.agentA, "staff_agency", link.id)).json()).toMatchObject({ state: "revoked" });
  });

  it("a link stops working when its lease ends or its resident leaves it, checked each time it is opened", async () => {
    const lease = await freshLease();
    const token = await remind(as.staffA, "staff_account", lease);
    await t.database.db.execute(sql`UPDATE leases SET end_date = ${addDays(today, -1)}::date WHERE id = ${lease}`);
    const ended = await open(token);
    expect(ended.statusCode).toBe(410);
    expect(ended.json()).toEqual({ error: "lease_ended", message: "This upload link no longer works: the lease it was sent for has ended." });
    expect((await send(token, facts())).statusCode).toBe(410);
    expect((await links(as.staffA, "staff_account", `lease_id=${lease}`)).json()[0].state).toBe("lease_ended");
    // The end date was a mistake: corrected, the link works again.
    await t.database.db.execute(sql`UPDATE leases SET end_date = ${today}::date WHERE id = ${lease}`);
    expect((await open(token)).statusCode).toBe(200);
    // The resident is taken off the lease (moved out): the link ends.
    await t.database.db.execute(sql`DELETE FROM lease_users WHERE lease_id = ${lease}`);
    expect((await open(token)).json()).toMatchObject({ error: "lease_ended" });
  });

  it("a link mailed for a lease ending within 30 days expires with the lease's last day, and the mail says that day", async () => {
    const end = addDays(today, 5);
    const lease = await freshLease("A", end);
    await remind(as.staffA, "staff_account", lease);
    expect(t.mailer.sent.at(-1)!.text).toContain(`expires on ${end}.`);
    const [link] = (await links(as.staffA, "staff_account", `lease_id=${lease}`)).json();
    expect(todayIn(new Date(new Date(link.expires_at).getTime() - 1000))).toBe(end);
    expect(todayIn(new Date(link.expires_at))).toBe(addDays(end, 1));
  });

  it("deleting the lease expires its open links at once (410 expired), and the resident's page shows it", async () => {
    const lease = await freshLease();
    const token = await remind(as.staffA, "staff_account", lease);
    const [link] = (await links(as.staffA, "staff_account", `lease_id=${lease}`)).json();
    expect((await t.app.inject({ method: "DELETE", url: `/v2/staff_account/leases/${lease}`, headers: as.staffA })).statusCode).toBe(200);
    const opened = await open(token);
    expect(opened.statusCode).toBe(410);
    expect(opened.json()).toMatchObject({ error: "expired_link" });
    const after = (await links(as.staffA, "staff_account", `user_id=${world.users.A.id}`)).json().find((l: { id: number }) => l.id === link.id);
    expect(after).toMatchObject({ state: "expired", lease_id: null });
  });
});
