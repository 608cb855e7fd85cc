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
  const picked: string[] = [];
  for (let i = 0; i < 3; i++) {
    picked.push((await rows.nth(i).locator("td").nth(5).innerText()).split(",")[0].trim());
    await rows.nth(i).getByRole("checkbox").check();
  }
  await page.getByRole("button", { name: "Mail reminder (3)" }).click();
  await expect(page.getByText(/^Reminders sent: [1-9]\d*\. Already reminded today: 0\./)).toBeVisible();
  await expect(page.getByRole("button", { name: "Mail reminder (0)" })).toBeDisabled();

  // The same rows again: everyone was reminded today already.
  for (let i = 0; i < 3; i++) await rows.nth(i).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Mail reminder (3)" }).click();
  await expect(page.getByText(/^Reminders sent: 0\. Already reminded today: [1-9]/)).toBeVisible();

  await page.goto("/dashboard/email-history");
  await expect(page.getByText("Renters insurance needed for", { exact: false }).first()).toBeVisible();
  expect(await page.getByText("Renters insurance needed for", { exact: false }).count()).toBeGreaterThanOrEqual(3);
  await page.screenshot({ path: "test-results/compliance-reminders.png", fullPage: true });
});
