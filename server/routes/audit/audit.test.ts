import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { histories } from "../../db/schema";
import { PASSWORD } from "../../test/fixtures";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "staffA" | "support", AuthHeaders>;

beforeAll(async () => ({ t, world, as } = await worldApp(["superAdmin", "agentA", "staffA", "support"])));
afterAll(() => t.close());

const get = (url: string, headers: AuthHeaders) => t.app.inject({ method: "GET", url, headers });
type Row = { id: number; author: string; staff_id: number | null; action: string; process: string; record_type: string; record_number: number | null; changes: Record<string, { previous_value: unknown; new_value: unknown }> };

describe("audit log", () => {
  it("records sign-ins and failed sign-ins, and shows them with the changes of records, newest first", async () => {
    const failed = await t.app.inject({ method: "POST", url: "/v2/staff/auth/sign_in", payload: { email: "agent.a@test.dev", password: "wrong-password" } });
    expect(failed.statusCode).toBe(401);
    await t.app.inject({ method: "POST", url: "/v2/staff/auth/sign_in", payload: { email: "nobody@test.dev", password: PASSWORD } });
    const renamed = await t.app.inject({ method: "PUT", url: `/v2/staff_super_admin/carriers/0`, headers: as.superAdmin, payload: {} });
    expect(renamed.statusCode).not.toBe(500);

    const res = await get("/v2/staff_super_admin/audit_events?pagination[per]=50", as.superAdmin);
    expect(res.statusCode).toBe(200);
    const rows: Row[] = res.json();
    const signIns = rows.filter((r) => r.action === "sign_in");
    expect(signIns.map((r) => r.author).sort()).toEqual(["agent a", "policy support", "staff a", "super admin"].sort());
    expect(signIns.find((r) => r.author === "agent a")).toMatchObject({ staff_id: world.staff.agentA.id, record_type: "Staff", record_number: world.staff.agentA.id, process: "console" });
    const misses = rows.filter((r) => r.action === "sign_in_failed");
    expect(misses).toHaveLength(2);
    // A failed sign-in names the email tried, never the staff member as its author.
    expect(misses.find((r) => r.author === "agent.a@test.dev")).toMatchObject({ staff_id: null, record_type: "Staff", record_number: world.staff.agentA.id });
    expect(misses.find((r) => r.author === "nobody@test.dev")).toMatchObject({ staff_id: null, record_number: null });
    // Newest first.
    expect(rows[0].action).toBe("sign_in_failed");
  });

  it("shows a record's change once, with its fields from what to what, and filters by person, type, action, process and date", async () => {
    const created = await t.app.inject({ method: "POST", url: "/v2/staff_super_admin/carriers", headers: as.superAdmin, payload: { carrier: { title: "Audit Mutual" } } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const updated = await t.app.inject({ method: "PUT", url: `/v2/staff_super_admin/carriers/${id}`, headers: as.superAdmin, payload: { carrier: { title: "Audit Mutual 2" } } });
    expect(updated.statusCode).toBe(200);

    const res = await get(`/v2/staff_super_admin/audit_events?filter[record_type]=Carrier&filter[record_number]=${id}`, as.superAdmin);
    const rows: Row[] = res.json();
    expect(rows.map((r) => r.action)).toEqual(["update", "create"]);
    expect(rows[0].changes.title).toEqual({ previous_value: "Audit Mutual", new_value: "Audit Mutual 2" });
    expect(res.headers["total-entries"]).toBe("2");

    const byPerson: Row[] = (await get(`/v2/staff_super_admin/audit_events?filter[staff_id]=${world.staff.agentA.id}`, as.superAdmin)).json();
    expect(byPerson.length).toBeGreaterThan(0);
    expect(byPerson.every((r) => r.staff_id === world.staff.agentA.id)).toBe(true);
    const byAction: Row[] = (await get(`/v2/staff_super_admin/audit_events?filter[action][]=sign_in_failed`, as.superAdmin)).json();
    expect(byAction.map((r) => r.action)).toEqual(["sign_in_failed", "sign_in_failed"]);
    const byProcess: Row[] = (await get(`/v2/staff_super_admin/audit_events?filter[process]=integration`, as.superAdmin)).json();
    expect(byProcess).toEqual([]);
    const future: Row[] = (await get(`/v2/staff_super_admin/audit_events?filter[created_at][start]=2099-01-01T00:00:00Z`, as.superAdmin)).json();
    expect(future).toEqual([]);
    expect((await get(`/v2/staff_super_admin/audit_events?filter[secret]=1`, as.superAdmin)).statusCode).toBe(422);
  });

  it("exports the filtered rows as CSV, one line per field, and the export is itself an audit event", async () => {
    const res = await get("/v2/staff_super_admin/audit_events/export?filter[record_type]=Carrier", as.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body.trim().split("\n");
    expect(lines[0]).toBe("When (UTC),Who,Staff id,Action,Process,Record type,Record id,Field,From,To");
    expect(lines.some((l) => l.includes(",title,Audit Mutual,Audit Mutual 2"))).toBe(true);
    const exports: Row[] = (await get("/v2/staff_super_admin/audit_events?filter[action]=export", as.superAdmin)).json();
    expect(exports[0]).toMatchObject({ record_type: "AuditLog", author: "super admin", changes: { kind: { new_value: "audit" }, rows: { new_value: 2 } } });
  });

  it("is for super admins only: every other role is refused, on any prefix", async () => {
    for (const [who, prefix] of [["agentA", "staff_agency"], ["staffA", "staff_account"], ["support", "policy-support"]] as const) {
      expect((await get(`/v2/${prefix}/audit_events`, as[who])).statusCode).toBe(403);
      expect((await get(`/v2/audit_events`, as[who])).statusCode).toBe(403);
      expect((await get(`/v2/audit_events/export`, as[who])).statusCode).toBe(403);
    }
    expect((await get("/v2/audit_events", {} as AuthHeaders)).statusCode).toBe(401);
  });

  it("cannot be changed or deleted: no route writes it, and the table refuses UPDATE and DELETE", async () => {
    const [row] = await t.database.db.select().from(histories).limit(1);
    for (const method of ["PUT", "PATCH", "DELETE", "POST"] as const) {
      const res = await t.app.inject({ method, url: `/v2/staff_super_admin/audit_events/${row.id}`, headers: as.superAdmin, payload: {} });
      expect(res.statusCode).toBe(404);
    }
    const refusal = (query: ReturnType<typeof sql>) =>
      t.database.db.execute(query).then(
        () => "done",
        (e: { cause?: { message?: string } }) => String(e.cause?.message ?? e),
      );
    expect(await refusal(sql`UPDATE histories SET author = 'x' WHERE id = ${row.id}`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM histories WHERE id = ${row.id}`)).toMatch(/append-only/);
    const [after] = await t.database.db.select().from(histories).where(sql`id = ${row.id}`);
    expect(after).toEqual(row);
  });
});
