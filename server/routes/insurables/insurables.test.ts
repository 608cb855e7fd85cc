import { and, eq, inArray, like, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import { histories, insurableImports, insurables, policies, policyInsurables, staffPermissions } from "../../db/schema";
import { sweepFiles } from "../../files/sweep";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";
import type { InlineQueue } from "../../jobs/queue";
import { multipart } from "../../test/multipart";
import { expandRange } from "./insurables.service";
import { applyPropertyRows, parsePropertyRows } from "./insurables.import";
import type { Db } from "../../db/client";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentB" | "staffA" | "staffB" | "support" | "restricted", AuthHeaders>;
let community: { id: number };

const call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });
const ADDRESS = { street_number: "120", street_name: "Main St", city: "Austin", state: "TX", zip_code: "78701" };

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentB", "staffA", "staffB", "support", "restricted"]));
  await t.database.db.insert(staffPermissions).values({ staff_id: world.staff.restricted.id, key: "insurables.create", value: false });
  const res = await call("POST", "/v2/staff_account/insurables", as.staffA, {
    insurable: { title: "Maple Court", insurable_type_id: 1, account_id: world.accounts.A.id, addresses_attributes: [ADDRESS] },
  });
  expect(res.statusCode).toBe(201);
  community = res.json();
});
afterAll(() => t.close());

describe("ranges", () => {
  it("reads numbers, letters, prefixed and padded numbers, and single titles", () => {
    expect(expandRange("1..3")).toEqual(["1", "2", "3"]);
    expect(expandRange("A..C")).toEqual(["A", "B", "C"]);
    expect(expandRange("A1..A3")).toEqual(["A1", "A2", "A3"]);
    expect(expandRange("098..101")).toEqual(["098", "099", "100", "101"]);
    expect(expandRange("Penthouse")).toEqual(["Penthouse"]);
    expect(expandRange("5..1")).toBeNull();
    expect(expandRange("A..9")).toBeNull();
    expect(expandRange("1..99999")).toBeNull();
  });
});

describe("creating properties", () => {
  it("creates a community with its address, its account's agency, standard rates and a history row", async () => {
    expect(community).toMatchObject({ title: "Maple Court", insurable_type_id: 1, account_id: world.accounts.A.id, agency_id: world.agencies.A.id, account_title: "Account A" });
    expect((community as unknown as { addresses: unknown[] }).addresses).toEqual([expect.objectContaining({ ...ADDRESS, full: "120 Main St, Austin, TX 78701" })]);
    const rates = await call("GET", `/v2/staff_account/insurables/${community.id}/insurable-rates`, as.staffA);
    expect(rates.json().map((r: { title: string }) => r.title)).toContain("Liability $100,000");
    const [row] = await t.database.db.select().from(histories).where(and(eq(histories.recordable_type, "Insurable"), eq(histories.recordable_id, community.id)));
    expect(row).toMatchObject({ action: "create", author: "staff a" });
  });

  it("answers field errors: a community's address, a taken title among siblings, a unit without parent", async () => {
    const bad = await call("POST", "/v2/staff_account/insurables", as.staffA, {
      insurable: { title: "maple court", insurable_type_id: 1, account_id: world.accounts.A.id, addresses_attributes: [{ ...ADDRESS, zip_code: "7870", state: "ZZ" }] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ title: "has already been taken", "addresses_attributes.0.zip_code": "must be a valid zip", "addresses_attributes.0.state": "is not a valid state" });
    const orphan = await call("POST", "/v2/staff_account/insurables", as.staffA, { insurable: { title: "101", insurable_type_id: 4 } });
    expect(orphan.json().errors).toEqual({ insurable_id: "The parent field is required." });
  });

  it("a child shares its parent's account: another account is refused, and a building cannot sit under a unit", async () => {
    const unit = (await call("POST", "/v2/staff_account/insurables", as.staffA, { insurable: { title: "Lobby", insurable_type_id: 4, insurable_id: community.id } })).json();
    expect(unit.account_id).toBe(world.accounts.A.id);
    const other = await call("POST", "/v2/staff_super_admin/insurables", as.superAdmin, { insurable: { title: "X", insurable_type_id: 4, insurable_id: community.id, account_id: world.accounts.B.id } });
    expect(other.json().errors).toEqual({ account_id: "must be the parent's account" });
    const building = await call("POST", "/v2/staff_account/insurables", as.staffA, { insurable: { title: "B", insurable_type_id: 7, insurable_id: unit.id } });
    expect(building.json().errors).toEqual({ insurable_id: "must be a community" });
  });

  it("refuses a parent or an account of another tenant as if it did not exist", async () => {
    const foreignParent = await call("POST", "/v2/staff_account/insurables", as.staffB, { insurable: { title: "Sneaky", insurable_type_id: 7, insurable_id: community.id } });
    expect(foreignParent.statusCode).toBe(422);
    expect(foreignParent.json().errors).toEqual({ insurable_id: "Select parent from the drop-down list" });
    const foreignAccount = await call("POST", "/v2/staff_agency/insurables", as.agentB, { insurable: { title: "Sneaky", insurable_type_id: 1, account_id: world.accounts.A.id, addresses_attributes: [ADDRESS] } });
    expect(foreignAccount.json().errors).toEqual({ account_id: "Select account from the drop-down list" });
    const bulk = await call("POST", "/v2/staff_agency/insurables/bulk_create", as.agentB, { insurables: { common_attributes: { insurable_type_id: 7, insurable_id: community.id }, ranges: ["A..C"] } });
    expect(bulk.statusCode).toBe(422);
  });

  it("insurables.create off: 401 permission_not_enabled; policy support has no properties", async () => {
    const res = await call("POST", "/v2/staff_agency/insurables/bulk_create", as.restricted, { insurables: { common_attributes: { insurable_type_id: 7, insurable_id: community.id }, ranges: ["A"] } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("permission_not_enabled");
    expect((await call("GET", "/v2/policy-support/insurables", as.support)).statusCode).toBe(403);
  });
});

describe("bulk creation from ranges", () => {
  it("creates 3 buildings x 20 units, skips existing titles and reports unreadable ranges", async () => {
    const buildings = await call("POST", "/v2/staff_agency/insurables/bulk_create", as.agentA, {
      insurables: { common_attributes: { insurable_type_id: 7, insurable_id: community.id }, ranges: ["Building A..Building C"] },
    });
    expect(buildings.json().errors).toEqual([{ title: "Building A..Building C", errors: ["is not a range (use 1..20 or A..F)"] }]);
    const letters = await call("POST", "/v2/staff_agency/insurables/bulk_create", as.agentA, { insurables: { common_attributes: { insurable_type_id: 7, insurable_id: community.id }, ranges: ["A..C"] } });
    expect(letters.statusCode).toBe(200);
    expect(letters.json().created.map((b: { title: string }) => b.title)).toEqual(["A", "B", "C"]);
    for (const building of letters.json().created) {
      const units = await call("POST", "/v2/staff_agency/insurables/bulk_create", as.agentA, { insurables: { common_attributes: { insurable_type_id: 4, insurable_id: building.id }, ranges: ["101..120"] } });
      expect(units.json().created).toHaveLength(20);
    }
    const again = await call("POST", "/v2/staff_agency/insurables/bulk_create", as.agentA, { insurables: { common_attributes: { insurable_type_id: 7, insurable_id: community.id }, ranges: ["B..D", "x..1"] } });
    expect(again.json()).toEqual({ created: [expect.objectContaining({ title: "D" })], already_created: ["B", "C"], errors: [{ title: "x..1", errors: ["is not a range (use 1..20 or A..F)"] }] });
    const shown = await call("GET", `/v2/staff_agency/insurables/${community.id}`, as.agentA);
    expect(shown.json()).toMatchObject({ buildings_count: 4, units_count: 61 });
  });
});

describe("lists, pages and scope", () => {
  it("lists units of a community through its buildings, 20 a page, with the community's address", async () => {
    const res = await call("GET", `/v2/staff_account/insurables?filter[insurable_type_id][]=4&filter[community_id]=${community.id}&pagination[per]=20&sort[column]=title&sort[direction]=asc`, as.staffA);
    expect(res.statusCode).toBe(200);
    expect(res.headers["total-entries"]).toBe("61");
    expect(res.json()).toHaveLength(20);
    expect(res.json()[0].address).toMatchObject({ city: "Austin", state: "TX" });
    const byState = await call("GET", "/v2/staff_account/insurables?filter[address][state]=TX&filter[insurable_type_id][]=1", as.staffA);
    expect(byState.json().map((i: { title: string }) => i.title)).toEqual(["Maple Court"]);
    const body = await call("POST", "/v2/insurables/list", as.staffA, { filter: { insurable_type_id: [7] }, pagination: { page: 1, per: 2 } });
    expect(body.json().meta).toMatchObject({ total: 4 });
  });

  it("the location pickers' lookups by type ids take a parent's children up to 10000 at once; other lists stay capped at 1000", async () => {
    const lookup = await call("GET", `/v2/staff_account/insurables?filter[insurable_id]=${community.id}&filter[insurable_type_id][]=4&filter[insurable_type_id][]=5&sort[column]=title&sort[direction]=asc&pagination[page]=1&pagination[per]=10000`, as.staffA);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().every((u: { insurable_id: number }) => u.insurable_id === community.id)).toBe(true);
    const unbounded = await call("GET", "/v2/staff_account/insurables?filter[insurable_type_id][]=4&pagination[per]=10000", as.staffA);
    expect(unbounded.statusCode).toBe(422);
    expect(unbounded.json().errors).toEqual({ "pagination.per": "must be at most 1000" });
  });

  it("staff and agents of another tenant see none of it: lists, pages and search", async () => {
    expect((await call("GET", "/v2/staff_account/insurables", as.staffB)).headers["total-entries"]).toBe("0");
    expect((await call("GET", `/v2/staff_account/insurables/${community.id}`, as.staffB)).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_agency/insurables/${community.id}`, as.agentB)).statusCode).toBe(404);
    expect((await call("PUT", `/v2/staff_agency/insurables/${community.id}`, as.agentB, { insurable: { title: "Mine" } })).statusCode).toBe(404);
    expect((await call("GET", "/v2/staff_agency/insurables/search?query=maple", as.agentB)).json()).toEqual([]);
    expect((await call("GET", "/v2/staff_agency/insurables/search?query=maple", as.agentA)).json().map((i: { title: string }) => i.title)).toEqual(["Maple Court"]);
    expect((await call("GET", `/v2/staff_account/insurables/${community.id}/insurable-rates`, as.staffB)).statusCode).toBe(404);
  });

  it("edits title and address, refuses moving it to another account, and writes the change", async () => {
    const res = await call("PUT", `/v2/staff_account/insurables/${community.id}`, as.staffA, { insurable: { title: "Maple Court East", addresses_attributes: [{ street_number: "122" }] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: "Maple Court East", address: { full: "122 Main St, Austin, TX 78701" } });
    const move = await call("PUT", `/v2/staff_account/insurables/${community.id}`, as.staffA, { insurable: { account_id: world.accounts.B.id } });
    expect(move.json().errors).toEqual({ account_id: "is not permitted" });
    const rows = await t.database.db.select().from(histories).where(and(eq(histories.recordable_type, "Insurable"), eq(histories.recordable_id, community.id), eq(histories.action, "update")));
    expect(rows[0].data).toMatchObject({ title: { previous_value: "Maple Court", new_value: "Maple Court East" }, "address.street_number": { previous_value: "120", new_value: "122" } });
  });

  it("a unit's policies and coverage: the policy page's covered unit opens here", async () => {
    const [unit] = await t.database.db.select().from(insurables).where(and(eq(insurables.title, "101"), eq(insurables.account_id, world.accounts.A.id))).limit(1);
    await t.database.db.insert(policyInsurables).values({ policy_id: world.policies.A.id, insurable_id: unit.id, primary: true });
    await t.database.db.update(policies).set({ effective_date: "2020-01-01", expiration_date: "2099-01-01" }).where(eq(policies.id, world.policies.A.id));
    const list = await call("POST", `/v2/staff_account/insurables/${community.id}/policies_index`, as.staffA, {});
    expect(list.json().map((p: { number: string }) => p.number)).toEqual(["POL-A-0001"]);
    const cover = await call("GET", `/v2/staff_account/insurables/${community.id}/coverage`, as.staffA);
    const row = cover.json().find((u: { id: number }) => u.id === unit.id);
    expect(row.policies.map((p: { number: string }) => p.number)).toEqual(["POL-A-0001"]);
    expect((await call("GET", `/v2/staff_account/insurables/${unit.id}`, as.staffA)).json()).toMatchObject({ title: "101", community: { id: community.id } });
  });

  it("rates: only communities of type 1; toggled with history; refresh keeps them", async () => {
    const rates = (await call("GET", `/v2/staff_account/insurables/${community.id}/insurable-rates`, as.staffA)).json();
    const res = await call("PUT", `/v2/staff_account/insurables/${community.id}/insurable-rates/${rates[0].id}`, as.staffA, { insurable_rate: { enabled: false, premium: 950 } });
    expect(res.json()).toMatchObject({ enabled: false, premium: 950 });
    expect((await call("GET", `/v2/staff_account/insurables/${community.id}/refresh-rates`, as.staffA)).json()).toHaveLength(rates.length);
    const building = (await call("GET", `/v2/staff_account/insurables?filter[insurable_type_id][]=7&filter[title]=A`, as.staffA)).json()[0];
    expect((await call("GET", `/v2/staff_account/insurables/${building.id}/insurable-rates`, as.staffA)).statusCode).toBe(422);
  });
});

describe("property file upload", () => {
  const HEAD = "account id,account name,unit address,unit title,unit city,county,state,zip,year built,community title,display name,community address 1,community address 2,city,state,zip";
  const line = (account: number, unitAddress: string, unit: string, community = "Lakeside") =>
    `${account},Acct,${unitAddress},${unit},Austin,Travis,TX,78702,1999,${community},,10 Lake Rd,,Austin,TX,78702`;
  const send = (headers: AuthHeaders, csv: string) => {
    const form = multipart([{ field: "file", filename: "props.csv", contentType: "text/csv", content: csv }]);
    return t.app.inject({ method: "POST", url: "/v2/staff_agency/insurables/insurables/upload", headers: { ...headers, ...form.headers }, payload: form.payload });
  };
  const idle = () => (t.app.jobs as InlineQueue).idle();

  it("imports communities, buildings per street address and units in the background, skips existing units, and mails the result", async () => {
    const csv = [HEAD, line(world.accounts.A.id, "10 Lake Rd", "1"), line(world.accounts.A.id, "12 Lake Rd", "2"), line(world.accounts.A.id, "12 Lake Rd", "3"), line(world.accounts.A1.id, "", "9"), ",,,,"].join("\n");
    const res = await send(as.agentA, csv);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ title: "Insurables File Uploaded" });
    await idle();
    const status = await call("GET", `/v2/staff_agency/insurables/imports/${res.json().id}`, as.agentA);
    expect(status.json()).toMatchObject({ status: "done", total_rows: 4, processed_rows: 4, result: { communities: 2, buildings: 1, units: 4, skipped: 0, errors: [] } });
    const building = (await call("GET", "/v2/staff_agency/insurables?filter[title]=12 Lake Rd", as.agentA)).json()[0];
    expect(building).toMatchObject({ insurable_type_id: 7, parent_title: "Lakeside", units_count: 2 });
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: "agent.a@test.dev", subject: "Your property file was imported" });
    const again = await send(as.agentA, [HEAD, line(world.accounts.A.id, "12 Lake Rd", "2"), line(world.accounts.A.id, "12 Lake Rd", "4")].join("\n"));
    await idle();
    expect((await call("GET", `/v2/staff_agency/insurables/imports/${again.json().id}`, as.agentA)).json().result).toMatchObject({ units: 1, skipped: 1 });
    expect((await call("GET", `/v2/staff_agency/insurables/imports/${again.json().id}`, as.agentB)).statusCode).toBe(404);
  });

  it("imports a file of many communities in a fixed number of statements, each community, building and unit with its history row", async () => {
    // 40 single-home communities, every other one with its unit in a building of its own street address.
    const csv = Array.from({ length: 40 }, (_, i) => `${world.accounts.A.id},Acct,${i % 2 ? `${i} Side St` : "10 Home Rd"},1,Austin,Travis,TX,78702,1999,Home ${i},,10 Home Rd,,Austin,TX,78702`);
    const { rows, errors } = parsePropertyRows([HEAD.split(","), ...csv.map((l) => l.split(","))]);
    expect(errors).toEqual([]);
    let statements = 0;
    const counting = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(object, name, receiver) {
          const value = Reflect.get(object, name, receiver) as unknown;
          if (typeof value !== "function") return value;
          if (name === "transaction") return (run: (tx: Db) => unknown, ...rest: unknown[]) => value.call(object, (tx: Db) => run(counting(tx)), ...rest);
          if (["select", "insert", "update", "delete", "execute"].includes(String(name))) {
            return (...args: unknown[]) => {
              statements++;
              return value.apply(object, args);
            };
          }
          return value.bind(object);
        },
      });
    const result = await applyPropertyRows(counting(t.database.db), { kind: "all" }, rows, { name: "Importer" }, () => undefined);
    expect(result).toMatchObject({ communities: 40, buildings: 20, units: 40, skipped: 0, errors: [] });
    // Statements per batch of rows, not per row (it was one history insert per community: 51 here).
    expect(statements).toBeLessThanOrEqual(13);
    const created = await t.database.db
      .select({ id: insurables.id })
      .from(insurables)
      .where(and(eq(insurables.account_id, world.accounts.A.id), or(and(eq(insurables.insurable_type_id, 1), like(insurables.title, "Home %")), and(eq(insurables.insurable_type_id, 7), like(insurables.title, "% Side St")))));
    expect(created).toHaveLength(60);
    const units = await t.database.db
      .select({ id: insurables.id })
      .from(insurables)
      .where(and(eq(insurables.insurable_type_id, 4), inArray(insurables.insurable_id, created.map((c) => c.id))));
    expect(units).toHaveLength(40);
    const written = await t.database.db
      .select()
      .from(histories)
      .where(and(eq(histories.recordable_type, "Insurable"), inArray(histories.recordable_id, [...created, ...units].map((c) => c.id)), eq(histories.process, "import")));
    expect(written).toHaveLength(100);
    expect(written.every((h) => h.action === "create" && h.author === "Importer")).toBe(true);
  });

  it("writes nothing when a row is bad or names another tenant's account, and says which rows", async () => {
    const before = (await t.database.db.select().from(insurables)).length;
    const bad = await send(as.agentA, [HEAD, line(world.accounts.A.id, "", "77"), `${world.accounts.A.id},Acct,,78,Austin,,TX,78702,,Lakeside,,10 Lake Rd,,Austin,ZZ,7870`].join("\n"));
    await idle();
    expect((await call("GET", `/v2/staff_agency/insurables/imports/${bad.json().id}`, as.agentA)).json()).toMatchObject({
      status: "failed",
      result: { errors: [{ row: 3, message: "community state is not a valid state; community zip must be a valid zip" }] },
    });
    const foreign = await send(as.agentA, [HEAD, line(world.accounts.A.id, "", "77"), line(world.accounts.B.id, "", "1", "Theirs")].join("\n"));
    await idle();
    expect((await call("GET", `/v2/staff_agency/insurables/imports/${foreign.json().id}`, as.agentA)).json().result.errors).toEqual([{ row: 3, message: `account ${world.accounts.B.id} is not one of yours` }]);
    expect((await t.database.db.select().from(insurables)).length).toBe(before);
    expect(t.mailer.sent.at(-1)).toMatchObject({ subject: "Your property file could not be imported" });
  });

  const resultOf = async (headers: AuthHeaders, id: number) => {
    const res = await call("GET", `/v2/staff_agency/insurables/imports/${id}/result`, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="property-import-${id}-result.csv"`);
    return Papa.parse<string[]>(res.body, { skipEmptyLines: true }).data;
  };

  it("writes a result file with every row of the file and its outcome, kept in the store and given only to its sender", async () => {
    const first = await send(as.agentA, [HEAD, line(world.accounts.A.id, "", "R1", "Resultville")].join("\n"));
    await idle();
    expect((await call("GET", `/v2/staff_agency/insurables/imports/${first.json().id}`, as.agentA)).json()).toMatchObject({ status: "done", result_file: true });
    // A unit that exists, a new one, and a cell with a comma, a quote and what a spreadsheet would take for a formula.
    const tricky = `${world.accounts.A.id},"Acct, ""North""",,=R3,Austin,Travis,TX,78702,1999,Resultville,,10 Lake Rd,,Austin,TX,78702`;
    const input = [HEAD, line(world.accounts.A.id, "", "R1", "Resultville"), line(world.accounts.A.id, "14 Lake Rd", "R2", "Resultville"), tricky, ",,,stops here"];
    const res = await send(as.agentA, input.join("\n"));
    await idle();
    const id = res.json().id as number;
    const status = (await call("GET", `/v2/staff_agency/insurables/imports/${id}`, as.agentA)).json();
    expect(status).toMatchObject({ status: "done", result_file: true, result: { units: 2, skipped: 1 } });
    const rows = await resultOf(as.agentA, id);
    const read = Papa.parse<string[]>(input.join("\n")).data;
    expect(rows[0]).toEqual([...read[0], "result", "message"]);
    expect(rows.slice(1).map((r) => r.slice(0, 16))).toEqual([read[1], read[2], read[3].map((c) => (c === "=R3" ? "'=R3" : c))]);
    expect(rows.slice(1).map((r) => r.slice(16))).toEqual([
      ["existed", "The unit exists already"],
      ["created", ""],
      ["created", ""],
    ]);
    expect(rows[3][1]).toBe('Acct, "North"');
    // Another tenant's agent gets no other's result.
    expect((await call("GET", `/v2/staff_agency/insurables/imports/${id}/result`, as.agentB)).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_agency/insurables/imports/999999/result`, as.agentA)).statusCode).toBe(404);
    // The file store's sweep (at every start) keeps the import's file and its result.
    await sweepFiles(t.database.db, t.files, new Date(Date.now() + 60_000));
    expect(await resultOf(as.agentA, id)).toEqual(rows);
    const [stored] = await t.database.db.select().from(insurableImports).where(eq(insurableImports.id, id));
    await expect(t.files.open(stored.storage_key)).resolves.toBeDefined();
    // A result file lost from the store is a 404 with a reason, never a server error.
    await t.files.remove(stored.result_key!);
    const lost = await call("GET", `/v2/staff_agency/insurables/imports/${id}/result`, as.agentA);
    expect(lost.statusCode).toBe(404);
    expect(lost.json().message).toBe("The result file is no longer available");
  });

  it("marks the refused rows with their reason and every other row not imported; an unfinished import has no result yet", async () => {
    const input = [HEAD, line(world.accounts.A.id, "", "N1", "Nothingham"), `${world.accounts.A.id},Acct,,N2,Austin,,TX,78702,,Nothingham,,10 Lake Rd,,Austin,ZZ,78702`];
    const res = await send(as.agentA, input.join("\n"));
    await idle();
    const rows = await resultOf(as.agentA, res.json().id);
    expect(rows.map((r) => [r[3], ...r.slice(16)])).toEqual([
      ["unit title", "result", "message"],
      ["N1", "not_imported", "Nothing from the file was imported: fix the rows in error and upload it again"],
      ["N2", "error", "community state is not a valid state"],
    ]);
    const [sent] = await t.database.db.select().from(insurableImports).where(eq(insurableImports.id, res.json().id));
    const [queued] = await t.database.db.insert(insurableImports).values({ staff_id: sent.staff_id, file_name: "x.csv", storage_key: "none", scope: sent.scope }).returning();
    const early = await call("GET", `/v2/staff_agency/insurables/imports/${queued.id}/result`, as.agentA);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe("The import has not finished yet");
  });
});

describe("insurable updates (super admins)", () => {
  const send = (headers: AuthHeaders, csv: string, dryRun: boolean) => {
    const form = multipart([
      { field: "dry_run", content: String(dryRun) },
      { field: "file", filename: "updates.csv", contentType: "text/csv", content: csv },
    ]);
    return t.app.inject({ method: "POST", url: "/v2/staff_super_admin/insurables/insurable_id_updates", headers: { ...headers, ...form.headers }, payload: form.payload });
  };

  it("dry-runs, then moves a unit to another building and merges a duplicate unit with its policies, in one transaction", async () => {
    const [a, b] = (await call("GET", `/v2/staff_super_admin/insurables?filter[insurable_type_id][]=7&filter[community_id]=${community.id}&sort[column]=title&sort[direction]=asc`, as.superAdmin)).json();
    const unitsA = (await call("GET", `/v2/staff_super_admin/insurables?filter[insurable_id]=${a.id}&sort[column]=title&sort[direction]=asc`, as.superAdmin)).json();
    const [dupe] = await t.database.db.insert(insurables).values({ title: "101-dup", insurable_type_id: 4, insurable_id: a.id, account_id: world.accounts.A.id }).returning();
    const [solo] = await t.database.db.insert(insurables).values({ title: "Solo", insurable_type_id: 4, insurable_id: a.id, account_id: world.accounts.A.id }).returning();
    const clash = await send(as.superAdmin, `insurable_id,new_insurable_id,new_parent_id\n${unitsA[5].id},,${b.id}`, false);
    expect(clash.json().content).toEqual([{ row: 0, message: `${unitsA[5].title.toLowerCase()} would appear twice under the same parent` }]);
    await t.database.db.insert(policyInsurables).values({ policy_id: world.policies.B.id, insurable_id: dupe.id });
    const csv = `insurable_id,new_insurable_id,new_parent_id\n${solo.id},,${b.id}\n${dupe.id},${unitsA[0].id},`;
    const dry = await send(as.superAdmin, csv, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json().plan).toEqual([
      expect.objectContaining({ row: 2, action: "move", target: { id: b.id, title: "B" } }),
      expect.objectContaining({ row: 3, action: "merge", policies: 1, leases: 0, children: 0 }),
    ]);
    expect((await t.database.db.select().from(insurables).where(eq(insurables.id, dupe.id))).length).toBe(1);
    const applied = await send(as.superAdmin, csv, false);
    expect(applied.json().dry_run).toBe(false);
    expect((await t.database.db.select().from(insurables).where(eq(insurables.id, dupe.id))).length).toBe(0);
    const [moved] = await t.database.db.select().from(insurables).where(eq(insurables.id, solo.id));
    expect(moved.insurable_id).toBe(b.id);
    const links = await t.database.db.select().from(policyInsurables).where(eq(policyInsurables.policy_id, world.policies.B.id));
    expect(links.map((l) => l.insurable_id)).toEqual([unitsA[0].id]);
  });

  it("answers Bad file naming each wrong row and changes nothing; only super admins", async () => {
    const [unit] = (await call("GET", "/v2/staff_super_admin/insurables?filter[insurable_type_id][]=4&pagination[per]=1", as.superAdmin)).json();
    const res = await send(as.superAdmin, `insurable_id,new_insurable_id,new_parent_id\n${unit.id},,${unit.id}\nx,,\n999999,1,`, false);
    expect(res.statusCode).toBe(422);
    expect(res.json().content).toEqual([
      { row: 2, message: "an insurable cannot replace or hold itself" },
      { row: 2, message: "a unit's parent must be a building or a community" },
      { row: 3, message: "insurable_id must be an id" },
      { row: 4, message: "insurable 999999 does not exist" },
    ]);
    const form = multipart([{ field: "file", filename: "u.csv", content: "insurable_id,new_parent_id\n1,2" }]);
    const agent = await t.app.inject({ method: "POST", url: "/v2/staff_agency/insurables/insurable_id_updates", headers: { ...as.agentA, ...form.headers }, payload: form.payload });
    expect(agent.statusCode).toBe(403);
  });
});

describe("address sync and property info", () => {
  it("normalizes the property's own address (number split off, suffix, case, zip+4, county from another address of the zip)", async () => {
    const made = await call("POST", "/v2/staff_account/insurables", as.staffA, {
      insurable: { title: "Sync Court", insurable_type_id: 1, account_id: world.accounts.A.id, addresses_attributes: [{ street_number: "", street_name: "77 north oak street", city: "austin", state: "tx", zip_code: "78701" }] },
    });
    expect(made.statusCode).toBe(422);
    const ok = await call("POST", "/v2/staff_account/insurables", as.staffA, {
      insurable: { title: "Sync Court", insurable_type_id: 1, account_id: world.accounts.A.id, addresses_attributes: [{ street_number: "77", street_name: "north oak street", street_two: "suite 4b", city: "austin", state: "TX", zip_code: "78701", county: "travis" }] },
    });
    const other = await call("POST", "/v2/staff_account/insurables", as.staffA, {
      insurable: { title: "Zip Twin", insurable_type_id: 1, account_id: world.accounts.A.id, addresses_attributes: [{ street_number: "1", street_name: "elm AVENUE", city: "AUSTIN", state: "TX", zip_code: "78701" }] },
    });
    const synced = await call("POST", `/v2/staff_account/insurables/${other.json().id}/sync-residential-address`, as.staffA);
    expect(synced.statusCode).toBe(200);
    expect(synced.json().addresses[0]).toMatchObject({ street_name: "Elm Ave", city: "Austin", county: "Travis", full: "1 Elm Ave, Austin, TX 78701" });
    const first = await call("POST", `/v2/staff_account/insurables/${ok.json().id}/sync-residential-address`, as.staffA);
    expect(first.json().addresses[0]).toMatchObject({ street_name: "N Oak St", street_two: "Ste 4B" });
    expect((await call("POST", `/v2/staff_account/insurables/${ok.json().id}/sync-residential-address`, as.staffB)).statusCode).toBe(404);
    const info = await call("POST", `/v2/staff_account/insurables/${community.id}/get-residential-property-info`, as.staffA);
    expect(info.json()).toMatchObject({ title: "Maple Court East", address: { city: "Austin" } });
    expect(info.json().units).toBeGreaterThan(60);
  });
});
