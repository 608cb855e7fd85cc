import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InlineQueue } from "../../server/jobs/queue";
import { signInAs, type TestApp } from "../../server/test/helpers";
import { worldApp } from "../../server/test/world-app";

/**
 * Links in mail never take their host from the request (issue 9, hole 3): PUBLIC_URL when set, else the configured
 * HOST:PORT, whatever Host or X-Forwarded-Host says, and even behind a trusted proxy.
 */
const evil = { host: "attacker.example", "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https" };
const linkIn = (text: string) => /(\S+\/auth\/(?:reset-password|accept-invitation)\/\S+|\S+\/v2\/files\/\S+)/.exec(text)?.[1] ?? "";

describe.each([
  { name: "without PUBLIC_URL", env: { PORT: "4555" } as Record<string, string>, origin: "http://localhost:4555" },
  { name: "without PUBLIC_URL, behind a trusted proxy", env: { PORT: "4555", HOST: "127.0.0.1", TRUST_PROXY: "127.0.0.1" }, origin: "http://127.0.0.1:4555" },
  { name: "with PUBLIC_URL", env: { PUBLIC_URL: "https://console.coverdesk.example/" }, origin: "https://console.coverdesk.example" },
])("mail links $name", ({ env, origin }) => {
  let t: TestApp;
  beforeAll(async () => {
    ({ t } = await worldApp([], env));
  });
  afterAll(() => t.close());

  it("password reset", async () => {
    const res = await t.app.inject({ method: "POST", url: "/v2/staff/auth/password", headers: evil, payload: { email: "staff.a@test.dev", redirect_url: "https://attacker.example/x" } });
    expect(res.statusCode).toBe(200);
    const link = linkIn(t.mailer.sent.at(-1)!.text);
    expect(link.startsWith(`${origin}/auth/reset-password/`)).toBe(true);
  });

  it("invitation, on create and re-invite", async () => {
    const admin = await signInAs(t.app, "super.admin@test.dev");
    const created = await t.app.inject({
      method: "POST",
      url: "/v2/staff_super_admin/staffs",
      headers: { ...admin, ...evil },
      payload: { staff: { email: "new.admin@test.dev", role: "super_admin", profile_attributes: { first_name: "New", last_name: "Admin" } } },
    });
    expect(created.statusCode).toBe(201);
    expect(linkIn(t.mailer.sent.at(-1)!.text).startsWith(`${origin}/auth/accept-invitation/`)).toBe(true);
    const again = await t.app.inject({ method: "PUT", url: `/v2/staff_super_admin/staffs/${created.json().id}/re_invite`, headers: { ...admin, ...evil } });
    expect(again.statusCode).toBe(200);
    expect(linkIn(t.mailer.sent.at(-1)!.text).startsWith(`${origin}/auth/accept-invitation/`)).toBe(true);
  });

  it("export ready mail: an absolute link on the configured origin", async () => {
    const admin = await signInAs(t.app, "super.admin@test.dev");
    const res = await t.app.inject({ method: "GET", url: "/v2/staff_super_admin/policies/export", headers: { ...admin, ...evil } });
    expect(res.statusCode).toBe(200);
    await (t.app.jobs as InlineQueue).idle();
    const mail = t.mailer.sent.filter((m) => m.template === "policies_export").at(-1)!;
    expect(linkIn(mail.text).startsWith(`${origin}/v2/files/`)).toBe(true);
  });
});
