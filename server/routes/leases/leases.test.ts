import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insurables, leases, sentEmails, users } from "../../db/schema";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";
import { multipart } from "../../test/multipart";
import { recomputeLeaseStatuses, todayLA } from "./leases.service";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentB" | "staffA" | "staffB", AuthHeaders>;
let community: number;
let unit101: number;
let unitB: number;

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });
const upload = (headers: AuthHeaders, communityId: number, csv: string) => {
  const form = multipart([
    { field: "leases[community_insurable_id]", content: String(communityId) },
    { field: "file", filename: "leases.csv", contentType: "text/csv", content: csv },
  ]);
  return t.app.inject({ method: "POST", url: "/v2/staff_account/leases/bulk_create", headers: { ...headers, ...form.headers }, payload: form.payload });
};
const HEADER = "start_date,end_date,status,lease_type,unit,tenant_one_email,tenant_one_first_name,tenant_one_last_name,tenant_one_birthday,tenant_two_email,tenant_two_first_name,tenant_two_last_name,tenant_two_birthday";

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentB", "staffA", "staffB"]));
  const db = t.database.db;
  [{ id: community }] = await db.insert(insurables).values({ title: "Oak Park", insurable_type_id: 1, account_id: world.accounts.A.id, agency_id: world.agencies.A.id }).returning();
  const [building] = await db.insert(insurables).values({ title: "B", insurable_type_id: 7, insurable_id: community, account_id: world.accounts.A.id, agency_id: world.agencies.A.id }).returning();
  const units = await db
    .insert(insurables)
    .values(["101", "102", "103", "104", "105", "106", "107", "108", "109", "110"].map((title) => ({ title, insurable_type_id: 4, insurable_id: building.id, account_id: world.accounts.A.id, agency_id: world.agencies.A.id })))
    .returning();
  unit101 = units[0].id;
  const [other] = await db.insert(insurables).values({ title: "Elm", insurable_type_id: 1, account_id: world.accounts.B.id, agency_id: world.agencies.B.id }).returning();
  [{ id: unitB }] = await db.insert(insurables).values({ title: "1", insurable_type_id: 4, insurable_id: other.id, account_id: world.accounts.B.id, agency_id: world.agencies.B.id }).returning();
});
afterAll(() => t.close());

describe("leases", () => {
  it("creates a lease with a known customer and a new one, status from the dates, unit occupied", async () => {
    const res = await call("POST", "/v2/staff_account/leases", as.staffA, {
      lease: { insurable_id: unit101, start_date: "2020-01-01", end_date: "2099-12-31" },
      users: [{ primary: true, user: { email: "ANN.LEE@example.com" } }, { user: { email: "new.tenant@example.com", profile_attributes: { first_name: "New", last_name: "Tenant" } } }],
    });
    expect(res.statusCode).toBe(201);
    const lease = res.json();
    expect(lease).toMatchObject({ status: "current", unit: { id: unit101, title: "101" }, building: { title: "B" }, community: { id: community, title: "Oak Park" }, account_id: world.accounts.A.id });
    expect(lease.lease_users.map((u: { email: string; primary: boolean }) => [u.email, u.primary])).toEqual([["ann.lee@example.com", true], ["new.tenant@example.com", false]]);
    const [unit] = await t.database.db.select().from(insurables).where(eq(insurables.id, unit101));
    expect(unit.occupied).toBe(true);
    const [ann] = await t.database.db.select().from(users).where(eq(users.id, world.users.A.id));
    expect(ann.has_current_leases).toBe(true);
    // The new tenant is invited by mail, once the lease is saved; the account's existing customer is not.
    const mails = await t.database.db.select().from(sentEmails).where(eq(sentEmails.template, "tenant_invitation"));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([["new.tenant@example.com", "You have been added to the lease of 101, Oak Park, B"]]);
    expect(mails[0].text).toContain(`Account A has added you as a tenant of 101, Oak Park, B (lease ${lease.reference}, starting 01/01/2020).`);
    expect(mails[0].text).toMatch(/^Hello New,/);
  });

  it("refuses a unit or a customer email of another account, and an end before the start", async () => {
    const foreignUnit = await call("POST", "/v2/staff_account/leases", as.staffA, { lease: { insurable_id: unitB, start_date: "2026-01-01" }, users: [{ user: { email: "ann.lee@example.com" } }] });
    expect(foreignUnit.json().errors).toEqual({ insurable_id: "Select Building Or Unit" });
    const foreignUser = await call("POST", "/v2/staff_account/leases", as.staffA, { lease: { insurable_id: unit101, start_date: "2026-01-01" }, users: [{ user: { email: "cy.dune@example.com" } }] });
    expect(foreignUser.statusCode).toBe(422);
    expect(foreignUser.json().errors).toEqual({ "users.0.user.email": "has already been taken" });
    const dates = await call("POST", "/v2/staff_account/leases", as.staffA, { lease: { insurable_id: unit101, start_date: "2026-01-01", end_date: "2025-01-01" }, users: [{ user: { email: "ann.lee@example.com" } }] });
    expect(dates.json().errors).toEqual({ end_date: "End date must be later than Start date" });
  });

  it("lists and shows only the caller's leases; edits replace tenants; deletes", async () => {
    const mine = await call("GET", "/v2/staff_account/leases?filter[status]=current", as.staffA);
    expect(mine.headers["total-entries"]).toBe("1");
    const id = mine.json()[0].id;
    expect((await call("GET", "/v2/staff_account/leases", as.staffB)).json()).toEqual([]);
    expect((await call("GET", `/v2/staff_account/leases/${id}`, as.staffB)).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_agency/leases/${id}`, as.agentB)).statusCode).toBe(404);
    expect((await call("PUT", `/v2/staff_agency/leases/${id}`, as.agentB, { lease: { end_date: "2030-01-01" } })).statusCode).toBe(404);
    const byTenant = await call("GET", "/v2/staff_agency/leases?filter[tenant][email][like]=new.tenant", as.agentA);
    expect(byTenant.json().map((l: { id: number }) => l.id)).toEqual([id]);
    const edited = await call("PUT", `/v2/staff_account/leases/${id}`, as.staffA, { lease: { start_date: "2099-01-01", end_date: "2099-12-31" }, users: [{ user: { email: "ann.lee@example.com" } }] });
    expect(edited.json()).toMatchObject({ status: "pending", lease_users: [expect.objectContaining({ email: "ann.lee@example.com" })] });
    expect(edited.json().lease_users).toHaveLength(1);
    expect((await call("DELETE", `/v2/staff_account/leases/${id}`, as.staffB)).statusCode).toBe(404);
    expect((await call("DELETE", `/v2/staff_account/leases/${id}`, as.staffA)).statusCode).toBe(200);
    expect(await t.database.db.select().from(leases).where(eq(leases.id, id))).toEqual([]);
  });

  it("recomputes statuses from the dates", async () => {
    const [lease] = await t.database.db.insert(leases).values({ reference: "L-NIGHT", start_date: "2020-01-01", end_date: "2021-01-01", status: "current", insurable_id: unit101, account_id: world.accounts.A.id }).returning();
    expect(await recomputeLeaseStatuses(t.database.db, todayLA())).toBeGreaterThanOrEqual(1);
    const [after] = await t.database.db.select().from(leases).where(eq(leases.id, lease.id));
    expect(after.status).toBe("expired");
    await t.database.db.delete(leases).where(eq(leases.id, lease.id));
  });
});

describe("bulk create from a CSV", () => {
  const row = (unit: string, email: string, birthday = "04/02/1990", start = "01/01/2026") => `${start},12/31/2026,current,Residential,${unit},${email},Ann,Lee,${birthday},,,,`;
  const ten = (bad?: number) =>
    [HEADER, ...Array.from({ length: 10 }, (_, i) => (i === bad ? row("999", `t${i}@example.com`) : row(String(101 + i), `t${i}@example.com`)))].join("\n");

  it("answers Bad file with every bad row and writes nothing", async () => {
    const before = (await t.database.db.select().from(leases)).length;
    const res = await upload(as.staffA, community, `${ten(3)}\n${row("110", "kid@example.com", "01/01/2020")}\n13/45/2026,12/31/2026,,Residential,105,x@example.com,A,B,01/01/1990,,,,`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: "Bad file" });
    // A refused file invites nobody.
    expect((await t.database.db.select().from(sentEmails).where(eq(sentEmails.template, "tenant_invitation"))).map((m) => m.to)).toEqual(["new.tenant@example.com"]);
    expect(res.json().content).toEqual([
      { row: 5, message: "unit 999 does not exist in this community" },
      { row: 12, message: "tenant_one must be over 18" },
      { row: 13, message: "start_date must be a date MM/DD/YYYY" },
    ]);
    expect((await t.database.db.select().from(leases)).length).toBe(before);
  });

  it("refuses wrong columns, another account's community and another account's customer", async () => {
    const columns = await upload(as.staffA, community, "start,end\n1,2");
    expect(columns.json().content[0]).toMatchObject({ row: 1 });
    expect(columns.json().content[0].message).toContain("Missing columns: start_date");
    const other = await upload(as.staffB, community, ten());
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ "leases.community_insurable_id": "Select community from the drop-down list" });
    const foreign = await upload(as.staffA, community, [HEADER, row("101", "cy.dune@example.com")].join("\n"));
    expect(foreign.json().content).toEqual([{ row: 2, message: "cy.dune@example.com has already been taken" }]);
  });

  it("creates 10 leases and their tenants in one go once the file is right (204)", async () => {
    const res = await upload(as.staffA, community, ten());
    expect(res.statusCode).toBe(204);
    const list = await call("GET", `/v2/staff_account/leases?filter[community_id]=${community}&pagination[per]=50`, as.staffA);
    expect(list.headers["total-entries"]).toBe("10");
    expect(list.json().every((l: { status: string; lease_users: unknown[] }) => l.status === "current" && l.lease_users.length === 1)).toBe(true);
    // One invitation per new tenant of each lease.
    const invited = (await t.database.db.select().from(sentEmails).where(eq(sentEmails.template, "tenant_invitation"))).map((m) => m.to);
    expect(invited.filter((to) => /^t\d@example\.com$/.test(to)).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `t${i}@example.com`));
  });
});
