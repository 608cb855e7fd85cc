import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysBefore, reportToday } from "../../../src/domain/leads";
import { EFFECTIVE_DATE_PAST, SHEET_COLUMNS, oneYearLater } from "../../../src/domain/rentGuarantee";
import type { ChargeRequest, PaymentGateway } from "../../billing/gateway";
import { testGateway } from "../../billing/test-gateway";
import { paymentProfiles } from "../../db/schema";
import { selectRows } from "../../db/seed/query";
import type { InlineQueue } from "../../jobs/queue";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";
import { multipart } from "../../test/multipart";
import type { Db } from "../../db/client";
import { recoverImports, startSchedules } from "../../jobs/handlers";
import { ACCEPT_JOB, runAcceptGroup, runGroupRow } from "./groups.service";
import { sampleRow } from "./sheet";

const charges: ChargeRequest[] = [];
/** When set, the next charge is made at the gateway but its answer never comes back (the process dies waiting). */
let loseNextAnswer = false;
const recordingGateway: PaymentGateway = {
  ...testGateway,
  async charge(request) {
    charges.push(request);
    const outcome = await testGateway.charge(request);
    if (loseNextAnswer) {
      loseNextAnswer = false;
      throw new Error("socket hang up (test)");
    }
    return outcome;
  },
};

let t: TestApp;
let world: World;
let staffA: AuthHeaders;
let staffB: AuthHeaders;
let agentA: AuthHeaders;
let agentB: AuthHeaders;
const today = reportToday();

beforeAll(async () => {
  ({ t, world, as: { staffA, staffB, agentA, agentB } } = await worldApp(["staffA", "staffB", "agentA", "agentB"], {}, { gateway: recordingGateway }));
}, 60_000);
afterAll(async () => t?.close());

type Cells = Record<string, string | number | Date | null>;

/** A sheet with the sample's columns (minus `omit`), one row per entry, each a sample row with `overrides`. */
async function sheet(rows: Cells[], opts: { omit?: string[]; seed?: string } = {}): Promise<Buffer> {
  const columns = SHEET_COLUMNS.filter((c) => !opts.omit?.includes(c.header));
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet("Applications");
  ws.addRow(columns.map((c) => c.header));
  rows.forEach((overrides, i) => {
    const base = sampleRow(i + 1, opts.seed ?? "t");
    const byKey = Object.fromEntries(SHEET_COLUMNS.map((c, k) => [c.key, base[k]]));
    ws.addRow(columns.map((c) => (c.key in overrides ? overrides[c.key] : byKey[c.key])));
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

function form(file: Buffer | null, common: Record<string, string> = {}, extra: Array<{ field: string; content: string }> = []) {
  const fields = { effective_date: today, expiration_date: oneYearLater(today), auto_pay: "true", auto_renew: "false", ...common };
  return multipart([
    ...Object.entries(fields).map(([k, v]) => ({ field: `policy_application_group[common_attributes][${k}]`, content: v })),
    ...extra,
    ...(file ? [{ field: "input_file", filename: "applications.xlsx", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", content: file }] : []),
  ]);
}

const upload = (headers: AuthHeaders, body: ReturnType<typeof form>, method: "POST" | "PUT" = "POST", id?: number) =>
  t.app.inject({ method, url: `/v2/staff_${headers === agentA || headers === agentB ? "agency" : "account"}/policy-application-groups${id ? `/${id}` : ""}`, headers: { ...headers, ...body.headers }, payload: body.payload });

const idle = () => (t.app.jobs as InlineQueue).idle();
const show = (headers: AuthHeaders, id: number) => t.app.inject({ method: "GET", url: `/v2/policy-application-groups/${id}`, headers });
const groupsCount = async () => (await selectRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM policy_application_groups`))[0].n;

async function importGroup(rows: Cells[], seed: string, headers = staffA) {
  const res = await upload(headers, form(await sheet(rows, { seed })));
  expect(res.statusCode, res.body).toBe(200);
  await idle();
  return res.json<{ id: number; status: string; policy_applications_count: number }>();
}

describe("uploading a sheet", () => {
  it("creates the group in progress, prices each row in its own job and ends awaiting acceptance with the invoices", async () => {
    const res = await upload(staffA, form(await sheet([{}, {}, {}], { seed: "ok" })));
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ status: "in_progress", policy_applications_count: 3, effective_date: today, expiration_date: oneYearLater(today), auto_pay: true, auto_renew: false });
    expect(created.account.id).toBe(world.accounts.A.id);
    await idle();
    const group = (await show(staffA, created.id)).json();
    expect(group).toMatchObject({ status: "awaiting_acceptance", created_policy_applications_count: 3, errors: [] });
    expect(group.policy_group_quote.invoices).toHaveLength(4);
    const [first] = group.policy_group_quote.invoices;
    expect(first).toMatchObject({ due_date: today, number: `RG-${created.id}-1` });
    // Premium in four instalments plus the three applications' fees on the first.
    const sum = group.policy_group_quote.invoices.reduce((s: number, i: { total: number }) => s + i.total, 0);
    expect(sum).toBe(group.policy_group_quote.total_premium + 3 * 500);
    expect(first.total).toBe(first.subtotal + 1500);

    const list = await t.app.inject({ method: "GET", url: "/v2/staff_account/policy-application-groups?pagination[per]=20&pagination[page]=1", headers: staffA });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((g: { id: number }) => g.id)).toContain(created.id);
    expect(Number(list.headers["total-entries"])).toBeGreaterThanOrEqual(1);
  });

  it("serves a sample sheet that imports as it is", async () => {
    const sample = await t.app.inject({ method: "GET", url: "/v2/staff_account/policy-application-groups/sample", headers: staffA });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers["content-disposition"]).toContain("rent-guarantee-sample.xlsx");
    const res = await upload(staffA, form(sample.rawPayload));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().policy_applications_count).toBe(2);
    await idle();
  });

  it.each([
    ["a PDF", async () => Buffer.from("%PDF-1.4\n1 0 obj\n"), { error: "Need the correct xlsx spreadsheet" }],
    ["a zip that is no workbook", async () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]), { error: "Need the correct xlsx spreadsheet" }],
    ["an empty file", async () => Buffer.alloc(0), { error: "Need the correct xlsx spreadsheet" }],
    ["only the header row", () => sheet([]), { error: "No valid rows" }],
  ])("refuses %s with 422 and keeps nothing", async (_name, make, body) => {
    const before = await groupsCount();
    const res = await upload(staffA, form(await make()));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject(body);
    expect(await groupsCount()).toBe(before);
  });

  it("names the missing columns", async () => {
    const res = await upload(staffA, form(await sheet([{}], { omit: ["Applicant-Email", "Monthly Rent ($)-Dollars"] })));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: "Bad file" });
    expect(res.json().content.map((c: { message: string }) => c.message)).toEqual(["Missing column: Applicant-Email", "Missing column: Monthly Rent ($)-Dollars"]);
  });

  it("names every bad row with the applicant's email: under 18, a wrong type, a bad state, a co-tenant with the applicant's email", async () => {
    const before = await groupsCount();
    const seventeen = daysBefore(today, 17 * 365);
    const res = await upload(
      staffA,
      form(
        await sheet(
          [
            {},
            { email: "minor@example.com", birth_date: seventeen },
            { email: "rent@example.com", monthly_rent: "a lot" },
            { email: "state@example.com", state: "ZZ" },
            { email: "co@example.com", co_first_name: "Sam", co_last_name: "Co", co_email: "co@example.com" },
          ],
          { seed: "bad" },
        ),
      ),
    );
    expect(res.statusCode, res.body).toBe(422);
    const content = res.json().content as Array<{ message: string; column: string }>;
    expect(res.json().error).toBe("Bad file");
    expect(content).toEqual([
      { message: "Row 3: The applicant must be at least 18 years old", column: "minor@example.com" },
      { message: "Row 4: Monthly Rent ($)-Dollars must be a number", column: "rent@example.com" },
      { message: "Row 5: Address-State must be a valid state code", column: "state@example.com" },
      { message: "Row 6: Co-Tenant-Email must differ from the applicant's", column: "co@example.com" },
    ]);
    expect(await groupsCount()).toBe(before);
  });

  it("refuses an effective date before today, and a form without a file", async () => {
    const past = await upload(staffA, form(await sheet([{}]), { effective_date: daysBefore(today, 1) }));
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.effective_date).toBe(EFFECTIVE_DATE_PAST);
    const noFile = await upload(staffA, form(null));
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.input_file).toBeDefined();
    const badDate = await upload(staffA, form(await sheet([{}]), { effective_date: "2026-02-30" }));
    expect(badDate.statusCode).toBe(422);
  });
});

describe("scope", () => {
  it("staff see their account's groups only, agents their tree's; another tenant's id is a 404", async () => {
    const group = await importGroup([{}], "scope");
    expect((await show(staffB, group.id)).statusCode).toBe(404);
    expect((await show(agentB, group.id)).statusCode).toBe(404);
    expect((await show(agentA, group.id)).statusCode).toBe(200);
    const listB = await t.app.inject({ method: "GET", url: "/v2/policy-application-groups", headers: staffB });
    expect(listB.json().map((g: { id: number }) => g.id)).not.toContain(group.id);
    for (const [method, url] of [["PUT", `/v2/policy-application-groups/${group.id}/accept`], ["DELETE", `/v2/policy-application-groups/${group.id}`]] as const) {
      expect((await t.app.inject({ method, url, headers: staffB })).statusCode).toBe(404);
    }
    const edit = await upload(staffB, form(null), "PUT", group.id);
    expect(edit.statusCode).toBe(404);
  });

  it("an agent imports for an account of their tree, never another's", async () => {
    const file = await sheet([{}], { seed: "agent" });
    const mine = await upload(agentA, form(file, {}, [{ field: "policy_application_group[account_id]", content: String(world.accounts.A1.id) }]));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().account.id).toBe(world.accounts.A1.id);
    const foreign = await upload(agentA, form(file, {}, [{ field: "policy_application_group[account_id]", content: String(world.accounts.B.id) }]));
    expect(foreign.statusCode).toBe(404);
    await idle();
  });
});

describe("row jobs that fail", () => {
  it("record the error with the applicant's email and kind; the group ends in error and only then can be deleted, with everything it made", async () => {
    const group = await importGroup([{ email: "twice@example.com" }, {}, { email: "twice@example.com" }, { monthly_rent: 25_000 }], "err");
    const body = (await show(staffA, group.id)).json();
    expect(body.status).toBe("error");
    expect(body.created_policy_applications_count).toBe(2);
    expect(body.errors).toHaveLength(2);
    const kinds = body.errors.map((e: { kind: string; information: { policy_users_params: Array<{ user_attributes: { email: string } }>; errors: string[] } }) => [
      e.kind,
      e.information.policy_users_params[0].user_attributes.email,
      e.information.errors[0],
    ]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ["policy_application_was_not_created", "twice@example.com", "The applicant is already on row 2 of this sheet"],
        ["policy_application_was_not_quoted", expect.stringContaining("@example.com"), "Monthly rent above $20000 is not guaranteed"],
      ]),
    );
    expect(body.policy_group_quote).toBeNull();
    // Accepting a group in error is refused.
    const accept = await t.app.inject({ method: "PUT", url: `/v2/policy-application-groups/${group.id}/accept`, headers: staffA });
    expect(accept.statusCode).toBe(422);
    const del = await t.app.inject({ method: "DELETE", url: `/v2/staff_account/policy-application-groups/${group.id}`, headers: staffA });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true });
    expect((await show(staffA, group.id)).statusCode).toBe(404);
    const left = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM policy_group_applications WHERE group_id = ${group.id}) + (SELECT count(*) FROM policy_group_errors WHERE group_id = ${group.id})
        + (SELECT count(*) FROM invoices WHERE invoiceable_type = 'PolicyGroupQuote' AND invoiceable_id = ${group.id}) AS n`,
    );
    expect(Number(left[0].n)).toBe(0);
  });

  it("a group awaiting acceptance cannot be deleted", async () => {
    const group = await importGroup([{}], "nodel");
    const del = await t.app.inject({ method: "DELETE", url: `/v2/policy-application-groups/${group.id}`, headers: staffA });
    expect(del.statusCode).toBe(422);
    expect((await show(staffA, group.id)).json().status).toBe("awaiting_acceptance");
  });

  it("a row a stopped process held is taken again once its claim is old; a row done is not done twice", async () => {
    const group = await importGroup([{}, {}], "resume");
    const [row] = await selectRows<{ id: number }>(t.database.db, sql`SELECT id FROM policy_group_applications WHERE group_id = ${group.id} ORDER BY id LIMIT 1`);
    // As if the process died mid-row: group back in progress, the row running since long ago, not counted.
    await t.database.db.execute(sql`UPDATE policy_group_applications SET status = 'running', claimed_at = now() - interval '1 hour' WHERE id = ${row.id}`);
    await t.database.db.execute(sql`UPDATE policy_application_groups SET status = 'in_progress', created_policy_applications_count = 1 WHERE id = ${group.id}`);
    await t.database.db.execute(sql`DELETE FROM invoices WHERE invoiceable_type = 'PolicyGroupQuote' AND invoiceable_id = ${group.id}`);
    await runGroupRow(t.database.db, row.id);
    await runGroupRow(t.database.db, row.id);
    const body = (await show(staffA, group.id)).json();
    expect(body).toMatchObject({ status: "awaiting_acceptance", created_policy_applications_count: 2 });
    expect(body.policy_group_quote.invoices).toHaveLength(4);
  });
});

describe("editing a group", () => {
  it("moves the dates (expiration one year on) and the invoices; a past date is refused with the spec's text", async () => {
    const group = await importGroup([{}], "edit");
    const later = daysBefore(oneYearLater(today), 300);
    const past = await upload(staffA, form(null, { effective_date: daysBefore(today, 2) }), "PUT", group.id);
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.effective_date).toBe(EFFECTIVE_DATE_PAST);
    const res = await upload(staffA, form(null, { effective_date: later, auto_renew: "true" }), "PUT", group.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ effective_date: later, expiration_date: oneYearLater(later), auto_renew: true, status: "awaiting_acceptance" });
    expect(res.json().policy_group_quote.invoices[0].due_date).toBe(later);
  });

  it("with a new sheet replaces the rows and prices them again", async () => {
    const group = await importGroup([{ email: "dup@example.com" }, { email: "dup@example.com" }], "fix");
    expect((await show(staffA, group.id)).json().status).toBe("error");
    const res = await upload(staffA, form(await sheet([{}, {}, {}], { seed: "fixed" })), "PUT", group.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "in_progress", policy_applications_count: 3 });
    await idle();
    expect((await show(staffA, group.id)).json()).toMatchObject({ status: "awaiting_acceptance", errors: [], created_policy_applications_count: 3 });
  });
});

describe("accepting a group", () => {
  it("needs a payment method on the account", async () => {
    const group = await importGroup([{}], "nopay");
    const res = await t.app.inject({ method: "PUT", url: `/v2/policy-application-groups/${group.id}/accept`, headers: staffA });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("Account doesn't have attached payment sources");
  });

  it("a declined card charges nothing, creates no policy and leaves the group awaiting acceptance", async () => {
    const group = await importGroup([{}], "declined", staffB);
    await t.database.db.insert(paymentProfiles).values({ payer_type: "Account", payer_id: world.accounts.B.id, source_id: "tok_decline_b", default_profile: true });
    const before = charges.length;
    const res = await t.app.inject({ method: "PUT", url: `/v2/staff_account/policy-application-groups/${group.id}/accept`, headers: staffB });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, message: "Your card was declined." });
    expect(charges.length).toBe(before + 1);
    const body = (await show(staffB, group.id)).json();
    expect(body.status).toBe("awaiting_acceptance");
    expect(body.policy_group_quote.invoices[0].status).toBe("available");
    const policies = await selectRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM policies WHERE policy_group_id = ${group.id}`);
    expect(policies[0].n).toBe(0);
    const [charge] = await selectRows<{ status: string; error: string }>(t.database.db, sql`SELECT c.status, c.error FROM charges c JOIN invoices i ON i.id = c.invoice_id WHERE i.invoiceable_id = ${group.id} AND i.invoiceable_type = 'PolicyGroupQuote'`);
    expect(charge).toEqual({ status: "failed", error: "Your card was declined." });
  });

  it("charges the first invoice through the gateway and creates one bound policy per application with its customers", async () => {
    await t.database.db.insert(paymentProfiles).values({ payer_type: "Account", payer_id: world.accounts.A.id, source_id: "tok_visa_a", default_profile: true });
    const group = await importGroup([{}, { co_first_name: "Sam", co_last_name: "Co", co_email: "sam.co@example.com", co_birth_date: "1990-01-01" }], "accept");
    const firstInvoice = (await show(staffA, group.id)).json().policy_group_quote.invoices[0];
    const before = charges.length;
    const res = await t.app.inject({ method: "PUT", url: `/v2/staff_account/policy-application-groups/${group.id}/accept`, headers: staffA });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: `Rental Guarantee Group #${group.id}, has been accepted.` });
    expect(charges.slice(before)).toEqual([expect.objectContaining({ amount: firstInvoice.total, source_id: "tok_visa_a" })]);
    // The policies are made by the accept's job.
    await idle();
    const body = (await show(staffA, group.id)).json();
    expect(body).toMatchObject({ status: "accepted", created_policies_count: 2 });
    expect(body.policy_group_quote.invoices.map((i: { status: string }) => i.status)).toEqual(["complete", "upcoming", "upcoming", "upcoming"]);
    const policies = await selectRows<{ number: string; status: string; policy_type_id: number; account_id: number; users: number; fields: { guarantee_option: string } }>(
      t.database.db,
      sql`SELECT p.number, p.status, p.policy_type_id, p.account_id, (SELECT count(*)::int FROM policy_users pu WHERE pu.policy_id = p.id) AS users, pa.fields
          FROM policies p JOIN policy_applications pa ON pa.policy_id = p.id WHERE p.policy_group_id = ${group.id} ORDER BY p.number`,
    );
    expect(policies.map((p) => [p.status, p.policy_type_id, p.account_id, p.users])).toEqual([
      ["BOUND", 5, world.accounts.A.id, 1],
      ["BOUND", 5, world.accounts.A.id, 2],
    ]);
    expect(policies[0].fields.guarantee_option).toMatch(/^(3|6|12) Month$/);
    // The policies are in the staff member's policy list.
    const list = await t.app.inject({ method: "POST", url: "/v2/staff_account/policies/list", headers: staffA, payload: { filter: { number: `RG-${group.id}-` } } });
    expect(list.statusCode, list.body).toBe(200);
    const again = await t.app.inject({ method: "PUT", url: `/v2/policy-application-groups/${group.id}/accept`, headers: staffA });
    expect(again.statusCode).toBe(422);
    expect(charges.length).toBe(before + 1);
  });

  it("refuses a group whose effective date has passed with the spec's text", async () => {
    const group = await importGroup([{}], "late");
    await t.database.db.execute(sql`UPDATE policy_application_groups SET effective_date = ${daysBefore(today, 3)} WHERE id = ${group.id}`);
    const res = await t.app.inject({ method: "PUT", url: `/v2/policy-application-groups/${group.id}/accept`, headers: staffA });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(EFFECTIVE_DATE_PAST);
  });
});

describe("accepting in the background", () => {
  const jobs = () => t.app.jobs as InlineQueue;
  const accept = (id: number) => t.app.inject({ method: "PUT", url: `/v2/staff_account/policy-application-groups/${id}/accept`, headers: staffA });
  const policiesOf = (id: number) =>
    selectRows<{ number: string; application: number | null }>(
      t.database.db,
      sql`SELECT p.number, a.id AS application FROM policies p LEFT JOIN policy_group_applications a ON a.policy_id = p.id WHERE p.policy_group_id = ${id} ORDER BY p.number`,
    );
  const chargesOf = (id: number) =>
    selectRows<{ status: string; amount: number }>(
      t.database.db,
      sql`SELECT c.status, c.amount::int AS amount FROM charges c JOIN invoices i ON i.id = c.invoice_id WHERE i.invoiceable_type = 'PolicyGroupQuote' AND i.invoiceable_id = ${id}`,
    );
  /** The accept job as registered, or held until `release` (the job of a real queue runs later, on its own). */
  function holdAcceptJobs(run: (data: { groupId: number; author: { name: string; staffId?: number } }) => Promise<void>) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    void jobs().work<{ groupId: number; author: { name: string; staffId?: number } }>(ACCEPT_JOB, async (data) => {
      await gate;
      await run(data);
    });
    return release;
  }
  const restoreAcceptJobs = () => jobs().work<{ groupId: number; author: { name: string } }>(ACCEPT_JOB, (data) => runAcceptGroup(t.database.db, data.groupId, data.author));

  beforeAll(async () => {
    const [has] = await selectRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM payment_profiles WHERE payer_type = 'Account' AND payer_id = ${world.accounts.A.id} AND active`);
    if (!has.n) await t.database.db.insert(paymentProfiles).values({ payer_type: "Account", payer_id: world.accounts.A.id, source_id: "tok_visa_bg", default_profile: true });
  });

  it("answers before the policies exist; the group shows accepting with its progress, then accepted with every policy", async () => {
    const group = await importGroup([{}, {}, {}], "bg");
    const release = holdAcceptJobs((data) => runAcceptGroup(t.database.db, data.groupId, data.author));
    try {
      const res = await accept(group.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: `Rental Guarantee Group #${group.id}, has been accepted.` });
      const during = (await show(staffA, group.id)).json();
      expect(during).toMatchObject({ status: "accepting", created_policies_count: 0, created_policy_applications_count: 3 });
      expect(during.policy_group_quote.invoices[0].status).toBe("complete");
      expect(await policiesOf(group.id)).toEqual([]);
      // Accepting again while the policies are being created is refused and charges nothing.
      expect((await accept(group.id)).statusCode).toBe(422);
      release();
      await idle();
    } finally {
      await restoreAcceptJobs();
    }
    expect((await show(staffA, group.id)).json()).toMatchObject({ status: "accepted", created_policies_count: 3 });
    const policies = await policiesOf(group.id);
    expect(policies.map((p) => p.number)).toEqual([1, 2, 3].map((r) => `RG-${group.id}-0000${r + 1}`));
    expect(await chargesOf(group.id)).toHaveLength(1);
  });

  it("a job that fails leaves the group accept_failed with its reason; accepting again charges nothing and makes each missing policy once", async () => {
    const group = await importGroup([{}, {}, {}, {}, {}], "retry");
    const firstInvoice = (await show(staffA, group.id)).json().policy_group_quote.invoices[0];
    // The fourth row's policy cannot be written (a real failure in the database, mid-way through the job).
    await t.database.db.execute(sql.raw(`CREATE OR REPLACE FUNCTION rg_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.number = 'RG-${group.id}-00005' THEN RAISE EXCEPTION 'disk full (test)'; END IF; RETURN NEW; END $$`));
    await t.database.db.execute(sql.raw(`CREATE TRIGGER rg_test_refuse BEFORE INSERT ON policies FOR EACH ROW EXECUTE FUNCTION rg_test_refuse()`));
    const before = charges.length;
    // Two applications per transaction: the first two policies are made before the failure.
    const release = holdAcceptJobs((data) => runAcceptGroup(t.database.db, data.groupId, data.author, { chunk: 2 }));
    try {
      const res = await accept(group.id);
      expect(res.statusCode, res.body).toBe(200);
      release();
      await idle();
    } finally {
      await restoreAcceptJobs();
      await t.database.db.execute(sql.raw(`DROP TRIGGER IF EXISTS rg_test_refuse ON policies`));
    }
    const failed = (await show(staffA, group.id)).json();
    expect(failed).toMatchObject({ status: "accept_failed", created_policies_count: 2 });
    expect(failed.errors).toEqual([expect.objectContaining({ kind: "policies_were_not_created", information: { errors: [expect.stringContaining("disk full (test)")] } })]);
    expect((await policiesOf(group.id)).map((p) => p.number)).toEqual([`RG-${group.id}-00002`, `RG-${group.id}-00003`]);
    // A group whose policies are only partly made cannot be edited or deleted.
    expect((await t.app.inject({ method: "DELETE", url: `/v2/policy-application-groups/${group.id}`, headers: staffA })).statusCode).toBe(422);

    const again = await accept(group.id);
    expect(again.statusCode, again.body).toBe(200);
    // A second delivery of the job at the same moment makes nothing twice.
    await Promise.all([runAcceptGroup(t.database.db, group.id, { name: "test" }), idle()]);
    const done = (await show(staffA, group.id)).json();
    expect(done).toMatchObject({ status: "accepted", created_policies_count: 5, errors: [] });
    const policies = await policiesOf(group.id);
    expect(policies.map((p) => p.number)).toEqual([2, 3, 4, 5, 6].map((r) => `RG-${group.id}-0000${r}`));
    expect(new Set(policies.map((p) => p.application)).size).toBe(5);
    expect(policies.every((p) => p.application !== null)).toBe(true);
    // Charged once, the first invoice's amount, through the gateway; the invoices still add up to what was shown.
    expect(charges.length).toBe(before + 1);
    expect(await chargesOf(group.id)).toEqual([{ status: "succeeded", amount: firstInvoice.total }]);
    expect(done.policy_group_quote.invoices.map((i: { status: string }) => i.status)).toEqual(["complete", "upcoming", "upcoming", "upcoming"]);
    expect((await accept(group.id)).statusCode).toBe(422);
  });

  it("two accepts at once charge the first invoice once", async () => {
    const group = await importGroup([{}, {}], "twice");
    const before = charges.length;
    const answers = await Promise.all([accept(group.id), accept(group.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, expect.any(Number)]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    await idle();
    expect(charges.length).toBe(before + 1);
    expect(await chargesOf(group.id)).toHaveLength(1);
    expect((await show(staffA, group.id)).json()).toMatchObject({ status: "accepted", created_policies_count: 2 });
    expect(await policiesOf(group.id)).toHaveLength(2);
  });

  /** The database as a process sees it when it dies: after `transactions` transactions, nothing more reaches it. */
  function dyingAfter(transactions: number): Db {
    const db = t.database.db;
    let n = 0;
    return new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== "transaction") return Reflect.get(target, prop, receiver);
        return (...args: Parameters<Db["transaction"]>) => (++n > transactions ? Promise.reject(new Error("Connection terminated (test)")) : target.transaction(...args));
      },
    });
  }

  it("a process that dies while creating policies: the restart goes on from the policies made, makes none twice and charges nothing", async () => {
    const group = await importGroup([{}, {}, {}, {}, {}], "died");
    const before = charges.length;
    // The queued job dies with the process (a real queue hands it out again only once it expires, 15 minutes on).
    const release = holdAcceptJobs(async () => undefined);
    try {
      expect((await accept(group.id)).statusCode).toBe(200);
      release();
      await idle();
    } finally {
      await restoreAcceptJobs();
    }
    // The process that ran the job: two policies a transaction, the first committed, then it is gone (its failure is
    // never written either).
    await expect(runAcceptGroup(dyingAfter(1), group.id, { name: "test" }, { chunk: 2 })).rejects.toThrow("Connection terminated (test)");
    expect((await show(staffA, group.id)).json()).toMatchObject({ status: "accepting", created_policies_count: 2, errors: [] });
    expect(await policiesOf(group.id)).toHaveLength(2);
    expect(charges.length).toBe(before + 1);

    // Another process's minute sweep leaves a group that moved just now alone (its job may be running somewhere).
    await recoverImports(t.app, { anyAge: false });
    await idle();
    expect((await show(staffA, group.id)).json()).toMatchObject({ status: "accepting", created_policies_count: 2 });

    // The restart (the only process): the group's policies are made from where they stopped.
    await startSchedules(t.app);
    await idle();
    const done = (await show(staffA, group.id)).json();
    expect(done).toMatchObject({ status: "accepted", created_policies_count: 5, errors: [] });
    const policies = await policiesOf(group.id);
    expect(policies.map((p) => p.number)).toEqual([2, 3, 4, 5, 6].map((r) => `RG-${group.id}-0000${r}`));
    expect(new Set(policies.map((p) => p.application)).size).toBe(5);
    expect(charges.length).toBe(before + 1);
    expect(await chargesOf(group.id)).toEqual([{ status: "succeeded", amount: done.policy_group_quote.invoices[0].total }]);
    // The expired job handed out again later, and the next minute's sweep, find nothing left to do.
    await runAcceptGroup(t.database.db, group.id, { name: "test" });
    await recoverImports(t.app, { anyAge: true });
    await idle();
    expect(await policiesOf(group.id)).toHaveLength(5);
  });

  it("an accept that dies after the card was charged: the restart settles the charge and creates the policies without charging again", async () => {
    const group = await importGroup([{}, {}], "paiddied");
    const before = charges.length;
    loseNextAnswer = true;
    const res = await accept(group.id);
    expect(res.statusCode).toBe(502);
    expect(await chargesOf(group.id)).toEqual([{ status: "processing", amount: expect.any(Number) }]);
    expect((await show(staffA, group.id)).json()).toMatchObject({ status: "awaiting_acceptance" });
    // New dates would mean new invoices, dropping the one being paid: refused while it is charged.
    const edit = await upload(staffA, form(null, { effective_date: daysBefore(oneYearLater(today), 300) }), "PUT", group.id);
    expect(edit.statusCode).toBe(422);
    expect((await show(staffA, group.id)).json().policy_group_quote.invoices[0].status).toBe("pending");

    await startSchedules(t.app);
    await idle();
    const done = (await show(staffA, group.id)).json();
    expect(done).toMatchObject({ status: "accepted", created_policies_count: 2 });
    expect(await policiesOf(group.id)).toHaveLength(2);
    expect(await chargesOf(group.id)).toEqual([{ status: "succeeded", amount: done.policy_group_quote.invoices[0].total }]);
    // The gateway was asked again with the same idempotency key (one charge there), never with a new one.
    expect(new Set(charges.slice(before).map((c) => c.idempotencyKey)).size).toBe(1);
    const [moved] = await selectRows<{ author: string; process: string }>(
      t.database.db,
      sql`SELECT author, process FROM histories WHERE recordable_type = 'PolicyApplicationGroup' AND recordable_id = ${group.id} AND data->'status'->>'new_value' = 'accepting'`,
    );
    expect(moved).toEqual({ author: "System", process: "job" });
    // Paid and accepted: no second accept, no edit.
    expect((await accept(group.id)).statusCode).toBe(422);
    expect(charges.length - before).toBe(2);
  });
});
