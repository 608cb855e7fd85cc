import { readFileSync } from "node:fs";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sentEmails } from "../../server/db/schema";
import { redactUrl } from "../../server/lib/log-redaction";
import { buildWorld } from "../../server/test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../server/test/helpers";

/**
 * Bearer secrets stay with their recipient (issue 9, hole 9): reset and invitation tokens are masked in Email History,
 * and signed links, tokens and personal query values never reach the logs.
 */
let t: TestApp;
const lines: string[] = [];
const as: Record<string, AuthHeaders> = {};

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: "info" }, { logStream });
  await buildWorld(t.database.db);
  as.superAdmin = await signInAs(t.app, "super.admin@test.dev");
});
afterAll(() => t.close());

const tokenIn = (text: string) => /\/auth\/(?:reset-password|accept-invitation)\/([\w-]+)/.exec(text)?.[1] ?? "";

describe("Email History", () => {
  it("keeps the reset mail with its token masked, while the recipient's copy has it", async () => {
    await t.app.inject({ method: "POST", url: "/v2/staff/auth/password", payload: { email: "staff.a@test.dev" } });
    const sent = t.mailer.sent.at(-1)!;
    const token = tokenIn(sent.text);
    expect(token.length).toBeGreaterThan(20);
    const history = await t.app.inject({ method: "GET", url: "/v2/staff_super_admin/sent_emails?filter[template]=staff_password_reset", headers: as.superAdmin });
    expect(history.statusCode).toBe(200);
    const shown = JSON.stringify(history.json());
    expect(shown).not.toContain(token);
    expect(history.json()[0].text).toContain("/auth/reset-password/[hidden]");
    const [row] = await t.database.db.select().from(sentEmails).where(eq(sentEmails.template, "staff_password_reset"));
    expect(row.text).not.toContain(token);
  });

  it("keeps the invitation with its token masked", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/v2/staff_super_admin/staffs",
      headers: as.superAdmin,
      payload: { staff: { email: "invitee@test.dev", role: "policy_support", profile_attributes: { first_name: "In", last_name: "Vitee" } } },
    });
    expect(res.statusCode).toBe(201);
    const token = tokenIn(t.mailer.sent.at(-1)!.text);
    expect(token.length).toBeGreaterThan(20);
    const rows = await t.database.db.select().from(sentEmails).where(eq(sentEmails.template, "staff_invitation"));
    expect(rows.at(-1)!.text).toContain("/auth/accept-invitation/[hidden]");
    expect(rows.every((r) => !r.text.includes(token))).toBe(true);
  });

  it("the migration masks tokens recorded before", async () => {
    const [old] = await t.database.db
      .insert(sentEmails)
      .values({ to: "x@test.dev", subject: "s", text: "Open http://h/auth/reset-password/AbC-123_xyz now", template: "staff_password_reset" })
      .returning();
    const migration = readFileSync("server/db/migrations/0006_mask_mail_tokens.sql", "utf8");
    await t.database.db.execute(sql.raw(migration));
    const [after] = await t.database.db.select().from(sentEmails).where(eq(sentEmails.id, old.id));
    expect(after.text).toBe("Open http://h/auth/reset-password/[hidden] now");
  });
});

describe("logs", () => {
  it("never hold a signed link, a reset token or personal query values", async () => {
    const policies = await t.app.inject({ method: "GET", url: "/v2/staff_super_admin/policies", headers: as.superAdmin });
    expect(policies.statusCode).toBe(200);
    await t.app.inject({ method: "GET", url: "/v2/files/eyJzZWNyZXQiOjF9.c2lnbmF0dXJl?inline=1" });
    await t.app.inject({ method: "GET", url: "/auth/reset-password/Sup3rSecretT0ken" });
    await t.app.inject({
      method: "GET",
      url: "/v2/staff_super_admin/users?filter[email][like]=ann.lee%40example.com&filter[profile][full_name][like]=Ann%20Lee&pagination[page]=1",
      headers: as.superAdmin,
    });
    const log = lines.join("\n");
    expect(log).toContain("/v2/files/[redacted]?inline=1");
    expect(log).toContain("pagination[page]=1");
    for (const secret of ["eyJzZWNyZXQiOjF9", "c2lnbmF0dXJl", "Sup3rSecretT0ken", "ann.lee", "Ann%20Lee", "Ann Lee"]) expect(log).not.toContain(secret);
    // the reset mail of the first test: its token is in no log line either
    expect(log).not.toContain(tokenIn(t.mailer.sent.find((m) => m.template === "staff_password_reset")!.text));
  });

  it("redactUrl keeps paging and sorting only", () => {
    expect(redactUrl("/v2/users?search=bob%40x.com&sort[column]=email&agency_id=3&t_code=t0001")).toBe("/v2/users?search=[redacted]&sort[column]=email&agency_id=3&t_code=[redacted]");
    expect(redactUrl("/auth/accept-invitation/abc?x=1")).toBe("/auth/accept-invitation/[redacted]?x=[redacted]");
    expect(redactUrl("/upload/dXAxLjEuMi4zLjQ.c2ln")).toBe("/upload/[redacted]");
    expect(redactUrl("/v2/upload_links/dXAxLjEuMi4zLjQ.c2ln")).toBe("/v2/upload_links/[redacted]");
  });
});
