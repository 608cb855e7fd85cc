import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO, DEMO_PASSWORD } from "./pages";

test.use({ viewport: { width: 1440, height: 1000 } });

/**
 * Issue 17 sections 2 and 5, between two property managers of one account: worklist rows handed to a colleague show
 * up under their "Assigned to me", and a grid view shared with the account appears in the colleague's Views menu.
 */

/**
 * A colleague of the demo staff login: an enabled property manager of the same account who has accepted the invitation
 * and manages the whole account (no community assignments), so every row of the account is theirs to open.
 */
async function colleagueOf(request: APIRequestContext): Promise<{ email: string; name: string }> {
  const signIn = await request.post("/v2/staff/auth/sign_in", { data: { email: DEMO.staff, password: DEMO_PASSWORD } });
  expect(signIn.ok()).toBe(true);
  const headers = Object.fromEntries(["access-token", "client", "uid", "token-type", "expiry"].map((h) => [h, signIn.headers()[h]]));
  const res = await request.get("/v2/staff_account/compliance/colleagues?q=", { headers });
  expect(res.ok()).toBe(true);
  const people = (await res.json()) as Array<{ id: number; email: string; name: string }>;
  for (const person of people.filter((p) => p.email !== DEMO.staff && !p.email.endsWith("@coverdesk.test"))) {
    const communities = await request.get(`/v2/staff_account/assignments?filter%5Bstaff_id%5D=${person.id}`, { headers });
    expect(communities.ok()).toBe(true);
    if (communities.headers()["total-entries"] === "0") return person;
  }
  throw new Error("the demo account has no second property manager of the whole account");
}

test("a property manager hands two uninsured units to a colleague, who finds them under Assigned to me", async ({ signedIn, request }) => {
  const colleague = await colleagueOf(request);
  const page = await signedIn(DEMO.staff, "/dashboard/compliance?view=uninsured&assigned=none");
  const list = page.getByTestId("worklist-uninsured");
  await expect(list.locator("tbody tr").first()).toBeVisible();
  const leases: string[] = [];
  for (let i = 0; i < 2; i++) {
    const row = list.locator("tbody tr").nth(i);
    leases.push((await row.locator("td").nth(1).innerText()).trim());
    await row.getByRole("checkbox").check();
  }
  await page.getByRole("button", { name: "Assign (2)" }).click();
  const dialog = page.getByRole("dialog", { name: "Assign 2 rows to a colleague" });
  await dialog.getByRole("combobox", { name: "Colleague" }).fill(colleague.name.split(" ")[0]);
  await page.getByRole("option", { name: new RegExp(`^${colleague.name} · `) }).click();
  await dialog.getByRole("button", { name: "Assign" }).click();
  const results = page.getByRole("list", { name: "Assign to a colleague: 2 done, 0 failed" });
  await expect(results).toBeVisible();
  for (const lease of leases) await expect(results.getByText(lease, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();
  // Assigned now, so no longer among the rows nobody follows up.
  for (const lease of leases) await expect(list.getByRole("link", { name: lease, exact: true })).toHaveCount(0);

  const theirs = await signedIn(colleague.email, "/dashboard/compliance?view=uninsured&assigned=me");
  const mine = theirs.getByTestId("worklist-uninsured");
  for (const lease of leases) {
    const row = mine.locator("tbody tr", { has: theirs.getByRole("link", { name: lease, exact: true }) });
    await expect(row).toContainText(colleague.name);
  }
  await expect(mine.locator("tbody tr")).toHaveCount(leases.length);
});

test("a grid view one property manager shares with the account appears in a colleague's Views menu and applies there", async ({ signedIn, request }) => {
  const colleague = await colleagueOf(request);
  const name = `Newest leases ${Date.now()}`;
  const page = await signedIn(DEMO.staff, "/dashboard/leases");
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await page.getByRole("button", { name: "Views" }).click();
  await page.getByRole("menuitem", { name: "Save current view…" }).click();
  const dialog = page.getByRole("dialog", { name: "Save view" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Share with my account or agency").check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`View '${name}' saved`)).toBeVisible();

  const theirs = await signedIn(colleague.email, "/dashboard/leases");
  await expect(theirs.locator("tbody tr").first()).toBeVisible();
  await theirs.getByRole("button", { name: "Views" }).click();
  const shared = theirs.getByRole("menuitem", { name: new RegExp(`^${name}`) });
  await expect(shared).toContainText("by Casey Rivera");
  await shared.click();
  await expect(theirs.getByText(`View '${name}' applied`)).toBeVisible();
});
