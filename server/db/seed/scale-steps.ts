import { type SQL, sql } from "drizzle-orm";
import type { PolicyStatus } from "../../../src/domain/policies";
import type { Db } from "../client";
import { UNLISTED_CARRIERS } from "./demo-carriers";
import { FIRST_NAMES, LAST_NAMES } from "./names";

/**
 * The set-based INSERT … SELECT FROM generate_series statements of the scale seed. Every parent is a pure function of
 * the child's 1-based index (unit u lies in community 1 + (u−1) mod C, community c in account 1 + (c−1) mod A, …),
 * so no row is looked up; ids are `base + index`, after each table's maximum id when the seed began.
 */
export interface ScaleShape {
  /** policies, top-level agencies, agencies (T tops + 2 subs each), accounts, communities, units, users */
  P: number;
  T: number;
  G: number;
  A: number;
  C: number;
  U: number;
  N: number;
}

export interface ScaleBase {
  agencies: number;
  accounts: number;
  insurables: number;
  users: number;
  policies: number;
  leads: number;
  tracking_urls: number;
}

/** Leads and lead events per policy (issue 12: about 5 leads and 20 events per policy). */
export const LEADS_PER_POLICY = 5;
export const EVENTS_PER_LEAD = 4;
const CAMPAIGNS = [
  ["residential", "Spring Renters", "google", "cpc"],
  ["residential", "Move-in Month", "facebook", "social"],
  ["rentguarantee", "Resident Newsletter", "email", "newsletter"],
] as const;

/** Where a step is: its rows are `from..to` (1-based). */
export interface Range {
  from: number;
  to: number;
}

/**
 * Policy statuses in proportion, 40 slots: every status present, mostly bound and verified, as in a live book.
 * Slot of policy g = 1 + (g·7919) mod 40 (reduced first: int arithmetic); 7919 is coprime with 40, so every slot recurs
 * evenly.
 */
const STATUS_SLOTS: readonly PolicyStatus[] = (
  [
    ["BOUND", 10], ["EXTERNAL_VERIFIED", 7], ["EXPIRED", 5], ["CANCELLED", 3], ["EXTERNAL_UNVERIFIED", 2],
    ["EXTERNAL_REJECTED", 2], ["RENEWED", 2], ["RENEWING", 1], ["BOUND_WITH_WARNING", 1], ["REINSTATED", 1],
    ["AWAITING_PAYMENT", 1], ["AWAITING_ACH", 1], ["PAID", 1], ["BIND_ERROR", 1], ["BIND_REJECTED", 1], ["ARCHIVED", 1],
  ] as const
).flatMap(([status, count]) => Array<PolicyStatus>(count).fill(status));

/** A whole number inlined into the SQL (computed here, never input): keeps the arithmetic int, not numeric. */
const n = (value: number) => sql.raw(String(Math.trunc(value)));

/** A text[] or int[] literal passed as one parameter. */
const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`}::text[]`;
const intArray = (values: readonly number[]) => sql`${`{${values.join(",")}}`}::int[]`;

const series = (range: Range, name: string) => sql`generate_series(${n(range.from)}, ${n(range.to)}) ${sql.raw(name)}`;

export class ScaleSql {
  constructor(
    private readonly db: Db,
    private readonly shape: ScaleShape,
    private readonly base: ScaleBase,
    /** The day dates are laid out around (yyyy-MM-dd) and the moment created_at counts back from. */
    private readonly today: string,
    private readonly now: string,
  ) {}

  private communityOfUnit = (u: SQL) => sql`(1 + (${u} - 1) % ${n(this.shape.C)})`;
  private accountOfCommunity = (c: SQL) => sql`(1 + (${c} - 1) % ${n(this.shape.A)})`;
  private agencyOfAccount = (a: SQL) => sql`(1 + (${a} - 1) % ${n(this.shape.G)})`;
  private unitOfUser = (k: SQL) => sql`(1 + (${k} - 1) % ${n(this.shape.U)})`;
  private userOfPolicy = (g: SQL) => sql`(1 + (${g} - 1) % ${n(this.shape.N)})`;
  private accountOfUnit = (u: SQL) => this.accountOfCommunity(this.communityOfUnit(u));
  /** created_at spread over the last ~3 years, so date sorts and filters see realistic data. */
  private spread = (g: SQL) => sql`${this.now}::timestamptz - make_interval(days => (${g} * 7) % 1200, secs => (${g} * 97) % 86400)`;

  /** T top-level agencies (the first is the platform's on a fresh database), 2 sub-agencies under each, accounts, communities. */
  async organisations() {
    const { T, G, A, C } = this.shape;
    const { agencies, accounts, insurables } = this.base;
    const top = sql`1 + (g - ${n(T)} - 1) % ${n(T)}`;
    await this.db.execute(sql`INSERT INTO agencies (id, title, call_sign, enabled, agency_id)
      SELECT ${n(agencies)} + g,
        CASE WHEN g = 1 THEN 'Coverdesk Insurance Services' WHEN g <= ${n(T)} THEN 'Agency ' || g
             ELSE 'Agency ' || (${top}) || ' Branch ' || (1 + (g - ${n(T)} - 1) / ${n(T)}) END,
        'SC' || (${n(agencies)} + g), true, CASE WHEN g > ${n(T)} THEN ${n(agencies)} + ${top} END
      FROM generate_series(1, ${n(G)}) g`);
    await this.db.execute(sql`INSERT INTO accounts (id, title, agency_id, enabled, contact_info)
      SELECT ${n(accounts)} + g, 'Property Group ' || g, ${n(agencies)} + ${this.agencyOfAccount(sql`g`)}, true,
        jsonb_build_object('contact_email', 'office' || g || '@pm.example', 'contact_phone', '(555) 010-' || lpad((g % 10000)::text, 4, '0'))
      FROM generate_series(1, ${n(A)}) g`);
    await this.db.execute(sql`INSERT INTO insurables (id, title, insurable_type_id, account_id, agency_id)
      SELECT ${n(insurables)} + g, 'Community ' || g, 1, ${n(accounts)} + ${this.accountOfCommunity(sql`g`)},
        ${n(agencies)} + ${this.agencyOfAccount(this.accountOfCommunity(sql`g`))}
      FROM generate_series(1, ${n(C)}) g`);
  }

  private get unitBase() {
    return this.base.insurables + this.shape.C;
  }

  async units(range: Range) {
    const { accounts, agencies, insurables } = this.base;
    const account = this.accountOfUnit(sql`g`);
    await this.db.execute(sql`INSERT INTO insurables (id, title, insurable_type_id, insurable_id, account_id, agency_id, occupied)
      SELECT ${n(this.unitBase)} + g, 'Unit ' || (100 + (g - 1) / ${n(this.shape.C)}), 4, ${n(insurables)} + ${this.communityOfUnit(sql`g`)},
        ${n(accounts)} + ${account}, ${n(agencies)} + ${this.agencyOfAccount(account)}, true
      FROM ${series(range, "g")}`);
  }

  /** Resident k's values, one expression each, shared by the residents' rows and their policies' search text. */
  private resident = {
    id: (k: SQL) => sql`(${n(this.base.users)} + ${k})`,
    first: (k: SQL) => sql`(${textArray(FIRST_NAMES)})[1 + (${k} * 31) % ${n(FIRST_NAMES.length)}]`,
    last: (k: SQL) => sql`(${textArray(LAST_NAMES)})[1 + (${k} * 17 + ${k} / ${n(FIRST_NAMES.length)}) % ${n(LAST_NAMES.length)}]`,
    email: (k: SQL) => sql`'resident' || ${this.resident.id(k)} || '@scale.example'`,
    contactEmail: (k: SQL) => sql`lower(${this.resident.first(k)}) || '.' || ${this.resident.id(k)} || '@mail.example'`,
    phone: (k: SQL) => sql`'(' || (201 + ${k} % 700) || ') ' || (200 + (${k} * 7) % 800) || '-' || lpad(((${k} * 13) % 10000)::text, 4, '0')`,
    /** 70 % of residents have a T code. */
    tCode: (k: SQL) => sql`CASE WHEN ${k} % 10 < 7 THEN 't' || lpad(${this.resident.id(k)}::text, 7, '0') END`,
  };

  /** Resident k's lines of a policy's search text (migration 0013's format; scale.test.ts compares it with the triggers'). */
  private residentSearch(k: SQL) {
    const r = this.resident;
    return sql`concat_ws(E'\\n', search_value('n', ${r.first(k)} || ' ' || ${r.last(k)}), search_value('e', ${r.email(k)}),
      search_value('c', ${r.contactEmail(k)}), search_value('t', ${r.tCode(k)}))`;
  }

  /** Residents' profiles, account links, and a T code for 70 % of them (their users rows come after their policies). */
  async residents(range: Range) {
    const r = this.resident;
    const id = r.id(sql`k`);
    await this.db.execute(sql`INSERT INTO profiles (profileable_type, profileable_id, first_name, last_name, full_name, contact_email, contact_phone, birth_date)
      SELECT 'User', ${id}, ${r.first(sql`k`)}, ${r.last(sql`k`)}, ${r.first(sql`k`)} || ' ' || ${r.last(sql`k`)}, ${r.contactEmail(sql`k`)},
        ${r.phone(sql`k`)}, to_char(date '1950-01-01' + (k * 37) % 18000, 'YYYY-MM-DD')
      FROM ${series(range, "k")}`);
    // The link carries its customer's creation date (migration 0049), the one users() gives the customer.
    await this.db.execute(sql`INSERT INTO account_users (account_id, user_id, user_created_at)
      SELECT ${n(this.base.accounts)} + ${this.accountOfUnit(this.unitOfUser(sql`k`))}, ${id}, ${this.spread(sql`k`)} FROM ${series(range, "k")}`);
    await this.db.execute(sql`INSERT INTO integration_profiles (external_id, profileable_type, profileable_id)
      SELECT ${r.tCode(sql`k`)}, 'User', ${id} FROM ${series(range, "k")} WHERE k % 10 < 7`);
  }

  /**
   * The residents' users rows, once their policies exist: each with its search text (migration 0013's format), the
   * policies' numbers read back in policy_users order.
   */
  async users(range: Range) {
    const r = this.resident;
    const id = r.id(sql`k`);
    const [from, to] = [this.base.users + range.from, this.base.users + range.to];
    await this.db.execute(sql`INSERT INTO users (id, email, has_existing_policies, created_at, updated_at, search)
      SELECT ${id}, ${r.email(sql`k`)}, true, ${this.spread(sql`k`)}, ${this.spread(sql`k`)},
        concat_ws(E'\\n', search_value('e', ${r.email(sql`k`)}),
          concat_ws(E'\\n', search_value('n', ${r.first(sql`k`)} || ' ' || ${r.last(sql`k`)}), search_value('c', ${r.contactEmail(sql`k`)}), search_value('f', ${r.phone(sql`k`)})),
          search_value('t', ${r.tCode(sql`k`)}), numbers.doc)
      FROM ${series(range, "k")}
      LEFT JOIN (SELECT pu.user_id, string_agg(search_value('p', po.number), E'\\n' ORDER BY pu.id) AS doc
                 FROM policy_users pu JOIN policies po ON po.id = pu.policy_id WHERE pu.user_id BETWEEN ${n(from)} AND ${n(to)} GROUP BY pu.user_id) numbers
        ON numbers.user_id = ${id}`);
  }

  /** Three campaign links per agency (the demo's), before the leads that point at them. */
  async trackingUrls() {
    const { G } = this.shape;
    const { agencies, tracking_urls } = this.base;
    await this.db.execute(sql`INSERT INTO tracking_urls (id, landing_page, campaign_name, campaign_source, campaign_medium, agency_id, created_at, updated_at)
      SELECT ${n(tracking_urls)} + (g - 1) * 3 + c, (${textArray(CAMPAIGNS.map((x) => x[0]))})[c], (${textArray(CAMPAIGNS.map((x) => x[1]))})[c],
        (${textArray(CAMPAIGNS.map((x) => x[2]))})[c], (${textArray(CAMPAIGNS.map((x) => x[3]))})[c], ${n(agencies)} + g, ${this.now}::timestamptz, ${this.now}::timestamptz
      FROM generate_series(1, ${n(G)}) g CROSS JOIN generate_series(1, 3) c`);
  }

  /**
   * Leads over the last 90 days (index k): the agency of account 1 + (k−1) mod A, that account for two in three, one
   * of the agency's three tracking URLs for four in five; 15 % converted, 10 % archived; each with a profile and
   * EVENTS_PER_LEAD events walking down the funnel to its last visit.
   */
  async leads(range: Range) {
    const { A } = this.shape;
    const { accounts, agencies, leads, tracking_urls } = this.base;
    const id = sql`${n(leads)} + k`;
    const agency = this.agencyOfAccount(sql`(1 + (k - 1) % ${n(A)})`);
    const F = FIRST_NAMES.length;
    await this.db.execute(sql`INSERT INTO leads (id, email, identifier, status, archived, last_visit, last_visited_page, tracking_url_id, agency_id,
        account_id, lead_events_cx, premium_total, created_at, updated_at)
      SELECT ${id}, 'lead' || (${id}) || '@scale.example', md5('lead' || (${id})),
        CASE WHEN k % 20 < 3 THEN 'converted' WHEN k % 20 < 12 THEN 'prospect' WHEN k % 20 < 15 THEN 'return' WHEN k % 20 < 18 THEN 'lost' ELSE 'archived' END,
        k % 20 >= 18, lv, CASE WHEN k % 20 < 3 THEN 'Payment Complete' WHEN k % 4 = 0 THEN 'Checkout' ELSE 'Quote' END,
        CASE WHEN k % 5 <> 4 THEN ${n(tracking_urls)} + (${agency} - 1) * 3 + 1 + k % 3 END, ${n(agencies)} + ${agency},
        CASE WHEN k % 3 <> 2 THEN ${n(accounts)} + 1 + (k - 1) % ${n(A)} END, ${n(EVENTS_PER_LEAD)}, 9600 + (k % 22400) * 7907 % 22400,
        lv - interval '3 days', lv
      FROM (SELECT k, ${this.now}::timestamptz - make_interval(days => (k * 7) % 90, secs => (k * 97) % 86400) AS lv FROM ${series(range, "k")}) x`);
    await this.db.execute(sql`INSERT INTO profiles (profileable_type, profileable_id, first_name, last_name, full_name, contact_email)
      SELECT 'Lead', ${id}, f, l, f || ' ' || l, 'lead' || (${id}) || '@scale.example'
      FROM (SELECT k, (${textArray(FIRST_NAMES)})[1 + (k * 29) % ${n(F)}] AS f, (${textArray(LAST_NAMES)})[1 + (k * 13) % ${n(LAST_NAMES.length)}] AS l
            FROM ${series(range, "k")}) x`);
    // From the same index arithmetic, not by reading the leads back (their indexes are off during the load).
    const converted = sql`k % 20 < 3`;
    await this.db.execute(sql`INSERT INTO lead_events (lead_id, tag, policy_type_id, agency_id, data, created_at, updated_at)
      SELECT ${id}, tag, 1, ${n(agencies)} + ${agency}, jsonb_build_object('page', tag), lv - make_interval(days => ${n(EVENTS_PER_LEAD)} - s), lv
      FROM (SELECT k, s, ${this.now}::timestamptz - make_interval(days => (k * 7) % 90, secs => (k * 97) % 86400) AS lv,
              CASE s WHEN 1 THEN 'landing' WHEN 2 THEN 'coverage' WHEN 3 THEN 'quote'
                ELSE CASE WHEN ${converted} THEN 'purchase' WHEN k % 4 = 0 THEN 'checkout' ELSE 'quote' END END AS tag
            FROM ${series(range, "k")} CROSS JOIN generate_series(1, ${n(EVENTS_PER_LEAD)}) s) x`);
  }

  /**
   * Policies on their resident's unit, with dates that agree with the status (BOUND in force today, EXPIRED ended,
   * AWAITING_PAYMENT starting soon); the primary resident, and on every third policy a second resident of the unit.
   */
  async policies(range: Range, carrierIds: number[], outsideCarrierIds: number[]) {
    const { accounts, agencies, users, policies } = this.base;
    const { N, U } = this.shape;
    const id = sql`${n(policies)} + g`;
    const unit = this.unitOfUser(sql`k`);
    const slots = n(STATUS_SLOTS.length);
    const external = sql`(st LIKE 'EXTERNAL%' OR st = 'ARCHIVED' OR (st IN ('CANCELLED', 'EXPIRED') AND g % 5 >= 3))`;
    const offset = sql`CASE
        WHEN st IN ('AWAITING_PAYMENT', 'AWAITING_ACH', 'PAID') THEN 1 + g % 45
        WHEN st IN ('BIND_ERROR', 'BIND_REJECTED', 'EXTERNAL_UNVERIFIED') THEN -(g % 30)
        WHEN st = 'RENEWING' THEN -(335 + g % 29)
        WHEN st = 'EXPIRED' THEN -(367 + g % 500)
        WHEN st = 'ARCHIVED' THEN -(400 + g % 600)
        WHEN st = 'CANCELLED' THEN -(60 + g % 500)
        ELSE -(g % 330) END`;
    await this.db.execute(sql`INSERT INTO policies (id, number, status, policy_type_id, policy_in_system, system_purchased, agency_id,
        account_id, carrier_id, out_of_system_carrier_title, effective_date, expiration_date, cancellation_date, cancellation_reason,
        premium_total, billing_status, renewal_status, system_data, created_at, updated_at, search)
      SELECT ${id}, CASE WHEN ext THEN 'SX' ELSE 'SC-' END || lpad((${id})::text, 9, '0'), st, 1, NOT ext, NOT ext,
        ${n(agencies)} + ${this.agencyOfAccount(this.accountOfUnit(unit))}, ${n(accounts)} + ${this.accountOfUnit(unit)},
        CASE WHEN NOT ext THEN (${intArray(carrierIds)})[1 + g % ${n(carrierIds.length)}]
             WHEN g % 2 = 0 THEN (${intArray(outsideCarrierIds)})[1 + g % ${n(outsideCarrierIds.length)}] END,
        CASE WHEN ext THEN (${textArray(UNLISTED_CARRIERS)})[1 + g % ${n(UNLISTED_CARRIERS.length)}] END,
        eff, (eff + interval '1 year')::date,
        CASE WHEN st = 'CANCELLED' THEN eff + 30 END, CASE WHEN st = 'CANCELLED' THEN 'insured_request' END,
        CASE WHEN NOT ext THEN 9600 + (g % 22400) * 7907 % 22400 END, CASE WHEN ext THEN 'EXTERNAL' ELSE 'CURRENT' END,
        CASE st WHEN 'RENEWED' THEN 'RENEWED' WHEN 'RENEWING' THEN 'UPCOMING' ELSE 'NONE' END,
        CASE WHEN st = 'EXTERNAL_REJECTED' THEN '{"rejection_reasons": ["Policy is not active"]}'::jsonb ELSE '{}'::jsonb END,
        ${this.spread(sql`g`)}, ${this.spread(sql`g`)},
        concat_ws(E'\\n', search_value('p', CASE WHEN ext THEN 'SX' ELSE 'SC-' END || lpad((${id})::text, 9, '0')), ${this.residentSearch(sql`k`)},
          CASE WHEN g % 3 = 0 AND k + ${n(U)} <= ${n(N)} THEN ${this.residentSearch(sql`(k + ${n(U)})`)} END)
      FROM (SELECT g, k, st, ${external} AS ext, ${this.today}::date + ${offset} AS eff
            FROM (SELECT g, ${this.userOfPolicy(sql`g`)} AS k, (${textArray(STATUS_SLOTS)})[1 + (g % ${slots}) * 7919 % ${slots}] AS st
                  FROM ${series(range, "g")}) y) x`);
    const holders = sql`(SELECT g, ${this.userOfPolicy(sql`g`)} AS k FROM ${series(range, "g")}) x`;
    await this.db.execute(sql`INSERT INTO policy_users (policy_id, user_id, "primary", spouse)
      SELECT ${id}, ${n(users)} + k, true, false FROM ${holders}
      UNION ALL
      SELECT ${id}, ${n(users)} + k + ${n(U)}, false, g % 2 = 0 FROM ${holders} WHERE g % 3 = 0 AND k + ${n(U)} <= ${n(N)}`);
    await this.db.execute(sql`INSERT INTO policy_insurables (policy_id, insurable_id) SELECT ${id}, ${n(this.unitBase)} + ${unit} FROM ${holders}`);
    // The quote an in-system policy was bought from: its premium and billing strategy (the grid's column).
    await this.db.execute(sql`INSERT INTO policy_quotes (policy_id, reference, status, total_premium, total, billing_strategy, created_at, updated_at)
      SELECT po.id, 'Q-' || lpad(po.id::text, 9, '0'), 'accepted', po.premium_total, po.premium_total,
        (ARRAY['Annually', 'Monthly', 'Quarterly'])[1 + po.id % 3], po.created_at, po.created_at
      FROM policies po WHERE po.id BETWEEN ${n(policies)} + ${n(range.from)} AND ${n(policies)} + ${n(range.to)} AND po.policy_in_system`);
  }
}
