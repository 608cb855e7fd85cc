import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { POLICY_STATUSES } from "../../../src/domain/policies";
import { verifyPassword } from "../../lib/passwords";
import { openTestDatabase } from "../../test/helpers";
import type { Database, Db } from "../client";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../demo-logins";
import { localFileStore } from "../../files/store";
import { type DemoSummary, isEmpty, seedDemo } from "./demo";
import { selectRows } from "./query";
import { reviewContext } from "../../review/assist";
import { extractProof, suggestedReasons } from "../../review/extract-proof";
import { pdfLines } from "../../review/pdf-text";
import { locateProperty } from "../../review/locate";
import { dmrResidents } from "./demo-dmr";
import type { QueryValue } from "../../lib/query-string";
import { parseCoverageProof, validateCoverageProof } from "../../routes/external/external-form";

// One fixed day, so two seedings can be compared column by column.
const TODAY = new Date("2026-06-15T10:00:00Z");
const DAY = "2026-06-15";

/** Residents' own policies: master policies (types 2, 7) and the units they cover (3, 8) are billed to the property manager. */
const RESIDENTS = sql` AND policy_type_id NOT IN (2, 3, 7, 8)`;

/** A fingerprint of the columns that must not change between runs. */
async function fingerprint(db: Db): Promise<string> {
  const [row] = await selectRows<{ hash: string }>(
    db,
    sql`SELECT md5(
      (SELECT string_agg(concat_ws('|', number, status, policy_in_system, premium_total, effective_date, carrier_id), ',' ORDER BY id) FROM policies) ||
      (SELECT string_agg(concat_ws('|', email, created_at), ',' ORDER BY id) FROM users) ||
      (SELECT string_agg(concat_ws('|', email, role, organizable_id, enabled), ',' ORDER BY id) FROM staffs) ||
      (SELECT string_agg(concat_ws('|', number, status, total_due), ',' ORDER BY id) FROM invoices)) AS hash`,
  );
  return row.hash;
}

describe("demo seed", () => {
  let database: Database;
  let db: Db;
  let summary: DemoSummary;
  const filesDir = mkdtempSync(join(tmpdir(), "coverdesk-demo-files-"));
  const files = localFileStore(filesDir);

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    expect(await isEmpty(db)).toBe(true);
    summary = await seedDemo(db, TODAY, files);
    // The whole portfolio, files and the integrations' first syncs: about a minute on a machine shared by others.
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it("leaves the portfolio analysed: the planner knows every table's size and columns from the first request on", async () => {
    // Without statistics (no autovacuum yet, or none at all) each policies-page row scanned every unit for its primary one.
    const tables = ["policies", "policy_insurables", "insurables", "policy_users", "users", "profiles", "histories", "policy_revisions"];
    const rows = await selectRows<{ table: string; estimated: number; exact: number; columns: number }>(
      db,
      sql`SELECT c.relname AS table, c.reltuples::int AS estimated,
          (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I', c.relname), false, true, '')))[1]::text::int AS exact,
          (SELECT count(*)::int FROM pg_stats st WHERE st.schemaname = 'public' AND st.tablename = c.relname) AS columns
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relname IN (${sql.join(tables.map((t) => sql`${t}`), sql`, `)}) ORDER BY c.relname`,
    );
    expect(rows.map((r) => r.table)).toEqual([...tables].sort());
    for (const row of rows) {
      expect(row.exact, row.table).toBeGreaterThan(0);
      expect(row.estimated, row.table).toBe(row.exact);
      expect(row.columns, row.table).toBeGreaterThan(0);
    }
  });

  it("limits one property manager per account to two of the account's communities, never a demo sign-in", async () => {
    const [row] = await selectRows<{ managers: number; assignments: number; foreign: number; demo: number }>(
      db,
      sql`SELECT count(DISTINCT a.staff_id)::int AS managers, count(*)::int AS assignments,
          count(*) FILTER (WHERE i.account_id IS DISTINCT FROM s.organizable_id OR i.insurable_type_id NOT IN (1, 2, 3))::int AS foreign,
          count(*) FILTER (WHERE s.email LIKE '%@coverdesk.test')::int AS demo
        FROM assignments a JOIN staffs s ON s.id = a.staff_id JOIN insurables i ON i.id = a.insurable_id`,
    );
    expect(row.managers).toBeGreaterThan(3);
    expect(row.assignments).toBeGreaterThan(row.managers);
    expect([row.foreign, row.demo]).toEqual([0, 0]);
  });

  it("gives two accounts (the demo staff's and one of the demo agent's agency) a master policy: units covered by it next to units covered by residents' own policies", async () => {
    const masters = await selectRows<{ id: number; account_id: number; communities: number; covered: number; staff_account: boolean }>(
      db,
      sql`SELECT mp.id, mp.account_id,
            (SELECT count(*)::int FROM policy_insurables pi WHERE pi.policy_id = mp.id AND pi.current) AS communities,
            (SELECT count(*)::int FROM policies ch WHERE ch.policy_id = mp.id AND ch.status = 'BOUND') AS covered,
            EXISTS (SELECT 1 FROM staffs st WHERE st.email = 'staff@coverdesk.test' AND st.organizable_id = mp.account_id) AS staff_account
          FROM policies mp WHERE mp.policy_type_id = 2 AND mp.status = 'BOUND' ORDER BY mp.id`,
    );
    expect(masters).toHaveLength(2);
    expect(masters[0].staff_account).toBe(true);
    for (const master of masters) {
      expect(master.communities).toBeGreaterThan(0);
      expect(master.covered).toBeGreaterThan(0);
      const [own] = await selectRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM policy_insurables pi JOIN policies p ON p.id = pi.policy_id JOIN insurables u ON u.id = pi.insurable_id
            WHERE u.account_id = ${master.account_id} AND p.policy_type_id NOT IN (2, 3) AND p.status IN ('BOUND', 'EXTERNAL_VERIFIED') AND u.covered`,
      );
      expect(own.n).toBeGreaterThan(0);
    }
  });

  it("files PDF paperwork: declarations for in-system policies, certificates for uploaded proofs", async () => {
    const docs = await selectRows<{ filename: string; storage_key: string; in_system: boolean; byte_size: number }>(
      db,
      sql`SELECT d.filename, d.storage_key, d.byte_size::int AS byte_size, po.policy_in_system AS in_system
          FROM documents d JOIN policies po ON po.id = d.attachable_id AND d.attachable_type = 'Policy' ORDER BY d.id`,
    );
    expect(docs).toHaveLength(summary.documents);
    expect(summary.documents).toBe(600);
    expect(docs.filter((d) => d.in_system).every((d) => d.filename.endsWith("-declarations.pdf"))).toBe(true);
    expect(docs.filter((d) => !d.in_system).every((d) => d.filename.endsWith("-evidence-of-insurance.pdf"))).toBe(true);
    const first = await files.open(docs[0].storage_key);
    const head = await new Promise<Buffer>((resolve) => first.once("data", (chunk) => resolve(chunk as Buffer)));
    first.destroy();
    expect(head.subarray(0, 5).toString()).toBe("%PDF-");
    expect(docs[0].byte_size).toBeGreaterThan(1000);
    const [queue] = await selectRows<{ files: number; unprocessed: number }>(db, sql`SELECT count(*)::int AS files, count(*) FILTER (WHERE NOT processed)::int AS unprocessed FROM checked_files`);
    expect(queue).toEqual({ files: summary.dmr_files, unprocessed: summary.dmr_files });
    expect(summary.dmr_files).toBe(40);
    const [unreviewed] = await selectRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM policies po WHERE po.status = 'EXTERNAL_UNVERIFIED'
            AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.attachable_type = 'Policy' AND d.attachable_id = po.id)`,
    );
    expect(unreviewed.n).toBe(0);
  });

  it("leaves pending updates to verified proofs, each a valid form with its renewal certificate, submitted by the account's owner", async () => {
    const rows = await selectRows<{ changes: Record<string, unknown>; status: string; policy_status: string; docs: number; owner: boolean }>(
      db,
      sql`SELECT r.changes, r.status, po.status AS policy_status,
            (SELECT count(*)::int FROM documents d WHERE d.attachable_type = 'PolicyRevision' AND d.attachable_id = r.id) AS docs,
            (r.submitted_by_id = ac.staff_id) AS owner
          FROM policy_revisions r JOIN policies po ON po.id = r.policy_id JOIN accounts ac ON ac.id = po.account_id ORDER BY r.id`,
    );
    expect(rows).toHaveLength(summary.pending_revisions);
    expect(summary.pending_revisions).toBe(6);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "submitted", policy_status: "EXTERNAL_VERIFIED", docs: 1, owner: true });
      const input = parseCoverageProof({ policy: row.changes as QueryValue });
      expect(validateCoverageProof(input, { requireAddress: true })).toEqual({});
    }
  });

  it("files certificates that match their policy's unit: assisted review suggests no address or unit decline on them", async () => {
    const rows = await selectRows<{ storage_key: string; policy_id: number; account_id: number }>(
      db,
      sql`(SELECT d.storage_key, po.id AS policy_id, po.account_id FROM documents d JOIN policies po ON po.id = d.attachable_id AND d.attachable_type = 'Policy'
            WHERE NOT po.policy_in_system ORDER BY d.id LIMIT 12)
          UNION ALL
          (SELECT d.storage_key, r.policy_id, po.account_id FROM documents d JOIN policy_revisions r ON r.id = d.attachable_id AND d.attachable_type = 'PolicyRevision'
            JOIN policies po ON po.id = r.policy_id)`,
    );
    expect(rows.length).toBe(12 + summary.pending_revisions);
    for (const row of rows) {
      const stream = await files.open(row.storage_key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const proof = extractProof(await pdfLines(new Uint8Array(Buffer.concat(chunks))));
      expect(proof.address, row.storage_key).not.toBeNull();
      const context = await reviewContext(db, { policyId: row.policy_id, accountId: row.account_id });
      expect(context.premises?.unit).toBeTruthy();
      expect(suggestedReasons(proof, context).filter((r) => r === "r3" || r === "r4"), `policy ${row.policy_id}`).toEqual([]);
    }
  });

  it("queues DMR files whose printed location names their unit: the location pickers are pre-filled right for every one", async () => {
    const queued = await selectRows<{ storage_key: string }>(db, sql`SELECT storage_key FROM checked_files WHERE source = 'demo' ORDER BY id`);
    const truth = await dmrResidents(db);
    expect(queued).toHaveLength(truth.length);
    const wrong: string[] = [];
    for (const [i, file] of queued.entries()) {
      const stream = await files.open(file.storage_key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const proof = extractProof(await pdfLines(new Uint8Array(Buffer.concat(chunks))));
      const location = await locateProperty(db, proof.address, []);
      const [unit] = await selectRows<{ community: number; building: number | null; account_id: number; agency_id: number }>(
        db,
        sql`SELECT CASE WHEN p.insurable_type_id = 7 THEN p.insurable_id ELSE p.id END AS community,
              CASE WHEN p.insurable_type_id = 7 THEN p.id END AS building, u.account_id, u.agency_id
            FROM insurables u JOIN insurables p ON p.id = u.insurable_id WHERE u.id = ${truth[i].unit_id}`,
      );
      const right =
        location?.unit?.id === truth[i].unit_id && location.community.id === unit.community && (location.building?.id ?? null) === unit.building &&
        location.account?.id === unit.account_id && location.agency?.id === unit.agency_id;
      if (!right) wrong.push(`${proof.address} → ${JSON.stringify(location)}`);
    }
    // The measure issue 10 asks for (goal 100 %).
    console.info(`DMR location pre-filled correctly: ${queued.length - wrong.length}/${queued.length} demo files`);
    expect(wrong).toEqual([]);
  });

  it("gives in-system policies their paperwork: quote, application by type, a payment method (some declining), pending cancellation requests", async () => {
    const [row] = await selectRows<{ in_system: number; quotes: number; applications: number; rent: number; business: number; payers: number; profiles: number; declining: number; pending: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM policies WHERE policy_in_system${RESIDENTS}) AS in_system,
            (SELECT count(*)::int FROM policy_quotes) AS quotes,
            (SELECT count(*)::int FROM policy_applications) AS applications,
            (SELECT count(*)::int FROM policy_applications a JOIN policies p ON p.id = a.policy_id WHERE p.policy_type_id = 5 AND a.fields->'landlord'->>'email' IS NOT NULL) AS rent,
            (SELECT count(*)::int FROM policy_applications a JOIN policies p ON p.id = a.policy_id WHERE p.policy_type_id = 4 AND a.fields ? 'business') AS business,
            (SELECT count(DISTINCT pu.user_id)::int FROM policy_users pu JOIN policies p ON p.id = pu.policy_id WHERE p.policy_in_system AND pu."primary" AND p.policy_type_id NOT IN (2, 3, 7, 8)) AS payers,
            (SELECT count(*)::int FROM payment_profiles WHERE payer_type = 'User') AS profiles,
            (SELECT count(*)::int FROM payment_profiles WHERE source_id LIKE 'tok_decline%') AS declining,
            (SELECT count(*)::int FROM change_requests WHERE status = 'awaiting_confirmation') AS pending`,
    );
    expect(row.quotes).toBe(row.in_system);
    expect(row.applications).toBe(row.in_system);
    expect(row.rent).toBe((await selectRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM policies WHERE policy_in_system AND policy_type_id = 5`))[0].n);
    expect(row.rent).toBeGreaterThan(0);
    expect(row.business).toBeGreaterThan(0);
    expect(row.profiles).toBe(row.payers);
    expect(row.declining).toBeGreaterThan(0);
    expect(row.declining).toBeLessThan(row.profiles / 4);
    expect(row.pending).toBe(summary.change_requests);
    expect(summary.change_requests).toBe(6);
  });

  it("bills what the card shows: every in-system policy's invoices add up to its premium + fees + tax, line by line", async () => {
    const wrong = await selectRows<{ number: string; card: number; billed: number; premium: number; fee: number; tax: number }>(
      db,
      sql`SELECT po.number, q.total AS card,
            sum(li.total_due) AS billed,
            sum(li.total_due) FILTER (WHERE li.analytics_category = 'policy_premium') - q.total_premium AS premium,
            sum(li.total_due) FILTER (WHERE li.analytics_category = 'policy_fee') - q.total_fee AS fee,
            sum(li.total_due) FILTER (WHERE li.analytics_category = 'policy_tax') - q.total_tax AS tax
          FROM policies po JOIN policy_quotes q ON q.policy_id = po.id
          JOIN invoices i ON i.invoiceable_type = 'Policy' AND i.invoiceable_id = po.id
          JOIN line_items li ON li.invoice_id = i.id
          WHERE po.policy_in_system
          GROUP BY po.id, po.number, q.total, q.total_premium, q.total_fee, q.total_tax
          HAVING sum(li.total_due) <> q.total OR q.total <> q.total_premium + q.total_fee + q.total_tax OR q.total_premium <> po.premium_total
             OR sum(li.total_due) FILTER (WHERE li.analytics_category = 'policy_tax') <> q.total_tax
             OR sum(li.total_due) FILTER (WHERE li.analytics_category = 'policy_fee') <> q.total_fee`,
    );
    expect(wrong).toEqual([]);
    const [counts] = await selectRows<{ policies: number; billed: number; invoices_off: number; received_off: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM policies WHERE policy_in_system${RESIDENTS}) AS policies,
            (SELECT count(DISTINCT invoiceable_id)::int FROM invoices WHERE invoiceable_type = 'Policy') AS billed,
            (SELECT count(*)::int FROM invoices i WHERE i.total_due <> (SELECT sum(total_due) FROM line_items WHERE invoice_id = i.id)) AS invoices_off,
            (SELECT count(*)::int FROM invoices i WHERE i.total_received <> (SELECT sum(total_received) FROM line_items WHERE invoice_id = i.id)) AS received_off`,
    );
    expect(counts).toMatchObject({ billed: counts.policies, invoices_off: 0, received_off: 0 });
  });

  it("pays every paid invoice through a charge the test gateway made, some on cards whose issuer refuses refunds", async () => {
    const [row] = await selectRows<{ complete: number; charged: number; off: number; refusing: number; pending_refusing: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM invoices WHERE status = 'complete') AS complete,
            (SELECT count(DISTINCT invoice_id)::int FROM charges WHERE status = 'succeeded' AND gateway_charge_id LIKE 'ch_test_%') AS charged,
            (SELECT count(*)::int FROM charges c JOIN invoices i ON i.id = c.invoice_id WHERE c.amount <> i.total_received) AS off,
            (SELECT count(*)::int FROM payment_profiles WHERE source_id LIKE 'tok_refund_fail%') AS refusing,
            (SELECT count(*)::int FROM change_requests cr JOIN policy_users pu ON pu.policy_id = cr.changeable_id AND pu."primary"
               JOIN payment_profiles pp ON pp.payer_type = 'User' AND pp.payer_id = pu.user_id
              WHERE cr.status = 'awaiting_confirmation' AND pp.source_id LIKE 'tok_refund_fail%') AS pending_refusing`,
    );
    expect(row.charged).toBe(row.complete);
    expect(row.off).toBe(0);
    expect(row.refusing).toBeGreaterThan(10);
    expect(row.pending_refusing).toBe(1);
  });

  it("is no longer empty and reports what it made", async () => {
    expect(await isEmpty(db)).toBe(false);
    const [counts] = await selectRows<Record<keyof DemoSummary, number>>(
      db,
      sql`SELECT (SELECT count(*)::int FROM policies WHERE true${RESIDENTS}) AS policies, (SELECT count(*)::int FROM users) AS users,
        (SELECT count(*)::int FROM insurables WHERE insurable_type_id IN (4, 5)) AS units, (SELECT count(*)::int FROM staffs) AS staff,
        (SELECT count(*)::int FROM leads) AS leads, (SELECT count(*)::int FROM invoices) AS invoices`,
    );
    expect(counts).toMatchObject({ policies: summary.policies, users: summary.users, units: summary.units, staff: summary.staff, leads: summary.leads, invoices: summary.invoices });
    // 1,500 seeded units plus the 24 the demo integrations' first syncs imported (2 × 8 and 4 from Yardi, 4 from Entrata).
    expect(summary.units).toBe(1524);
    expect(summary.policies).toBe(3000);
    expect(summary.users).toBeGreaterThan(2000);
    expect(summary.leads).toBe(500);
  });

  it("connects the demo staff's account to an integration whose first sync linked its units, so the staff can import legacy policies", async () => {
    const rows = await selectRows<{ provider: string; units: number; runs: number }>(
      db,
      sql`SELECT ig.provider, (SELECT count(*)::int FROM integration_profiles ip WHERE ip.integration_id = ig.id AND ip.external_context = 'unit') AS units,
            (SELECT count(*)::int FROM integration_sync_runs r WHERE r.integration_id = ig.id AND r.status = 'succeeded') AS runs
          FROM integrations ig JOIN staffs s ON s.organizable_type = 'Account' AND s.organizable_id = ig.account_id WHERE s.email = 'staff@coverdesk.test'`,
    );
    expect(rows).toEqual([{ provider: "yardi", units: 4, runs: 5 }]);
  });

  it("has one person with two customer records for Merge Users: same name, other login email and phone, one on a lease, one on a policy", async () => {
    const rows = await selectRows<{ email: string; contact_phone: string; leases: number; policies: number }>(
      db,
      sql`SELECT u.email, p.contact_phone, (SELECT count(*)::int FROM lease_users lu WHERE lu.user_id = u.id) AS leases,
          (SELECT count(*)::int FROM policy_users pu WHERE pu.user_id = u.id) AS policies
        FROM users u JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
        WHERE p.full_name = 'Robin Castellano' ORDER BY u.id`,
    );
    expect(rows).toEqual([
      { email: "robin.castellano@gmail.example", contact_phone: "(512) 555-0142", leases: 1, policies: 0 },
      { email: "r.castellano@mail.example", contact_phone: "(512) 555-0199", leases: 0, policies: 1 },
    ]);
  });

  it("creates the four demo logins, enabled, with password coverdesk and no permission rows", async () => {
    const logins = await selectRows<{ email: string; role: string; enabled: boolean; encrypted_password: string; permissions: number; full_name: string | null }>(
      db,
      sql`SELECT s.email, s.role, s.enabled, s.encrypted_password, p.full_name,
          (SELECT count(*)::int FROM staff_permissions sp WHERE sp.staff_id = s.id) AS permissions
        FROM staffs s LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id
        WHERE s.email LIKE '%@coverdesk.test'`,
    );
    for (const login of DEMO_LOGINS) {
      const row = logins.find((l) => l.email === login.email);
      expect(row, login.email).toMatchObject({ role: login.role, enabled: true, permissions: 0 });
      expect(row!.full_name).toBeTruthy();
      expect(await verifyPassword(row!.encrypted_password, DEMO_PASSWORD)).toBe(true);
    }
  });

  it("gives the agent a top-level agency with sub-agencies, and the staff an account in that tree; both own them", async () => {
    const [agent] = await selectRows<{ id: number; owner: boolean; agency_id: number; parent: number | null; subs: number; owned_by: number }>(
      db,
      sql`SELECT s.id, s.owner, a.id AS agency_id, a.agency_id AS parent, a.staff_id AS owned_by,
          (SELECT count(*)::int FROM agencies sub WHERE sub.agency_id = a.id) AS subs
        FROM staffs s JOIN agencies a ON a.id = s.organizable_id WHERE s.email = 'agent@coverdesk.test'`,
    );
    expect(agent.parent).toBeNull();
    expect(agent.agency_id).not.toBe(1);
    expect(agent.subs).toBeGreaterThan(0);
    expect(agent.owner).toBe(true);
    expect(agent.owned_by).toBe(agent.id);

    const [staff] = await selectRows<{ id: number; owner: boolean; agency_id: number; parent: number | null; owned_by: number }>(
      db,
      sql`SELECT s.id, s.owner, ag.id AS agency_id, ag.agency_id AS parent, ac.staff_id AS owned_by
        FROM staffs s JOIN accounts ac ON ac.id = s.organizable_id JOIN agencies ag ON ag.id = ac.agency_id
        WHERE s.email = 'staff@coverdesk.test'`,
    );
    expect([staff.agency_id, staff.parent]).toContain(agent.agency_id);
    expect(staff.owner).toBe(true);
    expect(staff.owned_by).toBe(staff.id);
  });

  it("has agencies on two levels only, platform agency 1 at the top, and an owner for every agency and account", async () => {
    const [check] = await selectRows<{ deep: number; platform_parent: number | null; unowned: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM agencies c JOIN agencies p ON p.id = c.agency_id WHERE p.agency_id IS NOT NULL) AS deep,
        (SELECT agency_id FROM agencies WHERE id = 1) AS platform_parent,
        (SELECT count(*)::int FROM agencies WHERE staff_id IS NULL) + (SELECT count(*)::int FROM accounts WHERE staff_id IS NULL) AS unowned`,
    );
    expect(check).toEqual({ deep: 0, platform_parent: null, unowned: 0 });
  });

  it("has disabled and invited staff, and permission lists on non-demo staff only", async () => {
    const [check] = await selectRows<{ disabled: number; invited: number; users_off: number; demo_rows: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM staffs WHERE NOT enabled AND encrypted_password IS NOT NULL) AS disabled,
        (SELECT count(*)::int FROM staffs WHERE enabled AND encrypted_password IS NULL AND invitation_accepted_at IS NULL) AS invited,
        (SELECT count(*)::int FROM staff_permissions WHERE key = 'property_management.users' AND NOT value) AS users_off,
        (SELECT count(*)::int FROM staff_permissions sp JOIN staffs s ON s.id = sp.staff_id WHERE s.email LIKE '%@coverdesk.test') AS demo_rows`,
    );
    expect(check.disabled).toBeGreaterThan(0);
    expect(check.invited).toBeGreaterThan(0);
    expect(check.users_off).toBeGreaterThan(0);
    expect(check.demo_rows).toBe(0);
  });

  it("has policies in every status, in-system ones with a carrier and external ones billed externally", async () => {
    const statuses = await selectRows<{ status: string }>(db, sql`SELECT DISTINCT status FROM policies`);
    expect(statuses.map((r) => r.status).sort()).toEqual([...POLICY_STATUSES].sort());
    const [check] = await selectRows<Record<string, number>>(
      db,
      sql`SELECT (SELECT count(*)::int FROM policies WHERE policy_in_system${RESIDENTS} AND (carrier_id IS NULL OR premium_total IS NULL OR policy_type_id NOT IN (1, 4, 5))) AS bad_in_system,
        (SELECT count(*)::int FROM policies WHERE NOT policy_in_system AND (billing_status <> 'EXTERNAL' OR (carrier_id IS NULL AND out_of_system_carrier_title IS NULL))) AS bad_external,
        (SELECT count(*)::int FROM policies WHERE status LIKE 'EXTERNAL%' AND policy_in_system) AS external_in_system,
        (SELECT count(*)::int FROM policies WHERE status = 'EXTERNAL_REJECTED' AND jsonb_array_length(system_data->'rejection_reasons') > 0) AS rejected_with_reasons,
        (SELECT count(*)::int FROM policies p WHERE p.policy_type_id NOT IN (2, 7) AND NOT EXISTS (SELECT 1 FROM policy_users pu WHERE pu.policy_id = p.id AND pu.primary)) AS without_primary,
        (SELECT count(*)::int FROM policies p WHERE NOT EXISTS (SELECT 1 FROM policy_insurables pi WHERE pi.policy_id = p.id)) AS without_unit,
        (SELECT count(*)::int FROM policies p WHERE NOT EXISTS (SELECT 1 FROM policy_coverages pc WHERE pc.policy_id = p.id)) AS without_coverage,
        (SELECT count(*)::int FROM policies WHERE expiration_date <= effective_date) AS bad_terms`,
    );
    expect(check).toMatchObject({ bad_in_system: 0, bad_external: 0, external_in_system: 0, without_primary: 0, without_unit: 0, without_coverage: 0, bad_terms: 0 });
    expect(check.rejected_with_reasons).toBeGreaterThan(0);
  });

  it("configures every carrier: availability per state, and integrated carriers with agencies, billing strategies, fees and commissions", async () => {
    const [check] = await selectRows<Record<string, number>>(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM carriers c WHERE NOT EXISTS (SELECT 1 FROM carrier_policy_types t JOIN carrier_policy_type_availabilities a ON a.carrier_policy_type_id = t.id WHERE t.carrier_id = c.id)) AS without_states,
        (SELECT count(*)::int FROM carriers c WHERE c.is_system AND NOT EXISTS (SELECT 1 FROM carrier_agencies ca WHERE ca.carrier_id = c.id)) AS without_agencies,
        (SELECT count(*)::int FROM carriers c WHERE c.is_system AND NOT EXISTS (SELECT 1 FROM billing_strategies b WHERE b.carrier_id = c.id)) AS without_strategies,
        (SELECT count(*)::int FROM carriers c WHERE c.is_system AND NOT EXISTS (SELECT 1 FROM fees f WHERE f.carrier_id = c.id)) AS without_fees,
        (SELECT count(*)::int FROM carriers c WHERE c.is_system AND NOT EXISTS (SELECT 1 FROM commission_strategies cs WHERE cs.carrier_id = c.id)) AS without_commissions,
        (SELECT count(*)::int FROM insurables i WHERE i.insurable_type_id = 1 AND NOT EXISTS (SELECT 1 FROM insurable_rates r WHERE r.insurable_id = i.id)) AS communities_without_rates,
        (SELECT count(*)::int FROM carrier_agencies ca JOIN staffs s ON s.organizable_type = 'Agency' AND s.organizable_id = ca.agency_id WHERE s.email = 'agent@coverdesk.test') AS demo_agent_carriers`,
    );
    expect(check).toMatchObject({ without_states: 0, without_agencies: 0, without_strategies: 0, without_fees: 0, without_commissions: 0, communities_without_rates: 0 });
    expect(check.demo_agent_carriers).toBeGreaterThan(0);
  });

  it("lays dates out around today: lease and policy statuses agree with their dates", async () => {
    const [check] = await selectRows<Record<string, number>>(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM leases WHERE (status = 'current' AND (start_date > ${DAY}::date OR end_date < ${DAY}::date))
          OR (status = 'expired' AND end_date >= ${DAY}::date) OR (status = 'pending' AND start_date <= ${DAY}::date)) AS bad_leases,
        (SELECT count(*)::int FROM policies WHERE status IN ('BOUND', 'EXTERNAL_VERIFIED', 'RENEWED')
          AND NOT (effective_date <= ${DAY}::date AND expiration_date > ${DAY}::date)) AS bad_active,
        (SELECT count(*)::int FROM policies WHERE status = 'EXPIRED' AND expiration_date >= ${DAY}::date) AS bad_expired,
        (SELECT count(*)::int FROM policies WHERE status = 'CANCELLED' AND (cancellation_date IS NULL OR cancellation_date > ${DAY}::date)) AS bad_cancelled,
        (SELECT count(*)::int FROM invoices WHERE status = 'complete' AND total_received <> total_due) AS bad_paid,
        (SELECT count(*)::int FROM invoices i JOIN policies p ON p.id = i.invoiceable_id WHERE NOT p.policy_in_system) AS external_invoices,
        (SELECT count(*)::int FROM users u WHERE has_current_leases <> EXISTS (SELECT 1 FROM lease_users lu JOIN leases l ON l.id = lu.lease_id
          WHERE lu.user_id = u.id AND l.status = 'current')) AS bad_user_flags`,
    );
    expect(check).toEqual({ bad_leases: 0, bad_active: 0, bad_expired: 0, bad_cancelled: 0, bad_paid: 0, external_invoices: 0, bad_user_flags: 0 });
  });

  it("records no lead visit after the moment it is built (a last visit after the window's end hid a lead from the grid the tiles counted)", async () => {
    const [row] = await selectRows<{ future_events: number; future_visits: number; leads: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM lead_events WHERE created_at > ${TODAY.toISOString()}::timestamptz) AS future_events,
          (SELECT count(*)::int FROM leads WHERE last_visit > ${TODAY.toISOString()}::timestamptz) AS future_visits,
          (SELECT count(*)::int FROM leads l WHERE (l.last_visit AT TIME ZONE 'America/Los_Angeles')::date = ${TODAY.toISOString().slice(0, 10)}::date) AS leads`,
    );
    expect(row).toEqual({ future_events: 0, future_visits: 0, leads: expect.any(Number) });
    expect(row.leads).toBeGreaterThan(0);
  });

  it("is deterministic: a second seeding on another fresh database gives the same portfolio", { timeout: 90_000 }, async () => {
    const other = await openTestDatabase();
    try {
      await seedDemo(other.db, TODAY);
      expect(await fingerprint(other.db)).toBe(await fingerprint(db));
    } finally {
      await other.close();
    }
  });
});
