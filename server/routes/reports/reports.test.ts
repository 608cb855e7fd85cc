import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysBefore, reportToday } from "../../../src/domain/leads";
import type { PolicyStatus } from "../../../src/domain/policies";
import { carriers, insurables, policies, policyInsurables, reports, sentEmails } from "../../db/schema";
import type { InlineQueue } from "../../jobs/queue";
import { buildWorld } from "../../test/fixtures";
import { type AuthHeaders, createTestApp, signInAs, type TestApp } from "../../test/helpers";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
const ids: Record<string, number> = {};
const today = reportToday();
const inDays = (n: number) => daysBefore(today, -n);

/**
 * A fixed small portfolio. Account A: Alder Court (building B1 with units 101 and 102, unit 103 directly under the
 * community) and Birch Row (units 1 and 2); covered 101, 103 and Birch 1. Account A1 (agency A1, under agency A):
 * Cedar Lane with one uncovered unit. Account B: Dune Park with two covered units and one policy.
 */
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  const db = t.database.db;
  const A = world.accounts.A.id;
  const place = async (key: string, title: string, type: number, parent: number | null, account: number, agency: number, covered = false) => {
    const [row] = await db.insert(insurables).values({ title, insurable_type_id: type, insurable_id: parent, account_id: account, agency_id: agency, covered }).returning();
    ids[key] = row.id;
  };
  const agA = world.agencies.A.id;
  await place("alder", "Alder Court", 1, null, A, agA);
  await place("b1", "B1", 7, ids.alder, A, agA);
  await place("u101", "101", 4, ids.b1, A, agA, true);
  await place("u102", "102", 4, ids.b1, A, agA);
  await place("u103", "103", 4, ids.alder, A, agA, true);
  await place("birch", "Birch Row", 1, null, A, agA);
  await place("birch1", "1", 4, ids.birch, A, agA, true);
  await place("birch2", "2", 4, ids.birch, A, agA);
  await place("cedar", "Cedar Lane", 1, null, world.accounts.A1.id, world.agencies.A1.id);
  await place("cedar1", "1", 4, ids.cedar, world.accounts.A1.id, world.agencies.A1.id);
  await place("dune", "Dune Park", 1, null, world.accounts.B.id, world.agencies.B.id);
  await place("dune1", "1", 4, ids.dune, world.accounts.B.id, world.agencies.B.id, true);
  await place("dune2", "2", 4, ids.dune, world.accounts.B.id, world.agencies.B.id, true);

  const [acme] = await db.insert(carriers).values({ title: "Acme Mutual" }).returning();
  const [zen] = await db.insert(carriers).values({ title: "Zenith Re" }).returning();
  ids.acme = acme.id;
  ids.zen = zen.id;
  const policy = async (number: string, status: PolicyStatus, expires: string, units: string[], extra: Partial<typeof policies.$inferInsert> = {}) => {
    const account = units[0].startsWith("dune") ? world.accounts.B : world.accounts.A;
    const [row] = await db
      .insert(policies)
      .values({ number, status, policy_type_id: 1, policy_in_system: true, account_id: account.id, agency_id: account.agency_id, effective_date: "2026-01-15", expiration_date: expires, ...extra })
      .returning();
    for (const unit of units) await db.insert(policyInsurables).values({ policy_id: row.id, insurable_id: ids[unit] });
  };
  await policy("R-1", "BOUND", inDays(10), ["u101"], { carrier_id: acme.id, premium_total: 12_000, effective_date: "2026-01-15" });
  await policy("R-2", "BOUND", inDays(100), ["u103"], { carrier_id: acme.id, premium_total: 30_050, effective_date: "2026-02-03" });
  await policy("R-3", "RENEWED", inDays(30), ["birch1"], { carrier_id: zen.id, premium_total: 5_000, effective_date: "2026-01-20" });
  await policy("R-4", "EXPIRED", inDays(-5), ["u102"], { carrier_id: acme.id, premium_total: 7_000, effective_date: "2025-11-30" });
  await policy("R-5", "CANCELLED", inDays(5), ["birch2"], { carrier_id: acme.id, premium_total: 1_000, effective_date: "2026-02-28" });
  // One policy on units of both communities: once in the account's total, once in each community.
  await policy("R-6", "BOUND", inDays(200), ["u101", "birch1"], { carrier_id: zen.id, premium_total: 2_500, effective_date: "2026-02-10" });
  // Never written (a quote): no premium in the bordereau.
  await policy("R-7", "AWAITING_PAYMENT", inDays(300), ["u102"], { carrier_id: acme.id, premium_total: 9_900, effective_date: "2026-01-05" });
  await policy("R-8", "BOUND", inDays(20), ["dune1"], { carrier_id: acme.id, premium_total: 4_000, effective_date: "2026-03-01" });

  for (const [name, email] of Object.entries({
    superAdmin: "super.admin@test.dev",
    support: "policy.support@test.dev",
    agentA: "agent.a@test.dev",
    agentA1: "agent.a1@test.dev",
    agentB: "agent.b@test.dev",
    staffA: "staff.a@test.dev",
    staffB: "staff.b@test.dev",
  })) {
    as[name] = await signInAs(t.app, email);
  }
}, 60_000);
afterAll(() => t.close());

const req = (method: "GET" | "POST", url: string, headers?: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });
const idle = () => (t.app.jobs as InlineQueue).idle();

/** Asks for a report, lets the job run, and answers the listed report. */
async function generate(base: string, headers: AuthHeaders) {
  const asked = await req("POST", `/v2${base}/reports/generate`, headers);
  expect(asked.statusCode).toBe(201);
  expect(asked.json()).toMatchObject({ kind: "compliance", status: "queued", formats: [], period: { from: today, to: today } });
  await idle();
  const list = await req("GET", `/v2${base}/reports`, headers);
  expect(list.statusCode).toBe(200);
  const report = list.json().find((r: { id: number }) => r.id === asked.json().id);
  expect(report).toMatchObject({ status: "ready", progress: 100, formats: ["csv", "xlsx"] });
  return report as { id: number; summary: Record<string, unknown> };
}

describe("the compliance report", () => {
  it("counts an account's units, covered units, policies by status and those expiring in 30 days, in total and per community", async () => {
    const report = await generate(`/staff_account/accounts/${world.accounts.A.id}`, as.staffA);
    expect(report.summary).toEqual({
      as_of: today,
      units: 5,
      covered_units: 3,
      covered_percent: 60,
      policies_total: 7,
      active_policies: 4,
      expiring_30_days: 2,
      policies_by_status: { AWAITING_PAYMENT: 1, BOUND: 3, RENEWED: 1, EXPIRED: 1, CANCELLED: 1 },
    });

    const csv = await req("GET", `/v2/staff_account/accounts/${world.accounts.A.id}/reports/${report.id}.csv`, as.staffA);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv");
    expect(csv.headers["content-disposition"]).toContain(`filename="compliance-account-a-${today}-${report.id}.csv"`);
    const parsed = Papa.parse<string[]>(csv.body.trim(), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ["Community", "Units", "Covered Units", "Covered %", "Active Policies", "Expiring in 30 Days", "Policies AWAITING_PAYMENT", "Policies BOUND", "Policies RENEWED", "Policies EXPIRED", "Policies CANCELLED"],
      ["Alder Court", "3", "2", "66.7", "3", "1", "1", "3", "0", "1", "0"],
      ["Birch Row", "2", "1", "50", "2", "1", "0", "1", "1", "0", "1"],
      ["Total", "5", "3", "60", "4", "2", "1", "3", "1", "1", "1"],
    ]);

    const xlsx = await req("GET", `/v2/staff_account/accounts/${world.accounts.A.id}/reports/${report.id}.xlsx`, as.staffA);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.headers["content-disposition"]).toContain(`.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = (name: string) => book.getWorksheet(name)!.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(values("Summary").slice(1, 8)).toEqual([
      ["As of", today],
      ["Units", 5],
      ["Covered Units", 3],
      ["Covered %", 60],
      ["Policies", 7],
      ["Active Policies", 4],
      ["Expiring in 30 Days", 2],
    ]);
    expect(values("Communities").map((row) => row.slice(0, 6))).toEqual([
      ["Community", "Units", "Covered Units", "Covered %", "Active Policies", "Expiring in 30 Days"],
      ["Alder Court", 3, 2, 66.7, 3, 1],
      ["Birch Row", 2, 1, 50, 2, 1],
      ["Total", 5, 3, 60, 4, 2],
    ]);
  });

  it("covers an agency's tree, a sub-agency alone, and one property", async () => {
    const agency = await generate(`/staff_agency/agencies/${world.agencies.A.id}`, as.agentA);
    expect(agency.summary).toMatchObject({ units: 6, covered_units: 3, covered_percent: 50, policies_total: 7, expiring_30_days: 2 });
    const sub = await generate(`/staff_agency/agencies/${world.agencies.A1.id}`, as.agentA1);
    expect(sub.summary).toMatchObject({ units: 1, covered_units: 0, covered_percent: 0, policies_total: 0, policies_by_status: {} });
    const birch = await generate(`/staff_account/insurables/${ids.birch}`, as.staffA);
    expect(birch.summary).toMatchObject({ units: 2, covered_units: 1, policies_total: 3, active_policies: 2, expiring_30_days: 1, policies_by_status: { BOUND: 1, RENEWED: 1, CANCELLED: 1 } });
    const building = await generate(`/staff_super_admin/insurables/${ids.b1}`, as.superAdmin);
    expect(building.summary).toMatchObject({ units: 2, covered_units: 1, policies_total: 4 });
    // Each owner lists its own reports only.
    const listed = (await req("GET", `/v2/insurables/${ids.birch}/reports`, as.superAdmin)).json();
    expect(listed.map((r: { id: number }) => r.id)).toEqual([birch.id]);
  });

  it("keeps each caller to their scope: another tenant's account, agency or property is a 404", async () => {
    const A = world.accounts.A.id;
    const cases: Array<[string, AuthHeaders, number]> = [
      [`/v2/accounts/${A}/reports`, as.staffA, 200],
      [`/v2/accounts/${world.accounts.B.id}/reports`, as.staffA, 404],
      [`/v2/agencies/${world.agencies.A.id}/reports`, as.staffA, 404],
      [`/v2/insurables/${ids.dune}/reports`, as.staffA, 404],
      [`/v2/accounts/${A}/reports`, as.staffB, 404],
      [`/v2/accounts/${A}/reports`, as.agentA, 200],
      [`/v2/accounts/${world.accounts.A1.id}/reports`, as.agentA1, 200],
      [`/v2/accounts/${A}/reports`, as.agentA1, 404],
      [`/v2/agencies/${world.agencies.A.id}/reports`, as.agentA1, 404],
      [`/v2/agencies/${world.agencies.A.id}/reports`, as.agentB, 404],
      [`/v2/insurables/${ids.birch}/reports`, as.agentB, 404],
      [`/v2/accounts/${world.accounts.B.id}/reports`, as.superAdmin, 200],
      [`/v2/agencies/${world.agencies.B.id}/reports`, as.superAdmin, 200],
      [`/v2/accounts/${A}/reports`, as.support, 403],
      [`/v2/accounts/${A}/reports`, undefined as unknown as AuthHeaders, 401],
    ];
    const answers = await Promise.all(cases.map(async ([url, headers]) => (await req("GET", url, headers)).statusCode));
    expect(answers).toEqual(cases.map(([, , status]) => status));
    expect((await req("POST", `/v2/accounts/${world.accounts.B.id}/reports/generate`, as.staffA)).statusCode).toBe(404);
    expect((await req("POST", `/v2/agencies/${world.agencies.B.id}/reports/generate`, as.agentA)).statusCode).toBe(404);
    const before = await t.database.db.select().from(reports);
    expect(before.filter((r) => r.owner_type === "Account" && r.owner_id === world.accounts.B.id)).toEqual([]);
  });

  it("answers a download 404 until the report is ready, for another owner's report and for a missing format", async () => {
    const A = world.accounts.A.id;
    const [queued] = await t.database.db.insert(reports).values({ kind: "compliance", owner_type: "Account", owner_id: A, staff_id: world.staff.staffA.id, period_from: today, period_to: today }).returning();
    expect((await req("GET", `/v2/accounts/${A}/reports/${queued.id}.csv`, as.staffA)).statusCode).toBe(404);
    const listed = (await req("GET", `/v2/accounts/${A}/reports`, as.staffA)).json();
    expect(listed[0]).toMatchObject({ id: queued.id, status: "queued", formats: [], summary: null });
    const ready = await generate(`/accounts/${A}`, as.superAdmin);
    // The report belongs to account A: named under account B or agency A it does not exist.
    expect((await req("GET", `/v2/accounts/${world.accounts.B.id}/reports/${ready.id}.csv`, as.superAdmin)).statusCode).toBe(404);
    expect((await req("GET", `/v2/agencies/${world.agencies.A.id}/reports/${ready.id}.csv`, as.superAdmin)).statusCode).toBe(404);
    expect((await req("GET", `/v2/accounts/${A}/reports/${ready.id}.csv`, as.staffB)).statusCode).toBe(404);
    const json = await req("GET", `/v2/accounts/${A}/reports/${ready.id}.json`, as.staffA);
    expect(json.json()).toMatchObject({ id: ready.id, status: "ready", formats: ["csv", "xlsx"], summary: { units: 5 } });
    expect((await req("GET", `/v2/accounts/${A}/reports/${queued.id}`, as.staffA)).json()).toMatchObject({ id: queued.id, status: "queued" });
    for (const bad of ["abc", `${ready.id}.pdf`, `${ready.id}.`, "99999999999.csv", "0.csv"]) {
      const res = await req("GET", `/v2/accounts/${A}/reports/${bad}`, as.superAdmin);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.reportId).toBeTruthy();
    }
    expect((await req("GET", `/v2/accounts/${A}/reports?pagination[per]=abc`, as.superAdmin)).statusCode).toBe(422);
    expect((await req("POST", `/v2/accounts/${A}/reports/generate?type=bordereau`, as.superAdmin)).statusCode).toBe(422);
    expect((await req("GET", `/v2/accounts/abc/reports`, as.superAdmin)).statusCode).toBe(422);
  });

  it("is taken up again after its process died, and a duplicate delivery does nothing", async () => {
    const { runReport } = await import("../../jobs/build-report");
    const deps = { db: t.database.db, files: t.files, mailer: t.mailer, filesSecret: "x", publicUrl: "http://localhost" };
    const [dead] = await t.database.db
      .insert(reports)
      .values({ kind: "compliance", owner_type: "Account", owner_id: world.accounts.B.id, staff_id: world.staff.superAdmin.id, period_from: today, period_to: today, status: "running", heartbeat_at: new Date(Date.now() - 120_000), attempts: 1 })
      .returning();
    await runReport(deps, dead.id);
    const [done] = await t.database.db.select().from(reports).where(eq(reports.id, dead.id));
    expect(done).toMatchObject({ status: "ready", attempts: 2 });
    expect(done.summary).toMatchObject({ units: 2, covered_units: 2, policies_total: 1, expiring_30_days: 1 });
    await runReport(deps, dead.id);
    const [again] = await t.database.db.select().from(reports).where(eq(reports.id, dead.id));
    expect(again.attempts).toBe(2);
  });
});

describe("the bordereau (POST /reports/bordereau_reports)", () => {
  it("mails the premium written per carrier and month of the period as an XLSX, recorded in Email History", async () => {
    const res = await req("POST", "/v2/staff_super_admin/reports/bordereau_reports", as.superAdmin, { from: "2026-01-01", to: "2026-02-28" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "Report were sent" });
    await idle();
    const mail = t.mailer.sent.find((m) => m.template === "bordereau_report");
    expect(mail?.to).toBe("super.admin@test.dev");
    expect(mail?.text).toContain("5 policies, premium written $505.50");
    const [recorded] = await t.database.db.select().from(sentEmails).where(eq(sentEmails.template, "bordereau_report"));
    expect(recorded).toMatchObject({ to: "super.admin@test.dev", related_type: "Report", related_id: res.json().report_id });
    // The XLSX goes with the mail, and Email History lists it.
    const shown = (await req("GET", `/v2/staff_super_admin/sent_emails/${recorded.id}`, as.superAdmin)).json();
    expect(shown.attachments).toEqual([expect.objectContaining({ content_type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", filename: expect.stringMatching(/\.xlsx$/) })]);
    const link = /Download it within 7 days: https?:\/\/[^\s/]+(\/v2\/files\/\S+)/.exec(mail!.text)![1];
    const file = await req("GET", link);
    expect(file.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.getWorksheet("Bordereau")!.getSheetValues().slice(3).map((row) => (row as unknown[]).slice(1));
    // R-4 (November) and R-8 (March) fall outside; R-7 was never bound.
    expect(rows).toEqual([
      ["Carrier", "Month", "Policies", "Premium Written"],
      ["Acme Mutual", "2026-01", 1, 120],
      ["Acme Mutual", "2026-02", 2, 310.5],
      ["Acme Mutual total", "", 3, 430.5],
      ["Zenith Re", "2026-01", 1, 50],
      ["Zenith Re", "2026-02", 1, 25],
      ["Zenith Re total", "", 2, 75],
      ["Total", "", 5, 505.5],
    ]);
  });

  it("narrows to one carrier", async () => {
    const res = await req("POST", "/v2/reports/bordereau_reports", as.superAdmin, { from: "2025-11-01", to: "2026-03-31", carrier_id: ids.zen });
    expect(res.statusCode).toBe(200);
    await idle();
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, res.json().report_id));
    expect(row.summary).toMatchObject({ policies: 2, premium: 7_500 });
  });

  it("refuses impossible dates, a reversed or too long period, an unknown carrier, and everyone but super admins", async () => {
    const post = (body: object, headers = as.superAdmin) => req("POST", "/v2/reports/bordereau_reports", headers, body);
    const count = async () => (await t.database.db.select().from(reports)).length;
    const before = await count();
    const impossible = await post({ from: "2026-02-30", to: "2026-03-01" });
    expect(impossible.statusCode).toBe(422);
    expect(impossible.json().errors.from).toBeTruthy();
    const reversed = await post({ from: "2026-03-01", to: "2026-02-01" });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual({ to: "must be on or after the start of the period" });
    const long = await post({ from: "2025-01-01", to: "2026-01-02" });
    expect(long.json().errors).toEqual({ to: "The period can't be longer than 12 months" });
    expect((await post({ from: "2025-01-01", to: "2025-12-31" })).statusCode).toBe(200);
    expect((await post({ from: "2026-01-01", to: "2026-01-31", carrier_id: 987654 })).json().errors).toEqual({ carrier_id: "Select carrier from the drop-down list" });
    expect((await post({ to: "2026-01-31" })).statusCode).toBe(422);
    expect((await post({ from: "2026-01-01", to: "2026-01-31" }, as.agentA)).statusCode).toBe(403);
    expect((await post({ from: "2026-01-01", to: "2026-01-31" }, as.staffA)).statusCode).toBe(403);
    expect(await count()).toBe(before + 1);
    await idle();
  });
});

describe("the bordereau requests (GET /reports/bordereau_reports)", () => {
  it("lists every request newest first: status, period, carrier, who asked, when the mail went out, the XLSX", async () => {
    const asked = await req("POST", "/v2/reports/bordereau_reports", as.superAdmin, { from: "2026-01-01", to: "2026-01-31", carrier_id: ids.acme });
    await idle();
    const list = await req("GET", "/v2/staff_super_admin/reports/bordereau_reports?pagination[per]=2", as.superAdmin);
    expect(list.statusCode).toBe(200);
    const total = Number(list.headers["total-entries"]);
    expect(total).toBe((await t.database.db.select().from(reports).where(eq(reports.kind, "bordereau"))).length);
    expect(list.json()).toHaveLength(2);
    const [newest] = list.json();
    const [mail] = await t.database.db.select().from(sentEmails).where(eq(sentEmails.related_id, asked.json().report_id));
    expect(newest).toMatchObject({
      id: asked.json().report_id,
      status: "ready",
      period: { from: "2026-01-01", to: "2026-01-31" },
      carrier: { id: ids.acme, title: "Acme Mutual" },
      requested_by: { email: "super.admin@test.dev" },
      mail: { id: mail.id, to: "super.admin@test.dev" },
      sent_at: mail.created_at.toISOString(),
      formats: ["xlsx"],
      summary: { policies: 1, premium: 12_000 },
    });

    // The XLSX itself, as the list offers it.
    const file = await req("GET", `/v2/reports/bordereau_reports/${newest.id}.xlsx`, as.superAdmin);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect((await req("GET", `/v2/reports/bordereau_reports/${newest.id}`, as.superAdmin)).json()).toMatchObject({ id: newest.id, status: "ready" });
    expect((await req("GET", `/v2/reports/bordereau_reports/${newest.id}.csv`, as.superAdmin)).statusCode).toBe(404);
  });

  it("filters by carrier, status and period, sorts by period, and refuses unknown filters and bad values with 422", async () => {
    await req("POST", "/v2/reports/bordereau_reports", as.superAdmin, { from: "2026-03-01", to: "2026-03-31", carrier_id: ids.zen });
    await req("POST", "/v2/reports/bordereau_reports", as.superAdmin, { from: "2025-12-01", to: "2025-12-31" });
    await idle();
    const byCarrier = (await req("GET", `/v2/reports/bordereau_reports?filter[carrier_id]=${ids.zen}`, as.superAdmin)).json() as Array<{ carrier: { id: number } }>;
    expect(byCarrier.length).toBeGreaterThan(0);
    expect(byCarrier.every((row) => row.carrier.id === ids.zen)).toBe(true);
    const inPeriod = (await req("GET", "/v2/reports/bordereau_reports?filter[period_from][start]=2026-01-01&sort[column]=period_from&sort[direction]=asc", as.superAdmin)).json() as Array<{
      period: { from: string };
    }>;
    expect(inPeriod.map((row) => row.period.from)).toEqual([...inPeriod.map((row) => row.period.from)].sort());
    expect(inPeriod.every((row) => row.period.from >= "2026-01-01")).toBe(true);
    expect((await req("GET", "/v2/reports/bordereau_reports?filter[status]=failed", as.superAdmin)).json()).toEqual([]);
    const unknown = await req("GET", "/v2/reports/bordereau_reports?filter[owner_id]=1", as.superAdmin);
    expect(unknown.statusCode).toBe(422);
    const badDate = await req("GET", "/v2/reports/bordereau_reports?filter[period_from][start]=2026-02-30", as.superAdmin);
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors).toBeTruthy();
    expect((await req("GET", "/v2/reports/bordereau_reports/abc.xlsx", as.superAdmin)).statusCode).toBe(422);
  });

  it("is the super admins' (a bordereau covers every agency's premium): agents, staff and support are refused, an unknown id is a 404", async () => {
    const asked = await req("POST", "/v2/reports/bordereau_reports", as.superAdmin, { from: "2026-02-01", to: "2026-02-28" });
    await idle();
    const row = { id: asked.json().report_id as number };
    for (const [prefix, who] of [["staff_agency", as.agentA], ["staff_account", as.staffA], ["policy-support", as.support]] as const) {
      expect((await req("GET", `/v2/${prefix}/reports/bordereau_reports`, who)).statusCode, prefix).toBe(403);
      expect((await req("GET", `/v2/${prefix}/reports/bordereau_reports/${row.id}.xlsx`, who)).statusCode, prefix).toBe(403);
    }
    expect((await req("GET", "/v2/reports/bordereau_reports")).statusCode).toBe(401);
    expect((await req("GET", "/v2/reports/bordereau_reports/987654.xlsx", as.superAdmin)).statusCode).toBe(404);
    // A compliance report's id is not a bordereau's.
    const [compliance] = await t.database.db
      .insert(reports)
      .values({ kind: "compliance", owner_type: "Account", owner_id: world.accounts.A.id, staff_id: world.staff.agentA.id, period_from: today, period_to: today })
      .returning();
    expect((await req("GET", `/v2/reports/bordereau_reports/${compliance.id}`, as.superAdmin)).statusCode).toBe(404);
  });
});
