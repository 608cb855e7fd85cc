import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insurables, leases, trackingUrls } from "../../db/schema";
import type { InlineQueue } from "../../jobs/queue";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { multipart } from "../../test/multipart";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
let community: number;
let parentB: number;
let unitB: number;

const get = (url: string, headers: AuthHeaders) => t.app.inject({ method: "GET", url, headers });
const send = (headers: AuthHeaders, kind: string, csv: string, extra: Record<string, string> = {}, url = "/v2/staff_agency/csv_imports") => {
  const form = multipart([
    { field: "kind", content: kind },
    ...Object.entries(extra).map(([field, content]) => ({ field, content })),
    { field: "file", filename: `${kind}.csv`, contentType: "text/csv", content: csv },
  ]);
  return t.app.inject({ method: "POST", url, headers: { ...headers, ...form.headers }, payload: form.payload });
};
const idle = () => (t.app.jobs as InlineQueue).idle();
const resultRows = async (id: number, headers: AuthHeaders, prefix = "staff_agency") => {
  const res = await get(`/v2/${prefix}/csv_imports/${id}/result`, headers);
  expect(res.statusCode).toBe(200);
  return Papa.parse<string[]>(res.body, { skipEmptyLines: true }).data;
};
const LEASE_HEADER = "start_date,end_date,status,lease_type,unit,tenant_one_email,tenant_one_first_name,tenant_one_last_name,tenant_one_birthday";
const lease = (unit: string, email: string, birthday = "04/02/1990") => `01/01/2026,12/31/2026,current,Residential,${unit},${email},Ann,Lee,${birthday}`;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  for (const [key, email] of Object.entries({
    superAdmin: "super.admin@test.dev",
    agentA: "agent.a@test.dev",
    agentA1: "agent.a1@test.dev",
    agentB: "agent.b@test.dev",
    staffA: "staff.a@test.dev",
    staffB: "staff.b@test.dev",
    support: "policy.support@test.dev",
  })) {
    as[key] = await signInAs(t.app, email);
  }
  const db = t.database.db;
  [{ id: community }] = await db.insert(insurables).values({ title: "Birch Park", insurable_type_id: 1, account_id: world.accounts.A.id, agency_id: world.agencies.A.id }).returning();
  await db.insert(insurables).values(["1", "2", "3"].map((title) => ({ title, insurable_type_id: 4, insurable_id: community, account_id: world.accounts.A.id, agency_id: world.agencies.A.id })));
  [{ id: parentB }] = await db.insert(insurables).values({ title: "Cedar", insurable_type_id: 1, account_id: world.accounts.B.id, agency_id: world.agencies.B.id }).returning();
  [{ id: unitB }] = await db.insert(insurables).values({ title: "9", insurable_type_id: 4, insurable_id: parentB, account_id: world.accounts.B.id, agency_id: world.agencies.B.id }).returning();
});
afterAll(() => t.close());

describe("a leases file sent as a job", () => {
  it("answers 202 at once, imports in the background and writes a result file of every row (all rows or none)", async () => {
    const bad = await send(as.staffA, "leases", [LEASE_HEADER, lease("1", "l1@example.com"), lease("7", "l2@example.com"), lease("2", "kid@example.com", "01/01/2020")].join("\n"), { community_id: String(community) }, "/v2/staff_account/csv_imports");
    expect(bad.statusCode).toBe(202);
    expect(bad.json()).toMatchObject({ kind: "leases", file_name: "leases.csv", status: "queued" });
    await idle();
    const status = (await get(`/v2/staff_account/csv_imports/${bad.json().id}`, as.staffA)).json();
    expect(status).toMatchObject({ kind: "leases", community_id: community, status: "failed", total_rows: 3, result_file: true, counts: { created: 0, error: 2, not_imported: 1 } });
    expect(status.errors).toEqual([
      { row: 3, message: "unit 7 does not exist in this community" },
      { row: 4, message: "tenant_one must be over 18" },
    ]);
    expect(await resultRows(bad.json().id, as.staffA, "staff_account")).toEqual([
      [...LEASE_HEADER.split(","), "result", "message"],
      [...lease("1", "l1@example.com").split(","), "not_imported", "Nothing from the file was imported: fix the rows in error and upload it again"],
      [...lease("7", "l2@example.com").split(","), "error", "unit 7 does not exist in this community"],
      [...lease("2", "kid@example.com", "01/01/2020").split(","), "error", "tenant_one must be over 18"],
    ]);
    expect(await t.database.db.select().from(leases)).toHaveLength(0);

    const ok = await send(as.agentA, "leases", [LEASE_HEADER, lease("1", "l1@example.com"), lease("2", "l2@example.com")].join("\n"), { community_id: String(community) });
    await idle();
    expect((await get(`/v2/staff_agency/csv_imports/${ok.json().id}`, as.agentA)).json()).toMatchObject({ status: "done", processed_rows: 2, counts: { created: 2, error: 0 } });
    expect((await resultRows(ok.json().id, as.agentA)).map((r) => r.slice(-2))).toEqual([["result", "message"], ["created", ""], ["created", ""]]);
    expect(await t.database.db.select().from(leases)).toHaveLength(2);
  });

  it("refuses a kind the caller may not import, a lease file without its community, and a signed-out caller", async () => {
    expect((await send(as.staffA, "tracking_urls", "landing_page,campaign_name,agency_id\nresidential,One,1\n", {}, "/v2/staff_account/csv_imports")).statusCode).toBe(403);
    expect((await send(as.staffA, "leases", LEASE_HEADER, {}, "/v2/staff_account/csv_imports")).json().errors).toEqual({ community_id: "The community field is required." });
    expect((await send(as.staffA, "properties", LEASE_HEADER, {}, "/v2/staff_account/csv_imports")).statusCode).toBe(422);
    expect((await send(as.support, "leases", LEASE_HEADER, { community_id: String(community) }, "/v2/policy-support/csv_imports")).statusCode).toBe(403);
    expect((await send({} as AuthHeaders, "leases", LEASE_HEADER, { community_id: String(community) })).statusCode).toBe(401);
  });

  it("files a lease upload naming another tenant's community under the sender's own account, and imports nothing", async () => {
    const res = await send(as.staffA, "leases", [LEASE_HEADER, lease("9", "x9@example.com")].join("\n"), { community_id: String(parentB) }, "/v2/staff_account/csv_imports");
    await idle();
    const status = (await get(`/v2/staff_account/csv_imports/${res.json().id}`, as.staffA)).json();
    expect(status).toMatchObject({ status: "failed", account_id: world.accounts.A.id, errors: [{ row: 1, message: "community_insurable_id: Select community from the drop-down list" }] });
    expect((await get(`/v2/staff_account/csv_imports/${res.json().id}`, as.staffB)).statusCode).toBe(404);
    expect(await t.database.db.select().from(leases).where(eq(leases.insurable_id, unitB))).toHaveLength(0);
  });
});

describe("tracking URLs and insurable updates sent as jobs", () => {
  it("creates tracking URLs, or lists the rows in error by their line in the file", async () => {
    const A = world.agencies.A.id;
    const before = (await t.database.db.select().from(trackingUrls)).length;
    const bad = await send(as.agentA, "tracking_urls", `landing_page,campaign_name,agency_id\nresidential,One,${A}\nmoon,Two,${A}\n`);
    await idle();
    expect((await resultRows(bad.json().id, as.agentA)).map((r) => r.slice(-2))).toEqual([
      ["result", "message"],
      ["not_imported", "Nothing from the file was imported: fix the rows in error and upload it again"],
      ["error", "landing_page: must be one of rentguarantee, residential, commercial"],
    ]);
    const ok = await send(as.agentA, "tracking_urls", `landing_page,campaign_name,agency_id\nresidential,One,${A}\ncommercial,Two,${world.agencies.A1.id}\n`);
    await idle();
    expect((await get(`/v2/staff_agency/csv_imports/${ok.json().id}`, as.agentA)).json()).toMatchObject({ kind: "tracking_urls", status: "done", counts: { created: 2 }, agency_id: A });
    expect(await t.database.db.select().from(trackingUrls)).toHaveLength(before + 2);
  });

  it("moves a unit to a new parent for a super admin (updated), and answers no result before the job ends", async () => {
    const [unit] = await t.database.db.select().from(insurables).where(eq(insurables.title, "3"));
    const [other] = await t.database.db.insert(insurables).values({ title: "Birch Annex", insurable_type_id: 1, account_id: world.accounts.A.id, agency_id: world.agencies.A.id }).returning();
    const res = await send(as.superAdmin, "insurable_updates", `insurable_id,new_insurable_id,new_parent_id\n${unit.id},,${other.id}\n`, {}, "/v2/staff_super_admin/csv_imports");
    expect(res.statusCode).toBe(202);
    const early = await get(`/v2/staff_super_admin/csv_imports/${res.json().id}/result`, as.superAdmin);
    expect(early.statusCode).toBe(422);
    await idle();
    expect((await get(`/v2/staff_super_admin/csv_imports/${res.json().id}`, as.superAdmin)).json()).toMatchObject({ status: "done", counts: { updated: 1 }, account_id: null, agency_id: null });
    expect((await resultRows(res.json().id, as.superAdmin, "staff_super_admin")).at(-1)?.slice(-2)).toEqual(["updated", ""]);
    const [moved] = await t.database.db.select().from(insurables).where(eq(insurables.id, unit.id));
    expect(moved.insurable_id).toBe(other.id);
    // Insurable updates are super admins' only.
    expect((await send(as.agentA, "insurable_updates", "insurable_id,new_parent_id\n1,2\n")).statusCode).toBe(403);
  });
});

describe("the list of past uploads", () => {
  it("shows each tenant its own: an account's staff their account's, agents their agency tree's, super admins all", async () => {
    const list = async (headers: AuthHeaders, prefix: string, query = "") => {
      const res = await get(`/v2/${prefix}/csv_imports?${query}`, headers);
      expect(res.statusCode).toBe(200);
      return res.json() as Array<{ id: number; kind: string; account_id: number | null; agency_id: number | null; sender: string; counts: unknown; result_file: boolean }>;
    };
    const all = await list(as.superAdmin, "staff_super_admin");
    expect(all.length).toBe(6);
    const staffA = await list(as.staffA, "staff_account");
    expect(staffA.length).toBeGreaterThan(0);
    expect(staffA.every((r) => r.account_id === world.accounts.A.id)).toBe(true);
    // The agent's lease import into account A's community is the account's too.
    expect(staffA.map((r) => r.kind).sort()).toEqual(["leases", "leases", "leases"]);
    expect(await list(as.staffB, "staff_account")).toEqual([]);
    const agentA = await list(as.agentA, "staff_agency");
    expect(agentA.map((r) => r.kind).sort()).toEqual(["leases", "leases", "leases", "tracking_urls", "tracking_urls"]);
    expect(await list(as.agentB, "staff_agency")).toEqual([]);
    // A sub-agency's agent does not see the parent agency's.
    expect(await list(as.agentA1, "staff_agency")).toEqual([]);
    expect(agentA[0]).toMatchObject({ sender: expect.any(String), result_file: true, counts: expect.any(Object) });
    // Newest first by default; filters and sorts follow the list conventions.
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((a, b) => b - a));
    expect((await list(as.superAdmin, "staff_super_admin", "filter[kind]=tracking_urls")).map((r) => r.kind)).toEqual(["tracking_urls", "tracking_urls"]);
    expect((await get("/v2/staff_super_admin/csv_imports?filter[nope]=1", as.superAdmin)).statusCode).toBe(422);
    // Another tenant's upload and its result file are not found.
    const foreign = agentA[0].id;
    expect((await get(`/v2/staff_agency/csv_imports/${foreign}`, as.agentB)).statusCode).toBe(404);
    expect((await get(`/v2/staff_agency/csv_imports/${foreign}/result`, as.agentB)).statusCode).toBe(404);
    expect((await get("/v2/policy-support/csv_imports", as.support)).statusCode).toBe(403);
  });

  it("lists property imports too, with their counts", async () => {
    const HEAD = "account id,account name,unit address,unit title,unit city,county,state,zip,year built,community title,display name,community address 1,community address 2,city,state,zip";
    const form = multipart([{ field: "file", filename: "props.csv", contentType: "text/csv", content: `${HEAD}\n${world.accounts.A.id},Acct,10 Lake Rd,1,Austin,Travis,TX,78702,1999,Lakeside,,10 Lake Rd,,Austin,TX,78702\n` }]);
    const res = await t.app.inject({ method: "POST", url: "/v2/staff_account/insurables/insurables/upload", headers: { ...as.staffA, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(202);
    await idle();
    const [row] = (await get("/v2/staff_account/csv_imports?filter[kind]=properties", as.staffA)).json();
    expect(row).toMatchObject({ id: res.json().id, kind: "properties", status: "done", account_id: world.accounts.A.id, agency_id: world.agencies.A.id, counts: { created: 1 }, result_file: true });
    expect((await resultRows(row.id, as.staffA, "staff_account")).at(-1)?.slice(-2)).toEqual(["created", ""]);
  });
});

describe("uploads through the imports' own calls", () => {
  it("are listed with their result file, and the calls answer as before", async () => {
    const form = multipart([
      { field: "leases[community_insurable_id]", content: String(community) },
      { field: "file", filename: "sync-leases.csv", contentType: "text/csv", content: [LEASE_HEADER, lease("8", "s8@example.com")].join("\n") },
    ]);
    const refused = await t.app.inject({ method: "POST", url: "/v2/staff_account/leases/bulk_create", headers: { ...as.staffA, ...form.headers }, payload: form.payload });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: "Bad file", message: "Bad file", content: [{ row: 2, message: "unit 8 does not exist in this community" }] });
    const [row] = (await get("/v2/staff_account/csv_imports?filter[file_name]=sync-leases.csv", as.staffA)).json();
    expect(row).toMatchObject({ kind: "leases", status: "failed", account_id: world.accounts.A.id, counts: { error: 1 }, result_file: true });
    expect((await resultRows(row.id, as.staffA, "staff_account")).at(-1)?.slice(-2)).toEqual(["error", "unit 8 does not exist in this community"]);

    const urls = multipart([{ field: "file", filename: "sync-urls.csv", contentType: "text/csv", content: `landing_page,campaign_name,agency_id\nresidential,Sync,${world.agencies.A.id}\n` }]);
    const ok = await t.app.inject({ method: "POST", url: "/v2/staff_agency/tracking_urls/bulk_csv_upload", headers: { ...as.agentA, ...urls.headers }, payload: urls.payload });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: "Tracking URLs successfully created", count: 1 });
    expect((await get("/v2/staff_agency/csv_imports?filter[file_name]=sync-urls.csv", as.agentA)).json()).toMatchObject([{ kind: "tracking_urls", community_id: null, status: "done", counts: { created: 1 } }]);
    expect((await get("/v2/staff_agency/csv_imports?filter[file_name]=sync-urls.csv", as.agentB)).json()).toEqual([]);
  });
});

describe("the consoles' upload screens (leases, tracking URLs) send jobs that stay in the caller's tenant", () => {
  it("agents: a lease file into their agency tree's community is imported and seen by the tree; one outside it imports nothing and is the sender's own", async () => {
    const db = t.database.db;
    const [communityA1] = await db.insert(insurables).values({ title: "Aspen Row", insurable_type_id: 1, account_id: world.accounts.A1.id, agency_id: world.agencies.A1.id }).returning();
    await db.insert(insurables).values({ title: "11", insurable_type_id: 4, insurable_id: communityA1.id, account_id: world.accounts.A1.id, agency_id: world.agencies.A1.id });

    // The parent agency's agent imports into its sub-agency's account: the upload is the account's (and so the sub-agency's).
    const inTree = await send(as.agentA, "leases", [LEASE_HEADER, lease("11", "tree11@example.com")].join("\n"), { community_id: String(communityA1.id) });
    expect(inTree.statusCode).toBe(202);
    await idle();
    const done = (await get(`/v2/staff_agency/csv_imports/${inTree.json().id}`, as.agentA)).json();
    expect(done).toMatchObject({ status: "done", account_id: world.accounts.A1.id, agency_id: world.agencies.A1.id, processed_rows: 1, total_rows: 1, counts: { created: 1 } });
    expect((await get(`/v2/staff_agency/csv_imports/${inTree.json().id}`, as.agentA1)).statusCode).toBe(200);
    expect((await get(`/v2/staff_agency/csv_imports/${inTree.json().id}/result`, as.agentA1)).statusCode).toBe(200);
    for (const [headers, prefix] of [[as.agentB, "staff_agency"], [as.staffA, "staff_account"]] as const) {
      expect((await get(`/v2/${prefix}/csv_imports/${inTree.json().id}`, headers)).statusCode).toBe(404);
      expect((await get(`/v2/${prefix}/csv_imports/${inTree.json().id}/result`, headers)).statusCode).toBe(404);
    }

    // The sub-agency's agent names its parent's community: refused in the job, nothing written, filed under its own agency.
    const before = (await db.select().from(leases)).length;
    const outside = await send(as.agentA1, "leases", [LEASE_HEADER, lease("1", "outside1@example.com")].join("\n"), { community_id: String(community) });
    expect(outside.statusCode).toBe(202);
    await idle();
    expect((await get(`/v2/staff_agency/csv_imports/${outside.json().id}`, as.agentA1)).json()).toMatchObject({
      status: "failed",
      account_id: null,
      agency_id: world.agencies.A1.id,
      errors: [{ row: 1, message: "community_insurable_id: Select community from the drop-down list" }],
    });
    expect(await db.select().from(leases)).toHaveLength(before);
    expect((await get(`/v2/staff_account/csv_imports/${outside.json().id}`, as.staffA)).statusCode).toBe(404);
    expect((await get(`/v2/staff_agency/csv_imports/${outside.json().id}`, as.agentB)).statusCode).toBe(404);
  });

  it("agents: a tracking-URL file naming an agency outside their tree creates nothing", async () => {
    const before = (await t.database.db.select().from(trackingUrls)).length;
    const res = await send(as.agentA1, "tracking_urls", `landing_page,campaign_name,agency_id\nresidential,Mine,${world.agencies.A1.id}\nresidential,Parent's,${world.agencies.A.id}\n`);
    await idle();
    const status = (await get(`/v2/staff_agency/csv_imports/${res.json().id}`, as.agentA1)).json();
    expect(status).toMatchObject({ status: "failed", agency_id: world.agencies.A1.id, counts: { error: 1, not_imported: 1 } });
    expect(status.errors).toEqual([{ row: 3, message: expect.stringMatching(/^agency_id: /) }]);
    expect(await t.database.db.select().from(trackingUrls)).toHaveLength(before);
  });

  it("staff: their account's lease uploads only, by whoever of the account sent them", async () => {
    const res = await send(as.staffA, "leases", [LEASE_HEADER, lease("2", "staff2@example.com")].join("\n"), { community_id: String(community) }, "/v2/staff_account/csv_imports");
    await idle();
    expect((await get(`/v2/staff_account/csv_imports/${res.json().id}`, as.staffA)).json()).toMatchObject({ status: "done", account_id: world.accounts.A.id, counts: { created: 1 } });
    // Another account's staff, and a sub-agency's agent (account A is the parent agency's), do not find it.
    expect((await get(`/v2/staff_account/csv_imports/${res.json().id}`, as.staffB)).statusCode).toBe(404);
    expect((await get(`/v2/staff_account/csv_imports/${res.json().id}/result`, as.staffB)).statusCode).toBe(404);
    expect((await get(`/v2/staff_agency/csv_imports/${res.json().id}`, as.agentA1)).statusCode).toBe(404);
    expect((await get(`/v2/staff_agency/csv_imports/${res.json().id}`, as.agentA)).statusCode).toBe(200);
  });
});
