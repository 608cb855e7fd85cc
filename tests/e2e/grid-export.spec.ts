import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO, LoginPage } from "./pages";

/**
 * Issue 17 section 5, the grid kit on every grid: the policies grid exports every row matching its filter (not only
 * the page of 20) through its own list call, so staff get their account's policies and nothing else; accounts'
 * "Select all N matching rows" is offered once the page is picked.
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
