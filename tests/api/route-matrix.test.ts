import { isDeepStrictEqual } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREFIX_ROLES, ROLES, type Role } from "../../src/domain/roles";
import { selectRows } from "../../server/db/seed/query";
import { MAX_ID } from "../../server/lib/input";
import { createTestApp, type AuthHeaders, type TestApp } from "../../server/test/helpers";
import {
  changedTables,
  databaseDigest,
  fillPath,
  idFields,
  jsonSchemaOf,
  paramResource,
  type ProbedRoute,
  registeredRoutes,
  routeName,
  routeResource,
  toBracketQuery,
  validSample,
} from "../../server/test/route-probes";
import { buildTenantWorld, type Caller, type Tenant, type TenantWorld } from "../../server/test/tenant-world";

/**
 * Issue 9 section 2, the route matrix: every route the Fastify instance registered (app.routeTable, never a hand
 * list), checked for what DESIGN.md section 3 promises. Without a session a signed-in route answers 401; under a
 * role prefix that is not the caller's, 403; and with two tenants of each kind on the demo portfolio, every `:id`
 * route called with another tenant's record, and every query or list filter naming another tenant's record, answers
 * 403/404 (a list: 403 or nothing) and changes no row. A route added later is covered as soon as it is registered;
 * the few that cannot be probed this way are named below with the reason.
 */

/** Routes that answer without a session, on purpose. A new public route fails the matrix until it is named here. */
const PUBLIC_ROUTES: Record<string, string> = {
  "GET /v2/health": "liveness probe",
  "GET /v2/openapi.json": "the API's reference, public like the docs",
  "GET /v2/docs": "the API's reference page",
  "GET /v2/docs/reference.js": "the reference page's script",
  "GET /v2/docs/reference.css": "the reference page's style",
  "GET /runtime-config.js": "the console's runtime settings, loaded before sign-in",
  "GET /v2/files/:token": "downloads by signed link (the token is the credential; files.test.ts)",
  "POST /v2/staff/auth/sign_in": "signing in",
  "GET /v2/staff/auth/validate_token": "answers 401 itself for a bad session (auth tests)",
  "DELETE /v2/staff/auth/sign_out": "ends the session its headers name; nothing without them",
  "POST /v2/staff/auth/password": "asks for a reset link by email",
  "PUT /v2/staff/auth/password": "sets a password with a reset or invitation token",
  "GET /v2/staff/auth/invitation": "names the invitee of an invitation token (the token is the credential; invitation.test.ts)",
  "PUT /v2/staff/auth/invitation": "accepts an invitation with its token and a new password",
  "POST /v2/staff/auth/session_persist": "renews the session its headers name; 401 without them",
  "POST /v2/lead_events": "the public quote pages report a visitor's steps (limited per client address)",
  "GET /v2/upload_links/:token": "a resident's upload page reads whom its signed link is for (the token is the credential; upload-links.test.ts)",
  "POST /v2/upload_links/:token": "a resident sends a proof with their signed link (limited per client address; upload-links.test.ts)",
  "POST /v2/review_claims/release": "a closing tab releases its claim with a signed token (sendBeacon sends no headers)",
  "GET /v2/staff_super_admin/global_agency_permissions/available_permissions": "the list of permission keys, the same for everyone",
  "GET /v2/global_agency_permissions/available_permissions": "the list of permission keys, the same for everyone",
};

/**
 * How each kind of record reaches a tenant, as rows (id, agency_id, account_id, parent_id): the key is the path
 * segment before a `:param` (`/v2/leads/:id` → leads) or the name of an id filter (`account_id`, `accounts.id` →
 * accounts). `parent_id` fills the parameter before it (`/policies/:id/policy_revisions/:revId`).
 */
const OWNERSHIP: Record<string, string> = {
  policies: "SELECT id, agency_id, account_id, NULL::int FROM policies",
  policy: "SELECT id, agency_id, account_id, NULL::int FROM policies",
  // The review queue's items are external policies (policy support and super admins only).
  review_queue: "SELECT id, agency_id, account_id, NULL::int FROM policies WHERE NOT policy_in_system",
  claims: "SELECT id, agency_id, account_id, NULL::int FROM policies WHERE NOT policy_in_system",
  change_requests: "SELECT cr.id, p.agency_id, p.account_id, NULL::int FROM change_requests cr JOIN policies p ON p.id = cr.changeable_id",
  policy_revisions: "SELECT r.id, p.agency_id, p.account_id, r.policy_id FROM policy_revisions r JOIN policies p ON p.id = r.policy_id",
  policy_quotes: "SELECT q.id, p.agency_id, p.account_id, NULL::int FROM policy_quotes q JOIN policies p ON p.id = q.policy_id",
  // Master policies are policies of a master type (2, 7); /master-policies/:id/… names the master.
  "master-policies": "SELECT id, agency_id, account_id, NULL::int FROM policies WHERE policy_type_id IN (2, 7)",
  master_policies: "SELECT id, agency_id, account_id, NULL::int FROM policies WHERE policy_type_id IN (2, 7)",
  leads: "SELECT id, agency_id, account_id, NULL::int FROM leads",
  tracking_urls: "SELECT id, agency_id, NULL::int, NULL::int FROM tracking_urls",
  // Past CSV uploads belong to the account they wrote to or their sender's organisation (csv-imports.list.ts).
  csv_imports: "SELECT id, agency_id, account_id, NULL::int FROM insurable_imports WHERE account_id IS NOT NULL OR agency_id IS NOT NULL",
  // Email History: a mail about a policy belongs to the policy's tenant.
  sent_emails: "SELECT e.id, p.agency_id, p.account_id, NULL::int FROM sent_emails e JOIN policies p ON e.related_type = 'Policy' AND p.id = e.related_id",
  // A mail's attachment (/sent_emails/:id/attachments/:attachmentId) belongs to its mail's tenant.
  attachments: `SELECT d.id, p.agency_id, p.account_id, e.id FROM documents d JOIN sent_emails e ON d.attachable_type = 'SentEmail' AND e.id = d.attachable_id
    JOIN policies p ON e.related_type = 'Policy' AND p.id = e.related_id`,
  communities: "SELECT id, agency_id, account_id, NULL::int FROM insurables WHERE insurable_id IS NULL",
  insurables: "SELECT id, agency_id, account_id, NULL::int FROM insurables",
  accounts: "SELECT id, agency_id, id, NULL::int FROM accounts",
  leases: "SELECT l.id, a.agency_id, l.account_id, NULL::int FROM leases l JOIN accounts a ON a.id = l.account_id",
  // A resident's upload link belongs to the account it was mailed for.
  "upload-links": "SELECT ul.id, a.agency_id, ul.account_id, NULL::int FROM upload_links ul JOIN accounts a ON a.id = ul.account_id",
  // A carrier's assignment to an agency belongs to that agency; a rate to its community.
  "carrier-agencies": "SELECT id, agency_id, NULL::int, NULL::int FROM carrier_agencies",
  // GET /carrier-agencies lists them (its filter[id] and rows).
  carrier_agencies: "SELECT id, agency_id, NULL::int, NULL::int FROM carrier_agencies",
  "insurable-rates": "SELECT r.id, i.agency_id, i.account_id, r.insurable_id FROM insurable_rates r JOIN insurables i ON i.id = r.insurable_id",
  "carrier-insurable-profiles": "SELECT p.id, i.agency_id, i.account_id, p.insurable_id FROM carrier_insurable_profiles p JOIN insurables i ON i.id = p.insurable_id",
  agencies: "SELECT id, id, NULL::int, NULL::int FROM agencies",
  // An agency's branding profile belongs to the agency (reference 3.1).
  branding_profiles: "SELECT id, profileable_id, NULL::int, NULL::int FROM branding_profiles WHERE profileable_type = 'Agency'",
  "agency-accounts": "SELECT id, id, NULL::int, NULL::int FROM agencies",
  staffs: `SELECT s.id, CASE WHEN s.organizable_type = 'Agency' THEN s.organizable_id ELSE a.agency_id END,
      CASE WHEN s.organizable_type = 'Account' THEN s.organizable_id END, NULL::int
    FROM staffs s LEFT JOIN accounts a ON s.organizable_type = 'Account' AND a.id = s.organizable_id WHERE s.role IN ('agent', 'staff')`,
  // A property manager's assignment to a community belongs to the manager's (and the community's) account.
  assignments: "SELECT asg.id, a.agency_id, s.organizable_id, NULL::int FROM assignments asg JOIN staffs s ON s.id = asg.staff_id JOIN accounts a ON a.id = s.organizable_id",
  // A customer of exactly one account belongs to that account's tenant.
  // An integration belongs to its account; its properties and the records in error to the integration's account.
  integrations: "SELECT ig.id, a.agency_id, ig.account_id, NULL::int FROM integrations ig JOIN accounts a ON a.id = ig.account_id",
  property: "SELECT p.id, a.agency_id, ig.account_id, p.integration_id FROM integration_properties p JOIN integrations ig ON ig.id = p.integration_id JOIN accounts a ON a.id = ig.account_id",
  sync_errors: "SELECT e.id, a.agency_id, ig.account_id, NULL::int FROM integration_sync_errors e JOIN integrations ig ON ig.id = e.integration_id JOIN accounts a ON a.id = ig.account_id",
  // /integrations/{provider}/{account id}: an account's integration settings.
  yardi: "SELECT id, agency_id, id, NULL::int FROM accounts",
  entrata: "SELECT id, agency_id, id, NULL::int FROM accounts",
  // Rent-guarantee mass imports belong to their account (and its agency).
  "policy-application-groups": "SELECT id, agency_id, account_id, NULL::int FROM policy_application_groups",
  policy_application_groups: "SELECT id, agency_id, account_id, NULL::int FROM policy_application_groups",
  // A report belongs to its owner's tenant; /<owner>/:id/reports/:reportId names the owner first (parent_id).
  reports: `SELECT r.id, coalesce(ag.id, a.agency_id, i.agency_id), coalesce(a.id, i.account_id), r.owner_id FROM reports r
    LEFT JOIN accounts a ON r.owner_type = 'Account' AND a.id = r.owner_id LEFT JOIN agencies ag ON r.owner_type = 'Agency' AND ag.id = r.owner_id
    LEFT JOIN insurables i ON r.owner_type = 'Insurable' AND i.id = r.owner_id`,
  // An invoice belongs to the policy it bills: its own, or the one its quote became (server/billing/ownership.ts).
  invoices: `SELECT i.id, po.agency_id, po.account_id, NULL::int FROM invoices i JOIN policies po ON po.id = CASE i.invoiceable_type
      WHEN 'Policy' THEN i.invoiceable_id WHEN 'PolicyQuote' THEN (SELECT q.policy_id FROM policy_quotes q WHERE q.id = i.invoiceable_id) END`,
  // A payment (a gateway charge or refund) belongs to its invoice's policy. Its ids are text (charge-1, refund-1), so
  // a leaked row would not be matched by id here: payments.test.ts checks the list's scope per role instead.
  payments: `SELECT c.id, po.agency_id, po.account_id, NULL::int FROM charges c JOIN invoices i ON i.id = c.invoice_id JOIN policies po ON po.id = CASE i.invoiceable_type
      WHEN 'Policy' THEN i.invoiceable_id WHEN 'PolicyQuote' THEN (SELECT q.policy_id FROM policy_quotes q WHERE q.id = i.invoiceable_id) END`,
  users: `SELECT u.id, min(a.agency_id), min(au.account_id), NULL::int FROM users u JOIN account_users au ON au.user_id = u.id
    JOIN accounts a ON a.id = au.account_id GROUP BY u.id HAVING count(DISTINCT au.account_id) = 1`,
};

/** Ids that name records no tenant owns: every caller who may use them sees the same ones. */
const SHARED: Record<string, string> = {
  checked_files: "DMR files belong to no tenant (super admins and policy support only)",
  carriers: "carriers are shared by every agency",
  carrier: "carriers are shared by every agency",
  policy_types: "reference data",
  insurable_types: "reference data",
  saved_views: "a saved view answers only the staff member who saved it (staff_id), whatever the tenant (saved-views.test.ts)",
  record_numbers: "the audit log's record id names a record of any type; the log is for super admins only (audit.test.ts)",
  bulk_jobs: "a grid's bulk job answers only the staff member who started it (staff_id), whatever the tenant (server/jobs/bulk-job.test.ts)",
  imports: "a property-file import answers only the staff who uploaded it (staff_id), whatever the tenant",
  legacy_imports: "a legacy policy import answers only the staff who started it (staff_id) while its account is in their scope (legacy-import.test.ts)",
  documents: "a document id only counts with its policy's id, which the matrix probes",
  related: "sent_emails.related_id names a record of any type; the list itself is scoped by the mail's recipient",
  bordereau_reports: "a bordereau covers every agency's premium: it belongs to no tenant, and only super admins list or read them (reports.test.ts)",
};

/** What an id filter's name refers to: `account_id` → accounts, `users.id` → users, `id` → the list's own. */
const ALIASES: Record<string, string> = {
  account: "accounts",
  agency: "agencies",
  policy: "policies",
  user: "users",
  insurable: "insurables",
  community: "communities",
  changeable: "policies",
  organizable: "agencies",
  carrier: "carriers",
  policy_type: "policy_types",
  revision: "policy_revisions",
  document: "documents",
  related: "related",
};

/** Lists whose path does not name what they list: the leads dashboards list leads (their `filter.id` is a lead's). */
const LIST_OF: Record<string, string> = { dashboards: "leads", leads_dashboard: "leads", leads_dashboard_tracking_url: "leads" };

function fieldResource(route: ProbedRoute, path: string[]): string {
  const names = path.filter((p) => p !== "[]");
  const last = names.at(-1)!;
  if (last === "id" || last === "ids") {
    const owner = names.at(-2);
    if (owner === undefined || owner === "filter") return LIST_OF[routeResource(route.url)] ?? routeResource(route.url);
    return ALIASES[owner] ?? owner;
  }
  const base = last.replace(/_ids?$/, "");
  return ALIASES[base] ?? `${base}s`;
}

/** What a list answers rows of: `/v2/lookups/carriers` → carriers, `/v2/policies_dashboard_index` → policies. */
function listedResource(url: string): string {
  const segments = url.replace(/^\/(v2|api)\//, "").split("/").filter((s) => s !== "list" && s !== "export");
  const name = segments.at(-1)!.replace(/_index$/, "").replace(/-/g, "_");
  return name === "policies_dashboard" ? "policies" : name === "top_available" ? "communities" : name;
}

let t: TestApp;
let world: TenantWorld;
let routes: ProbedRoute[];
let digestBefore: Record<string, string>;
const counts = { routes: 0, unauthenticated: 0, wrongPrefix: 0, foreignIds: 0, foreignFilters: 0, emptyAnswers: 0 };
const failures: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  world = await buildTenantWorld(t);
  routes = registeredRoutes(t.app);
  counts.routes = routes.length;
  digestBefore = await databaseDigest(t.database.db);
}, 120_000);
afterAll(async () => {
  console.log(
    `route matrix: ${counts.routes} routes; requests: ${counts.unauthenticated} without a session, ${counts.wrongPrefix} under another role's prefix, ` +
      `${counts.foreignIds} with another tenant's id, ${counts.foreignFilters} with a filter naming another tenant's record ` +
      `(${counts.emptyAnswers} of them answered nothing) ` +
      `(${counts.unauthenticated + counts.wrongPrefix + counts.foreignIds + counts.foreignFilters} in all)`,
  );
  await t?.close();
});

type Send = { method: ProbedRoute["method"]; url: string; headers?: AuthHeaders; payload?: unknown };
const send = (r: Send) =>
  t.app.inject({ method: r.method, url: r.url, headers: r.headers, ...(r.payload === undefined ? {} : { payload: r.payload as object }) });

/** A path with every parameter filled with an id that exists somewhere (the check must not depend on it). */
const anyPath = (url: string) => fillPath(url, Object.fromEntries([...url.matchAll(/:(\w+)/g)].map((m) => [m[1], "1"])));

describe("every registered route", () => {
  it("is either signed-in or named as public", () => {
    expect(routes.length).toBeGreaterThan(300);
    const publicOnes = routes.filter((r) => !r.signedIn && r.method !== "HEAD").map(routeName);
    expect(publicOnes.sort()).toEqual(Object.keys(PUBLIC_ROUTES).sort());
  });

  it("answers 401 without a session, or with a session that does not exist, whatever is sent", { timeout: 300_000 }, async () => {
    const bogus = { "access-token": "x", client: "y", uid: "agent@coverdesk.test", "token-type": "Bearer", expiry: "9999999999" };
    for (const route of routes.filter((r) => r.signedIn)) {
      for (const headers of [undefined, bogus]) {
        const res = await send({ method: route.method, url: anyPath(route.url), headers: headers as AuthHeaders | undefined, payload: route.method === "GET" || route.method === "HEAD" ? undefined : { x: 1 } });
        counts.unauthenticated++;
        if (res.statusCode !== 401) failures.push(`${routeName(route)} without a session: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 403 under a role prefix that is not the caller's", { timeout: 300_000 }, async () => {
    // One wrong role per route, taking each in turn, so every (prefix, wrong role) pair is met across the table.
    let turn = 0;
    for (const route of routes.filter((r) => r.rolePrefix)) {
      const wrong = ROLES.filter((role) => !PREFIX_ROLES[route.rolePrefix as Role].includes(role));
      for (const role of [wrong[turn++ % wrong.length]]) {
        const res = await send({ method: route.method, url: anyPath(route.url), headers: world.byRole[role], payload: route.method === "GET" || route.method === "HEAD" ? undefined : { x: 1 } });
        counts.wrongPrefix++;
        if (res.statusCode !== 403) failures.push(`${routeName(route)} as ${role}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/** One record of `key` in `tenant` that `caller` must not reach, or undefined when the demo has none. */
/** Records of `key` in `tenant` that `caller` must not reach (the lowest id first), among `among` when given. */
async function foreignRecords(key: string, tenant: Tenant, caller: Caller, among?: number[]): Promise<Array<{ id: number; parent_id: number | null }>> {
  const intArray = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;
  const inTenant = tenant.kind === "agencies" ? sql`o.agency_id = ANY(${intArray(tenant.ids)})` : sql`o.account_id = ${tenant.id}`;
  const own = caller.own;
  const notOwn =
    own.kind === "agencies"
      ? sql`coalesce(o.agency_id, 0) <> ALL(${intArray(own.ids)})
          AND coalesce((SELECT a.agency_id FROM accounts a WHERE a.id = o.account_id), 0) <> ALL(${intArray(own.ids)})`
      : sql`o.account_id IS DISTINCT FROM ${own.id}`;
  const only = among ? sql`AND o.id = ANY(${intArray(among)})` : sql``;
  return selectRows<{ id: number; parent_id: number | null }>(
    t.database.db,
    sql`SELECT o.id, o.parent_id FROM (${sql.raw(OWNERSHIP[key])}) AS o(id, agency_id, account_id, parent_id) WHERE ${inTenant} AND ${notOwn} ${only} ORDER BY o.id LIMIT ${among ? 1000 : 1}`,
  );
}

const foreignRecord = async (key: string, tenant: Tenant, caller: Caller) => (await foreignRecords(key, tenant, caller))[0];

/** A list answer's rows: the bare array, or `data` of `{data, meta}`; undefined for any other answer. */
function listRows(body: unknown): Array<{ id?: unknown }> | undefined {
  if (Array.isArray(body)) return body;
  const data = body !== null && typeof body === "object" ? (body as { data?: unknown }).data : undefined;
  return Array.isArray(data) ? data : undefined;
}

describe("another tenant's records", () => {
  const unresolved = new Set<string>();
  const probed = new Set<string>();

  it("every :id route called with another tenant's id answers 403 or 404", { timeout: 300_000 }, async () => {
    const idRoutes = routes.filter((r) => r.signedIn && !r.rolePrefix && r.method !== "HEAD" && r.params.length > 0);
    expect(idRoutes.length).toBeGreaterThan(30);
    for (const route of idRoutes) {
      const last = route.params.at(-1)!;
      const key = paramResource(route.url, last);
      if (key in SHARED) continue;
      if (!(key in OWNERSHIP)) {
        unresolved.add(`${routeName(route)}: :${last} (${key})`);
        continue;
      }
      for (const caller of world.callers) {
        for (const tenant of caller.foreign) {
          const record = await foreignRecord(key, tenant, caller);
          if (!record) continue;
          const values: Record<string, string | number> = { [last]: record.id };
          if (route.params.length >= 2) values[route.params[0]] = record.parent_id ?? record.id;
          // A provider named in the path (/integrations/:id/:type/property/:propertyId/resync) is one that exists.
          if (route.params.includes("type")) values.type = "yardi";
          const body = route.schemas.body ? (validSample(route.schemas.body, [record.id], 9) ?? {}) : undefined;
          const query = route.schemas.querystring ? validSample(route.schemas.querystring, [record.id], 9) : undefined;
          const qs = query ? toBracketQuery(query) : "";
          const res = await send({ method: route.method, url: fillPath(route.url, values) + (qs ? `?${qs}` : ""), headers: caller.headers, payload: body });
          counts.foreignIds++;
          probed.add(routeName(route));
          if (![403, 404].includes(res.statusCode)) failures.push(`${routeName(route)} as ${caller.name} with ${tenant.label}'s ${key} ${record.id}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
      if (!probed.has(routeName(route))) unresolved.add(`${routeName(route)}: no record of another tenant in the demo`);
    }
    expect(failures).toEqual([]);
    expect([...unresolved]).toEqual([]);
  });

  it("every query or list filter naming another tenant's record answers 403 or nothing", { timeout: 300_000 }, async () => {
    const readRoutes = routes.filter((r) => r.signedIn && !r.rolePrefix && (r.method === "GET" || r.method === "POST"));
    for (const route of readRoutes) {
      const part = route.method === "GET" ? route.schemas.querystring : route.schemas.body;
      const json = jsonSchemaOf(part);
      const fields = idFields(json).filter((path) => path[0] === "filter" || route.method === "GET");
      // agency_id narrows every list (DESIGN.md section 3, Scope); it is text or a number in the list contract.
      if (json?.properties?.agency_id && !fields.some((p) => p.join(".") === "agency_id")) fields.push(["agency_id"]);
      if (fields.length === 0 || route.params.length > 0) continue;
      for (const path of fields) {
        const key = fieldResource(route, path);
        if (key in SHARED) continue;
        if (!(key in OWNERSHIP)) {
          unresolved.add(`${routeName(route)}: ${path.join(".")} (${key})`);
          continue;
        }
        for (const caller of world.callers) {
          for (const tenant of caller.foreign) {
            const record = await foreignRecord(key, tenant, caller);
            if (!record) continue;
            const named: Record<string, unknown> = {};
            let node = named;
            const keys = path.filter((p) => p !== "[]");
            for (const k of keys.slice(0, -1)) node = (node[k] = {}) as Record<string, unknown>;
            node[keys.at(-1)!] = path.at(-1) === "[]" ? [record.id] : record.id;
            const res =
              route.method === "GET"
                ? await send({ method: "GET", url: `${route.url}?${toBracketQuery(named)}`, headers: caller.headers })
                : await send({ method: "POST", url: route.url, headers: caller.headers, payload: named });
            counts.foreignFilters++;
            const what = `${routeName(route)} as ${caller.name}, ${path.join(".")} = ${tenant.label}'s ${key} ${record.id}`;
            if ([403, 404].includes(res.statusCode)) continue;
            // An export answers the job it started; its rows are the list's (the export tests compare them).
            if (res.statusCode === 200 && route.url.endsWith("/export")) continue;
            const rows = res.statusCode === 200 ? listRows(res.json()) : undefined;
            if (!rows) {
              // Not a list (a dashboard's counts): it must be what naming no record at all answers.
              node[keys.at(-1)!] = path.at(-1) === "[]" ? [MAX_ID] : MAX_ID;
              const none =
                route.method === "GET"
                  ? await send({ method: "GET", url: `${route.url}?${toBracketQuery(named)}`, headers: caller.headers })
                  : await send({ method: "POST", url: route.url, headers: caller.headers, payload: named });
              if (res.statusCode !== 200 || none.statusCode !== 200 || !isDeepStrictEqual(res.json(), none.json())) {
                failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
              } else counts.emptyAnswers++;
              continue;
            }
            if (rows.length === 0) {
              counts.emptyAnswers++;
              continue;
            }
            // A filter the list ignores for this caller (agency_id for staff) still answers only the caller's own rows.
            const listed = listedResource(route.url);
            if (!(listed in OWNERSHIP)) {
              if (!(listed in SHARED)) failures.push(`${what}: ${rows.length} rows of ${listed}, whose owner the matrix does not know`);
              continue;
            }
            const ids = rows.map((row) => Number(row.id)).filter(Number.isInteger);
            const leaked = (await Promise.all(caller.foreign.map((f) => foreignRecords(listed, f, caller, ids)))).flat();
            if (leaked.length) failures.push(`${what}: answered another tenant's ${listed} ${leaked.map((r) => r.id).join(", ")}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect([...unresolved]).toEqual([]);
  });

  it("and none of it changed a row", async () => {
    const after = await databaseDigest(t.database.db);
    expect(changedTables(digestBefore, after)).toEqual([]);
  });
});
