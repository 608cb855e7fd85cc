import { setFlagsFromString } from "node:v8";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWorld } from "../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../test/helpers";
import { policyListQuery, policyListSpec, type PolicyListRow } from "../routes/policies/policies.list";
import { parseListParams, runList } from "./list";

/**
 * Keyset pages (list.ts, Keyset): a page reached with the cursor its neighbour answered holds exactly the rows the
 * same page by offset holds, forwards and backwards, with ties in the sort; a cursor for another page, another query or
 * altered by the client is ignored (the page is read by offset), so react-admin's page/perPage contract is unchanged.
 */
let t: TestApp;
let admin: AuthHeaders;

beforeAll(async () => {
  t = await createTestApp();
  const world = await buildWorld(t.database.db);
  admin = await signInAs(t.app, "super.admin@test.dev");
  // 137 policies over 9 distinct update times (ties), two statuses.
  await t.database.db.execute(sql`INSERT INTO policies (number, status, policy_type_id, policy_in_system, account_id, agency_id, updated_at, created_at)
    SELECT 'KS-' || lpad(g::text, 4, '0'), CASE WHEN g % 3 = 0 THEN 'CANCELLED' ELSE 'BOUND' END, 1, true, ${world.accounts.A.id}, ${world.agencies.A.id},
      timestamptz '2026-01-01 00:00:00.123456+00' + (g % 9) * interval '1 hour', timestamptz '2025-01-01' + g * interval '1 minute'
    FROM generate_series(1, 137) g`);
}, 60_000);
afterAll(() => t.close());

type Page = { ids: number[]; total: number; next: string | undefined; previous: string | undefined };

async function page(body: { filter?: object; sort?: object; pagination: { page: number; per: number; cursor?: string } }): Promise<Page> {
  const res = await t.app.inject({ method: "POST", url: "/v2/staff_super_admin/policies/list", headers: admin, payload: { filter: { number: { like: "ks-" } }, ...body } });
  expect(res.statusCode).toBe(200);
  const json = res.json() as { data: Array<{ id: number }>; meta: { total: number } };
  const header = (name: string) => (res.headers[name] as string | undefined) ?? undefined;
  return { ids: json.data.map((r) => r.id), total: json.meta.total, next: header("next-page-cursor"), previous: header("previous-page-cursor") };
}

describe("keyset pages", () => {
  for (const sort of [{ column: "updated_at", direction: "desc" }, { column: "updated_at", direction: "asc" }, { column: "number", direction: "asc" }, { column: "created_at", direction: "desc" }]) {
    it(`hold the offset page's rows, forwards and backwards (${sort.column} ${sort.direction})`, async () => {
      const per = 10;
      const byOffset: number[][] = [];
      for (let n = 1; n <= 14; n++) byOffset.push((await page({ sort, pagination: { page: n, per } })).ids);
      expect(byOffset.flat()).toHaveLength(137);

      let current = await page({ sort, pagination: { page: 1, per } });
      for (let n = 2; n <= 14; n++) {
        expect(current.next).toBeTruthy();
        current = await page({ sort, pagination: { page: n, per, cursor: current.next } });
        expect({ n, ids: current.ids }).toEqual({ n, ids: byOffset[n - 1] });
        expect(current.total).toBe(137);
      }
      expect(current.next).toBeUndefined();
      for (let n = 13; n >= 1; n--) {
        current = await page({ sort, pagination: { page: n, per, cursor: current.previous } });
        expect({ n, ids: current.ids }).toEqual({ n, ids: byOffset[n - 1] });
      }
      expect(current.previous).toBeUndefined();
    });
  }

  it("seek from the neighbour's last row: a row added before it does not shift the next page, as an offset would", async () => {
    const sort = { column: "updated_at", direction: "desc" };
    const first = await page({ sort, pagination: { page: 1, per: 10 } });
    const second = await page({ sort, pagination: { page: 2, per: 10 } });
    await t.database.db.execute(sql`INSERT INTO policies (number, status, policy_type_id, policy_in_system, updated_at) VALUES ('KS-NEW', 'BOUND', 1, true, now())`);
    try {
      expect((await page({ sort, pagination: { page: 2, per: 10, cursor: first.next } })).ids).toEqual(second.ids);
      expect((await page({ sort, pagination: { page: 2, per: 10 } })).ids).toEqual([first.ids[9], ...second.ids.slice(0, 9)]);
    } finally {
      await t.database.db.execute(sql`DELETE FROM policies WHERE number = 'KS-NEW'`);
    }
  });

  it("ignore a cursor for another page, another filter or sort, or one the client changed", async () => {
    const sort = { column: "updated_at", direction: "desc" };
    const first = await page({ sort, pagination: { page: 1, per: 10 } });
    const third = await page({ sort, pagination: { page: 3, per: 10 } });
    // Used for page 3, the cursor of page 2 is ignored: page 3 by offset.
    expect((await page({ sort, pagination: { page: 3, per: 10, cursor: first.next } })).ids).toEqual(third.ids);
    // Another filter: its own page 2.
    const bound = { filter: { number: { like: "ks-" }, status: ["BOUND"] }, sort };
    const boundSecond = await page({ ...bound, pagination: { page: 2, per: 10 } });
    expect((await page({ ...bound, pagination: { page: 2, per: 10, cursor: first.next } })).ids).toEqual(boundSecond.ids);
    // Another page size, or a forged cursor: by offset, never an error.
    const second20 = await page({ sort, pagination: { page: 2, per: 20 } });
    expect((await page({ sort, pagination: { page: 2, per: 20, cursor: first.next } })).ids).toEqual(second20.ids);
    const [body, mac] = first.next!.split(".");
    const forged = Buffer.from(JSON.stringify([2, "x", "after", "not a time", 1])).toString("base64url");
    for (const cursor of [`${forged}.${mac}`, `${body}.AAAAAAAAAAAAAAAAAAAAAA`, "garbage", `${body}.${mac}x`]) {
      const second = await page({ sort, pagination: { page: 2, per: 10, cursor } });
      expect(second.ids).toEqual((await page({ sort, pagination: { page: 2, per: 10 } })).ids);
    }
  });

  it("are offered only where the order allows (a sort the list cannot seek on answers no cursor)", async () => {
    const res = await t.app.inject({ method: "POST", url: "/v2/staff_super_admin/policies/list", headers: admin, payload: { sort: { column: "effective_date", direction: "asc" }, pagination: { page: 1, per: 5 } } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["next-page-cursor"]).toBeUndefined();
    const users = await t.app.inject({ method: "GET", url: "/v2/staff_super_admin/users?pagination[per]=1", headers: admin });
    expect(users.statusCode).toBe(200);
    expect(users.headers["next-page-cursor"]).toBeTruthy();
  });
});

describe("page rows", () => {
  it("come back without the cursor columns, in the select's order and with a fast shape (a slow one made every later step slower)", async () => {
    setFlagsFromString("--allow-natives-syntax");
    const hasFastProperties = new Function("row", "return %HasFastProperties(row)") as (row: object) => boolean;
    const params = parseListParams({ filter: { number: { like: "ks-" } }, sort: { column: "updated_at", direction: "desc" }, pagination: { page: "2", per: "5" } }, policyListSpec);
    const result = await runList<PolicyListRow>(t.database.db, policyListQuery({ kind: "all" }, "super_admin"), params);
    expect(result.rows).toHaveLength(5);
    expect(result.cursors?.next && result.cursors.previous).toBeTruthy();
    for (const row of result.rows) {
      expect(Object.keys(row).slice(0, 3)).toEqual(["id", "number", "status"]);
      expect(Object.keys(row).filter((k) => k.endsWith("__"))).toEqual([]);
      expect(hasFastProperties(row)).toBe(true);
    }
  });
});
