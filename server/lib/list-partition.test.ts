import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWorld } from "../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../test/helpers";
import { queryRows } from "./list";

/**
 * Partitioned pages (list.ts): an agent's first pages are read agency by agency (each in its index order, bounded by
 * the page) and merged. They must hold exactly the rows and order of the whole agency tree sorted at once, whatever
 * the sort (nullable ones keep nulls last), with ties in the sort, under filters, and beside the cursors they answer.
 */
let t: TestApp;
let agent: AuthHeaders;
let world: Awaited<ReturnType<typeof buildWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  agent = await signInAs(t.app, "agent.a@test.dev");
  // 90 policies over agency A, its sub-agency A1 and agency B (outside the agent's tree): 7 distinct update times
  // (ties across agencies), a null effective date on every fifth, three statuses.
  const { A, A1, B } = world.agencies;
  await t.database.db.execute(sql`INSERT INTO policies (number, status, policy_type_id, policy_in_system, agency_id, updated_at, effective_date)
    SELECT 'PT-' || lpad(g::text, 3, '0'), (ARRAY['BOUND', 'CANCELLED', 'EXTERNAL_VERIFIED'])[1 + (g / 3) % 3], 1, (g / 3) % 3 <> 2,
      (ARRAY[${A.id}, ${A1.id}, ${B.id}]::int[])[1 + g % 3],
      timestamptz '2026-02-01 00:00:00+00' + (g % 7) * interval '1 hour',
      CASE WHEN g % 5 = 0 THEN NULL ELSE date '2026-01-01' + (g % 11) END
    FROM generate_series(1, 90) g`);
}, 60_000);
afterAll(() => t.close());

const SORTS: Record<string, string> = { updated_at: "po.updated_at", number: "po.number", effective_date: "po.effective_date", status: "po.status" };

async function page(body: { filter?: object; sort: { column: string; direction: string }; pagination: { page: number; per: number; cursor?: string } }) {
  const res = await t.app.inject({ method: "POST", url: "/v2/staff_agency/policies/list", headers: agent, payload: { ...body, filter: { number: { like: "pt-" }, ...body.filter } } });
  expect(res.statusCode).toBe(200);
  const json = res.json() as { data: Array<{ id: number }>; meta: { total: number } };
  return { ids: json.data.map((r) => r.id), total: json.meta.total, next: res.headers["next-page-cursor"] as string | undefined };
}

/** The agent's tree's rows sorted at once, the same order the list promises (nulls last, id as tie-breaker). */
async function truth(column: string, direction: "asc" | "desc", extra = sql`true`) {
  const { A, A1 } = world.agencies;
  const dir = sql.raw(direction.toUpperCase());
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT po.id FROM policies po WHERE po.number LIKE 'PT-%' AND po.agency_id IN (${A.id}, ${A1.id}) AND ${extra}
        ORDER BY ${sql.raw(SORTS[column])} ${dir} NULLS LAST, po.id ${dir}`,
  );
  return rows.map((r) => Number(r.id));
}

describe("an agent's pages read per agency and merged", () => {
  for (const column of Object.keys(SORTS)) {
    for (const direction of ["asc", "desc"] as const) {
      it(`equal the tree sorted at once (${column} ${direction})`, async () => {
        const expected = await truth(column, direction);
        expect(expected.length).toBe(60);
        const seen: number[] = [];
        for (let n = 1; n <= 7; n++) {
          const got = await page({ sort: { column, direction }, pagination: { page: n, per: 9 } });
          expect(got.total).toBe(60);
          seen.push(...got.ids);
        }
        expect(seen).toEqual(expected);
      });
    }
  }

  it("hold under a filter, and the next page by cursor is the next page by offset", async () => {
    const sort = { column: "updated_at", direction: "desc" };
    const expected = await truth("updated_at", "desc", sql`po.status = 'BOUND'`);
    const first = await page({ filter: { status: ["BOUND"] }, sort, pagination: { page: 1, per: 8 } });
    expect(first.ids).toEqual(expected.slice(0, 8));
    expect(first.total).toBe(expected.length);
    const second = await page({ filter: { status: ["BOUND"] }, sort, pagination: { page: 2, per: 8, cursor: first.next } });
    expect(second.ids).toEqual(expected.slice(8, 16));
  });

  it("narrowed to one agency of the tree, list that agency's rows only", async () => {
    const { A1 } = world.agencies;
    const expected = await truth("number", "asc", sql`po.agency_id = ${A1.id}`);
    const got = await page({ filter: { agency_id: [A1.id] }, sort: { column: "number", direction: "asc" }, pagination: { page: 1, per: 50 } });
    expect(got.ids).toEqual(expected);
    expect(got.total).toBe(30);
  });
});

describe("an agent's pages without a search, and a search matching more than the count's cap", () => {
  it("read per agency, equal the whole tree sorted at once (every policy of the tree, no search)", async () => {
    const { A, A1 } = world.agencies;
    for (const [column, direction] of [["updated_at", "desc"], ["number", "asc"]] as const) {
      const expected = (
        await queryRows<{ id: number }>(
          t.database.db,
          sql`SELECT po.id FROM policies po WHERE po.agency_id IN (${A.id}, ${A1.id}) AND po.status = 'BOUND'
              ORDER BY ${sql.raw(SORTS[column])} ${sql.raw(direction.toUpperCase())} NULLS LAST, po.id ${sql.raw(direction.toUpperCase())}`,
        )
      ).map((r) => Number(r.id));
      const res = await t.app.inject({ method: "POST", url: "/v2/staff_agency/policies/list", headers: agent, payload: { filter: { status: ["BOUND"] }, sort: { column, direction }, pagination: { page: 1, per: 100 } } });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { data: Array<{ id: number }> }).data.map((r) => r.id)).toEqual(expected);
    }
  });

  it("a search matching more than 1,000 of the tree's policies: page 1 read per agency, the count capped", async () => {
    const { A, A1, B } = world.agencies;
    await t.database.db.execute(sql`INSERT INTO policies (number, status, policy_type_id, policy_in_system, agency_id, updated_at)
      SELECT 'PX-' || lpad(g::text, 4, '0'), 'BOUND', 1, true, (ARRAY[${A.id}, ${A1.id}, ${B.id}]::int[])[1 + g % 3],
        timestamptz '2026-03-01 00:00:00+00' + (g % 13) * interval '1 minute'
      FROM generate_series(1, 1650) g`);
    const expected = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`SELECT po.id FROM policies po WHERE po.number LIKE 'PX-%' AND po.agency_id IN (${A.id}, ${A1.id}) ORDER BY po.updated_at DESC, po.id DESC`,
      )
    ).map((r) => Number(r.id));
    expect(expected.length).toBe(1100);
    const res = await t.app.inject({ method: "POST", url: "/v2/staff_agency/policies/list", headers: agent, payload: { filter: { number: { like: "px-" } }, sort: { column: "updated_at", direction: "desc" }, pagination: { page: 2, per: 30 } } });
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json() as { data: Array<{ id: number }>; meta: { total: number; total_capped?: boolean } };
    expect(json.data.map((r) => r.id)).toEqual(expected.slice(30, 60));
    expect(json.meta).toMatchObject({ total: 1000, total_capped: true });
  });
});

describe("an agent's leads read per agency and merged", () => {
  it("equal the tree's leads sorted at once (last visit, site visits: both with ties)", async () => {
    const { A, A1, B } = world.agencies;
    await t.database.db.execute(sql`INSERT INTO leads (email, identifier, agency_id, last_visit, lead_events_cx)
      SELECT 'pt' || g || '@leads.test', 'pt-lead-' || g, (ARRAY[${A.id}, ${A1.id}, ${B.id}]::int[])[1 + g % 3],
        timestamptz '2026-02-01 00:00:00+00' + (g % 5) * interval '1 hour', g % 4
      FROM generate_series(1, 60) g`);
    for (const sort of [{ column: "last_visit", expr: "l.last_visit" }, { column: "site_visits", expr: "l.lead_events_cx" }]) {
      const expected = (
        await queryRows<{ id: number }>(
          t.database.db,
          sql`SELECT l.id FROM leads l WHERE l.email LIKE 'pt%@leads.test' AND l.agency_id IN (${A.id}, ${A1.id}) AND NOT l.archived
              ORDER BY ${sql.raw(sort.expr)} DESC NULLS LAST, l.id DESC`,
        )
      ).map((r) => Number(r.id));
      expect(expected).toHaveLength(40);
      const seen: number[] = [];
      for (let n = 1; n <= 5; n++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/v2/staff_agency/leads/list",
          headers: agent,
          payload: { filter: { email: { like: "@leads.test" }, archived: false, last_visit: { start: "2026-01-01" } }, sort: { column: sort.column, direction: "desc" }, pagination: { page: n, per: 8 } },
        });
        expect(res.statusCode, res.body).toBe(200);
        seen.push(...(res.json() as { data: Array<{ id: number }> }).data.map((r) => Number(r.id)));
      }
      expect({ sort: sort.column, ids: seen }).toEqual({ sort: sort.column, ids: expected });
    }
  });
});
