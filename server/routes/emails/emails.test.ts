import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, sentEmails } from "../../db/schema";
import { attachDocument, removeDocuments } from "../../files/documents";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "staffA" | "staffB" | "agentB", AuthHeaders>;
const ids: Record<string, number> = {};
const get = (url: string, headers?: AuthHeaders) => t.app.inject({ method: "GET", url, headers });
const subjects = (rows: Array<{ subject: string }>) => rows.map((r) => r.subject).sort();

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "staffA", "staffB", "agentB"]));
  const mail = async (key: string, values: Partial<typeof sentEmails.$inferInsert>) => {
    const [row] = await t.database.db
      .insert(sentEmails)
      .values({ to: "someone@example.com", subject: key, text: `Body of ${key}`, template: "policy_cancelled", ...values })
      .returning();
    ids[key] = row.id;
  };
  await mail("About policy A", { related_type: "Policy", related_id: world.policies.A.id, status: "sent" });
  await mail("About policy B", { related_type: "Policy", related_id: world.policies.B.id, status: "failed", error: "550 mailbox unavailable" });
  await mail("To staff A", { to: "staff.a@test.dev", template: "staff_password_reset", html: "<p>Hello <script>alert(1)</script></p>" });
}, 60_000);
afterAll(() => t.close());

describe("Email History", () => {
  it("lists every mail for a super admin, newest first, filtered by status and template", async () => {
    const all = await get("/v2/staff_super_admin/sent_emails", as.superAdmin);
    expect(all.statusCode).toBe(200);
    expect(all.json().map((m: { subject: string }) => m.subject)).toEqual(["To staff A", "About policy B", "About policy A"]);
    expect(subjects((await get("/v2/sent_emails?filter[status]=failed", as.superAdmin)).json())).toEqual(["About policy B"]);
    expect(subjects((await get("/v2/sent_emails?filter[template]=staff_password_reset", as.superAdmin)).json())).toEqual(["To staff A"]);
    expect(subjects((await get("/v2/sent_emails?filter[subject][like]=policy", as.superAdmin)).json())).toEqual(["About policy A", "About policy B"]);
  });

  it("limits staff and agents to mails about their policies and to themselves (cross-tenant)", async () => {
    expect(subjects((await get("/v2/staff_account/sent_emails", as.staffA)).json())).toEqual(["About policy A", "To staff A"]);
    expect(subjects((await get("/v2/staff_account/sent_emails", as.staffB)).json())).toEqual(["About policy B"]);
    expect(subjects((await get("/v2/staff_agency/sent_emails", as.agentB)).json())).toEqual(["About policy B"]);
    expect((await get(`/v2/staff_account/sent_emails/${ids["About policy A"]}`, as.staffB)).statusCode).toBe(404);
  });

  it("shows one mail with its text, html and failure", async () => {
    const res = await get(`/v2/staff_super_admin/sent_emails/${ids["About policy B"]}`, as.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subject: "About policy B", text: "Body of About policy B", status: "failed", error: "550 mailbox unavailable", attachments: [] });
    const own = await get(`/v2/staff_account/sent_emails/${ids["To staff A"]}`, as.staffA);
    expect(own.json().html).toContain("<p>Hello");
    expect((await get("/v2/staff_super_admin/sent_emails/999999", as.superAdmin)).json()).toMatchObject({ message: "Email not found" });
    expect((await get(`/v2/sent_emails/${ids["To staff A"]}`)).statusCode).toBe(401);
    expect((await get("/v2/sent_emails?filter[status][like]=x&filter[colour]=red", as.superAdmin)).statusCode).toBe(422);
  });

  it("lists a mail's attachments and downloads each as sent, only within the mail's scope", async () => {
    const db = t.database.db;
    const pdf = "%PDF-1.4 declarations of policy A";
    const original = await attachDocument(db, t.files, { type: "Policy", id: world.policies.A.id }, { filename: "declarations.pdf", contentType: "application/pdf", body: Readable.from([Buffer.from(pdf)]) });
    const sentA = await t.mailer.send({ to: "holder.a@example.com", subject: "Documents A", text: "Attached.", template: "policy_documents", related: { type: "Policy", id: world.policies.A.id }, attachments: [{ documentId: original.id }] });
    const sentB = await t.mailer.send({ to: "holder.b@example.com", subject: "Documents B", text: "Attached.", template: "policy_documents", related: { type: "Policy", id: world.policies.B.id }, attachments: [{ documentId: original.id }] });
    const shown = await get(`/v2/staff_account/sent_emails/${sentA.id}`, as.staffA);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().attachments).toEqual([{ id: expect.any(Number), filename: "declarations.pdf", content_type: "application/pdf", byte_size: pdf.length }]);
    const attachmentA = shown.json().attachments[0].id;
    // The mail keeps its own copy: the policy's document may be replaced or removed later.
    expect(attachmentA).not.toBe(original.id);
    await removeDocuments(db, t.files, [original.id]);
    const file = await get(`/v2/staff_account/sent_emails/${sentA.id}/attachments/${attachmentA}`, as.staffA);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(pdf);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toContain('attachment; filename="declarations.pdf"');
    // Another tenant's staff reach neither the mail nor its attachment; an attachment only opens through its own mail.
    expect((await get(`/v2/staff_account/sent_emails/${sentA.id}/attachments/${attachmentA}`, as.staffB)).statusCode).toBe(404);
    expect((await get(`/v2/staff_agency/sent_emails/${sentA.id}/attachments/${attachmentA}`, as.agentB)).statusCode).toBe(404);
    const attachmentB = (await get(`/v2/staff_account/sent_emails/${sentB.id}`, as.staffB)).json().attachments[0].id;
    expect((await get(`/v2/staff_account/sent_emails/${sentA.id}/attachments/${attachmentB}`, as.staffA)).statusCode).toBe(404);
    expect((await get(`/v2/staff_account/sent_emails/${sentB.id}/attachments/${attachmentB}`, as.staffB)).body).toBe(pdf);
    expect((await get(`/v2/sent_emails/${sentA.id}/attachments/${attachmentA}`)).statusCode).toBe(401);
    expect((await get(`/v2/staff_account/sent_emails/${sentA.id}/attachments/abc`, as.staffA)).statusCode).toBe(422);
    const copies = await db.select().from(documents).where(eq(documents.attachable_type, "SentEmail"));
    expect(copies.map((d) => d.attachable_id).sort()).toEqual([sentA.id, sentB.id].sort());
  });
});
