import { expect, test } from "@playwright/test";
import { DEMO, LoginPage } from "./pages";

/**
 * Issue 17 section 2: a property manager opens the uninsured worklist, mails three residents a reminder, and finds the
 * reminders in Email History; a second click the same day sends nothing more.
 */
test("a staff member mails three uninsured residents and reads the reminders in Email History", async ({ page }) => {
  await new LoginPage(page).goto("/dashboard/compliance?view=uninsured");
  await new LoginPage(page).signIn(DEMO.staff);
  await expect(page.getByRole("heading", { level: 1, name: "Compliance" })).toBeVisible();
  const list = page.getByTestId("worklist-uninsured");
  await expect(list).toBeVisible();
  const rows = list.locator("tbody tr");
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  const leases: string[] = [];
  for (let i = 0; i < 3; i++) {
    leases.push((await rows.nth(i).locator("td").nth(1).innerText()).trim());
    await rows.nth(i).getByRole("checkbox").check();
  }
  // The grid kit's bulk action: a confirmation naming the count, one call, then each row's result named as the grid names it.
  await page.getByRole("button", { name: "Mail reminder (3)" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  const results = page.getByRole("list", { name: /^Mail reminder: [1-3] done, [0-2] failed$/ });
  await expect(results).toBeVisible();
  for (const lease of leases) await expect(results.getByText(lease, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();

  // The same rows again: everyone was reminded today already, so each fails with that reason and stays picked.
  for (let i = 0; i < 3; i++) await rows.nth(i).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Mail reminder (3)" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  const again = page.getByRole("list", { name: "Mail reminder: 0 done, 3 failed" });
  await expect(again).toBeVisible();
  await expect(again.getByText("Failed: Already reminded today").first()).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("button", { name: "Mail reminder (3)" })).toBeEnabled();

  await page.goto("/dashboard/email-history");
  await expect(page.getByText("Renters insurance needed for", { exact: false }).first()).toBeVisible();
  expect(await page.getByText("Renters insurance needed for", { exact: false }).count()).toBeGreaterThanOrEqual(3);
  await page.screenshot({ path: "test-results/compliance-reminders.png", fullPage: true });
});
