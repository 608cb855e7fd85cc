import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, LoginPage } from "./pages";

/**
 * Issue 17 section 5, the grid kit on every grid: the policies grid exports every row matching its filter (not only
 * the page of 20) through its own list call, so staff get their account's policies and nothing else; accounts'
 * "Select all N matching rows" is offered once the page is picked; an agent archives every lead matching the leads
 * grid's filter, beyond the page, in one confirmed action the server scopes.
 */
test("staff export every policy matching the grid's filter, not only the page", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto("/dashboard/policies/browse");
  await login.signIn(DEMO.staff);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  const exportButton = page.getByRole("button", { name: /^Export all [\d,]+ matching rows \(CSV\)$/ });
  await expect(exportButton).toBeEnabled();
  const total = Number(/Export all ([\d,]+) matching/.exec((await exportButton.getAttribute("aria-label"))!)![1].replace(/,/g, ""));
  expect(total).toBeGreaterThan(20);
  const [download] = await Promise.all([page.waitForEvent("download"), exportButton.click()]);
  const csv = readFileSync((await download.path())!, "utf8");
  const lines = csv.trim().split(/\r?\n/);
  // A header, then one line per matching policy: every page was read, not only the 20 shown.
  expect(lines.length).toBe(total + 1);
  await expect(page.getByText(`${total.toLocaleString("en-US")} rows exported`)).toBeVisible();
  await page.screenshot({ path: "test-results/grid-export-policies.png" });
});

test("an agent selects all accounts matching the grid, beyond the page", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto("/dashboard/accounts/browse");
  await login.signIn(DEMO.agent);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await page.getByRole("checkbox", { name: "Select all" }).first().check();
  const selectAll = page.getByRole("button", { name: /^Select all \d+ matching rows$/ });
  if ((await page.locator("tbody tr").count()) < 10) {
    // Fewer accounts than a page: nothing beyond the page to select.
    await expect(selectAll).toHaveCount(0);
    return;
  }
  await selectAll.click();
  await expect(page.getByText(/^All \d+ matching rows are selected$/)).toBeVisible();
  await page.screenshot({ path: "test-results/grid-select-all-matching.png" });
});

test("an agent archives all leads matching the grid's filter, beyond the page, in one confirmed action", async ({ page, request }) => {
  // The journey's own 21 leads (one more than a page), made as the public quote pages make them: the suite shares one
  // database, so the filter names only these.
  const signIn = await request.post("/v2/staff/auth/sign_in", { data: { email: DEMO.agent, password: DEMO_PASSWORD } });
  const agencyId = ((await signIn.json()) as { data: { organizable_id: number } }).data.organizable_id;
  const marker = `bulkjourney${Date.now()}`;
  for (let i = 1; i <= 21; i++) {
    const made = await request.post("/v2/lead_events", { data: { email: `${marker}.${i}@journey.test`, agency_id: agencyId, lead_event_attributes: { tag: "landing", data: { page: "Quote" } } } });
    expect(made.status()).toBe(200);
  }
  const login = new LoginPage(page);
  await login.goto(`/dashboard/leads?filter=${encodeURIComponent(JSON.stringify({ archived: false, email: { like: marker } }))}`);
  await login.signIn(DEMO.agent);
  await expect(page.locator("tbody tr")).toHaveCount(20);
  await page.getByRole("checkbox", { name: "Select all" }).first().check();
  await page.getByRole("button", { name: "Select all 21 matching rows" }).click();
  await expect(page.getByText("All 21 matching rows are selected")).toBeVisible();
  await page.getByRole("button", { name: "Archive", exact: true }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm.getByText("Archive: 21 selected")).toBeVisible();
  await page.screenshot({ path: "test-results/grid-bulk-archive-confirm.png" });
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Success!")).toBeVisible();
  await expect(page.getByRole("list", { name: "Archive: 21 done, 0 failed" })).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();
  // None of them is left unarchived: the grid is empty for the filter.
  await expect(page.locator("tbody tr")).toHaveCount(0);
  // All 21 are under Archived now, the 21st (beyond the first page) included.
  await page.getByLabel("Archived").check();
  await expect(page.locator("tbody tr")).toHaveCount(20);
  await expect(page.getByText(/1-20 of 21/)).toBeVisible();
});
