import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strictFetch, isInternalAddress } from "../../files/strict-fetch";
import type { InlineQueue } from "../../jobs/queue";
import { queryRows } from "../../lib/list";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { parseLegacyFile } from "./legacy-import.csv";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
let server: Server;
let base: string;
let integrationA: number;
const files = new Map<string, { status?: number; location?: string; body?: string; length?: number; chunked?: number }>();
const as: Record<string, AuthHeaders> = {};
const PREFIX: Record<string, string> = { superAdmin: "staff_super_admin", agentA: "staff_agency", agentB: "staff_agency", staffA: "staff_account", staffB: "staff_account", support: "policy-support" };
const idle = () => (t.app.jobs as InlineQueue).idle();

const post = (who: string, payload: object, path = "/public/policies/import_legacy_policies") =>
  t.app.inject({ method: "POST", url: `/v2${path}`, headers: as[who], payload });
const get = (who: string, path: string) => t.app.inject({ method: "GET", url: `/v2/${PREFIX[who]}${path}`, headers: as[who] });

beforeAll(async () => {
  // The test's file server listens on loopback: reached as "localhost", the one host this app exempts from the
  // address check; as 127.0.0.1 (or by a redirect to it) it is refused like any internal address.
  t = await createTestApp({ LOG_LEVEL: "error", IMPORT_FETCH_ALLOW_HTTP: "1", IMPORT_FETCH_ALLOW_HOSTS: "localhost" });
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
  server = createServer((req, res) => {
    const file = files.get(req.url ?? "");
    if (!file) return res.writeHead(404).end();
    if (file.location) return res.writeHead(file.status ?? 302, { location: file.location }).end();
    if (file.chunked) {
      res.writeHead(200, { "content-type": "text/csv" });
      const chunk = Buffer.alloc(1024 * 1024, 97);
      let sent = 0;
      const pump = () => {
        while (sent < file.chunked!) {
          sent++;
          if (!res.write(chunk)) return res.once("drain", pump);
        }
        res.end();
      };
      res.on("error", () => undefined);
      return pump();
    }
    res.writeHead(200, { "content-type": "text/csv", ...(file.length ? { "content-length": String(file.length) } : {}) });
    res.end(file.length ? "" : file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://localhost:${port}`;

  // Account A connected to the sandbox and synced: its units and residents are linked to the provider's codes.
  const connect = await t.app.inject({
    method: "POST",
    url: "/v2/staff_super_admin/integrations/yardi",
    headers: as.superAdmin,
    payload: { account_id: world.accounts.A.id, credentials: { url: "sandbox://legacy?properties=1&units=6", username: "api", password: "s3cret-pass", database: "legacy_live" } },
  });
  expect(connect.statusCode, connect.body).toBe(201);
  integrationA = connect.json().id;
  const sync = await t.app.inject({ method: "POST", url: `/v2/staff_super_admin/integrations/${integrationA}/sync`, headers: as.superAdmin });
  expect(sync.statusCode, sync.body).toBe(202);
  await idle();
}, 120_000);
afterAll(async () => {
  server?.close();
  await t?.close();
});

async function links(context: string) {
  return queryRows<{ external_id: string; id: number }>(
    t.database.db,
    sql`SELECT external_id, profileable_id AS id FROM integration_profiles WHERE integration_id = ${integrationA} AND external_context = ${context} ORDER BY id`,
  );
}

describe("the strict fetch", () => {
  it("calls loopback, private, link-local and mapped addresses internal, public ones not", () => {
    for (const a of ["127.0.0.1", "10.2.3.4", "172.20.0.1", "192.168.1.1", "169.254.169.254", "::1", "fe80::1", "fd00::5", "::ffff:127.0.0.1", "0.0.0.0", "100.64.1.1"]) expect(isInternalAddress(a), a).toBe(true);
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700::1111"]) expect(isInternalAddress(a), a).toBe(false);
  });

  it("refuses plain http unless allowed, and a name that resolves to a private address", async () => {
    await expect(strictFetch("http://files.example.com/a.csv")).rejects.toThrow("must start with https://");
    const lookup = ((_host: string, _opts: object, cb: (e: null, a: Array<{ address: string; family: number }>) => void) => cb(null, [{ address: "192.168.10.7", family: 4 }])) as never;
    await expect(strictFetch("https://bucket.example.com/a.csv", { lookup })).rejects.toThrow("internal address");
    await expect(strictFetch("https://user:pw@bucket.example.com/a.csv")).rejects.toThrow("user name or password");
  });
});

describe("the providers' exports", () => {
  it("read Yardi's US dates and dollar limits and say what is wrong per row", () => {
    const parsed = parseLegacyFile(
      "Policy Number,Carrier,Effective Date,Expiration Date,Status,Cancel Date,Property Code,Unit Code,Unit,Resident Code,Resident Email,First Name,Last Name,Liability Limit\n" +
        "HO-1,Lemonade,01/15/2026,01/14/2027,Active,,P1,P1-U1,,t1,,,,\"$100,000.00\"\n" +
        "HO-2,Lemonade,02/30/2026,01/14/2027,Active,,P1,P1-U1,,t1,,,,\n",
      "yardi",
    );
    expect(parsed.rows).toEqual([expect.objectContaining({ row: 2, number: "HO-1", effective_date: "2026-01-15", expiration_date: "2027-01-14", liability: 10_000_000, status: "active" })]);
    expect(parsed.errors).toEqual([{ row: 3, number: "HO-2", message: "effective date must be a date as MM/DD/YYYY" }]);
  });

  it("refuses another provider's file as a whole", () => {
    expect(parseLegacyFile("policy_number,carrier_name\nX,Y\n", "yardi").fileError).toMatch(/not a Yardi policy export/);
  });
});

describe("POST /policies/import_legacy_policies", () => {
  it("names the required fields with the spec's texts, and agency and account for super admins", async () => {
    const res = await post("staffA", {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ integration_id: "Integration selection is required", file_url: "File URL is required" });
    const admin = await post("superAdmin", { integration_id: integrationA, file_url: `${base}/x.csv` });
    expect(admin.statusCode).toBe(422);
    expect(admin.json().errors).toEqual({ agency_id: "This field is required", account_id: "This field is required" });
  });

  it("is refused to policy support (403) and without a session (401)", async () => {
    expect((await post("support", { integration_id: integrationA, file_url: `${base}/x.csv` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: "/v2/policies/import_legacy_policies", payload: {} })).statusCode).toBe(401);
  });

  it("answers 404 for another tenant's integration, whoever asks, and 403 for another agency's id", async () => {
    files.set("/scope.csv", { body: "Policy Number\n" });
    for (const who of ["staffB", "agentB"]) {
      const res = await post(who, { integration_id: integrationA, file_url: `${base}/scope.csv` });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(404);
    }
    const wrongAccount = await post("superAdmin", { integration_id: integrationA, agency_id: world.agencies.B.id, account_id: world.accounts.B.id, file_url: `${base}/scope.csv` });
    expect(wrongAccount.statusCode).toBe(404);
    expect((await post("agentB", { integration_id: integrationA, agency_id: world.agencies.A.id, file_url: `${base}/scope.csv` })).statusCode).toBe(403);
    const [{ n }] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM legacy_policy_imports`);
    expect(n).toBe(0);
  });

  it("refuses loopback and private addresses, and a redirect to one, storing nothing", async () => {
    const port = new URL(base).port;
    files.set("/to-loopback", { location: `http://127.0.0.1:${port}/scope.csv` });
    files.set("/to-private", { status: 307, location: "http://10.0.0.8/policies.csv" });
    for (const url of [`http://127.0.0.1:${port}/scope.csv`, "http://[::1]/a.csv", "https://10.1.2.3/a.csv", "https://169.254.169.254/latest/meta-data", `${base}/to-loopback`, `${base}/to-private`]) {
      const res = await post("staffA", { integration_id: integrationA, file_url: url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.file_url, url).toMatch(/internal address/);
    }
    const [{ n }] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM legacy_policy_imports`);
    expect(n).toBe(0);
  });

  it("refuses a file over 100 MB, declared or streamed", { timeout: 60_000 }, async () => {
    files.set("/declared-big.csv", { length: 100 * 1024 * 1024 + 1 });
    files.set("/streamed-big.csv", { chunked: 101 });
    for (const path of ["/declared-big.csv", "/streamed-big.csv"]) {
      const res = await post("staffA", { integration_id: integrationA, file_url: `${base}${path}` });
      expect(res.statusCode, path).toBe(422);
      expect(res.json().errors.file_url).toBe("The file is larger than 100 MB");
    }
    files.set("/missing-answer", { status: 404, location: undefined });
    const missing = await post("staffA", { integration_id: integrationA, file_url: `${base}/nothing-here.csv` });
    expect(missing.json().errors.file_url).toBe("The file could not be downloaded: the server answered 404");
  });

  it("imports a good file: policies on the linked units and residents, skips known numbers, reports bad rows, writes the result file", async () => {
    const units = await links("unit");
    const residents = await links("resident");
    expect(units.length).toBeGreaterThan(1);
    expect(residents.length).toBeGreaterThan(0);
    const unitCode = units[0].external_id;
    const propertyCode = (await links("community"))[0].external_id;
    const [unitTitle] = await queryRows<{ title: string }>(t.database.db, sql`SELECT title FROM insurables WHERE id = ${units[1].id}`);
    files.set(
      "/yardi.csv",
      {
        body:
          "Policy Number,Carrier,Effective Date,Expiration Date,Status,Cancel Date,Property Code,Unit Code,Unit,Resident Code,Resident Email,First Name,Last Name,Liability Limit\n" +
          `LEG-1001,Lemonade,01/01/2026,12/31/2026,Active,,${propertyCode},${unitCode},,${residents[0].external_id},,,,"$100,000"\n` +
          `LEG-1002,Assurant,03/01/2026,02/28/2027,Cancelled,06/01/2026,${propertyCode},,${unitTitle.title},,new.resident@example.com,New,Resident,300000\n` +
          `LEG-1003,Assurant,03/01/2026,02/28/2027,Active,,${propertyCode},NOPE-U1,,,x@example.com,X,Y,\n` +
          `LEG-1004,Assurant,03/01/2026,02/28/2027,Active,,${propertyCode},${unitCode},,,bob.stone@example.com,Bob,Stone,\n` +
          `${world.policies.A.number},Assurant,03/01/2026,02/28/2027,Active,,${propertyCode},${unitCode},,${residents[0].external_id},,,,\n`,
      },
    );
    // The unprefixed path answers the same handler (readings C-03).
    const res = await post("staffA", { integration_id: integrationA, file_url: `${base}/yardi.csv` }, "/policies/import_legacy_policies");
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().id;
    await idle();
    const status = await get("staffA", `/policies/legacy_imports/${id}`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ status: "done", success: false, total_rows: 5, created_count: 3, skipped_count: 1, error_count: 1, result_file: true });
    expect(status.json().errors).toEqual([expect.objectContaining({ row: 4, number: "LEG-1003", result: "error", message: expect.stringContaining("unit NOPE-U1") })]);

    const policies = await queryRows<{ number: string; status: string; account_id: number; policy_in_system: boolean; unit: number; user_id: number; cancellation_date: string | null; liability: number }>(
      t.database.db,
      sql`SELECT p.number, p.status, p.account_id, p.policy_in_system, pi.insurable_id AS unit, pu.user_id, p.cancellation_date::text, pc."limit"::int AS liability
          FROM policies p JOIN policy_insurables pi ON pi.policy_id = p.id JOIN policy_users pu ON pu.policy_id = p.id AND pu."primary"
          JOIN policy_coverages pc ON pc.policy_id = p.id AND pc.designation = 'liability'
          WHERE p.number LIKE 'LEG-%' ORDER BY p.number`,
    );
    expect(policies).toEqual([
      { number: "LEG-1001", status: "EXTERNAL_VERIFIED", account_id: world.accounts.A.id, policy_in_system: false, unit: units[0].id, user_id: residents[0].id, cancellation_date: null, liability: 10_000_000 },
      expect.objectContaining({ number: "LEG-1002", status: "CANCELLED", unit: units[1].id, cancellation_date: "2026-06-01", liability: 30_000_000 }),
      expect.objectContaining({ number: "LEG-1004", status: "EXTERNAL_VERIFIED", unit: units[0].id }),
    ]);
    const [created] = await queryRows<{ in_account: boolean }>(
      t.database.db,
      sql`SELECT EXISTS (SELECT 1 FROM account_users au JOIN users u ON u.id = au.user_id WHERE u.email = 'new.resident@example.com' AND au.account_id = ${world.accounts.A.id}) AS in_account`,
    );
    expect(created.in_account).toBe(true);

    const file = await get("staffA", `/policies/legacy_imports/${id}/result`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toMatch(/text\/csv/);
    const lines = file.body.trim().split("\n");
    expect(lines[0]).toBe("row,policy_number,result,policy_id,message");
    expect(lines).toHaveLength(6);
    expect(lines[3]).toMatch(/^4,LEG-1003,error,,/);
    expect(lines[5]).toMatch(new RegExp(`^6,${world.policies.A.number},skipped,\\d+,a policy with this number exists already`));

    // A second run of the same file creates nothing: every number is known now.
    const again = await post("staffA", { integration_id: integrationA, file_url: `${base}/yardi.csv` });
    await idle();
    expect((await get("staffA", `/policies/legacy_imports/${again.json().id}`)).json()).toMatchObject({ created_count: 0, skipped_count: 4, error_count: 1 });

    // Only the starter reads the import; another tenant gets a 404.
    expect((await get("staffB", `/policies/legacy_imports/${id}`)).statusCode).toBe(404);
    expect((await get("agentB", `/policies/legacy_imports/${id}/result`)).statusCode).toBe(404);
  });

  it("a super admin names agency and account; a file of the wrong provider fails as a whole", async () => {
    files.set("/entrata.csv", { body: "policy_number,carrier_name,start_date,end_date,property_id\nE-1,Lemonade,2026-01-01,2026-12-31,P\n" });
    const res = await post("superAdmin", { integration_id: integrationA, agency_id: world.agencies.A.id, account_id: world.accounts.A.id, file_url: `${base}/entrata.csv` });
    expect(res.statusCode, res.body).toBe(202);
    await idle();
    const status = (await get("superAdmin", `/policies/legacy_imports/${res.json().id}`)).json();
    expect(status).toMatchObject({ status: "failed", success: false, result_file: false });
    expect(status.error).toMatch(/not a Yardi policy export/);
  });
});
