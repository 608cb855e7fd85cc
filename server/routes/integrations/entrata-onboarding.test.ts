import { Writable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { histories, integrationProfiles, integrationSyncRuns, integrations } from "../../db/schema";
import type { InlineQueue } from "../../jobs/queue";
import { queryRows } from "../../lib/list";
import { buildWorld } from "../../test/fixtures";
import { type FakeProvider, fixture, startFakeProvider } from "../../test/fake-provider";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";

/**
 * Entrata onboarding of a client (issue 15 section 2; document 3 section 7; readings C-32): onboard_client, status,
 * syncable_communities, ar_codes, per role and tenant; and the same calls reaching the real Entrata adapter, served by
 * a fake Entrata on loopback, through to a sync. Credentials never reach the logs.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
let fake: FakeProvider;
let fakeStatus = 200;
const as: Record<string, AuthHeaders> = {};
const lines: string[] = [];
const PREFIX: Record<string, string> = { superAdmin: "staff_super_admin", agentA: "staff_agency", agentB: "staff_agency", staffA: "staff_account", staffB: "staff_account" };
const call = (who: string, method: "GET" | "POST", path: string, payload?: object) =>
  t.app.inject({ method, url: `/v2/${PREFIX[who]}/integrations/entrata${path}`, headers: as[who], ...(payload ? { payload } : {}) });

beforeAll(async () => {
  fake = await startFakeProvider((r) => {
    const method = (JSON.parse(r.body) as { method: { name: string } }).method.name;
    if (fakeStatus !== 200) return { status: fakeStatus, body: fixture("entrata", "error-auth.json") };
    return { body: fixture("entrata", `${method}.json`) };
  });
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: "info", INTEGRATION_ALLOW_HTTP: "1", INTEGRATION_ALLOW_HOSTS: "127.0.0.1" }, { logStream });
  world = await buildWorld(t.database.db);
  for (const [key, email] of Object.entries({ superAdmin: "super.admin@test.dev", agentA: "agent.a@test.dev", agentB: "agent.b@test.dev", staffA: "staff.a@test.dev", staffB: "staff.b@test.dev" })) {
    as[key] = await signInAs(t.app, email);
  }
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("onboarding a client on the sandbox", () => {
  it("connects the account, and onboarding again reconnects the same integration", async () => {
    const before = await call("staffA", "POST", "/status", {});
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ exists: false, account_id: world.accounts.A.id, connection: null });

    const res = await call("staffA", "POST", "/onboard_client", { subdomain: "Sunrise-PM", username: "api-user", password: "wrong", url: "sandbox://sunrise-pm?properties=3&units=4" });
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json();
    expect(first).toMatchObject({ exists: true, account_id: world.accounts.A.id, subdomain: "sunrise-pm", active: false, problems: ["Invalid credentials: the provider refused the user name or password"] });

    const again = await call("staffA", "POST", "/onboard_client", { subdomain: "sunrise-pm", username: "api-user", password: "s3cret-Onboard", url: "sandbox://sunrise-pm?properties=3&units=4" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: first.id, active: true, problems: [], communities_count: 3, enabled_communities_count: 3 });
    const rows = await t.database.db.select().from(integrations).where(and(eq(integrations.account_id, world.accounts.A.id), eq(integrations.provider, "entrata")));
    expect(rows).toHaveLength(1);
    expect(rows[0].credentials_encrypted).not.toContain("s3cret-Onboard");

    const status = await call("staffA", "POST", "/status", {});
    expect(status.json()).toMatchObject({ exists: true, id: first.id, active: true, connection: { ok: true, message: null } });
    // The account's Entrata tab reads the same integration.
    expect((await t.app.inject({ method: "GET", url: "/v2/staff_account/integrations/entrata", headers: as.staffA })).json()).toMatchObject({ exists: true, id: first.id });
  });

  it("chooses the communities to sync, refusing one that is not the client's", async () => {
    const list = await call("staffA", "GET", "/syncable_communities");
    expect(list.statusCode, list.body).toBe(200);
    const communities = list.json().data as Array<{ id: number; title: string; enabled: boolean }>;
    expect(communities).toHaveLength(3);
    expect(list.json().meta).toEqual({ total: 3 });

    const off = await call("staffA", "POST", "/syncable_communities", { syncable_communities: { [communities[1].id]: { enabled: false } } });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json().data as typeof communities).map((c) => c.enabled)).toEqual([true, false, true]);
    const [{ id }] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM integrations WHERE account_id = ${world.accounts.A.id} AND provider = 'entrata'`);
    const history = await t.database.db.select().from(histories).where(and(eq(histories.recordable_type, "Integration"), eq(histories.recordable_id, id), eq(histories.action, "update_related")));
    const external = (off.json().data as Array<{ external_id: string }>)[1].external_id;
    expect(history.map((h) => h.data)).toContainEqual({ [`properties.${external}.enabled`]: { previous_value: true, new_value: false } });

    const foreign = await call("staffA", "POST", "/syncable_communities", { syncable_communities: { [communities[0].id]: { enabled: false }, "999999": { enabled: false } } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ "syncable_communities.999999": "Select community from the drop-down list" });
    expect(((await call("staffA", "GET", "/syncable_communities")).json().data as typeof communities)[0].enabled).toBe(true);
  });

  it("lists the client's AR codes with the one chosen", async () => {
    const res = await call("staffA", "POST", "/ar_codes", {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { code: "RNTINS", description: "Renters insurance" },
        { code: "MPINS", description: "Master policy premium" },
        { code: "ADMFEE", description: "Administrative fee" },
      ],
      meta: { total: 3 },
      selected: null,
      as_of: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      problem: null,
    });
  });
});

describe("who may onboard which account", () => {
  it("answers bad input with 422 and field errors", async () => {
    const cases: Array<[string, object]> = [
      ["/onboard_client", { subdomain: "not a subdomain!", username: "u", password: "p" }],
      ["/onboard_client", { subdomain: "ok", username: "u", password: "" }],
      ["/onboard_client", { subdomain: "ok", username: "u", password: "p", url: "ftp://nope" }],
      ["/onboard_client", { subdomain: "ok", username: "u", password: "p", admin: true }],
      ["/status", { account_id: "abc" }],
      ["/ar_codes", { account_id: -1 }],
      ["/syncable_communities", { syncable_communities: { abc: { enabled: true } } }],
      ["/syncable_communities", { syncable_communities: { "1": { enabled: "maybe" } } }],
    ];
    for (const [path, payload] of cases) {
      const res = await call("staffA", "POST", path, payload);
      expect(res.statusCode, `${path} ${JSON.stringify(payload)}: ${res.body}`).toBe(422);
      expect(typeof res.json().errors).toBe("object");
    }
    expect((await call("staffA", "GET", "/syncable_communities?account_id=x")).statusCode).toBe(422);
  });

  it("answers another tenant's account with 404, and agents read but never onboard (403)", async () => {
    const other = world.accounts.B.id;
    expect((await call("staffA", "POST", "/onboard_client", { account_id: other, subdomain: "x", username: "u", password: "p", url: "sandbox://x" })).statusCode).toBe(404);
    expect((await call("staffA", "POST", "/status", { account_id: other })).statusCode).toBe(404);
    expect((await call("staffA", "GET", `/syncable_communities?account_id=${other}`)).statusCode).toBe(404);
    expect((await call("staffA", "POST", "/ar_codes", { account_id: other })).statusCode).toBe(404);
    expect((await call("agentB", "POST", "/status", { account_id: world.accounts.A.id })).statusCode).toBe(404);
    expect((await call("agentB", "GET", `/syncable_communities?account_id=${world.accounts.A.id}`)).statusCode).toBe(404);
    // Agents read their agencies' accounts' onboarding, and write nothing.
    expect((await call("agentA", "GET", `/syncable_communities?account_id=${world.accounts.A.id}`)).statusCode).toBe(200);
    expect((await call("agentA", "POST", "/onboard_client", { account_id: world.accounts.A.id, subdomain: "x", username: "u", password: "p" })).statusCode).toBe(403);
    // Staff B's account has no Entrata integration yet.
    expect((await call("staffB", "GET", "/syncable_communities")).statusCode).toBe(404);
    expect((await call("staffB", "POST", "/ar_codes", {})).statusCode).toBe(404);
    // A super admin names the account; one that does not exist is a field error.
    expect((await call("superAdmin", "POST", "/onboard_client", { subdomain: "x", username: "u", password: "p" })).json().errors).toEqual({ account_id: "The account field is required." });
    expect((await call("superAdmin", "POST", "/status", { account_id: 2_000_000_000 })).statusCode).toBe(404);
  });
});

describe("onboarding a client on Entrata's API (the adapter, against a fake Entrata)", () => {
  it("onboards, reads the AR codes, syncs the chosen community's units, residents and leases, and keeps the password out of the logs", async () => {
    const onboard = await call("superAdmin", "POST", "/onboard_client", { account_id: world.accounts.B.id, subdomain: "acme", username: "coverdesk_api", password: "Pa55-never-logged", url: fake.url });
    expect(onboard.statusCode, onboard.body).toBe(200);
    expect(onboard.json()).toMatchObject({ active: true, problems: [], communities_count: 2 });
    expect(fake.requests.map((r) => r.path)).toEqual(expect.arrayContaining(["/api/v1/status", "/api/v1/properties", "/api/v1/arcodes"]));

    const codes = await call("staffB", "POST", "/ar_codes", {});
    expect(codes.json().data).toEqual([
      { code: "RENT", description: "Rent" },
      { code: "RINS", description: "Renters Insurance" },
    ]);
    const communities = (await call("staffB", "GET", "/syncable_communities")).json().data as Array<{ id: number; external_id: string }>;
    expect(communities.map((c) => c.external_id)).toEqual(["101776", "101777"]);
    await call("staffB", "POST", "/syncable_communities", { syncable_communities: { [communities[1].id]: { enabled: false } } });

    const sync = await t.app.inject({ method: "POST", url: `/v2/staff_account/integrations/${onboard.json().id}/sync`, headers: as.staffB });
    expect(sync.statusCode, sync.body).toBe(202);
    await (t.app.jobs as InlineQueue).idle();
    const [run] = await t.database.db.select().from(integrationSyncRuns).where(eq(integrationSyncRuns.id, sync.json().id));
    expect(run).toMatchObject({ status: "succeeded", error_count: 0 });
    const links = await t.database.db.select().from(integrationProfiles).where(eq(integrationProfiles.integration_id, onboard.json().id));
    const byContext = (c: string) => links.filter((l) => l.external_context === c).map((l) => l.external_id).sort();
    expect(byContext("unit")).toEqual(["9001", "9002", "9003"]);
    expect(byContext("lease")).toEqual(["77001", "77002"]);
    expect(byContext("resident")).toEqual(["55001", "55002", "55003"]);

    // Reading the status and the AR codes never calls Entrata: they answer what the last refresh (the sync's) kept.
    fake.requests.length = 0;
    const kept = await call("agentB", "POST", "/status", { account_id: world.accounts.B.id });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().connection).toEqual({ ok: true, message: null, checked_at: expect.stringMatching(/^\d{4}-/) });
    const keptCodes = (await call("agentB", "POST", "/ar_codes", { account_id: world.accounts.B.id })).json();
    expect(keptCodes.as_of).toEqual(expect.stringMatching(/^\d{4}-/));
    expect(fake.requests).toEqual([]);
    // An agent reads but never refreshes; nothing is asked of Entrata then either.
    expect((await call("agentB", "POST", "/status", { account_id: world.accounts.B.id, refresh: true })).statusCode).toBe(403);
    expect(fake.requests).toEqual([]);

    // Entrata refuses the credentials now: a plain read still answers the kept state; Refresh asks and keeps Entrata's words.
    fakeStatus = 401;
    try {
      expect((await call("staffB", "POST", "/status", {})).json().connection).toMatchObject({ ok: true });
      expect(fake.requests).toEqual([]);
      const status = await call("staffB", "POST", "/status", { refresh: true });
      expect(status.json().connection).toEqual({ ok: false, message: "Entrata refused the credentials: Authorization Failed: invalid username or password.", checked_at: expect.any(String) });
      expect(fake.requests.map((r) => r.path)).toEqual(["/api/v1/status"]);
      expect(new Date(status.json().connection.checked_at).getTime()).toBeGreaterThan(new Date(kept.json().connection.checked_at).getTime());
      const stale = await call("staffB", "POST", "/ar_codes", {});
      expect(stale.json()).toMatchObject({ data: [{ code: "RENT", description: "Rent" }, { code: "RINS", description: "Renters Insurance" }], as_of: keptCodes.as_of, problem: expect.stringContaining("refused the credentials") });
      expect(fake.requests).toHaveLength(1);
    } finally {
      fakeStatus = 200;
    }
    // Refreshing the AR codes asks Entrata again and keeps the new time.
    const fresh = (await call("superAdmin", "POST", "/ar_codes", { account_id: world.accounts.B.id, refresh: true })).json();
    expect(fresh).toMatchObject({ problem: null, data: [{ code: "RENT", description: "Rent" }, { code: "RINS", description: "Renters Insurance" }] });
    expect(fresh.as_of > keptCodes.as_of).toBe(true);
    expect(fake.requests.map((r) => r.path)).toContain("/api/v1/arcodes");
    const log = lines.join("\n");
    expect(log).toContain("/integrations/entrata/onboard_client");
    for (const secret of ["Pa55-never-logged", "s3cret-Onboard", Buffer.from("coverdesk_api:Pa55-never-logged").toString("base64")]) expect(log).not.toContain(secret);
  });
});
