import { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { policies, policyUsers, sentEmails } from "../../db/schema";
import { attachDocument } from "../../files/documents";
import { queryRows } from "../../lib/list";
import { signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentB" | "staffA" | "staffB" | "support", AuthHeaders>;
const P: Record<string, number> = {};

const post = (url: string, headers: AuthHeaders, payload: object) => t.app.inject({ method: "POST", url, headers, payload });
const MATCHING = { all_matching: true, filter: { number: { like: "BULK-" } } };

/** Which of our policies were mailed their documents, by key. */
async function mailed() {
  const rows = await t.database.db.select({ id: sentEmails.related_id }).from(sentEmails).where(eq(sentEmails.template, "policy_documents"));
  const ids = new Set(rows.map((r) => r.id));
  return Object.keys(P).filter((key) => ids.has(P[key])).sort();
}

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentB", "staffA", "staffB", "support"]));
  const db = t.database.db;
  const make = async (key: string, values: Partial<typeof policies.$inferInsert>, options: { documents?: boolean } = {}) => {
    const [row] = await db
      .insert(policies)
      .values({ number: `BULK-${key}`, status: "BOUND", policy_type_id: 1, policy_in_system: true, effective_date: "2026-01-01", expiration_date: "2027-01-01", ...values })
      .returning();
    P[key] = row.id;
    await db.insert(policyUsers).values({ policy_id: row.id, user_id: world.users.A.id, primary: true });
    if (options.documents !== false) {
      await attachDocument(db, t.files, { type: "Policy", id: row.id }, { filename: `${key}.pdf`, contentType: "application/pdf", body: Readable.from([Buffer.from("%PDF-1.4 bulk")]) });
    }
  };
  const A = { agency_id: world.agencies.A.id, account_id: world.accounts.A.id };
  await make("A", A);
  await make("A1", { agency_id: world.agencies.A1.id, account_id: world.accounts.A1.id });
  await make("B", { agency_id: world.agencies.B.id, account_id: world.accounts.B.id });
  await make("Aexternal", { ...A, policy_in_system: false, status: "EXTERNAL_VERIFIED" });
  await make("Anodocs", A, { documents: false });
}, 60_000);
afterAll(() => t.close());

describe("bulk Resend Documents (grid kit: picked policies or all matching)", () => {
  it("an agent's all matching reaches its agency tree only; a policy the single action would refuse fails alone with its reason, named by its number", async () => {
    const res = await post("/v2/staff_agency/policies/bulk_resend_documents", as.agentA, MATCHING);
    expect(res.statusCode).toBe(200);
    const { done, failed } = res.json() as { done: number[]; failed: Array<{ id: number; reason: string }> };
    expect(done).toEqual([P.A, P.A1]);
    expect(failed).toEqual([
      { id: P.Aexternal, label: "BULK-Aexternal", reason: "Documents are sent for in-system policies only" },
      { id: P.Anodocs, label: "BULK-Anodocs", reason: "The policy has no documents" },
    ]);
    // Agency B's policy matched the filter too, and was never touched.
    expect(await mailed()).toEqual(["A", "A1"]);
  });

  it("staff's all matching stays in their account, and a policy mailed a moment ago is refused as the single call refuses it", async () => {
    const res = await post("/v2/staff_account/policies/bulk_resend_documents", as.staffA, MATCHING);
    const { done, failed } = res.json() as { done: number[]; failed: Array<{ id: number; reason: string }> };
    expect(done).toEqual([]);
    expect(failed.map((f) => f.id)).toEqual([P.A, P.Aexternal, P.Anodocs]);
    expect(failed[0].reason).toMatch(/less than 5 minutes ago/);
    // Staff B of the other account: only B's policy, mailed now.
    const other = await post("/v2/staff_account/policies/bulk_resend_documents", as.staffB, MATCHING);
    expect(other.json()).toEqual({ done: [P.B], failed: [] });
    expect(await mailed()).toEqual(["A", "A1", "B"]);
  });

  it("picked ids outside the caller's scope are not acted on and fail as not found; nothing named acts on nothing", async () => {
    await t.database.db.delete(sentEmails).where(and(eq(sentEmails.template, "policy_documents"), eq(sentEmails.related_id, P.A1)));
    const res = await post("/v2/staff_agency/policies/bulk_resend_documents", as.agentB, { ids: [P.A1, P.B] });
    expect(res.json()).toEqual({ done: [], failed: [{ id: P.B, label: "BULK-B", reason: expect.stringMatching(/less than 5 minutes ago/) }, { id: P.A1, label: "", reason: "Policy not found" }] });
    expect(await mailed()).toEqual(["A", "B"]);
    expect((await post("/v2/staff_agency/policies/bulk_resend_documents", as.agentA, { filter: { number: { like: "BULK-" } } })).json()).toEqual({ done: [], failed: [] });
    const picked = await post("/v2/staff_agency/policies/bulk_resend_documents", as.agentA, { ids: [P.A1, P.B] });
    expect(picked.json()).toEqual({ done: [P.A1], failed: [{ id: P.B, label: "", reason: "Policy not found" }] });
  });

  it("refuses policy support (403), a key that is off (401), an unknown filter and more than 10,000 matches (422, nothing mailed)", async () => {
    expect((await post("/v2/policy-support/policies/bulk_resend_documents", as.support, MATCHING)).statusCode).toBe(403);
    const restricted = await signInAs(t.app, world.staff.restricted.email);
    const off = await post("/v2/staff_agency/policies/bulk_resend_documents", restricted, MATCHING);
    expect(off.statusCode).toBe(401);
    expect(off.json()).toMatchObject({ error: "permission_not_enabled" });
    expect((await post("/v2/staff_agency/policies/bulk_resend_documents", as.agentA, { all_matching: true, filter: { colour: "red" } })).statusCode).toBe(422);
    expect((await post("/v2/staff_agency/policies/bulk_resend_documents", as.agentA, { ids: [] })).statusCode).toBe(422);
    const db = t.database.db;
    await db.execute(
      sql`INSERT INTO policies (number, status, policy_type_id, policy_in_system, agency_id, account_id)
          SELECT 'BULKCAP-' || n, 'BOUND', 1, true, ${world.agencies.A.id}, ${world.accounts.A.id} FROM generate_series(1, 10001) n`,
    );
    try {
      const before = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM sent_emails`);
      const capped = await post("/v2/staff_agency/policies/bulk_resend_documents", as.agentA, { all_matching: true, filter: { number: { like: "BULKCAP-" } } });
      expect(capped.statusCode).toBe(422);
      expect(capped.json().errors.filter).toMatch(/more than 10000 rows/);
      expect(await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM sent_emails`)).toEqual(before);
    } finally {
      await db.execute(sql`DELETE FROM policies WHERE number LIKE 'BULKCAP-%'`);
    }
  });
});
