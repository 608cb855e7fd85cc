import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { histories } from "../../db/schema";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "staffA", AuthHeaders>;

beforeAll(async () => ({ t, world, as } = await worldApp(["superAdmin", "agentA", "staffA"])));
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT", url: string, headers: AuthHeaders, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

describe("staff list", () => {
  it("lists account staff of the caller's scope, filtered by organizable type", async () => {
    const res = await call("GET", "/v2/staff_agency/staffs?filter[organizable_type]=Account&sort[column]=email&sort[direction]=asc", as.agentA);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { email: string }) => s.email)).toEqual(["disabled.staff@test.dev", "staff.a@test.dev"]);
    const row = res.json()[1];
    expect(row).toMatchObject({ role: "staff", organizable_type: "Account", organizable_id: world.accounts.A.id, agency_id: world.agencies.A.id });
    expect(row.profile_attributes.full_name).toBe("staff a");
  });

  it("lists the agents of the agency tree", async () => {
    const res = await call("GET", "/v2/staff_agency/staffs?filter[organizable_type]=Agency&filter[enabled]=true", as.agentA);
    expect(res.json().map((s: { email: string }) => s.email).sort()).toEqual(["agent.a1@test.dev", "agent.a@test.dev", "restricted.agent@test.dev"]);
  });

  it("account staff see only their own account's staff", async () => {
    const res = await call("GET", "/v2/staff_account/staffs", as.staffA);
    expect(res.json().every((s: { organizable_id: number }) => s.organizable_id === world.accounts.A.id)).toBe(true);
    expect((await call("GET", `/v2/staff_account/staffs/${world.staff.staffB.id}`, as.staffA)).statusCode).toBe(404);
  });
});

describe("staff changes", () => {
  it("toggles enabled, writes history with the author, and refuses to disable oneself", async () => {
    const res = await call("PUT", `/v2/staff_agency/staffs/${world.staff.disabled.id}/toggle_enabled`, as.agentA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, enabled: true });
    const rows = await t.database.db
      .select()
      .from(histories)
      .where(and(eq(histories.recordable_type, "Staff"), eq(histories.recordable_id, world.staff.disabled.id)));
    expect(rows.at(-1)).toMatchObject({ action: "update", author: "agent a", process: "console", data: { enabled: { previous_value: false, new_value: true } } });
    expect((await call("PUT", `/v2/staff_agency/staffs/${world.staff.agentA.id}/toggle_enabled`, as.agentA)).statusCode).toBe(403);
  });

  it("creates a staff in scope and records the invitation email", async () => {
    const before = t.mailer.sent.length;
    const res = await call("POST", "/v2/staff_agency/staffs", as.agentA, {
      staff: { email: "new.manager@test.dev", organizable_type: "Account", organizable_id: world.accounts.A1.id, profile_attributes: { first_name: "New", last_name: "Manager" } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: "staff", enabled: true, invitation_pending: true, profile_attributes: { full_name: "New Manager" } });
    expect(t.mailer.sent.length).toBe(before + 1);
    expect(t.mailer.sent.at(-1)!.text).toContain("/auth/accept-invitation/");
    const reinvite = await call("PUT", `/v2/staff_agency/staffs/${res.json().id}/re_invite`, as.agentA);
    expect(reinvite.json()).toEqual({ success: true });
  });

  it("refuses a staff for an account outside the caller's tree", async () => {
    const res = await call("POST", "/v2/staff_agency/staffs", as.agentA, {
      staff: { email: "x.y@test.dev", organizable_type: "Account", organizable_id: world.accounts.B.id, profile_attributes: { first_name: "X", last_name: "Y" } },
    });
    expect(res.statusCode).toBe(403);
  });

  it("answers field errors with the spec's messages", async () => {
    const res = await call("POST", "/v2/staff_super_admin/staffs", as.superAdmin, {
      staff: { email: "staff.a@test.dev", organizable_type: "Account", organizable_id: world.accounts.A.id, profile_attributes: { first_name: "", last_name: "Z", contact_phone: "12" } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: "has already been taken",
      "profile_attributes.first_name": "The first name field is required.",
      "profile_attributes.contact_phone": "must be a valid phone number",
    });
    const bad = await call("POST", "/v2/staff_super_admin/staffs/check_email", as.superAdmin, { email: "STAFF.A@test.dev" });
    expect(bad.json()).toEqual({ email_available_to_use: false });
  });

  it("re_invite of an active staff answers Already activated", async () => {
    const res = await call("PUT", `/v2/staff_super_admin/staffs/${world.staff.staffB.id}/re_invite`, as.superAdmin);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ staff: "Already activated" });
  });
});

describe("update_self", () => {
  it("updates the caller's own profile and keeps what was not sent", async () => {
    const res = await call("PUT", `/v2/staff_account/staffs/${world.staff.staffA.id}/update_self`, as.staffA, {
      staff: { profile_attributes: { first_name: "Stella", job_title: "Manager" } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile_attributes).toMatchObject({ first_name: "Stella", last_name: "a", full_name: "Stella a", job_title: "Manager" });
  });

  it("refuses another staff's id and a password change without the current password", async () => {
    expect((await call("PUT", `/v2/staff_account/staffs/${world.staff.staffB.id}/update_self`, as.staffA, { staff: {} })).statusCode).toBe(403);
    const res = await call("PUT", `/v2/staff_account/staffs/${world.staff.staffA.id}/update_self`, as.staffA, {
      staff: { password: "another-one-1", password_confirmation: "another-one-1", current_password: "wrong" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: "is invalid" });
  });
});

describe("users update", () => {
  it("updates a customer, writes history, and answers field errors for bad input", async () => {
    const bad = await call("PUT", `/v2/staff_agency/users/${world.users.A.id}`, as.agentA, {
      user: { email: "not-an-email", address_attributes: { zip_code: "12" } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: "must be a valid email address", "address_attributes.zip_code": "must be a valid zip" });
    const ok = await call("PUT", `/v2/staff_agency/users/${world.users.A.id}`, as.agentA, {
      user: { profile_attributes: { first_name: "Anna" }, address_attributes: { street_number: "12", street_name: "Main St", city: "Austin", state: "TX", zip_code: "73301" } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.profile_attributes.full_name).toBe("Anna Lee");
    expect(ok.json().data.address_attributes.full).toBe("12 Main St, Austin, TX 73301");
    const rows = await t.database.db.select().from(histories).where(and(eq(histories.recordable_type, "User"), eq(histories.recordable_id, world.users.A.id)));
    expect(rows.at(-1)!.data).toMatchObject({ "profile.first_name": { previous_value: "Ann", new_value: "Anna" } });
    expect((await call("PUT", `/v2/staff_agency/users/${world.users.B.id}`, as.agentA, { user: { email: "a@b.co" } })).statusCode).toBe(404);
  });
});
