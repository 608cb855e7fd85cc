import { afterAll, beforeAll, expect, it } from "vitest";
import { sentEmails } from "./schema";
import type { Database } from "./client";
import { readListsFrom } from "./read-replica";
import { openTestDatabase, signInAs, type TestApp } from "../test/helpers";
import { worldApp } from "../test/world-app";

let t: TestApp;
let replica: Database;
beforeAll(async () => {
  ({ t } = await worldApp([]));
  replica = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await t.close();
  await replica.close();
});

it("reads list pages from DATABASE_READ_URL's database once registered, and everything else from the primary", async () => {
  const admin = await signInAs(t.app, "super.admin@test.dev");
  await t.database.db.insert(sentEmails).values({ to: "a@primary.test", subject: "On the primary", text: "-", template: "probe" });
  await replica.db.insert(sentEmails).values({ to: "a@replica.test", subject: "On the replica", text: "-", template: "probe" });
  const subjects = async () => ((await t.app.inject({ url: "/v2/staff_super_admin/sent_emails", headers: admin })).json() as Array<{ subject: string }>).map((m) => m.subject);
  expect(await subjects()).toContain("On the primary");

  readListsFrom(t.app.db, replica.db);
  expect(await subjects()).toEqual(["On the replica"]);
  // Sign-in (a write and a read outside any list) still goes to the primary, where the staff are.
  await signInAs(t.app, "super.admin@test.dev");
});
