import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffPermissions } from "../../db/schema";
import { PASSWORD } from "../../test/fixtures";
import { signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

/**
 * Issue 9, hole 9: a new password ends one's other sessions; staff histories need the key that reads that staff;
 * check_email answers within the caller's organisation only.
 */
let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentB" | "staffA" | "staffB", AuthHeaders>;

beforeAll(async () => ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentB", "staffA", "staffB"])));
afterAll(() => t.close());

const validate = (headers: AuthHeaders) => t.app.inject({ method: "GET", url: "/v2/staff/auth/validate_token", headers });

describe("changing one's password", () => {
  it("ends one's other sessions and keeps this one", async () => {
    const other = await signInAs(t.app, "staff.b@test.dev");
    const res = await t.app.inject({
      method: "PUT",
      url: `/v2/staff_account/staffs/${world.staff.staffB.id}/update_self`,
      headers: as.staffB,
      payload: { staff: { current_password: PASSWORD, password: "a-much-longer-pass", password_confirmation: "a-much-longer-pass" } },
    });
    expect(res.statusCode).toBe(200);
    expect((await validate(other)).statusCode).toBe(401);
    expect((await validate(as.staffB)).statusCode).toBe(200);
  });

  it("other fields leave the sessions alone", async () => {
    const other = await signInAs(t.app, "staff.a@test.dev");
    const res = await t.app.inject({ method: "PUT", url: `/v2/staff_account/staffs/${world.staff.staffA.id}/update_self`, headers: as.staffA, payload: { staff: { profile_attributes: { job_title: "Manager" } } } });
    expect(res.statusCode).toBe(200);
    expect((await validate(other)).statusCode).toBe(200);
  });
});

describe("staff histories", () => {
  const histories = (prefix: string, headers: AuthHeaders, id: number) => t.app.inject({ method: "GET", url: `/v2/${prefix}/staffs/${id}/histories`, headers });

  it("need the managers key (for account staff), one's own included", async () => {
    expect((await histories("staff_account", as.staffA, world.staff.disabled.id)).statusCode).toBe(200);
    await t.database.db.insert(staffPermissions).values({ staff_id: world.staff.staffA.id, key: "property_management.managers", value: false });
    try {
      const denied = await histories("staff_account", as.staffA, world.staff.disabled.id);
      expect(denied.statusCode).toBe(401);
      expect(denied.json().error).toBe("permission_not_enabled");
      expect((await histories("staff_account", as.staffA, world.staff.staffA.id)).statusCode).toBe(401);
    } finally {
      await t.database.db.delete(staffPermissions).where(eq(staffPermissions.staff_id, world.staff.staffA.id));
    }
  });

  it("need the agents key for an agent's", async () => {
    await t.database.db.insert(staffPermissions).values([
      { staff_id: world.staff.agentA.id, key: "property_management.managers", value: true },
      { staff_id: world.staff.agentA.id, key: "agencies.agents", value: false },
    ]);
    try {
      expect((await histories("staff_agency", as.agentA, world.staff.agentA1.id)).statusCode).toBe(401);
      expect((await histories("staff_agency", as.agentA, world.staff.staffA.id)).statusCode).toBe(200);
    } finally {
      await t.database.db.delete(staffPermissions).where(eq(staffPermissions.staff_id, world.staff.agentA.id));
    }
  });

  it("stay out of reach outside the caller's scope", async () => {
    expect((await histories("staff_agency", as.agentB, world.staff.staffA.id)).statusCode).toBe(404);
  });
});

describe("check_email", () => {
  const check = (headers: AuthHeaders, body: object) => t.app.inject({ method: "POST", url: "/v2/staffs/check_email", headers, payload: body });

  it("tells an email taken within the caller's organisation", async () => {
    expect((await check(as.agentA, { email: "STAFF.A@test.dev" })).json()).toEqual({ email_available_to_use: false });
    expect((await check(as.agentA, { email: "staff.a@test.dev", id: world.staff.staffA.id })).json()).toEqual({ email_available_to_use: true });
    expect((await check(as.agentA, { email: "brand.new@test.dev" })).json()).toEqual({ email_available_to_use: true });
    expect((await check(as.superAdmin, { email: "staff.b@test.dev" })).json()).toEqual({ email_available_to_use: false });
  });

  it("does not reveal the staff of another tenant, by email or by id", async () => {
    expect((await check(as.agentA, { email: "staff.b@test.dev" })).json()).toEqual({ email_available_to_use: true });
    expect((await check(as.agentA, { email: "agent.b@test.dev" })).json()).toEqual({ email_available_to_use: true });
    const byId = await check(as.agentA, { email: "agent.b@test.dev", id: world.staff.agentB.id });
    expect(byId.statusCode).toBe(404);
    expect((await check(as.staffA, { email: "agent.a@test.dev" })).json()).toEqual({ email_available_to_use: true });
  });

  it("an email taken elsewhere is still refused on save", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/v2/staff_agency/staffs",
      headers: as.agentA,
      payload: { staff: { email: "staff.b@test.dev", organizable_type: "Account", organizable_id: world.accounts.A.id, profile_attributes: { first_name: "Dup", last_name: "Licate" } } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toBeTruthy();
  });
});
