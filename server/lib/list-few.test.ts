import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, type TestApp } from "../test/helpers";
import { type World, worldApp } from "../test/world-app";
import { queryRows } from "./list";

/**
 * Few-row scopes (list.ts, ListQuery.few): a tenant's customers are gathered, ordered and counted in one pass. The
 * pages and totals must be those of counting first and then gathering or paging: exact below the count's reach, the
 * reach and `total-capped` above it (a contains-search counts to 1,000), the same rows in the same order, ties included.
 */
let t: TestApp;
let world: World;
let as: Record<"agentA" | "staffA", AuthHeaders>;

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["agentA", "staffA"]));
  const { A, A1, B } = world.accounts;
  // 1,650 customers over account A, A1 (agent A's tree) and B; 7 distinct creation times, so the sort has ties.
  await t.database.db.execute(sql`INSERT INTO users (email, created_at, updated_at)
    SELECT 'few-' || g || '@few.test', timestamptz '2026-02-01 00:00:00+00' + (g % 7) * interval '1 hour', now() FROM generate_series(1, 1650) g`);
  await t.database.db.execute(sql`INSERT INTO account_users (account_id, user_id)
    SELECT (ARRAY[${A.id}, ${A1.id}, ${B.id}]::int[])[1 + u.id % 3], u.id FROM users u WHERE u.email LIKE 'few-%'`);
}, 60_000);
afterAll(() => t.close());

async function usersPage(headers: AuthHeaders, prefix: string, params: string) {
  const res = await t.app.inject({ method: "GET", url: `/v2/${prefix}/users?${params}`, headers });
  expect(res.statusCode).toBe(200);
  return { ids: (res.json() as Array<{ id: number }>).map((r) => r.id), total: Number(res.headers["total-entries"]), capped: res.headers["total-capped"] === "true" };
}

/** The scope's customers sorted at once, as the list promises (created_at desc, id desc). */
async function truth(accountIds: number[], emailLike: string) {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT u.id FROM users u WHERE u.email LIKE ${emailLike} AND EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = u.id
          AND au.account_id IN (${sql.join(accountIds.map((id) => sql`${id}`), sql`, `)})) ORDER BY u.created_at DESC, u.id DESC`,
  );
  return rows.map((r) => Number(r.id));
}

describe("a few-row scope counted as it is gathered", () => {
  it("answers an agent's whole tree exactly, page after page, ties in order", async () => {
    const expected = await truth([world.accounts.A.id, world.accounts.A1.id], "%");
    expect(expected.length).toBeGreaterThan(1000);
    for (const page of [1, 2, 7, Math.ceil(expected.length / 50)]) {
      const got = await usersPage(as.agentA, "staff_agency", `pagination[per]=50&pagination[page]=${page}`);
      expect(got.total).toBe(expected.length);
      expect(got.capped).toBe(false);
      expect(got.ids).toEqual(expected.slice((page - 1) * 50, page * 50));
    }
    const beyond = await usersPage(as.agentA, "staff_agency", `pagination[per]=50&pagination[page]=${Math.ceil(expected.length / 50) + 1}`);
    expect(beyond).toEqual({ ids: [], total: expected.length, capped: false });
  });

  it("stops a search's count at 1,000 and says so, with the same rows", async () => {
    const expected = await truth([world.accounts.A.id, world.accounts.A1.id], "few-%");
    expect(expected.length).toBeGreaterThan(1000);
    for (const page of [1, 3]) {
      const got = await usersPage(as.agentA, "staff_agency", `filter[email][like]=few-&pagination[per]=50&pagination[page]=${page}`);
      expect(got).toEqual({ ids: expected.slice((page - 1) * 50, page * 50), total: 1000, capped: true });
    }
    // A page past the cap reaches further: counted to its end, exact there.
    const last = Math.ceil(expected.length / 50);
    const got = await usersPage(as.agentA, "staff_agency", `filter[email][like]=few-&pagination[per]=50&pagination[page]=${last}`);
    expect(got).toEqual({ ids: expected.slice((last - 1) * 50), total: expected.length, capped: false });
  });

  it("answers a narrower search and a staff member's account exactly", async () => {
    const narrow = await truth([world.accounts.A.id, world.accounts.A1.id], "few-1%");
    const got = await usersPage(as.agentA, "staff_agency", "filter[email][like]=few-1&pagination[per]=20");
    expect(got).toEqual({ ids: narrow.slice(0, 20), total: narrow.length, capped: false });
    const own = await truth([world.accounts.A.id], "%");
    const staff = await usersPage(as.staffA, "staff_account", "pagination[per]=20&pagination[page]=2");
    expect(staff).toEqual({ ids: own.slice(20, 40), total: own.length, capped: false });
  });
});

/**
 * The unfiltered list in its default order is paged and counted from the account links (ListQuery.narrow, migration
 * 0049: each link carries its customer's creation date). Writes that change a customer's date or its links must move
 * it in that order, and a customer linked twice within a tree is listed once.
 */
describe("a tenant's customers ordered from their account links", () => {
  const linksAgree = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM account_users au JOIN users u ON u.id = au.user_id WHERE au.user_created_at IS DISTINCT FROM u.created_at`))[0].n;

  it("lists a customer linked to two accounts of the tree once, counted once", async () => {
    const { A, A1 } = world.accounts;
    const [user] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO users (email, created_at) VALUES ('twice@few.test', timestamptz '2031-01-01 00:00:00+00') RETURNING id`,
    );
    await t.database.db.execute(sql`INSERT INTO account_users (account_id, user_id) VALUES (${A.id}, ${user.id}), (${A1.id}, ${user.id})`);
    const expected = await truth([A.id, A1.id], "%");
    const got = await usersPage(as.agentA, "staff_agency", "pagination[per]=20");
    expect(got.ids[0]).toBe(user.id);
    expect(got.ids.filter((id) => id === user.id)).toHaveLength(1);
    expect(got).toEqual({ ids: expected.slice(0, 20), total: expected.length, capped: false });
    expect(await linksAgree()).toBe(0);
  });

  it("moves a customer whose creation date changes, and a link moved to another customer takes that one's date", async () => {
    const { A, A1 } = world.accounts;
    const [oldest] = await truth([A.id, A1.id], "few-%").then((ids) => ids.slice(-1));
    await t.database.db.execute(sql`UPDATE users SET created_at = timestamptz '2032-01-01 00:00:00+00' WHERE id = ${oldest}`);
    expect(await linksAgree()).toBe(0);
    let got = await usersPage(as.agentA, "staff_agency", "pagination[per]=20");
    expect(got.ids[0]).toBe(oldest);
    expect(got.ids).toEqual((await truth([A.id, A1.id], "%")).slice(0, 20));

    // A new customer linked to the staff member's account, then that link handed to a customer created long ago.
    const [fresh] = await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO users (email, created_at) VALUES ('fresh@few.test', timestamptz '2033-01-01 00:00:00+00') RETURNING id`);
    const [old] = await queryRows<{ id: number }>(t.database.db, sql`INSERT INTO users (email, created_at) VALUES ('old@few.test', timestamptz '2001-01-01 00:00:00+00') RETURNING id`);
    await t.database.db.execute(sql`INSERT INTO account_users (account_id, user_id) VALUES (${A.id}, ${fresh.id})`);
    expect((await usersPage(as.staffA, "staff_account", "pagination[per]=5")).ids[0]).toBe(fresh.id);
    await t.database.db.execute(sql`UPDATE account_users SET user_id = ${old.id} WHERE account_id = ${A.id} AND user_id = ${fresh.id}`);
    expect(await linksAgree()).toBe(0);
    const own = await truth([A.id], "%");
    expect(own[own.length - 1]).toBe(old.id);
    const last = Math.ceil(own.length / 50);
    got = await usersPage(as.staffA, "staff_account", `pagination[per]=50&pagination[page]=${last}`);
    expect(got).toEqual({ ids: own.slice((last - 1) * 50), total: own.length, capped: false });
    expect((await usersPage(as.staffA, "staff_account", "pagination[per]=5")).ids).toEqual(own.slice(0, 5));
  });

  it("orders by id from the links too, and a customer's own page is that customer", async () => {
    const { A, A1 } = world.accounts;
    const byId = (await truth([A.id, A1.id], "%")).sort((a, b) => b - a);
    const got = await usersPage(as.agentA, "staff_agency", "sort[column]=id&sort[direction]=desc&pagination[per]=30&pagination[page]=2");
    expect(got).toEqual({ ids: byId.slice(30, 60), total: byId.length, capped: false });
    const someone = byId[byId.length - 1];
    const res = await t.app.inject({ method: "GET", url: `/v2/staff_agency/users/${someone}`, headers: as.agentA });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: { id: number } }).data.id).toBe(someone);
  });
});
