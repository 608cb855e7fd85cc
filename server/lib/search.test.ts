import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../db/client";
import { seedScale } from "../db/seed/scale";
import { policyListSpec } from "../routes/policies/policies.list";
import { userListSpec } from "../routes/users/users.list";
import { openTestDatabase } from "../test/helpers";
import { queryRows } from "./list";
import { searchCondition } from "./search";

/**
 * policies.search and users.search (migration 0013; search.ts): kept right by the triggers under inserts, updates, deletes, bulk
 * statements, rollbacks and parallel transactions (separate connections on PostgreSQL with TEST_DATABASE_URL), and
 * searched through it, every contains-search answers exactly the policies the joins through policy_users answered.
 */
let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
}, 60_000);
afterAll(() => database?.close());

const rows = <T>(query: SQL) => queryRows<T>(db, query);

/** The search text each policy should have, written out independently of the migration's functions. */
const EXPECTED = sql`concat_ws(E'\\n', 'p:' || lower(translate(po.number, E'\\n', E'\\r')),
  (SELECT string_agg(concat_ws(E'\\n', 'n:' || lower(translate(p.full_name, E'\\n', E'\\r')), 'e:' || lower(translate(u.email, E'\\n', E'\\r')),
            'c:' || lower(translate(p.contact_email, E'\\n', E'\\r')),
            (SELECT string_agg('t:' || lower(translate(ip.external_id, E'\\n', E'\\r')), E'\\n' ORDER BY ip.id) FROM integration_profiles ip
              WHERE ip.profileable_type = 'User' AND ip.profileable_id = u.id)), E'\\n' ORDER BY pu.id)
     FROM policy_users pu JOIN users u ON u.id = pu.user_id LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
    WHERE pu.policy_id = po.id))`;

/** The search text each customer should have, written out likewise. */
const EXPECTED_USER = sql`concat_ws(E'\n', 'e:' || lower(translate(u.email, E'\n', E'\r')),
  (SELECT nullif(concat_ws(E'\n', 'n:' || lower(translate(p.full_name, E'\n', E'\r')), 'c:' || lower(translate(p.contact_email, E'\n', E'\r')),
            'f:' || lower(translate(p.contact_phone, E'\n', E'\r'))), '')
     FROM profiles p WHERE p.profileable_type = 'User' AND p.profileable_id = u.id),
  (SELECT string_agg('t:' || lower(translate(ip.external_id, E'\n', E'\r')), E'\n' ORDER BY ip.id) FROM integration_profiles ip
    WHERE ip.profileable_type = 'User' AND ip.profileable_id = u.id),
  (SELECT string_agg('p:' || lower(translate(po.number, E'\n', E'\r')), E'\n' ORDER BY pu.id) FROM policy_users pu JOIN policies po ON po.id = pu.policy_id
    WHERE pu.user_id = u.id))`;

async function expectSearchRight() {
  const wrong = await rows<{ id: number; search: string; expected: string }>(sql`SELECT po.id, po.search, ${EXPECTED} AS expected FROM policies po WHERE po.search IS DISTINCT FROM ${EXPECTED}`);
  expect(wrong).toEqual([]);
  const wrongUsers = await rows<{ id: number; search: string; expected: string }>(sql`SELECT u.id, u.search, ${EXPECTED_USER} AS expected FROM users u WHERE u.search IS DISTINCT FROM ${EXPECTED_USER}`);
  expect(wrongUsers).toEqual([]);
}

async function addPolicy(number: string) {
  const [row] = await rows<{ id: number }>(sql`INSERT INTO policies (number, status, policy_type_id) VALUES (${number}, 'BOUND', 1) RETURNING id`);
  return row.id;
}

async function addCustomer(email: string, profile?: { full_name: string | null; contact_email?: string | null }, tCodes: string[] = []) {
  const [user] = await rows<{ id: number }>(sql`INSERT INTO users (email) VALUES (${email}) RETURNING id`);
  if (profile) {
    await db.execute(sql`INSERT INTO profiles (profileable_type, profileable_id, full_name, contact_email) VALUES ('User', ${user.id}, ${profile.full_name}, ${profile.contact_email ?? null})`);
  }
  for (const code of tCodes) await db.execute(sql`INSERT INTO integration_profiles (profileable_type, profileable_id, external_id) VALUES ('User', ${user.id}, ${code})`);
  return user.id;
}

const link = (policyId: number, userId: number) => db.execute(sql`INSERT INTO policy_users (policy_id, user_id, "primary") VALUES (${policyId}, ${userId}, false)`);
const searchOf = async (id: number) => (await rows<{ search: string }>(sql`SELECT search FROM policies WHERE id = ${id}`))[0]?.search;

describe("policies.search and users.search are kept by the triggers", () => {
  it("holds the number, then each customer's name, login email, contact email and T codes, lower-cased", async () => {
    const policy = await addPolicy("SRCH-1");
    expect(await searchOf(policy)).toBe("p:srch-1");
    const ann = await addCustomer("Ann.Lee@Example.test", { full_name: "Ann Lee", contact_email: "ANN@mail.test" }, ["T0001", "T0002"]);
    await link(policy, ann);
    const bo = await addCustomer("bo@example.test");
    await link(policy, bo);
    expect(await searchOf(policy)).toBe("p:srch-1\nn:ann lee\ne:ann.lee@example.test\nc:ann@mail.test\nt:t0001\nt:t0002\ne:bo@example.test");
    const [user] = await rows<{ search: string }>(sql`SELECT search FROM users WHERE id = ${ann}`);
    expect(user.search).toBe("e:ann.lee@example.test\nn:ann lee\nc:ann@mail.test\nt:t0001\nt:t0002\np:srch-1");
    await expectSearchRight();
  });

  it("follows every change to a customer's values, in any order, and deletes", async () => {
    const policy = await addPolicy("SRCH-2");
    const other = await addPolicy("SRCH-3");
    // Linked before it has a profile or a T code.
    const cy = await addCustomer("cy@example.test");
    await link(policy, cy);
    await link(other, cy);
    await db.execute(sql`INSERT INTO profiles (profileable_type, profileable_id, full_name) VALUES ('User', ${cy}, 'Cy Twain')`);
    await db.execute(sql`INSERT INTO integration_profiles (profileable_type, profileable_id, external_id) VALUES ('User', ${cy}, 't-cy')`);
    await expectSearchRight();
    expect(await searchOf(other)).toContain("n:cy twain");

    await db.execute(sql`UPDATE profiles SET full_name = 'Cy Okafor', contact_email = 'CY@new.test' WHERE profileable_type = 'User' AND profileable_id = ${cy}`);
    await db.execute(sql`UPDATE users SET email = 'cy.okafor@example.test' WHERE id = ${cy}`);
    await db.execute(sql`UPDATE integration_profiles SET external_id = 'T-CY-2' WHERE profileable_type = 'User' AND profileable_id = ${cy}`);
    await expectSearchRight();
    expect(await searchOf(policy)).toBe("p:srch-2\nn:cy okafor\ne:cy.okafor@example.test\nc:cy@new.test\nt:t-cy-2");

    // A T code moved to another customer, a link moved to another policy, a number changed.
    const dee = await addCustomer("dee@example.test", { full_name: "Dee Park" });
    await link(other, dee);
    await db.execute(sql`UPDATE integration_profiles SET profileable_id = ${dee} WHERE profileable_type = 'User' AND profileable_id = ${cy}`);
    await db.execute(sql`UPDATE policy_users SET policy_id = ${policy} WHERE policy_id = ${other} AND user_id = ${dee}`);
    await db.execute(sql`UPDATE policies SET number = 'SRCH-2B' WHERE id = ${policy}`);
    await expectSearchRight();
    expect(await searchOf(other)).toBe("p:srch-3\nn:cy okafor\ne:cy.okafor@example.test\nc:cy@new.test");

    // Values set to null and rows deleted.
    await db.execute(sql`UPDATE profiles SET contact_email = NULL WHERE profileable_type = 'User' AND profileable_id = ${cy}`);
    await db.execute(sql`DELETE FROM integration_profiles WHERE profileable_type = 'User' AND profileable_id = ${dee}`);
    await db.execute(sql`DELETE FROM profiles WHERE profileable_type = 'User' AND profileable_id = ${dee}`);
    await expectSearchRight();
    await db.execute(sql`DELETE FROM policy_users WHERE policy_id = ${policy} AND user_id = ${cy}`);
    await expectSearchRight();
    expect(await searchOf(policy)).toBe("p:srch-2b\ne:dee@example.test");
    await db.execute(sql`DELETE FROM policies WHERE id = ${other}`);
    await expectSearchRight();
  });

  it("is right after bulk statements and untouched by a rolled-back one", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const policy = await addPolicy(`BULK-${i}`);
      await link(policy, await addCustomer(`bulk${i}@example.test`, { full_name: `Bulk Holder${i}` }, [`tb${i}`]));
      ids.push(policy);
    }
    await db.execute(sql`UPDATE profiles SET full_name = full_name || ' Jr' WHERE full_name LIKE 'Bulk Holder%'`);
    await db.execute(sql`UPDATE users SET email = 'x' || email WHERE email LIKE 'bulk%'`);
    await db.execute(sql`DELETE FROM integration_profiles WHERE external_id LIKE 'tb1%'`);
    await db.execute(sql`INSERT INTO policy_users (policy_id, user_id, "primary") SELECT p, (SELECT min(id) FROM users), false FROM unnest(${`{${ids.join(",")}}`}::int[]) p`);
    await expectSearchRight();
    const before = await searchOf(ids[0]);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE profiles SET full_name = 'Rolled Back' WHERE full_name LIKE 'Bulk Holder%'`);
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await searchOf(ids[0])).toBe(before);
    await expectSearchRight();
  });

  it("is right after parallel transactions on the same policies and customers", async () => {
    const policy = await addPolicy("PAR-1");
    const second = await addPolicy("PAR-2");
    const shared = await addCustomer("shared@example.test", { full_name: "Shared Person" });
    await link(policy, shared);
    const jobs = Array.from({ length: 12 }, (_, i) =>
      db.transaction(async (tx) => {
        const [user] = await queryRows<{ id: number }>(tx, sql`INSERT INTO users (email) VALUES (${`par${i}@example.test`}) RETURNING id`);
        await tx.execute(sql`INSERT INTO profiles (profileable_type, profileable_id, full_name) VALUES ('User', ${user.id}, ${`Par Person${i}`})`);
        await tx.execute(sql`INSERT INTO policy_users (policy_id, user_id, "primary") VALUES (${policy}, ${user.id}, false)`);
        if (i % 3 === 0) await tx.execute(sql`UPDATE profiles SET full_name = ${`Shared Person v${i}`} WHERE profileable_type = 'User' AND profileable_id = ${shared}`);
        // The same existing customer linked to another policy and renamed, by several transactions at once.
        if (i % 4 === 2) {
          await tx.execute(sql`INSERT INTO policy_users (policy_id, user_id, "primary") VALUES (${second}, ${shared}, false)`);
          await tx.execute(sql`UPDATE profiles SET contact_email = ${`shared${i}@example.test`} WHERE profileable_type = 'User' AND profileable_id = ${shared}`);
        }
      }),
    );
    await Promise.all(jobs);
    await expectSearchRight();
    // Renumbering runs on its own: a policy renumbered while customers are linked to it or edited in other open
    // transactions is the one case where two writers can deadlock (PostgreSQL then refuses one of them).
    await Promise.all([1, 5, 9].map((i) => db.execute(sql`UPDATE policies SET number = ${`PAR-1-${i}`} WHERE id = ${policy}`)));
    await expectSearchRight();
    expect((await searchOf(policy)).match(/\nn:par person/g)).toHaveLength(12);
  });
});

describe("searching the search text answers what the joins through the customers answered", () => {
  beforeAll(async () => {
    await seedScale(database, { policies: 1500 });
    // Values with LIKE and regular-expression characters, a line break, accents and upper case.
    const odd = ["50% O'Brien_Jr", "Back\\Slash (Paren) [Bracket]", "Dot.Star*Plus+Q?", "Line\nBreak Smith", "Zoë Ünal", "^Caret$ {Brace} |Bar|"];
    for (const [i, name] of odd.entries()) {
      const policy = await addPolicy(`ODD-${i}.*`);
      await link(policy, await addCustomer(`odd${i}+${name.slice(0, 3).replace(/\W/g, "x")}@Example.test`, { full_name: name, contact_email: `${name.replace(/\s/g, "")}@c.test` }, [`T(${i})%`]));
    }
  }, 120_000);

  const OLD: Record<string, (pattern: string) => SQL> = {
    "users.profile.full_name": (p) => sql`po.id IN (SELECT pu.policy_id FROM policy_users pu JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = pu.user_id WHERE lower(p.full_name) LIKE ${p})`,
    "users.profile.contact_email": (p) => sql`po.id IN (SELECT pu.policy_id FROM policy_users pu JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = pu.user_id WHERE lower(p.contact_email) LIKE ${p})`,
    "users.email": (p) => sql`po.id IN (SELECT pu.policy_id FROM policy_users pu JOIN users u ON u.id = pu.user_id WHERE lower(u.email) LIKE ${p})`,
    tcode: (p) => sql`po.id IN (SELECT pu.policy_id FROM policy_users pu JOIN integration_profiles ip ON ip.profileable_type = 'User' AND ip.profileable_id = pu.user_id WHERE lower(ip.external_id) LIKE ${p})`,
  };
  const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const TERMS = ["smith", "SMITH", "james smith", "a", "e", ".", "@", "resident1", "@scale.example", "mail.example", "t00", "t0000012", "zzqx", "%", "_", "'", "\\", "(", ")", "[b", "*", "+q?", ".*", "^", "$", "{", "|", "o'brien_", "50%", "line", "break", "k s", "zoë", "ünal", "e\nb", "jr", "x@"];
  const ids = async (where: SQL) => (await rows<{ id: number }>(sql`SELECT po.id FROM policies po WHERE ${where} ORDER BY po.id`)).map((r) => r.id);

  it("for every customer field and term, including wildcard, regular-expression and line-break characters", async () => {
    let compared = 0;
    for (const [key, old] of Object.entries(OLD)) {
      for (const term of TERMS) {
        const expected = await ids(old(likePattern(term)));
        const found = await ids(policyListSpec.filters[key].build!("like", term));
        expect({ key, term, found }).toEqual({ key, term, found: expected });
        if (expected.length) compared++;
      }
    }
    // The comparison means something: most searches find policies.
    expect(compared).toBeGreaterThan(60);
  });

  it("for every search type of the customers list", async () => {
    const pattern = likePattern;
    const OLD_USERS: Record<string, (p: string) => SQL> = {
      email: (p) => sql`lower(u.email) LIKE ${p}`,
      "profile.full_name": (p) => sql`lower(p.full_name) LIKE ${p}`,
      "profile.contact_email": (p) => sql`lower(p.contact_email) LIKE ${p}`,
      "profile.contact_phone": (p) => sql`lower(p.contact_phone) LIKE ${p}`,
      t_code: (p) => sql`EXISTS (SELECT 1 FROM integration_profiles ip WHERE ip.profileable_type = 'User' AND ip.profileable_id = u.id AND lower(ip.external_id) LIKE ${p})`,
      number: (p) => sql`EXISTS (SELECT 1 FROM policy_users pu JOIN policies po ON po.id = pu.policy_id WHERE pu.user_id = u.id AND lower(po.number) LIKE ${p})`,
    };
    const userIds = async (where: SQL) =>
      (await rows<{ id: number }>(sql`SELECT u.id FROM users u LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id WHERE ${where} ORDER BY u.id`)).map((r) => r.id);
    let compared = 0;
    for (const [key, old] of Object.entries(OLD_USERS)) {
      for (const term of [...TERMS, "(555", "201) ", "sc-000", "sx0", "odd-1."]) {
        const expected = await userIds(old(pattern(term)));
        const found = await userIds(userListSpec.filters[key].build!("like", term));
        expect({ key, term, found }).toEqual({ key, term, found: expected });
        if (expected.length) compared++;
      }
    }
    expect(compared).toBeGreaterThan(70);
  });

  it("for the Policy Review queue's search (number or customer name)", async () => {
    for (const term of [...TERMS, "sc-000", "sx0", "odd-1.", "srch"]) {
      const pattern = likePattern(term);
      const expected = await ids(sql`po.id IN (SELECT n.id FROM policies n WHERE lower(n.number) LIKE ${pattern}
        UNION SELECT pu.policy_id FROM policy_users pu JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = pu.user_id WHERE lower(p.full_name) LIKE ${pattern})`);
      const condition = searchCondition(sql`po.search`, ["number", "full_name"], term);
      if (term.includes("\n")) expect(condition).toBeNull();
      else expect({ term, found: await ids(condition!) }).toEqual({ term, found: expected });
    }
  });
});
