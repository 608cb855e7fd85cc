import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../lib/list";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

/**
 * The units grid and top_available by title (issue 11: an agent's pages read agency by agency along
 * insurables_agency_title_idx, top_available gathered and counted in one pass, open units from a partial index) hold
 * exactly the rows, order and totals of the caller's properties sorted at once: titles tied across agencies and in
 * mixed case, both unit types, disabled and covered units, units under a building.
 */
let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentB" | "staffA", AuthHeaders>;
const PREFIX = { superAdmin: "staff_super_admin", agentA: "staff_agency", agentB: "staff_agency", staffA: "staff_account" } as const;
type Login = keyof typeof PREFIX;

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentB", "staffA"]));
  const { A, A1, B } = world.accounts;
  const db = t.database.db;
  // Per account: 4 communities ('PG Court 1' … with a mixed-case tie), each with 6 units titled 'PG Unit 1' … 'pg unit 3'
  // (ties within and across communities and agencies), every fourth of type 5, every fifth disabled, every third covered.
  // Community 3 of each account holds its units under a building (type 7); community 4's units are all covered.
  await db.execute(sql`INSERT INTO insurables (title, insurable_type_id, account_id, agency_id, enabled)
    SELECT CASE WHEN c % 2 = 0 THEN 'pg court ' || c ELSE 'PG Court ' || c END, 1, a.id, a.agency_id, c <> 2 OR a.id <> ${B.id}
    FROM accounts a, generate_series(1, 4) c WHERE a.id IN (${A.id}, ${A1.id}, ${B.id})`);
  await db.execute(sql`INSERT INTO insurables (title, insurable_type_id, insurable_id, account_id, agency_id)
    SELECT 'PG Building', 7, c.id, c.account_id, c.agency_id FROM insurables c WHERE c.title ILIKE 'pg court 3'`);
  await db.execute(sql`INSERT INTO insurables (title, insurable_type_id, insurable_id, account_id, agency_id, enabled, covered)
    SELECT CASE WHEN u % 2 = 0 THEN 'pg unit ' || (1 + u % 3) ELSE 'PG Unit ' || (1 + u % 3) END, CASE WHEN u % 4 = 0 THEN 5 ELSE 4 END,
      coalesce((SELECT b.id FROM insurables b WHERE b.insurable_id = c.id AND b.insurable_type_id = 7), c.id), c.account_id, c.agency_id,
      u % 5 <> 0, u % 3 = 0 OR c.title ILIKE 'pg court 4'
    FROM insurables c, generate_series(1, 6) u WHERE c.title ILIKE 'pg court _'`);
}, 60_000);
afterAll(() => t.close());

/** The caller's properties as the scope rules give them (lookups.scope.ts), sorted at once. */
function scopeOf(login: Login) {
  const { A, A1, B } = world.agencies;
  switch (login) {
    case "superAdmin":
      return sql`true`;
    case "agentA":
      return sql`i.agency_id IN (${A.id}, ${A1.id})`;
    case "agentB":
      return sql`i.agency_id = ${B.id}`;
    case "staffA":
      return sql`i.account_id = ${world.accounts.A.id}`;
  }
}

async function truth(login: Login, where: ReturnType<typeof sql>, direction: "ASC" | "DESC" = "ASC") {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT i.id FROM insurables i WHERE lower(i.title) LIKE '%pg%' AND ${scopeOf(login)} AND ${where}
        ORDER BY lower(i.title) ${sql.raw(direction)}, i.id ${sql.raw(direction)}`,
  );
  return rows.map((r) => Number(r.id));
}

async function grid(login: Login, query: string) {
  const res = await t.app.inject({ method: "GET", url: `/v2/${PREFIX[login]}/insurables?${query}`, headers: as[login] });
  expect(res.statusCode, res.body).toBe(200);
  return { ids: (res.json() as Array<{ id: number }>).map((r) => Number(r.id)), total: Number(res.headers["total-entries"]), capped: res.headers["total-capped"] };
}

const TYPES = "filter[insurable_type_id][]=4&filter[insurable_type_id][]=5";
const UNITS = `${TYPES}&filter[title][like]=pg`;

describe("units grid by title", () => {
  for (const login of ["superAdmin", "agentA", "agentB", "staffA"] as const) {
    for (const direction of ["asc", "desc"] as const) {
      it(`pages equal the ${login}'s units sorted at once (${direction}), with the exact total`, async () => {
        const expected = await truth(login, sql`i.insurable_type_id IN (4, 5)`, direction === "asc" ? "ASC" : "DESC");
        expect(expected.length).toBeGreaterThan(10);
        const seen: number[] = [];
        for (let n = 1; seen.length < expected.length && n <= 20; n++) {
          const page = await grid(login, `${UNITS}&sort[column]=title&sort[direction]=${direction}&pagination[per]=7&pagination[page]=${n}`);
          expect(page.total).toBe(expected.length);
          expect(page.capped).toBeUndefined();
          seen.push(...page.ids);
        }
        expect(seen).toEqual(expected);
      });
    }
  }

  it("a title search and an agency of the tree narrow the agent's pages to exactly those rows", async () => {
    const search = await truth("agentA", sql`i.insurable_type_id IN (4, 5) AND lower(i.title) LIKE '%pg unit 2%'`);
    const got = await grid("agentA", `${TYPES}&filter[title][like]=pg%20unit%202&sort[column]=title&pagination[per]=50`);
    expect(got.ids).toEqual(search);
    expect(got.total).toBe(search.length);
    const A1 = world.agencies.A1.id;
    const one = await truth("agentA", sql`i.insurable_type_id IN (4, 5) AND i.agency_id = ${A1}`);
    expect(await grid("agentA", `${UNITS}&filter[agency_id]=${A1}&sort[column]=title&pagination[per]=50`)).toMatchObject({ ids: one, total: one.length });
    const covered = await truth("agentA", sql`i.insurable_type_id IN (4, 5) AND i.covered`);
    expect(await grid("agentA", `${UNITS}&filter[covered]=true&sort[column]=title&pagination[per]=50`)).toMatchObject({ ids: covered, total: covered.length });
  });
});

describe("top_available", () => {
  /** Communities of the scope, enabled, with an enabled uncovered unit (directly or through a building), and how many. */
  async function available(login: Login) {
    const rows = await queryRows<{ id: number; n: number }>(
      t.database.db,
      sql`SELECT i.id, (SELECT count(*)::int FROM insurables u LEFT JOIN insurables b ON b.id = u.insurable_id
                        WHERE (u.insurable_id = i.id OR (b.insurable_id = i.id AND b.insurable_type_id = 7))
                          AND u.insurable_type_id IN (4, 5) AND u.enabled AND NOT u.covered) AS n
          FROM insurables i WHERE lower(i.title) LIKE '%pg %' AND ${scopeOf(login)} AND i.insurable_type_id IN (1, 2, 3) AND i.enabled
          ORDER BY lower(i.title), i.id`,
    );
    return rows.filter((r) => r.n > 0).map((r) => [Number(r.id), r.n]);
  }

  for (const login of ["superAdmin", "agentA", "agentB", "staffA"] as const) {
    it(`answers the ${login}'s communities with open units, their counts and the exact total, page by page`, async () => {
      const expected = await available(login);
      expect(expected.length).toBeGreaterThan(0);
      const seen: number[][] = [];
      for (let page = 1; seen.length < expected.length && page <= 10; page++) {
        const res = await t.app.inject({
          method: "POST",
          url: `/v2/${PREFIX[login]}/insurables/top_available`,
          headers: as[login],
          payload: { filter: { title: { like: "pg " } }, pagination: { page, per: 2 } },
        });
        expect(res.statusCode, res.body).toBe(200);
        const json = res.json() as { data: Array<{ id: number; available_units_count: number }>; meta: { total: number; total_capped?: boolean } };
        expect(json.meta.total).toBe(expected.length);
        expect(json.meta.total_capped).toBeUndefined();
        seen.push(...json.data.map((r) => [Number(r.id), r.available_units_count]));
      }
      expect(seen).toEqual(expected);
    });
  }
});
