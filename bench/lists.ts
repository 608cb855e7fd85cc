import type { AuthHeaders } from "./client";
import type { Run } from "./measure";

/**
 * The lists part of `npm run bench` (issue 11 goals): page 1 of every list, unfiltered and with each real filter, for
 * each role (super admin, agent, staff); deep pages (2,000 and the last) of the big lists; contains-searches on customer
 * name, email, policy number and T code with common, rare and absent terms.
 */
export interface ListContext {
  base: string;
  run: Run;
  auth: { super_admin: AuthHeaders; agent: AuthHeaders; staff: AuthHeaders };
  /** Drops the API's statistics cache (the API runs in this process), so each statistics call is computed. */
  forgetStats?: () => void;
  /** Ids in each caller's reach, read from the seeded data. */
  ids: { agencyId: number; subAgencyId: number; accountId: number; carrierId: number; staffAccountId: number };
}

const PREFIX = { super_admin: "staff_super_admin", agent: "staff_agency", staff: "staff_account" } as const;
type Role = keyof typeof PREFIX;

export async function call(base: string, path: string, auth: AuthHeaders, body?: unknown): Promise<{ headers: Headers; json: unknown }> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...auth, "accept-encoding": "gzip, br", ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${body === undefined ? "GET" : "POST"} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return { headers: res.headers, json: JSON.parse(text) };
}

const query = (params: Record<string, string | number | Array<string | number>>) =>
  Object.entries(params)
    .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => `${k}[]=${encodeURIComponent(String(x))}`) : [`${k}=${encodeURIComponent(String(v))}`]))
    .join("&");

/** Terms per field that hit many, few and no rows of the scale seed. */
export const SEARCH_TERMS = {
  customer_name: { common: "smith", rare: "hiroshi okafor", absent: "zzqx" },
  email: { common: "resident12", rare: "resident123457@", absent: "nobody@none" },
  number: { common: "sc-0004", rare: "000123457", absent: "no-such" },
  t_code: { common: "t012", rare: "t0123457", absent: "x9x9" },
} as const;

export async function benchLists(ctx: ListContext) {
  const { base, run, auth, ids } = ctx;
  const policyList = (role: Role, filter: object, page = 1) => call(base, `/v2/${PREFIX[role]}/policies/list`, auth[role], { filter, pagination: { page, per: 50 }, sort: { column: "updated_at", direction: "desc" } });
  const policyFilters = (role: Role): Array<[string, object]> => [
    ["no filter", {}],
    ["status", { status: ["BOUND", "BOUND_WITH_WARNING"] }],
    ["agency", { agency_id: [role === "super_admin" ? ids.agencyId : ids.subAgencyId] }],
    ["status + agency", { status: ["BOUND"], agency_id: [role === "super_admin" ? ids.agencyId : ids.subAgencyId] }],
    ["account", { account_id: [ids.staffAccountId] }],
    ["carrier", { carrier_id: [ids.carrierId] }],
    ["policy type", { policy_type_id: [1] }],
    ["in system: no", { policy_in_system: false }],
    ["effective date range", { effective_date: { start: "2026-01-01", end: "2026-03-31" } }],
    ["updated between", { updated_at_start_date: "2026-01-01T00:00:00Z", updated_at_end_date: "2026-06-30T00:00:00Z" }],
  ];
  for (const role of ["super_admin", "agent", "staff"] as const) {
    for (const [label, filter] of policyFilters(role)) {
      if (role === "staff" && label.includes("agency")) continue;
      await run("list_page1", `policies p1 [${role}] ${label}`, () => policyList(role, filter));
    }
  }

  const users = (role: Role, params: Record<string, string | number | Array<string | number>>) =>
    call(base, `/v2/${PREFIX[role]}/users?${query({ "pagination[per]": 20, "pagination[page]": 1, ...params })}`, auth[role]);
  for (const role of ["super_admin", "agent", "staff"] as const) {
    await run("list_page1", `users p1 [${role}] no filter`, () => users(role, {}));
    await run("list_page1", `users p1 [${role}] has existing policies`, () => users(role, { "filter[has_existing_policies]": "true" }));
    await run("list_page1", `users p1 [${role}] has current leases: no`, () => users(role, { "filter[has_current_leases]": "false" }));
    if (role !== "staff") await run("list_page1", `users p1 [${role}] account`, () => users(role, { "filter[accounts][id]": [ids.staffAccountId] }));
    await run("list_page1", `staff p1 [${role}] property managers`, () =>
      call(base, `/v2/${PREFIX[role]}/staffs?${query({ "filter[organizable_type]": "Account", "pagination[per]": 20 })}`, auth[role]),
    );
    await run("list_page1", `accounts p1 [${role}]`, () => call(base, `/v2/${PREFIX[role]}/accounts_index`, auth[role], { pagination: { page: 1, per: 20 } }));
    await run("list_page1", `change requests p1 [${role}]`, () => call(base, `/v2/${PREFIX[role]}/change_requests/list`, auth[role], { pagination: { page: 1, per: 20 } }));
    await run("list_page1", `email history p1 [${role}]`, () => call(base, `/v2/${PREFIX[role]}/sent_emails?pagination[per]=20`, auth[role]));
  }

  await benchLeads(ctx);

  // Deep pages: page 2,000 and the last page, by the list's own total.
  const lastPage = (total: number, per: number) => Math.max(1, Math.ceil(total / per));
  const policyTotal = ((await policyList("super_admin", {})).json as { meta: { total: number } }).meta.total;
  await run("deep_page", "policies page 2,000 [super_admin]", () => policyList("super_admin", {}, 2000));
  await run("deep_page", `policies last page (${lastPage(policyTotal, 50)}) [super_admin]`, () => policyList("super_admin", {}, lastPage(policyTotal, 50)));
  const boundTotal = ((await policyList("super_admin", { status: ["BOUND"] })).json as { meta: { total: number } }).meta.total;
  await run("deep_page", "policies page 2,000 [super_admin] status", () => policyList("super_admin", { status: ["BOUND"] }, 2000));
  await run("deep_page", `policies last page (${lastPage(boundTotal, 50)}) [super_admin] status`, () => policyList("super_admin", { status: ["BOUND"] }, lastPage(boundTotal, 50)));
  // Page 2,000 reached by Next from page 1,999: the cursor its neighbour answered (keyset pages, server/lib/list.ts).
  const next1999 = (await call(base, `/v2/${PREFIX.super_admin}/policies/list`, auth.super_admin, { filter: {}, pagination: { page: 1999, per: 50 }, sort: { column: "updated_at", direction: "desc" } })).headers.get("next-page-cursor") ?? undefined;
  await run("deep_page", "policies page 2,000 by Next (cursor) [super_admin]", () =>
    call(base, `/v2/${PREFIX.super_admin}/policies/list`, auth.super_admin, { filter: {}, pagination: { page: 2000, per: 50, cursor: next1999 }, sort: { column: "updated_at", direction: "desc" } }),
  );
  const userTotal = Number((await users("super_admin", {})).headers.get("total-entries"));
  await run("deep_page", "users page 2,000 [super_admin]", () => users("super_admin", { "pagination[page]": 2000 }));
  await run("deep_page", `users last page (${lastPage(userTotal, 20)}) [super_admin]`, () => users("super_admin", { "pagination[page]": lastPage(userTotal, 20) }));
  const userNext = (await users("super_admin", { "pagination[page]": 1999 })).headers.get("next-page-cursor") ?? "";
  await run("deep_page", "users page 2,000 by Next (cursor) [super_admin]", () => users("super_admin", { "pagination[page]": 2000, "pagination[cursor]": userNext }));

  // Contains-searches: every field, every kind of term, on the policies grid and the customers list.
  const policySearch: Record<keyof typeof SEARCH_TERMS, (term: string) => object> = {
    customer_name: (term) => ({ users: { profile: { full_name: { like: term } } } }),
    email: (term) => ({ users: { email: { like: term } } }),
    number: (term) => ({ number: { like: term } }),
    t_code: (term) => ({ tcode: { like: term } }),
  };
  const userSearch: Record<keyof typeof SEARCH_TERMS, string> = { customer_name: "filter[profile][full_name][like]", email: "filter[email][like]", number: "filter[number][like]", t_code: "filter[t_code][like]" };
  for (const field of Object.keys(SEARCH_TERMS) as Array<keyof typeof SEARCH_TERMS>) {
    for (const [kind, term] of Object.entries(SEARCH_TERMS[field])) {
      await run("search", `policies search ${field} (${kind}: "${term}") [super_admin]`, () => policyList("super_admin", policySearch[field](term)));
      await run("search", `policies search ${field} (${kind}) [agent]`, () => policyList("agent", policySearch[field](term)));
      await run("search", `users search ${field} (${kind}) [super_admin]`, () => users("super_admin", { [userSearch[field]]: term }));
    }
  }
}

/**
 * The landing page (issue 12), also a part of its own (`--only leads`): the leads grid's page 1 and the dashboard's
 * statistics over 30 days, per role.
 */
export async function benchLeads({ base, run, auth, forgetStats }: Pick<ListContext, "base" | "run" | "auth" | "forgetStats">) {
  // The landing page: the leads grid's page 1 and the dashboard's statistics over the last 30 days, per role. The
  // statistics are kept 5 minutes per scope and window: the cache is dropped before each call (the API runs in this
  // process), or else each call asks for a window ending a day earlier (all of them inside the seed's 90 days).
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  for (const role of ["super_admin", "agent", "staff"] as const) {
    await run("list_page1", `leads p1 [${role}] last 7 days`, () =>
      call(base, `/v2/${PREFIX[role]}/leads/list`, auth[role], { filter: { archived: false, last_visit: { start: day(6), end: day(0) } }, pagination: { page: 1, per: 20 }, sort: { column: "last_visit", direction: "desc" } }),
    );
    let shift = 0;
    await run("leads_stats", `leads stats 30 days (uncached) [${role}]`, () => {
      if (forgetStats) forgetStats();
      else shift = (shift + 1) % 60;
      return call(base, `/v2/${PREFIX[role]}/dashboards/leads/stats`, auth[role], { filter: { last_visit: { start: day(29 + shift), end: day(shift) } } });
    });
  }
  // The dashboard's filters (campaign source, medium and name, interested product) and the API's others (status, name,
  // archived), and the per-tracking-URL statistics, per role over the same 30 days (the scale seed's campaigns).
  const filters: Array<[string, object]> = [
    ["campaign source", { tracking_url: { campaign_source: ["google"] } }],
    ["campaign medium", { tracking_url: { campaign_medium: ["cpc"] } }],
    ["campaign name", { tracking_url: { campaign_name: ["Spring Renters"] } }],
    ["product", { lead_events: { policy_type_id: [1] } }],
    ["archived", { archived: true }],
    ["status", { status: ["lost"] }],
    ["name", { profile: { full_name: { like: "smith" } } }],
  ];
  for (const role of ["super_admin", "agent", "staff"] as const) {
    for (const [label, filter] of filters) {
      let shift = 0;
      await run("leads_stats", `leads stats 30 days ${label} (uncached) [${role}]`, () => {
        if (forgetStats) forgetStats();
        else shift = (shift + 1) % 60;
        return call(base, `/v2/${PREFIX[role]}/dashboards/leads/stats`, auth[role], { filter: { ...filter, last_visit: { start: day(29 + shift), end: day(shift) } } });
      });
    }
    let shift = 0;
    await run("leads_stats", `leads stats per tracking URL 30 days (uncached) [${role}]`, () => {
      if (forgetStats) forgetStats();
      else shift = (shift + 1) % 60;
      return call(base, `/v2/${PREFIX[role]}/leads_dashboard_tracking_url?filter[last_visit][start]=${day(29 + shift)}&filter[last_visit][end]=${day(shift)}`, auth[role]);
    });
  }
}
