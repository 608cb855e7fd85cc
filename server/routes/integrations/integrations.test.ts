import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { histories, integrationProfiles, integrationSyncRuns, insurables, leaseUsers, leases } from "../../db/schema";
import type { InlineQueue } from "../../jobs/queue";
import { queryRows } from "../../lib/list";
import { sandboxProvider, sandboxScenario } from "../../integrations/sandbox";
import { todayLA } from "../leases/leases.service";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
const PREFIX: Record<string, string> = { superAdmin: "staff_super_admin", agentA: "staff_agency", agentB: "staff_agency", staffA: "staff_account", staffB: "staff_account", support: "policy-support" };

const call = (who: string, method: "GET" | "POST" | "PUT", path: string, payload?: object) =>
  t.app.inject({ method, url: `/v2/${PREFIX[who]}${path}`, headers: as[who], ...(payload ? { payload } : {}) });
const idle = () => (t.app.jobs as InlineQueue).idle();

const connect = async (accountId: number, url: string, password = "s3cret-pass") => {
  const res = await call("superAdmin", "POST", "/integrations/yardi", { account_id: accountId, credentials: { url, username: "coverdesk-api", password, database: "afqoml_live" } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; active: boolean; problems: string[]; properties: Array<{ id: number; external_id: string; title: string; enabled: boolean }> };
};
const sync = async (id: number, who = "superAdmin") => {
  const res = await call(who, "POST", `/integrations/${id}/sync`);
  expect(res.statusCode, res.body).toBe(202);
  await idle();
  const [run] = await t.database.db.select().from(integrationSyncRuns).where(eq(integrationSyncRuns.id, res.json().id));
  return run;
};
const countOf = async (integrationId: number) => {
  const db = t.database.db;
  const links = await db.select().from(integrationProfiles).where(eq(integrationProfiles.integration_id, integrationId));
  const ids = (context: string) => links.filter((l) => l.external_context === context).map((l) => l.profileable_id);
  const units = ids("unit").length ? await db.select({ id: insurables.id }).from(insurables).where(inArray(insurables.id, ids("unit"))) : [];
  const leaseRows = ids("lease").length ? await db.select({ id: leases.id }).from(leases).where(inArray(leases.id, ids("lease"))) : [];
  const [{ n: allInsurables }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM insurables`);
  const [{ n: allLeases }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM leases`);
  const [{ n: allUsers }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users`);
  return { links: links.length, communities: ids("community").length, units: units.length, leases: leaseRows.length, residents: ids("resident").length, allInsurables, allLeases, allUsers };
};

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "error" });
  world = await buildWorld(t.database.db);
  for (const [key, email] of Object.entries({
    superAdmin: "super.admin@test.dev",
    agentA: "agent.a@test.dev",
    agentB: "agent.b@test.dev",
    staffA: "staff.a@test.dev",
    staffB: "staff.b@test.dev",
    support: "policy.support@test.dev",
  })) {
    as[key] = await signInAs(t.app, email);
  }
}, 60_000);
afterAll(() => t.close());

describe("connecting an account (POST /integrations/yardi)", () => {
  it("stores the credentials encrypted, never answers the password, and refreshes: active, properties, charge codes", async () => {
    const created = await connect(world.accounts.A.id, "sandbox://connect-a?properties=3&units=4");
    expect(created).toMatchObject({ active: true, problems: [], credentials: { url: "sandbox://connect-a?properties=3&units=4", username: "co••••••••", password_set: true } });
    expect(created.properties.map((p) => p.external_id)).toEqual(["CONNEC-P1", "CONNEC-P2", "CONNEC-P3"]);
    expect(JSON.stringify(created)).not.toContain("s3cret-pass");
    const [stored] = await queryRows<{ credentials_encrypted: string }>(t.database.db, sql`SELECT credentials_encrypted FROM integrations WHERE id = ${created.id}`);
    expect(stored.credentials_encrypted).not.toContain("s3cret");
    const settings = await call("superAdmin", "GET", `/integrations/yardi/${world.accounts.A.id}`);
    expect(settings.json()).toMatchObject({ exists: true, renters_insurance: { active: true }, billing_and_payments: { available_charge_settings: expect.arrayContaining([{ code: "RNTINS", description: "Renters insurance" }]) } });
    expect(settings.body).not.toContain("s3cret-pass");
    // One integration per account and provider.
    const again = await call("superAdmin", "POST", "/integrations/yardi", { account_id: world.accounts.A.id, credentials: { url: "sandbox://x", username: "u", password: "p", database: "d" } });
    expect(again.statusCode).toBe(422);
  });

  it("records refused credentials as a problem, not an error, and a fixed password makes it active", async () => {
    const created = await connect(world.accounts.B.id, "sandbox://badcreds", "wrong");
    expect(created).toMatchObject({ active: false, problems: ["Invalid credentials: the provider refused the user name or password"] });
    const fixed = await call("staffB", "PUT", "/integrations/yardi", { credentials: { password: "right-one" } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ active: true, problems: [] });
    // The URL kept its value: a blank password or an omitted field keeps the stored one.
    expect(fixed.json().credentials.url).toBe("sandbox://badcreds");
  });

  it("refuses bad input at the edge (422) and agents and policy support (403)", async () => {
    const bad = await call("superAdmin", "POST", "/integrations/yardi", { account_id: world.accounts.A1.id, credentials: { url: "ftp://nope", username: "u", password: "p", database: "d" } });
    expect(bad.statusCode).toBe(422);
    const unknown = await call("superAdmin", "POST", "/integrations/yardi", { account_id: world.accounts.A1.id, credentials: { url: "sandbox://ok", username: "u", password: "p", database: "d" }, extra: 1 });
    expect(unknown.statusCode).toBe(422);
    const missing = await call("superAdmin", "POST", "/integrations/entrata", { account_id: world.accounts.A1.id, credentials: { url: "sandbox://ok" } });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(["credentials.username", "credentials.password", "credentials.database"]);
    expect((await call("agentA", "POST", "/integrations/yardi", { account_id: world.accounts.A1.id })).statusCode).toBe(403);
    expect((await call("support", "GET", "/integrations")).statusCode).toBe(403);
  });
});

describe("who sees which integration", () => {
  it("lists {data, meta.total} 20 a page, scoped: super admin all, agents their agencies' accounts, staff their account", async () => {
    const ids = async (who: string) => ((await call(who, "GET", "/integrations")).json().data as Array<{ account: { id: number } }>).map((r) => r.account.id).sort();
    const all = await call("superAdmin", "POST", "/integrations_index", { pagination: { page: 1 } });
    expect(all.json().meta).toMatchObject({ total: 2, per: 20 });
    expect(await ids("agentA")).toEqual([world.accounts.A.id]);
    expect(await ids("agentB")).toEqual([world.accounts.B.id]);
    expect(await ids("staffA")).toEqual([world.accounts.A.id]);
    expect(await ids("staffB")).toEqual([world.accounts.B.id]);
  });

  it("answers another tenant's integration with 404, and only a super admin reads Integration Health", async () => {
    const [a] = (await call("superAdmin", "GET", `/integrations?filter[account_id]=${world.accounts.A.id}`)).json().data as Array<{ id: number }>;
    expect((await call("staffA", "GET", `/integrations/${a.id}`)).statusCode).toBe(200);
    expect((await call("agentA", "GET", `/integrations/${a.id}`)).statusCode).toBe(200);
    expect((await call("staffB", "GET", `/integrations/${a.id}`)).statusCode).toBe(404);
    expect((await call("agentB", "GET", `/integrations/${a.id}`)).statusCode).toBe(404);
    expect((await call("staffB", "POST", `/integrations/${a.id}/sync`)).statusCode).toBe(404);
    expect((await call("agentA", "POST", `/integrations/${a.id}/sync`)).statusCode).toBe(403);
    expect((await call("staffA", "POST", "/integrations/integration_health")).statusCode).toBe(403);
    expect((await call("agentA", "POST", "/integrations/integration_health")).statusCode).toBe(403);
    expect((await call("superAdmin", "POST", "/integrations/integration_health")).statusCode).toBe(200);
    // Staff read and change their own account's settings; another account is a 404 and nothing is written.
    const own = await call("staffB", "GET", `/integrations/yardi/${world.accounts.B.id}`);
    expect(own.json()).toMatchObject({ exists: true, renters_insurance: { credentials: { url: "sandbox://badcreds" } } });
    expect((await call("staffB", "GET", `/integrations/yardi/${world.accounts.A.id}`)).statusCode).toBe(404);
    expect((await call("staffB", "PUT", `/integrations/yardi/${world.accounts.A.id}`, { enabled: false })).statusCode).toBe(404);
    expect((await call("staffB", "POST", "/integrations/entrata", { account_id: world.accounts.A.id, credentials: { url: "sandbox://x", username: "u", password: "p", database: "d" } })).statusCode).toBe(404);
    expect((await call("agentB", "GET", `/integrations/yardi/${world.accounts.A.id}`)).statusCode).toBe(404);
    expect((await call("agentA", "GET", `/integrations/yardi/${world.accounts.A.id}`)).json()).toMatchObject({ exists: true });
  });
});

describe("the sync (sandbox provider)", () => {
  it("imports properties, buildings, units, residents and leases once: a second run creates and updates nothing", async () => {
    const { id } = await connect(world.accounts.A1.id, "sandbox://idem?properties=2&units=10");
    const first = await sync(id);
    expect(first).toMatchObject({ status: "succeeded", error_count: 0 });
    expect(first.created_count).toBeGreaterThan(20);
    const after = await countOf(id);
    expect(after).toMatchObject({ communities: 2, units: 20 });
    expect(after.leases).toBeGreaterThan(5);
    expect(after.residents).toBeGreaterThanOrEqual(after.leases);
    // The units sit in the account, under buildings (first property) or the community (the last).
    const units = await t.database.db.select().from(insurables).where(and(eq(insurables.account_id, world.accounts.A1.id), eq(insurables.insurable_type_id, 4)));
    expect(units).toHaveLength(20);
    expect(units.every((u) => u.agency_id === world.agencies.A1.id)).toBe(true);

    const second = await sync(id);
    expect(second).toMatchObject({ status: "succeeded", created_count: 0, updated_count: 0, error_count: 0 });
    expect(second.skipped_count).toBe(first.created_count);
    expect(await countOf(id)).toEqual(after);
  });

  it("a later day: three leases changed and one resident moved out are updates, nothing is created", async () => {
    const { id } = await connect(await buildAccount("Revision Account"), "sandbox://revision?properties=1&units=30");
    await sync(id);
    const before = await countOf(id);
    sandboxScenario("revision", { revision: 2 });
    try {
      const run = await sync(id);
      expect(run).toMatchObject({ status: "succeeded", created_count: 0, error_count: 0 });
      expect(run.updated_count).toBeGreaterThanOrEqual(3);
      expect(run.updated_count).toBeLessThanOrEqual(4);
      expect(await countOf(id)).toEqual(before);
      const links = await t.database.db.select().from(integrationProfiles).where(and(eq(integrationProfiles.integration_id, id), eq(integrationProfiles.external_context, "lease")));
      const movedOut = await t.database.db.select().from(leaseUsers).where(and(inArray(leaseUsers.lease_id, links.map((l) => l.profileable_id)), isNotNull(leaseUsers.moved_out_at)));
      expect(movedOut).toHaveLength(1);
      // Running the same day again changes nothing more.
      expect(await sync(id)).toMatchObject({ created_count: 0, updated_count: 0 });
    } finally {
      sandboxScenario("revision", null);
    }
  });

  it("a provider failure in the middle leaves no half-imported property, is recorded, and the next run finishes it", async () => {
    const accountId = await buildAccount("Failure Account");
    const { id, properties } = await connect(accountId, "sandbox://flaky?properties=3&units=6");
    sandboxScenario("flaky", { timeoutProperty: "FLAKY-P2" });
    let run;
    try {
      run = await sync(id);
    } finally {
      sandboxScenario("flaky", null);
    }
    expect(run).toMatchObject({ status: "partial", error: "1 of 3 properties could not be read", error_count: 1 });
    const links = await t.database.db.select().from(integrationProfiles).where(eq(integrationProfiles.integration_id, id));
    expect(links.filter((l) => l.external_context === "community").map((l) => l.external_id).sort()).toEqual(["FLAKY-P1", "FLAKY-P3"]);
    expect(links.some((l) => l.external_id.startsWith("FLAKY-P2"))).toBe(false);

    const health = (await call("superAdmin", "POST", "/integrations/integration_health")).json().data.find((r: { id: number }) => r.id === id);
    expect(health).toMatchObject({
      errors_count: 1,
      errors: [{ record_type: "property", external_id: "FLAKY-P2", message: "Timed out reading the leases of FLAKY-P2 after 30 s" }],
      last_error: { status: "partial", message: "1 of 3 properties could not be read" },
      never_synced: [{ id: properties[1].id }],
      last_success_at: null,
    });
    // Retry the record: its property is synced again and the error is answered.
    const retry = await call("superAdmin", "POST", `/integrations/sync_errors/${health.errors[0].id}/retry`);
    expect(retry.statusCode, retry.body).toBe(202);
    await idle();
    const [retried] = await t.database.db.select().from(integrationSyncRuns).where(eq(integrationSyncRuns.id, retry.json().id));
    expect(retried).toMatchObject({ status: "succeeded", trigger: "retry", property_id: properties[1].id });
    expect((await countOf(id)).communities).toBe(3);
    const after = (await call("superAdmin", "POST", "/integrations/integration_health")).json().data.find((r: { id: number }) => r.id === id);
    expect(after).toMatchObject({ errors_count: 0, never_synced: [] });
    expect(after.durations.length).toBe(2);
  });

  it("records malformed records one by one and imports the rest", async () => {
    const accountId = await buildAccount("Malformed Account");
    const { id } = await connect(accountId, "sandbox://malformed?properties=1&units=5");
    sandboxScenario("malformed", { malformed: true });
    try {
      const run = await sync(id);
      expect(run).toMatchObject({ status: "partial", error_count: 3 });
      const health = (await call("superAdmin", "POST", "/integrations/integration_health")).json().data.find((r: { id: number }) => r.id === id);
      expect(health.errors.map((e: { record_type: string; message: string }) => `${e.record_type}: ${e.message}`).sort()).toEqual([
        "lease: Lease dates are not valid dates",
        "lease: Unit MALFOR-P1-U9999 is not in this property",
        "resident: Resident without a valid email",
      ]);
      expect((await countOf(id)).units).toBe(5);
    } finally {
      sandboxScenario("malformed", null);
    }
  });

  it("never runs twice at once for one integration (409), and one property's resync reports its progress", async () => {
    const accountId = await buildAccount("Concurrent Account");
    const { id, properties } = await connect(accountId, "sandbox://concurrent?properties=2&units=3");
    const [running] = await t.database.db.insert(integrationSyncRuns).values({ integration_id: id, trigger: "manual" }).returning();
    const refused = await call("superAdmin", "POST", `/integrations/${id}/sync`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("A sync of this integration is already running");
    expect((await call("superAdmin", "POST", `/integrations/${id}/yardi/property/${properties[0].id}/resync`)).statusCode).toBe(409);
    await t.database.db.update(integrationSyncRuns).set({ status: "failed" }).where(eq(integrationSyncRuns.id, running.id));

    const started = await call("superAdmin", "POST", `/integrations/${id}/yardi/property/${properties[0].id}/resync`);
    expect(started.statusCode, started.body).toBe(202);
    const shown = (await call("superAdmin", "GET", `/integrations/${id}`)).json();
    expect(shown.properties[0].sync_status).toBe("running");
    await idle();
    const done = (await call("superAdmin", "GET", `/integrations/${id}`)).json();
    expect(done.properties.map((p: { sync_status: string }) => p.sync_status)).toEqual(["synced", "never"]);
    expect(done.runs[0]).toMatchObject({ trigger: "resync", status: "succeeded", property_id: properties[0].id });
  });

  it("writes a property in a few set-based statements, not one per record, with a history row per record and change", async () => {
    const db = t.database.db;
    const tables = ["insurables", "users", "profiles", "leases", "lease_users", "integration_profiles", "histories"];
    await db.execute(sql`CREATE TABLE sync_statements (table_name text NOT NULL)`);
    await db.execute(sql`CREATE FUNCTION count_sync_statement() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO sync_statements VALUES (TG_TABLE_NAME); RETURN NULL; END $$`);
    for (const table of tables) await db.execute(sql.raw(`CREATE TRIGGER count_sync_statement AFTER INSERT OR UPDATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION count_sync_statement()`));
    let statements: Array<{ table_name: string; n: number }>;
    let first;
    const { id } = await connect(await buildAccount("Batched Account"), "sandbox://batched?properties=1&units=1200");
    try {
      first = await sync(id);
      statements = await queryRows(db, sql`SELECT table_name, count(*)::int AS n FROM sync_statements GROUP BY table_name ORDER BY table_name`);
    } finally {
      for (const table of tables) await db.execute(sql.raw(`DROP TRIGGER count_sync_statement ON ${table}`));
      await db.execute(sql`DROP FUNCTION count_sync_statement()`);
      await db.execute(sql`DROP TABLE sync_statements`);
    }
    expect(first).toMatchObject({ status: "succeeded", error_count: 0 });
    expect(first.created_count).toBeGreaterThan(2500);
    // 1,200 units, ~900 leases and ~1,100 residents (~3,300 links and history rows): a handful of statements per table,
    // chunks of 500 rows (an upsert fires both the insert and the update trigger), where one per row made thousands.
    expect(statements.map((s) => s.table_name)).toEqual([...tables].sort());
    for (const s of statements) expect(s.n, s.table_name).toBeLessThanOrEqual(16);

    // Every record created has its creation in the history, by the sync.
    const history = async (action: string) =>
      queryRows<{ type: string; n: number }>(
        db,
        sql`SELECT h.recordable_type AS type, count(*)::int AS n FROM histories h JOIN integration_profiles ip ON ip.profileable_id = h.recordable_id AND ip.profileable_type = h.recordable_type
            WHERE ip.integration_id = ${id} AND h.action = ${action} AND h.author = 'Yardi sync' AND h.process = 'integration' GROUP BY 1 ORDER BY 1`,
      );
    const counts = await countOf(id);
    expect(await history("create")).toEqual([
      { type: "Insurable", n: counts.communities + counts.units + 2 },
      { type: "Lease", n: counts.leases },
      { type: "User", n: counts.residents },
    ]);
    // A later day: the three changed leases and the one move-out are in their leases' history.
    sandboxScenario("batched", { revision: 2 });
    try {
      const run = await sync(id);
      expect(run).toMatchObject({ status: "succeeded", created_count: 0, error_count: 0 });
      // The moved-out resident's lease may be one of the three renewed.
      expect([3, 4]).toContain(run.updated_count);
    } finally {
      sandboxScenario("batched", null);
    }
    const updates = await queryRows<{ action: string; data: Record<string, { previous_value: unknown; new_value: unknown }> }>(
      db,
      sql`SELECT h.action, h.data FROM histories h JOIN integration_profiles ip ON ip.profileable_id = h.recordable_id AND ip.profileable_type = 'Lease'
          WHERE ip.integration_id = ${id} AND h.recordable_type = 'Lease' AND h.action <> 'create' ORDER BY h.id`,
    );
    expect(updates.map((u) => `${u.action}: ${Object.keys(u.data).join(",")}`).sort()).toEqual(["update: end_date", "update: end_date", "update: end_date", "update_related: moved_out"]);
    const moved = updates.find((u) => u.action === "update_related")!;
    const [tenant] = await t.database.db.select().from(leaseUsers).where(and(eq(leaseUsers.user_id, Number(moved.data.moved_out.new_value)), isNotNull(leaseUsers.moved_out_at)));
    expect(tenant).toBeDefined();
  });

  it("a linked lease deleted in Coverdesk is created again by the next sync and its link follows", async () => {
    const { id } = await connect(await buildAccount("Relink Account"), "sandbox://relink?properties=1&units=8");
    await sync(id);
    const [linkBefore] = await t.database.db
      .select()
      .from(integrationProfiles)
      .where(and(eq(integrationProfiles.integration_id, id), eq(integrationProfiles.external_context, "lease")))
      .orderBy(integrationProfiles.external_id)
      .limit(1);
    await t.database.db.delete(leases).where(eq(leases.id, linkBefore.profileable_id));
    const run = await sync(id);
    expect(run).toMatchObject({ status: "succeeded", created_count: 1, error_count: 0 });
    const [linkAfter] = await t.database.db.select().from(integrationProfiles).where(eq(integrationProfiles.id, linkBefore.id));
    expect(linkAfter.profileable_id).not.toBe(linkBefore.profileable_id);
    const [lease] = await t.database.db.select().from(leases).where(eq(leases.id, linkAfter.profileable_id));
    expect(lease).toBeDefined();
    expect(await t.database.db.select().from(leaseUsers).where(eq(leaseUsers.lease_id, lease.id))).not.toHaveLength(0);
    expect(await sync(id)).toMatchObject({ created_count: 0, updated_count: 0 });
  });

  it("ends a lease the provider no longer lists (residents moved out, unit free, history), removes one that never began, and leaves Coverdesk's own leases alone", async () => {
    const db = t.database.db;
    const url = "sandbox://vanish?properties=2&units=10";
    const { id } = await connect(await buildAccount("Vanish Account"), url);
    await sync(id);
    // The provider's first two leases of its first property are the ones that will disappear.
    const listed = await sandboxProvider({ url, username: "u", password: "p", database: "d" }).fetchProperty("VANISH-P1");
    const [goneCode, cancelledCode] = listed.leases.slice(0, 2).map((l) => l.code);
    const leaseOf = async (code: string) => {
      const [link] = await db.select().from(integrationProfiles).where(and(eq(integrationProfiles.integration_id, id), eq(integrationProfiles.external_context, "lease"), eq(integrationProfiles.external_id, code)));
      return link ? (await db.select().from(leases).where(eq(leases.id, link.profileable_id)))[0] : undefined;
    };
    // A running lease (whatever day the test runs), one that has not begun yet, and staff's own lease on another unit.
    await db.update(leases).set({ end_date: "2099-01-01", status: "current" }).where(eq(leases.id, (await leaseOf(goneCode))!.id));
    const gone = (await leaseOf(goneCode))!;
    const cancelled = (await leaseOf(cancelledCode))!;
    await db.update(leases).set({ start_date: "2099-01-01", end_date: "2099-12-31", status: "pending" }).where(eq(leases.id, cancelled.id));
    const otherUnit = (await leaseOf(listed.leases[2].code))!.insurable_id;
    const [own] = await db.insert(leases).values({ reference: "L-OWNLEASE01", start_date: "2026-01-01", end_date: "2099-01-01", status: "current", insurable_id: otherUnit, account_id: gone.account_id }).returning();
    const leasesBefore = (await countOf(id)).leases;

    sandboxScenario("vanish", { droppedLeases: 2 });
    try {
      const run = await sync(id);
      expect(run).toMatchObject({ status: "succeeded", created_count: 0, updated_count: 2, error_count: 0 });
      const yesterday = new Date(`${todayLA()}T00:00:00Z`);
      yesterday.setUTCDate(yesterday.getUTCDate() - 1);
      const ended = (await leaseOf(goneCode))!;
      expect(ended).toMatchObject({ id: gone.id, start_date: gone.start_date, end_date: yesterday.toISOString().slice(0, 10), status: "expired" });
      const tenants = await db.select().from(leaseUsers).where(eq(leaseUsers.lease_id, gone.id));
      expect(tenants.length).toBeGreaterThan(0);
      expect(tenants.every((t) => t.moved_out_at !== null)).toBe(true);
      const [unit] = await db.select().from(insurables).where(eq(insurables.id, gone.insurable_id));
      expect(unit.occupied).toBe(false);
      const [history] = await db.select().from(histories).where(and(eq(histories.recordable_type, "Lease"), eq(histories.recordable_id, gone.id), eq(histories.action, "update")));
      expect(history).toMatchObject({ author: "Yardi sync", process: "integration" });
      expect(history.data).toMatchObject({ end_date: { previous_value: gone.end_date, new_value: ended.end_date }, status: { previous_value: "current", new_value: "expired" } });

      // The lease that never began is gone, with its link and a history row saying so.
      expect(await leaseOf(cancelledCode)).toBeUndefined();
      expect(await db.select().from(leases).where(eq(leases.id, cancelled.id))).toHaveLength(0);
      const [removed] = await db.select().from(histories).where(and(eq(histories.recordable_type, "Lease"), eq(histories.recordable_id, cancelled.id), eq(histories.action, "remove")));
      expect(removed.data).toMatchObject({ reference: { previous_value: cancelled.reference, new_value: null } });

      // Staff's own lease and every lease still listed are untouched.
      expect((await db.select().from(leases).where(eq(leases.id, own.id)))[0]).toMatchObject({ end_date: "2099-01-01", status: "current" });
      expect((await countOf(id)).leases).toBe(leasesBefore - 1);
      // The same day again: nothing more to end.
      expect(await sync(id)).toMatchObject({ status: "succeeded", created_count: 0, updated_count: 0 });
    } finally {
      sandboxScenario("vanish", null);
    }
  });

  it("keeps a property's leases when the provider suddenly lists none, and says so", async () => {
    const url = "sandbox://emptied?properties=1&units=6";
    const { id } = await connect(await buildAccount("Emptied Account"), url);
    await sync(id);
    const before = await countOf(id);
    const leaseDates = (integrationId: number) =>
      queryRows(t.database.db, sql`SELECT l.id, l.end_date::text, l.status FROM leases l JOIN integration_profiles ip ON ip.profileable_id = l.id AND ip.external_context = 'lease' WHERE ip.integration_id = ${integrationId} ORDER BY l.id`);
    const dates = await leaseDates(id);
    expect(dates).toHaveLength(before.leases);
    const all = (await sandboxProvider({ url, username: "u", password: "p", database: "d" }).fetchProperty("EMPTIE-P1")).leases.length;
    sandboxScenario("emptied", { droppedLeases: all });
    try {
      const run = await sync(id);
      expect(run).toMatchObject({ status: "partial", updated_count: 0, error_count: 1 });
      const health = (await call("superAdmin", "POST", "/integrations/integration_health")).json().data.find((r: { id: number }) => r.id === id);
      expect(health.errors[0]).toMatchObject({ record_type: "property", external_id: "EMPTIE-P1", message: `The provider listed no leases; the ${before.leases} leases it listed before were kept` });
      expect(await leaseDates(id)).toEqual(dates);
    } finally {
      sandboxScenario("emptied", null);
    }
  });

  it("toggles a property off, and a sync then leaves it alone", async () => {
    const accountId = await buildAccount("Toggle Account");
    const { id, properties } = await connect(accountId, "sandbox://toggle?properties=2&units=2");
    const off = await call("superAdmin", "POST", `/integrations/${id}/toggle_property`, { property_id: properties[1].id, enable: false });
    expect(off.statusCode, off.body).toBe(200);
    await sync(id);
    expect((await countOf(id)).communities).toBe(1);
    expect((await call("superAdmin", "POST", `/integrations/${id}/toggle_property`, { property_id: 999_999, enable: true })).statusCode).toBe(404);
  });
});

let accountSeq = 0;
async function buildAccount(title: string) {
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO accounts (title, agency_id) VALUES (${`${title} ${++accountSeq}`}, ${world.agencies.B.id}) RETURNING id`);
  return row.id;
}
