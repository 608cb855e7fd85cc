import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationPolicyPushes, integrationSyncErrors, integrationSyncRuns, policies, policyCoverages, policyInsurables, policyUsers } from "../../db/schema";
import type { InlineQueue } from "../../jobs/queue";
import { queryRows } from "../../lib/list";
import { sandboxPushes, sandboxScenario } from "../../integrations/sandbox";
import { buildWorld } from "../../test/fixtures";
import { type FakeProvider, fixture, startFakeProvider } from "../../test/fake-provider";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";

/**
 * Issue 15 section 2: with the sync setting "push policies" on, each synced property's verified policies go back to
 * the provider (the sandbox records them; the Yardi adapter sends ImportInsurancePolicies, yardi.test.ts), counted on
 * the run, and a policy the provider refuses is a record in error with its message.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
let as: AuthHeaders;
let fakeYardi: FakeProvider;
const PORTFOLIO = "push-a";
/** The policies the fake Voyager refuses, with its recorded message (tests/fixtures/integrations/yardi/ImportInsurancePolicies.xml). */
const yardiRefuses = new Set(["YP-2002"]);
const sentNumbers = (body: string) => [...body.matchAll(/<PolicyNumber>([^<]+)<\/PolicyNumber>/g)].map((m) => m[1]);
/** The recorded answer's shape, its messages for what this request sent. */
function yardiImportAnswer(body: string) {
  const sent = sentNumbers(body);
  const refused = sent.filter((n) => yardiRefuses.has(n));
  const messages = [`<Message messageType="Information">${sent.length - refused.length} policy imported.</Message>`, ...refused.map((n) => `<Message messageType="Error">Policy ${n}: Tenant t0099999 was not found in property mgrove.</Message>`)];
  return fixture("yardi", "ImportInsurancePolicies.xml").replace(/<Messages>[\s\S]*<\/Messages>/, `<Messages>${messages.join("")}</Messages>`);
}
const call = (method: "GET" | "POST" | "PUT", path: string, payload?: object) =>
  t.app.inject({ method, url: `/v2/staff_super_admin${path}`, headers: as, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  // A fake Voyager on loopback for the Yardi adapter's push (no network).
  fakeYardi = await startFakeProvider((r) => {
    const operation = /\/(\w+)"$/.exec(String(r.headers.soapaction))![1];
    return { body: operation === "ImportInsurancePolicies" ? yardiImportAnswer(r.body) : fixture("yardi", `${operation}.xml`), contentType: "text/xml" };
  });
  t = await createTestApp({ LOG_LEVEL: "error", INTEGRATION_ALLOW_HTTP: "1", INTEGRATION_ALLOW_HOSTS: "127.0.0.1" });
  world = await buildWorld(t.database.db);
  as = await signInAs(t.app, "super.admin@test.dev");
}, 60_000);
afterAll(async () => {
  await t.close();
  await fakeYardi.close();
});

async function sync(id: number) {
  const res = await call("POST", `/integrations/${id}/sync`);
  expect(res.statusCode, res.body).toBe(202);
  await (t.app.jobs as InlineQueue).idle();
  const [run] = await t.database.db.select().from(integrationSyncRuns).where(eq(integrationSyncRuns.id, res.json().id));
  return run;
}

/** A policy of `status` on an imported unit, held by the resident the provider lists there. */
async function policyOn(holder: { unit_id: number; user_id: number }, number: string, status: "EXTERNAL_VERIFIED" | "BOUND" | "EXTERNAL_UNVERIFIED", accountId = world.accounts.A.id, agencyId = world.agencies.A.id) {
  const db = t.database.db;
  const [policy] = await db
    .insert(policies)
    .values({ number, status, effective_date: "2026-02-01", expiration_date: "2027-02-01", policy_type_id: 1, account_id: accountId, agency_id: agencyId, out_of_system_carrier_title: "Acme Mutual" })
    .returning();
  await db.insert(policyInsurables).values({ policy_id: policy.id, insurable_id: holder.unit_id });
  await db.insert(policyUsers).values({ policy_id: policy.id, user_id: holder.user_id, primary: true });
  await db.insert(policyCoverages).values({ policy_id: policy.id, designation: "liability", limit: 30_000_000 });
  return policy;
}

describe("pushing verified policies back", () => {
  it("sends nothing while the setting is off, then each property's verified policies, counted on the run", async () => {
    const created = await call("POST", "/integrations/yardi", { account_id: world.accounts.A.id, credentials: { url: `sandbox://${PORTFOLIO}?properties=2&units=6`, username: "api", password: "pw", database: "db" } });
    expect(created.statusCode, created.body).toBe(201);
    const integration = created.json() as { id: number; settings: { sync: { push_policies: boolean } } };
    expect(integration.settings.sync.push_policies).toBe(false);
    const first = await sync(integration.id);
    expect(first.status).toBe("succeeded");
    expect(first.pushed_count).toBe(0);
    expect(sandboxPushes(PORTFOLIO)).toEqual([]);

    // Residents on imported units of the first property, as the provider knows them.
    const holders = await queryRows<{ unit_id: number; user_id: number; unit_code: string; resident_code: string }>(
      t.database.db,
      sql`SELECT DISTINCT ON (l.insurable_id) l.insurable_id AS unit_id, lu.user_id, ul.external_id AS unit_code, rl.external_id AS resident_code
          FROM leases l JOIN lease_users lu ON lu.lease_id = l.id
          JOIN integration_profiles ul ON ul.integration_id = ${integration.id} AND ul.external_context = 'unit' AND ul.profileable_id = l.insurable_id
          JOIN integration_profiles rl ON rl.integration_id = ${integration.id} AND rl.external_context = 'resident' AND rl.profileable_id = lu.user_id
          WHERE ul.external_id LIKE '%-P1-%' ORDER BY l.insurable_id, lu."primary" DESC LIMIT 3`,
    );
    expect(holders).toHaveLength(3);
    await policyOn(holders[0], "PUSH-VERIFIED-1", "EXTERNAL_VERIFIED");
    await policyOn(holders[1], "PUSH-BOUND-2", "BOUND");
    // Not verified: never pushed.
    await policyOn(holders[2], "PUSH-UNVERIFIED-3", "EXTERNAL_UNVERIFIED");

    const put = await call("PUT", `/integrations/yardi/${world.accounts.A.id}`, { sync: { push_policies: true } });
    expect(put.statusCode, put.body).toBe(200);
    const second = await sync(integration.id);
    expect(second.status).toBe("succeeded");
    expect(second.pushed_count).toBe(2);
    const pushes = sandboxPushes(PORTFOLIO, { clear: true });
    expect(pushes.map((p) => p.property)).toEqual([expect.stringMatching(/-P1$/)]);
    expect(pushes[0].policies).toEqual([
      { number: "PUSH-VERIFIED-1", carrier: "Acme Mutual", resident_code: holders[0].resident_code, unit_code: holders[0].unit_code, effective_date: "2026-02-01", expiration_date: "2027-02-01", liability_cents: 30_000_000, status: "verified" },
      { number: "PUSH-BOUND-2", carrier: "Acme Mutual", resident_code: holders[1].resident_code, unit_code: holders[1].unit_code, effective_date: "2026-02-01", expiration_date: "2027-02-01", liability_cents: 30_000_000, status: "active" },
    ]);
    const shown = await call("GET", `/integrations/${integration.id}`);
    expect(shown.json().runs[0]).toMatchObject({ id: second.id, pushed: 2 });
  });

  it("records a policy the provider refuses as a record in error with its message, and pushes the rest", async () => {
    const [integration] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM integrations WHERE account_id = ${world.accounts.A.id}`);
    // Both policies change (renewed a month longer): both go out again, and the provider refuses one of them.
    await t.database.db.update(policies).set({ expiration_date: "2027-03-01" }).where(sql`${policies.number} IN ('PUSH-VERIFIED-1', 'PUSH-BOUND-2')`);
    sandboxScenario(PORTFOLIO, { refusePolicies: ["PUSH-BOUND-2"] });
    try {
      const run = await sync(integration.id);
      expect(run.status).toBe("partial");
      expect(run.pushed_count).toBe(1);
      const errors = await t.database.db.select().from(integrationSyncErrors).where(eq(integrationSyncErrors.run_id, run.id));
      expect(errors.map((e) => [e.record_type, e.external_id, e.message])).toEqual([["policy", "PUSH-BOUND-2", expect.stringContaining("has no current lease")]]);
      expect(sandboxPushes(PORTFOLIO, { clear: true })[0].policies.map((p) => [p.number, p.expiration_date])).toEqual([["PUSH-VERIFIED-1", "2027-03-01"]]);
      const health = await call("POST", "/integrations/integration_health");
      const row = (health.json().data as Array<{ id: number; errors: Array<{ record_type: string; external_id: string }>; last_run: { pushed: number } }>).find((r) => r.id === integration.id)!;
      expect(row.errors).toContainEqual(expect.objectContaining({ record_type: "policy", external_id: "PUSH-BOUND-2" }));
      expect(row.last_run.pushed).toBe(1);
    } finally {
      sandboxScenario(PORTFOLIO, null);
    }
  });

  it("sends nothing again once the provider holds every policy, and retries the refused one until it is taken", async () => {
    const [integration] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM integrations WHERE account_id = ${world.accounts.A.id}`);
    // The provider now takes PUSH-BOUND-2: only it goes out (PUSH-VERIFIED-1's version is held already).
    const retried = await sync(integration.id);
    expect(retried).toMatchObject({ status: "succeeded", pushed_count: 1, error_count: 0 });
    expect(sandboxPushes(PORTFOLIO, { clear: true }).flatMap((p) => p.policies.map((x) => x.number))).toEqual(["PUSH-BOUND-2"]);
    const health = await call("POST", "/integrations/integration_health");
    const row = (health.json().data as Array<{ id: number; errors: Array<{ external_id: string }> }>).find((r) => r.id === integration.id)!;
    expect(row.errors.map((e) => e.external_id)).not.toContain("PUSH-BOUND-2");

    const quiet = await sync(integration.id);
    expect(quiet).toMatchObject({ status: "succeeded", pushed_count: 0 });
    expect(sandboxPushes(PORTFOLIO)).toEqual([]);
    const shown = await call("GET", `/integrations/${integration.id}`);
    expect(shown.json().pushed_policies).toMatchObject({ held: 2, waiting: 0 });
  });
});

describe("pushing to Yardi (the Voyager adapter, against a fake Voyager)", () => {
  it("imports the property, then sends its verified policies with ImportInsurancePolicies and records the one Yardi refused", async () => {
    const created = await call("POST", "/integrations/yardi", {
      account_id: world.accounts.B.id,
      credentials: { url: `${fakeYardi.url}/21253beta/Webservices`, username: "coverdesk_ws", password: "pw", database: "afqoml_live", server_name: "aspdb04", interface_license: "LIC" },
      sync: { push_policies: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const integration = created.json() as { id: number; active: boolean; properties: Array<{ id: number; external_id: string }> };
    expect(integration.active).toBe(true);
    // The fake answers every property with Maple Grove's data: only Maple Grove is synced.
    const lakeside = integration.properties.find((p) => p.external_id === "lkside")!;
    expect((await call("POST", `/integrations/${integration.id}/toggle_property`, { property_id: lakeside.id, enable: false })).statusCode).toBe(200);
    const first = await sync(integration.id);
    expect(first).toMatchObject({ status: "succeeded", pushed_count: 0 });

    const holders = await queryRows<{ unit_id: number; user_id: number; resident_code: string }>(
      t.database.db,
      sql`SELECT ul.profileable_id AS unit_id, rl.profileable_id AS user_id, rl.external_id AS resident_code FROM leases l
          JOIN integration_profiles ll ON ll.integration_id = ${integration.id} AND ll.external_context = 'lease' AND ll.profileable_id = l.id
          JOIN integration_profiles ul ON ul.integration_id = ${integration.id} AND ul.external_context = 'unit' AND ul.profileable_id = l.insurable_id
          JOIN lease_users lu ON lu.lease_id = l.id AND lu."primary"
          JOIN integration_profiles rl ON rl.integration_id = ${integration.id} AND rl.external_context = 'resident' AND rl.profileable_id = lu.user_id
          ORDER BY ll.external_id`,
    );
    expect(holders.map((h) => h.resident_code)).toEqual(["t0041201", "t0041202"]);
    await policyOn(holders[0], "YP-2001", "EXTERNAL_VERIFIED", world.accounts.B.id, world.agencies.B.id);
    await policyOn(holders[1], "YP-2002", "BOUND", world.accounts.B.id, world.agencies.B.id);
    fakeYardi.requests.length = 0;

    const second = await sync(integration.id);
    expect(second).toMatchObject({ status: "partial", pushed_count: 1 });
    const push = fakeYardi.requests.find((r) => String(r.headers.soapaction).endsWith('ImportInsurancePolicies"'))!;
    expect(push.path).toBe("/21253beta/Webservices/ItfRentersInsurance.asmx");
    expect(push.body).toContain('<Identification IDType="Resident ID" IDValue="t0041201"/>');
    expect(push.body).toContain("<PolicyNumber>YP-2001</PolicyNumber>");
    expect(push.body).toContain("<YardiPropertyId>mgrove</YardiPropertyId>");
    const errors = await t.database.db.select().from(integrationSyncErrors).where(eq(integrationSyncErrors.run_id, second.id));
    expect(errors.map((e) => [e.record_type, e.external_id, e.message])).toEqual([["policy", "YP-2002", "Policy YP-2002: Tenant t0099999 was not found in property mgrove."]]);
    const records = await t.database.db.select().from(integrationPolicyPushes).where(eq(integrationPolicyPushes.integration_id, integration.id));
    expect(records.map((r) => [r.payload.number, r.status, r.message, r.accepted_hash === r.content_hash]).sort()).toEqual([
      ["YP-2001", "accepted", null, true],
      ["YP-2002", "refused", "Policy YP-2002: Tenant t0099999 was not found in property mgrove.", false],
    ]);

    const pushesSent = () => fakeYardi.requests.filter((r) => String(r.headers.soapaction).endsWith('ImportInsurancePolicies"')).map((r) => sentNumbers(r.body));
    // Nothing changed: the refused one is retried, the accepted one is not sent again.
    fakeYardi.requests.length = 0;
    expect(await sync(integration.id)).toMatchObject({ status: "partial", pushed_count: 0, error_count: 1 });
    expect(pushesSent()).toEqual([["YP-2002"]]);

    // Yardi takes it now: sent once more, and the run is clean.
    yardiRefuses.clear();
    fakeYardi.requests.length = 0;
    expect(await sync(integration.id)).toMatchObject({ status: "succeeded", pushed_count: 1, error_count: 0 });
    expect(pushesSent()).toEqual([["YP-2002"]]);

    // A second run with nothing changed pushes nothing at all.
    fakeYardi.requests.length = 0;
    expect(await sync(integration.id)).toMatchObject({ status: "succeeded", pushed_count: 0 });
    expect(pushesSent()).toEqual([]);

    // A changed policy is pushed once, with its new dates.
    await t.database.db.update(policies).set({ expiration_date: "2027-06-30" }).where(eq(policies.number, "YP-2001"));
    fakeYardi.requests.length = 0;
    expect(await sync(integration.id)).toMatchObject({ status: "succeeded", pushed_count: 1 });
    expect(await sync(integration.id)).toMatchObject({ status: "succeeded", pushed_count: 0 });
    expect(pushesSent()).toEqual([["YP-2001"]]);
    expect(fakeYardi.requests.find((r) => r.body.includes("<PolicyNumber>YP-2001</PolicyNumber>"))!.body).toContain("<ExpirationDate>2027-06-30</ExpirationDate>");

    // A policy cancelled since Yardi took it: its last record goes out once more as cancelled, ending on the cancellation day.
    await t.database.db.update(policies).set({ status: "CANCELLED", cancellation_date: "2026-09-15" }).where(eq(policies.number, "YP-2002"));
    fakeYardi.requests.length = 0;
    expect(await sync(integration.id)).toMatchObject({ status: "succeeded", pushed_count: 1 });
    expect(await sync(integration.id)).toMatchObject({ status: "succeeded", pushed_count: 0 });
    expect(pushesSent()).toEqual([["YP-2002"]]);
    const cancellation = fakeYardi.requests.find((r) => r.body.includes("<PolicyNumber>YP-2002</PolicyNumber>"))!.body;
    expect(cancellation).toContain("<Status>cancelled</Status>");
    expect(cancellation).toContain("<ExpirationDate>2026-09-15</ExpirationDate>");

    // The Yardi tab's status and charge codes answer what the last sync's refresh kept, without calling Voyager.
    fakeYardi.requests.length = 0;
    const status = await call("POST", "/integrations/yardi/status", { account_id: world.accounts.B.id });
    expect(status.json()).toMatchObject({ exists: true, id: integration.id, connection: { ok: true, message: null, checked_at: expect.any(String) } });
    const codes = await call("POST", "/integrations/yardi/ar_codes", { account_id: world.accounts.B.id });
    expect(codes.json()).toMatchObject({ meta: { total: expect.any(Number) }, as_of: expect.any(String), problem: null });
    expect(fakeYardi.requests).toEqual([]);
  });
});
