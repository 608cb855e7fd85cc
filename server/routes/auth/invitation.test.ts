import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staff } from "../../db/schema";
import { signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentB", AuthHeaders>;

beforeAll(async () => ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentB"])));
afterAll(() => t.close());

const tokenOf = (text: string) => /\/auth\/accept-invitation\/([\w-]+)/.exec(text)?.[1] ?? "";
const lastToken = () => tokenOf(t.mailer.sent.at(-1)!.text);
const accept = (invitation_token: string, password = "a-long-new-pass-7", password_confirmation = password) =>
  t.app.inject({ method: "PUT", url: "/v2/staff/auth/invitation", payload: { invitation_token, password, password_confirmation } });

async function invite(email: string, headers = as.agentA, accountId = world.accounts.A.id) {
  const res = await t.app.inject({
    method: "POST",
    url: "/v2/staff_agency/staffs",
    headers,
    payload: { staff: { email, organizable_type: "Account", organizable_id: accountId, profile_attributes: { first_name: "Ivy", last_name: "Invitee" } } },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as number, token: lastToken() };
}

describe("staff invitations", () => {
  it("an invitee is enabled but pending, cannot sign in, then sets a password from the link and is signed in", async () => {
    const { id, token } = await invite("ivy.invitee@test.dev");
    expect(token).not.toBe("");
    const signIn = await t.app.inject({ method: "POST", url: "/v2/staff/auth/sign_in", payload: { email: "ivy.invitee@test.dev", password: "" } });
    expect(signIn.statusCode).toBe(422);
    const guess = await t.app.inject({ method: "POST", url: "/v2/staff/auth/sign_in", payload: { email: "ivy.invitee@test.dev", password: "anything-at-all" } });
    expect(guess.statusCode).toBe(401);

    const who = await t.app.inject({ method: "GET", url: `/v2/staff/auth/invitation?invitation_token=${token}` });
    expect(who.json()).toEqual({ email: "ivy.invitee@test.dev", full_name: "Ivy Invitee" });

    const weak = await accept(token, "short", "short");
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toBe("must be at least 10 characters");

    const res = await accept(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, email: "ivy.invitee@test.dev", enabled: true, invitation_pending: false });
    expect(res.json().data.invitation_accepted_at).not.toBeNull();
    const validate = await t.app.inject({
      method: "GET",
      url: "/v2/staff/auth/validate_token",
      headers: { "access-token": String(res.headers["access-token"]), client: String(res.headers.client), uid: String(res.headers.uid) },
    });
    expect(validate.statusCode).toBe(200);
    expect((await signInAs(t.app, "ivy.invitee@test.dev", "a-long-new-pass-7"))["access-token"]).not.toBe("");
  });

  it("a used link cannot be used again, and an accepted staff member is not re-invited", async () => {
    const { id, token } = await invite("once.only@test.dev");
    expect((await accept(token)).statusCode).toBe(200);
    const again = await accept(token, "another-pass-99");
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ invitation_token: "is invalid or has expired" });
    const reinvite = await t.app.inject({ method: "PUT", url: `/v2/staff_agency/staffs/${id}/re_invite`, headers: as.agentA });
    expect(reinvite.statusCode).toBe(422);
    expect(reinvite.json().errors).toEqual({ staff: "Already activated" });
  });

  it("a link expires after 7 days; re-invite mails a new one and the old one stops working", async () => {
    const { id, token } = await invite("late.comer@test.dev");
    await t.database.db.update(staff).set({ invitation_sent_at: new Date(Date.now() - 7 * 24 * 3600 * 1000 - 60_000) }).where(eq(staff.id, id));
    expect((await accept(token)).statusCode).toBe(422);
    expect((await t.app.inject({ method: "GET", url: `/v2/staff/auth/invitation?invitation_token=${token}` })).statusCode).toBe(422);

    const reinvite = await t.app.inject({ method: "PUT", url: `/v2/staff_agency/staffs/${id}/re_invite`, headers: as.agentA });
    expect(reinvite.json()).toEqual({ success: true });
    const fresh = lastToken();
    expect(fresh).not.toBe(token);
    expect((await accept(token)).statusCode).toBe(422);
    expect((await accept(fresh)).statusCode).toBe(200);
  });

  it("an agent of another agency neither sees nor re-invites the invitee (404)", async () => {
    const { id } = await invite("private.invitee@test.dev");
    expect((await t.app.inject({ method: "PUT", url: `/v2/staff_agency/staffs/${id}/re_invite`, headers: as.agentB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/v2/staff_agency/staffs/${id}`, headers: as.agentB })).statusCode).toBe(404);
  });

  it("an invitee disabled since the invitation cannot accept until enabled again, and the link stays usable", async () => {
    const { id, token } = await invite("switched.off@test.dev");
    await t.app.inject({ method: "PUT", url: `/v2/staff_agency/staffs/${id}/toggle_enabled`, headers: as.agentA });
    const refused = await accept(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors).toEqual(["Your account is deactivated"]);
    expect(refused.headers["access-token"]).toBeUndefined();
    await t.app.inject({ method: "PUT", url: `/v2/staff_agency/staffs/${id}/toggle_enabled`, headers: as.agentA });
    expect((await accept(token)).statusCode).toBe(200);
  });
});

describe("Add Admin/Support (POST /create_staff)", () => {
  it("a super admin invites a policy-support reviewer and a super admin", async () => {
    for (const role of ["policy_support", "super_admin"] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: "/v2/staff_super_admin/create_staff",
        headers: as.superAdmin,
        payload: { staff: { email: `new.${role}@test.dev`, role, profile_attributes: { first_name: "New", last_name: role } } },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ role, organizable_type: null, enabled: true, invitation_pending: true });
      expect(t.mailer.sent.at(-1)!.to).toBe(`new.${role}@test.dev`);
    }
  });

  it("refuses agents, other roles and a taken email", async () => {
    const body = { staff: { email: "nope@test.dev", role: "policy_support", profile_attributes: { first_name: "N", last_name: "O" } } };
    expect((await t.app.inject({ method: "POST", url: "/v2/create_staff", headers: as.agentA, payload: body })).statusCode).toBe(403);
    const staffRole = await t.app.inject({ method: "POST", url: "/v2/staff_super_admin/create_staff", headers: as.superAdmin, payload: { staff: { ...body.staff, role: "staff" } } });
    expect(staffRole.statusCode).toBe(422);
    const taken = await t.app.inject({
      method: "POST",
      url: "/v2/staff_super_admin/create_staff",
      headers: as.superAdmin,
      payload: { staff: { ...body.staff, email: "STAFF.A@test.dev" } },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: "has already been taken" });
  });
});
