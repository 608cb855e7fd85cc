import { expect, test } from "./fixtures";
import { DEMO } from "./pages";

/**
 * Billing (document 1 section 2.2: invoices, payments): a super admin narrows the Invoices grid to paid invoices, opens
 * one, reads its lines and the gateway charge that paid it, then finds that charge in Payments.
 */
test("a super admin filters invoices by status, opens a paid one and finds its charge in Payments", async ({ signedIn }) => {
  const page = await signedIn(DEMO.super_admin, "/dashboard/invoices", { viewport: { width: 1440, height: 1000 } });
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  await expect(page.locator("tbody tr").first()).toBeVisible();

  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Complete", exact: true }).click();
  await expect(page).toHaveURL(/filter=.*complete/);
  // Every row left is complete: its status cell says so.
  await expect(async () => {
    const statuses = await page.locator("tbody tr td:nth-child(6)").allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    // A status cell reads its icon's title and its label: "Complete" twice.
    expect(statuses.every((text) => /^(Complete)+$/.test(text.trim()))).toBe(true);
  }).toPass({ timeout: 15_000 });

  const number = (await page.locator("tbody tr").first().locator("td").nth(1).textContent())!.trim();
  // The grid may render its rows again once its saved views have loaded; a click on a row being replaced is lost.
  await expect(async () => {
    await page.locator("tbody tr").first().locator("td").nth(1).click();
    await expect(page).toHaveURL(/\/dashboard\/invoices\/view\/\d+/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: `Invoice ${number}` })).toBeVisible();
  await expect(page.getByRole("table", { name: "Lines" }).locator("tbody tr").first()).toBeVisible();
  const charges = page.getByRole("table", { name: "Charges and refunds" });
  const chargeRow = charges.locator("tbody tr", { hasText: "Charge" }).first();
  await expect(chargeRow).toContainText("Succeeded");
  const gatewayId = (await chargeRow.locator("td").nth(4).textContent())!.trim();
  expect(gatewayId).toMatch(/^ch_test_/);

  await page.getByRole("link", { name: "Open in Payments" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payments\?filter=/);
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  const payment = page.locator("tbody tr", { hasText: gatewayId });
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText(number);
  await expect(payment).toContainText("Charge");

  // The whole Payments grid, narrowed by kind, lists charges only.
  await page.goto("/dashboard/payments");
  await page.getByRole("combobox", { name: "Kind" }).click();
  await page.getByRole("option", { name: "Charge", exact: true }).click();
  await expect(page).toHaveURL(/filter=.*charge/);
  await expect(async () => {
    const kinds = await page.locator("tbody tr td:nth-child(2)").allTextContents();
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.every((text) => text.trim() === "Charge")).toBe(true);
  }).toPass({ timeout: 15_000 });
});
