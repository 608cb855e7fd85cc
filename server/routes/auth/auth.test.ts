import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sentEmails, staff, staffSessions } from "../../db/schema";
import { PASSWORD } from "../../test/fixtures";
import { signInAs, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;

beforeAll(async () => ({ t, world } = await worldApp([], { SIGN_IN_MAX_FAILURES: "3" })));
afterAll(() => t.close());

const signIn = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/v2/staff/auth/sign_in", payload: { email, password } });

describe("POST /v2/staff/auth/sign_in", () => {
  it("answers the user and the five auth headers", async () => {
    const res = await signIn("  Agent.A@test.dev ", PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-token"]).toMatch(/^[\w-]{20,}$/);
    expect(res.headers["token-type"]).toBe("Bearer");
    expect(res.headers.client).toBeTruthy();
    expect(res.headers.uid).toBe("agent.a@test.dev");
    const expiry = Number(res.headers.expiry);
    const days = (expiry * 1000 - Date.now()) / 86400000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    const { data } = res.json();
    expect(data).toMatchObject({
      id: world.staff.agentA.id,
      email: "agent.a@test.dev",
      role: "agent",
      organizable_type: "Agency",
      organizable_id: world.agencies.A.id,
      organizable: { id: world.agencies.A.id, title: "Agency A" },
      profile_attributes: { full_name: "agent a" },
      staff_permission: { permissions: [] },
    });
    expect(JSON.stringify(data)).not.toMatch(/encrypted_password|token_hash|\$argon2/);
  });

  it("stores the token hashed, never in clear", async () => {
    const res = await signIn("staff.a@test.dev", PASSWORD);
    const rows = await t.database.db.select().from(staffSessions).where(eq(staffSessions.client, String(res.headers.client)));
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(String(res.headers["access-token"]));
  });

  it("refuses bad credentials with the spec's text", async () => {
    const res = await signIn("staff.b@test.dev", "wrong");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: ["Invalid login credentials. Please try again."] });
    const unknown = await signIn("nobody@test.dev", "wrong");
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ errors: ["Invalid login credentials. Please try again."] });
  });

  it("refuses a disabled account", async () => {
    const res = await signIn("disabled.staff@test.dev", PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: ["Your account is deactivated"] });
    expect(res.headers["access-token"]).toBeUndefined();
  });

  it("answers 4xx, never 500, on a malformed body", async () => {
    const broken = await t.app.inject({
      method: "POST",
      url: "/v2/staff/auth/sign_in",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(broken.statusCode).toBe(400);
    const missing = await t.app.inject({ method: "POST", url: "/v2/staff/auth/sign_in", payload: { email: "a@b.co" } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty("password");
  });
});

describe("validate_token and sign_out", () => {
  it("validates a live session and echoes the headers", async () => {
    const headers = await signInAs(t.app, "super.admin@test.dev");
    const res = await t.app.inject({ method: "GET", url: "/v2/staff/auth/validate_token", headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { role: "super_admin", organizable: null } });
    expect(res.headers["access-token"]).toBe(headers["access-token"]);
  });

  it("answers 401 without headers, with a wrong token, or a token of another client", async () => {
    const headers = await signInAs(t.app, "super.admin@test.dev");
    const none = await t.app.inject({ method: "GET", url: "/v2/staff/auth/validate_token" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ errors: ["You need to sign in or sign up before continuing."] });
    const wrong = await t.app.inject({ method: "GET", url: "/v2/staff/auth/validate_token", headers: { ...headers, "access-token": "x" + headers["access-token"] } });
    expect(wrong.statusCode).toBe(401);
    const other = await signInAs(t.app, "super.admin@test.dev");
    const mixed = await t.app.inject({ method: "GET", url: "/v2/staff/auth/validate_token", headers: { ...headers, client: other.client } });
    expect(mixed.statusCode).toBe(401);
  });

  it("answers 401 once the session has expired", async () => {
    const headers = await signInAs(t.app, "staff.b@test.dev");
    await t.database.db.update(staffSessions).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(staffSessions.client, headers.client));
    const res = await t.app.inject({ method: "GET", url: "/v2/staff/auth/validate_token", headers });
    expect(res.statusCode).toBe(401);
  });

  it("revokes only the signed-out session", async () => {
    const first = await signInAs(t.app, "agent.a1@test.dev");
    const second = await signInAs(t.app, "agent.a1@test.dev");
    const out = await t.app.inject({ method: "DELETE", url: "/v2/staff/auth/sign_out", headers: first });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await t.app.inject({ method: "GET", url: "/v2/staff/auth/validate_token", headers: first })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/v2/staff/auth/validate_token", headers: second })).statusCode).toBe(200);
  });
});

describe("password reset", () => {
  it("answers the same for a known and an unknown email, and mails only the known one", async () => {
    const before = t.mailer.sent.length;
    const known = await t.app.inject({ method: "POST", url: "/v2/staff/auth/password", payload: { email: "staff.a@test.dev", redirect_url: "x" } });
    const unknown = await t.app.inject({ method: "POST", url: "/v2/staff/auth/password", payload: { email: "ghost@test.dev" } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(t.mailer.sent.length).toBe(before + 1);
    expect(t.mailer.sent.at(-1)!.to).toBe("staff.a@test.dev");
    expect(t.mailer.sent.at(-1)!.text).toMatch(/\/auth\/reset-password\/[\w-]+/);
  });

  it("sets a new password with the mailed token, which then works once", async () => {
    const session = await signInAs(t.app, "agent.a@test.dev");
    await t.app.inject({ method: "POST", url: "/v2/staff/auth/password", payload: { email: "agent.a@test.dev" } });
    const token = /reset-password\/([\w-]+)/.exec(t.mailer.sent.at(-1)!.text)![1];

    const mismatch = await t.app.inject({
      method: "PUT",
      url: "/v2/staff/auth/password",
      payload: { password: "new-pass-1", password_confirmation: "other", reset_password_token: token },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toHaveProperty("password_confirmation");

    const ok = await t.app.inject({
      method: "PUT",
      url: "/v2/staff/auth/password",
      payload: { password: "new-pass-1", password_confirmation: "new-pass-1", reset_password_token: token },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: "Your password has been successfully updated." });
    expect((await signIn("agent.a@test.dev", PASSWORD)).statusCode).toBe(401);
    expect((await signIn("agent.a@test.dev", "new-pass-1")).statusCode).toBe(200);
    // the old session is revoked and the token cannot be reused
    expect((await t.app.inject({ method: "GET", url: "/v2/staff/auth/validate_token", headers: session })).statusCode).toBe(401);
    const again = await t.app.inject({
      method: "PUT",
      url: "/v2/staff/auth/password",
      payload: { password: "new-pass-2", password_confirmation: "new-pass-2", reset_password_token: token },
    });
    expect(again.statusCode).toBe(422);
    await t.database.db.update(staff).set({ encrypted_password: (await t.database.db.select().from(staff).where(eq(staff.id, world.staff.agentB.id)))[0].encrypted_password }).where(eq(staff.id, world.staff.agentA.id));
  });

  it("records the reset email when the real mailer has no SMTP server", async () => {
    const { createMailer } = await import("../../mail/mailer");
    const mailer = createMailer(t.database.db, { from: "x@y.z" });
    const result = await mailer.send({ to: "a@b.co", subject: "s", text: "t", template: "test" });
    expect(result.status).toBe("recorded");
    const rows = await t.database.db.select().from(sentEmails).where(eq(sentEmails.id, result.id));
    expect(rows[0]).toMatchObject({ to: "a@b.co", status: "recorded" });
  });
});

describe("available permissions and session persist", () => {
  it("lists every permission key for super admins only", async () => {
    const admin = await signInAs(t.app, "super.admin@test.dev");
    const res = await t.app.inject({ method: "GET", url: "/v2/staff_super_admin/global_agency_permissions/available_permissions", headers: admin });
    expect(res.statusCode).toBe(200);
    const keys = res.json().map((p: { key: string }) => p.key);
    expect(keys).toContain("property_management.users.edit");
    expect(keys).toContain("dashboard.policy_support");
    expect(res.json()[0]).toHaveProperty("default_value", true);
    const staffHeaders = await signInAs(t.app, "staff.b@test.dev");
    const denied = await t.app.inject({ method: "GET", url: "/v2/staff_super_admin/global_agency_permissions/available_permissions", headers: staffHeaders });
    expect(denied.statusCode).toBe(403);
  });

  it("gives a signed-in user a secret token for the new platform", async () => {
    const headers = await signInAs(t.app, "staff.b@test.dev");
    const res = await t.app.inject({ method: "POST", url: "/v2/staff/auth/session_persist", headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().secret_token).toMatch(/^[\w-]{20,}$/);
    expect((await t.app.inject({ method: "POST", url: "/v2/staff/auth/session_persist" })).statusCode).toBe(401);
  });
});
