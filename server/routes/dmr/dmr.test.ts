import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, checkedFiles, documents, insurables, policies } from "../../db/schema";
import type { Scope } from "../../lib/scope";
import { locateProperty } from "../../review/locate";
import { insurableScopeCondition } from "../lookups/lookups.scope";
import { declarationsPagePdf } from "../../files/sample-pdfs";
import type { AuthHeaders, TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";
import { multipart } from "../../test/multipart";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA", AuthHeaders>;

const pdf = (number: string) =>
  declarationsPagePdf({ carrier: "Lemonade", number, insureds: ["Ann Lee"], address: ["1 Main St", "Austin, TX 78701"], effective: "2026-01-01", expiration: "2027-01-01", coverages: [{ title: "Personal Liability", limit: 100000 }] }).then((b) => Buffer.from(b));

const upload = (headers: AuthHeaders, files: Array<{ filename: string; content: Buffer | string; contentType?: string }>) => {
  const body = multipart(files.map((f) => ({ field: "files", contentType: "application/pdf", ...f })));
  return t.app.inject({ method: "POST", url: "/v2/staff_super_admin/dmr/checked_files", headers: { ...headers, ...body.headers }, payload: body.payload });
};
const get = (url: string, headers = as.superAdmin) => t.app.inject({ method: "GET", url, headers });

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA"]));
}, 60_000);
afterAll(() => t.close());

describe("DMR files", () => {
  it("takes one or many PDFs, recognised by content, and reports a file sent twice", async () => {
    const [a, b] = await Promise.all([pdf("LP-1001"), pdf("LP-1002")]);
    const res = await upload(as.superAdmin, [{ filename: "lp-1001.pdf", content: a }, { filename: "lp-1002.pdf", content: b }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.map((f: { name: string }) => f.name)).toEqual(["lp-1001.pdf", "lp-1002.pdf"]);
    const again = await upload(as.superAdmin, [{ filename: "copy.pdf", content: a }]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ data: [], duplicates: [{ name: "lp-1001.pdf" }] });
  });

  it("refuses a file that is not a PDF whatever its name, an empty file, and one over 30 MB", async () => {
    const fake = await upload(as.superAdmin, [{ filename: "scan.pdf", content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 1, 2, 3]) }]);
    expect(fake.statusCode).toBe(422);
    expect(fake.json()).toMatchObject({ message: "Not Allowed File extension", errors: { files: "Not Allowed File extension" } });
    const empty = await upload(as.superAdmin, [{ filename: "empty.pdf", content: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.files).toBe("The file is empty");
    const big = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(30 * 1024 * 1024 + 10, 0x20)]);
    const tooBig = await upload(as.superAdmin, [{ filename: "big.pdf", content: big }]);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.files).toBe("Max file size is 30 MB");
    expect(await t.database.db.select().from(checkedFiles)).toHaveLength(2);
  });

  it("takes all the files of an upload or none: a good PDF sent with a refused file is not queued, nor kept", async () => {
    const storedFiles = () => readdirSync(t.filesDir, { recursive: true }).filter((name) => statSync(join(t.filesDir, String(name))).isFile()).length;
    const queuedBefore = (await t.database.db.select().from(checkedFiles)).length;
    const keptBefore = storedFiles();
    const res = await upload(as.superAdmin, [
      { filename: "good.pdf", content: await pdf("LP-2001") },
      { filename: "scan.pdf", content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]) },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { files: "Not Allowed File extension" }, file_name: "scan.pdf" });
    expect(await t.database.db.select().from(checkedFiles)).toHaveLength(queuedBefore);
    expect(storedFiles()).toBe(keptBefore);
  });

  it("lists unprocessed files 10 per page with data and meta.total, and filters by status, dates and name", async () => {
    const list = await get("/v2/staff_super_admin/dmr/checked_files?filter[status]=unprocessed");
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ total: 2, per: 10, page: 1 });
    expect(list.json().data[0]).toMatchObject({ processed: false, policy_id: null, s3_url: expect.stringMatching(/^\/v2\/files\//) });
    expect((await get("/v2/staff_super_admin/dmr/checked_files?search=1002")).json().meta.total).toBe(1);
    expect((await get("/v2/staff_super_admin/dmr/checked_files?date_from=2000-01-01&date_to=2000-01-02")).json().meta.total).toBe(0);
    expect((await get("/v2/staff_super_admin/dmr/checked_files?date_from=2026-02-01&date_to=2026-01-01")).statusCode).toBe(422);
    expect((await get("/v2/staff_super_admin/dmr/checked_files?date_from=tomorrow")).statusCode).toBe(422);
  });

  it("archives a file (marked processed, twice is harmless) and streams it for the viewer", async () => {
    const [first] = (await get("/v2/staff_super_admin/dmr/checked_files?sort[column]=name&sort[direction]=asc")).json().data;
    const archived = await t.app.inject({ method: "PATCH", url: `/v2/staff_super_admin/dmr/checked_files/${first.id}/mark_processed`, headers: as.superAdmin });
    expect(archived.json()).toMatchObject({ message: "File has been archived", data: { processed: true, outcome: "archived" } });
    expect((await t.app.inject({ method: "PATCH", url: `/v2/staff_super_admin/dmr/checked_files/${first.id}/mark_processed`, headers: as.superAdmin })).statusCode).toBe(200);
    expect((await get("/v2/staff_super_admin/dmr/checked_files?processed=true")).json().data.map((f: { id: number }) => f.id)).toEqual([first.id]);
    const download = await get(`/v2/staff_super_admin/dmr/checked_files/${first.id}/download`);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const signed = await t.app.inject({ method: "GET", url: first.s3_url });
    expect(signed.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(checkedFiles).where(eq(checkedFiles.id, first.id));
    expect(row.processed_by_id).not.toBeNull();
  });

  it("REVIEW claims the file: others see who has it, and cannot archive or submit it meanwhile", async () => {
    const [file] = (await get("/v2/staff_super_admin/dmr/checked_files?filter[status]=unprocessed")).json().data;
    const claimed = await t.app.inject({ method: "POST", url: `/v2/staff_super_admin/dmr/checked_files/${file.id}/claim`, headers: as.superAdmin });
    expect(claimed.statusCode).toBe(200);
    expect(new Date(claimed.json().expires_at).getTime()).toBeGreaterThan(Date.now());
    const listed = (await get("/v2/staff_super_admin/dmr/checked_files?filter[status]=unprocessed")).json().data.find((f: { id: number }) => f.id === file.id);
    expect(listed.claimed_by).toMatchObject({ name: expect.any(String) });

    // Another reviewer holds it now (their claim replaces an expired one).
    await t.database.db.execute(sql`UPDATE review_claims SET staff_id = ${world.staff.support.id} WHERE item_type = 'CheckedFile' AND item_id = ${file.id}`);
    const taken = await t.app.inject({ method: "POST", url: `/v2/staff_super_admin/dmr/checked_files/${file.id}/claim`, headers: as.superAdmin });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/^This item is being reviewed by .+\. Try another one\.$/);
    const archive = await t.app.inject({ method: "PATCH", url: `/v2/staff_super_admin/dmr/checked_files/${file.id}/mark_processed`, headers: as.superAdmin });
    expect(archive.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(checkedFiles).where(eq(checkedFiles.id, file.id));
    expect(row.processed).toBe(false);

    // Once their claim lapses the file is free again.
    await t.database.db.execute(sql`UPDATE review_claims SET expires_at = now() - interval '1 minute' WHERE item_type = 'CheckedFile' AND item_id = ${file.id}`);
    expect((await t.app.inject({ method: "POST", url: `/v2/staff_super_admin/dmr/checked_files/${file.id}/claim`, headers: as.superAdmin })).statusCode).toBe(200);
  });

  it("is for super admins only", async () => {
    expect((await get("/v2/staff_agency/dmr/checked_files", as.agentA)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "PATCH", url: "/v2/staff_super_admin/dmr/checked_files/999999/mark_processed", headers: as.superAdmin })).statusCode).toBe(404);
  });
});

describe("folder import", () => {
  it("queues the PDFs of a folder, skips the ones already queued and reports the others", async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { importFolder } = await import("./import-folder");
    const folder = mkdtempSync(join(tmpdir(), "dmr-folder-"));
    try {
      writeFileSync(join(folder, "a-new.pdf"), await pdf("LP-2001"));
      writeFileSync(join(folder, "b-again.pdf"), await pdf("LP-1001"));
      writeFileSync(join(folder, "c-notes.txt"), "not a pdf");
      const result = await importFolder(t.database.db, t.files, folder);
      expect(result).toEqual({ added: ["a-new.pdf"], duplicates: ["b-again.pdf"], refused: [{ name: "c-notes.txt", reason: "Not Allowed File extension" }] });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("assisted review", () => {
  it("reads the queued PDF: number, carrier, dates, liability and insureds", async () => {
    const queued = await upload(as.superAdmin, [{ filename: "assist.pdf", content: await pdf("LP-7007") }]);
    const res = await get(`/v2/staff_super_admin/dmr/checked_files/${queued.json().data[0].id}/extract`);
    expect(res.json()).toEqual({
      text_found: true,
      fields: { number: "LP-7007", carrier: "Lemonade", effective_date: "2026-01-01", expiration_date: "2027-01-01", liability_limit: 10_000_000, insureds: [{ first_name: "Ann", last_name: "Lee" }], address: "1 Main St, Austin, TX 78701", deductible: null, interested_parties: null },
      suggested_reasons: [],
      location: null,
    });
  });
});

describe("DMR location from the paperwork (issue 10)", () => {
  const proof = (number: string, address: string[]) =>
    declarationsPagePdf({ carrier: "Lemonade", number, insureds: ["Ann Lee"], address, effective: "2026-01-01", expiration: "2027-01-01", coverages: [{ title: "Personal Liability", limit: 100000 }] }).then((b) => Buffer.from(b));
  const located = async (number: string, address: string[]) => {
    const queued = await upload(as.superAdmin, [{ filename: `${number}.pdf`, content: await proof(number, address) }]);
    const res = await get(`/v2/staff_super_admin/dmr/checked_files/${queued.json().data[0].id}/extract`);
    expect(res.statusCode).toBe(200);
    return res.json().location;
  };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const db = t.database.db;
    const add = async (key: string, values: typeof insurables.$inferInsert) => {
      const [row] = await db.insert(insurables).values(values).returning();
      ids[key] = row.id;
      return row.id;
    };
    const A = { account_id: world.accounts.A.id, agency_id: world.agencies.A.id };
    const B = { account_id: world.accounts.B.id, agency_id: world.agencies.B.id };
    // Elm Gardens (account A, Austin) has two buildings, each with a unit 101; Elm Court (account B) is on a street of
    // the same name and number in Dallas, with units directly under it.
    const gardens = await add("gardens", { title: "Elm Gardens", insurable_type_id: 1, ...A });
    const bA = await add("buildingA", { title: "Building A", insurable_type_id: 7, insurable_id: gardens, ...A });
    const bB = await add("buildingB", { title: "Building B", insurable_type_id: 7, insurable_id: gardens, ...A });
    await add("a101", { title: "101", insurable_type_id: 4, insurable_id: bA, ...A });
    await add("b101", { title: "101", insurable_type_id: 4, insurable_id: bB, ...A });
    await add("b102", { title: "102", insurable_type_id: 4, insurable_id: bB, ...A });
    const court = await add("court", { title: "Elm Court", insurable_type_id: 1, ...B });
    await add("c4b", { title: "Apt 4B", insurable_type_id: 4, insurable_id: court, ...B });
    await add("c12", { title: "Apt 12", insurable_type_id: 4, insurable_id: court, ...B });
    await db.insert(addresses).values([
      { addressable_type: "Insurable", addressable_id: gardens, street_number: "12", street_name: "Elm Street", city: "Austin", state: "TX", zip_code: "78701", full: "12 Elm Street, Austin, TX 78701" },
      { addressable_type: "Insurable", addressable_id: court, street_number: "12", street_name: "Elm Street", city: "Dallas", state: "TX", zip_code: "75201", full: "12 Elm Street, Dallas, TX 75201" },
    ]);
  });

  it("names agency, account, community, building and unit when the printed address fits one property", async () => {
    expect(await located("LOC-1", ["12 Elm St, Building B, 101", "Austin, TX 78701"])).toEqual({
      agency: { id: world.agencies.A.id, title: "Agency A" },
      account: { id: world.accounts.A.id, title: "Account A" },
      community: { id: ids.gardens, title: "Elm Gardens", address: { street_number: "12", street_name: "Elm Street", city: "Austin", state: "TX", zip_code: "78701" } },
      building: { id: ids.buildingB, title: "Building B" },
      unit: { id: ids.b101, title: "101" },
    });
    // A unit number only one building has gives its building too; the city tells the two Elm Streets apart.
    expect(await located("LOC-2", ["12 Elm Street, Unit 102", "Austin, TX 78701"])).toMatchObject({ community: { id: ids.gardens }, building: { id: ids.buildingB }, unit: { id: ids.b102 } });
    expect(await located("LOC-3", ["12 Elm Street Apt 4B", "Dallas, TX 75201"])).toMatchObject({ account: { id: world.accounts.B.id }, community: { id: ids.court }, building: null, unit: { id: ids.c4b } });
  });

  it("guesses nothing: a unit two buildings share gives the community alone, two equal fits or no fit give no location", async () => {
    expect(await located("LOC-4", ["12 Elm St, 101", "Austin, TX 78701"])).toMatchObject({ community: { id: ids.gardens }, building: null, unit: null });
    expect(await located("LOC-5", ["12 Elm St, Apt 12"])).toBeNull();
    expect(await located("LOC-6", ["99 Nowhere Rd, Apt 1", "Austin, TX 78701"])).toBeNull();
    // Another zip on the same street is another place.
    expect(await located("LOC-7", ["12 Elm St, Apt 4B", "Dallas, TX 75209"])).toBeNull();
  });

  it("looks only within the caller's properties", async () => {
    const address = "12 Elm St, Apt 4B, Dallas, TX 75201";
    const within = async (scope: Scope) => locateProperty(t.database.db, address, insurableScopeCondition(scope));
    expect(await within({ kind: "all" })).toMatchObject({ unit: { id: ids.c4b } });
    expect(await within({ kind: "account", accountId: world.accounts.B.id })).toMatchObject({ unit: { id: ids.c4b } });
    expect(await within({ kind: "account", accountId: world.accounts.A.id })).toBeNull();
    expect(await within({ kind: "agencies", agencyIds: [world.agencies.A.id, world.agencies.A1.id] })).toBeNull();
    expect(await within({ kind: "none" })).toBeNull();
  });
});

describe("REVIEW submit", () => {
  it("creates the verified external policy from the form, keeps the PDF as its certificate, and processes the file once", async () => {
    const db = t.database.db;
    const [community] = await db.insert(insurables).values({ title: "Review Park", insurable_type_id: 1, account_id: world.accounts.A.id, agency_id: world.agencies.A.id }).returning();
    const [unit] = await db.insert(insurables).values({ title: "Unit 3", insurable_type_id: 4, insurable_id: community.id, account_id: world.accounts.A.id, agency_id: world.agencies.A.id }).returning();
    const queued = await upload(as.superAdmin, [{ filename: "dmr-submit.pdf", content: await pdf("DMR-5001") }]);
    const fileId = queued.json().data[0].id;
    const form = multipart(
      Object.entries({
        "policy[agency_id]": String(world.agencies.A.id),
        "policy[account_id]": String(world.accounts.A.id),
        "policy[number]": "DMR-5001",
        "policy[out_of_system_carrier_title]": "Lemonade",
        "policy[policy_type_id]": "1",
        "policy[effective_date]": "2026-01-01",
        "policy[expiration_date]": "2027-01-01",
        "policy[policy_insurables_attributes][0][insurable_id]": String(unit.id),
        "policy[policy_users_attributes][0][user_attributes][email]": "ann.lee@dmr.test",
        "policy[policy_users_attributes][0][user_attributes][profile_attributes][first_name]": "Ann",
        "policy[policy_users_attributes][0][user_attributes][profile_attributes][last_name]": "Lee",
        "policy[policy_coverages_attributes][0][designation]": "liability",
        "policy[policy_coverages_attributes][0][limit]": "10000000",
      }).map(([field, content]) => ({ field, content })),
    );
    const submit = () => t.app.inject({ method: "POST", url: `/v2/staff_super_admin/dmr/checked_files/${fileId}/submit`, headers: { ...as.superAdmin, ...form.headers }, payload: form.payload });
    const res = await submit();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: "Policy has been successfully submitted", data: { processed: true } });
    const [policy] = await db.select().from(policies).where(eq(policies.id, res.json().policy_id));
    expect(policy).toMatchObject({ number: "DMR-5001", status: "EXTERNAL_VERIFIED", policy_in_system: false });
    const certificate = await db.select().from(documents).where(eq(documents.attachable_id, policy.id));
    expect(certificate.map((d) => d.filename)).toEqual(["dmr-submit.pdf"]);
    const [file] = await db.select().from(checkedFiles).where(eq(checkedFiles.id, fileId));
    expect(file).toMatchObject({ processed: true, outcome: "submitted", policy_id: policy.id });
    const again = await submit();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This file has already been processed by another reviewer");
  });
});

describe("DMR search (name or policy number)", () => {
  it("answers the files whose name or policy's number contains the term, the same rows, order and total as IN over the policies", async () => {
    const db = t.database.db;
    const { A, B } = world.policies;
    // 40 files: every third on policy A, every fifth on policy B, the rest on none; names 'dmrs-<g>.pdf'.
    await db.execute(sql`INSERT INTO checked_files (name, checksum, storage_key, byte_size, source, processed, policy_id, updated_at)
      SELECT 'dmrs-' || g || '.pdf', md5('dmrs-' || g), 'test/none', 1000, 'folder', g % 4 = 0,
        CASE WHEN g % 3 = 0 THEN ${A.id}::int WHEN g % 5 = 0 THEN ${B.id}::int END, timestamptz '2026-03-01 00:00:00+00' + (g % 7) * interval '1 hour'
      FROM generate_series(1, 40) g`);
    const [numberA, numberB] = [A.number.toLowerCase(), B.number.toLowerCase()];
    for (const term of ["dmrs-1", "dmrs-2", numberA, numberB.slice(1, -1), "DMRS-3", "zzqx", "-"]) {
      const like = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const expected = await db.execute(
        sql`SELECT cf.id FROM checked_files cf WHERE (lower(cf.name) LIKE ${like} OR cf.policy_id IN (SELECT id FROM policies WHERE lower(number) LIKE ${like}))
            ORDER BY cf.updated_at DESC, cf.id DESC`,
      );
      const ids = ((expected as unknown as { rows?: Array<{ id: number }> }).rows ?? (expected as unknown as Array<{ id: number }>)).map((r) => Number(r.id));
      const seen: number[] = [];
      for (let page = 1; page <= Math.max(1, Math.ceil(ids.length / 10)); page++) {
        const res = await get(`/v2/staff_super_admin/dmr/checked_files?search=${encodeURIComponent(term)}&pagination[page]=${page}`);
        expect(res.statusCode).toBe(200);
        expect({ term, total: res.json().meta.total }).toEqual({ term, total: ids.length });
        seen.push(...res.json().data.map((f: { id: number }) => f.id));
      }
      expect({ term, ids: seen }).toEqual({ term, ids });
    }
    expect(numberA.length).toBeGreaterThan(0);
  });
});
