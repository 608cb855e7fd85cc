import { expect, test } from "@playwright/test";
import { DEMO, LoginPage } from "./pages";
import { shot } from "./support";

test.describe("carriers", () => {
  test("a super admin browses carriers, opens one's tabs and merges two out-of-system carriers", async ({ page }) => {
    await new LoginPage(page).goto("/dashboard/carriers/browse");
    await new LoginPage(page).signIn(DEMO.super_admin);
    await expect(page.getByRole("cell", { name: "QBE Insurance Corporation" })).toBeVisible();
    await shot(page, "carriers-super-admin-list");

    await page.getByRole("cell", { name: "QBE Insurance Corporation" }).click();
    await expect(page.getByRole("heading", { name: "Carrier QBE Insurance Corporation" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Summit Risk Partners", exact: true })).toBeVisible();
    await shot(page, "carriers-super-admin-agencies");
    await page.getByRole("tab", { name: "Billing Strategies" }).click();
    await expect(page.getByRole("switch").first()).toBeVisible();
    await page.getByRole("tab", { name: "Fees" }).click();
    await expect(page.getByRole("cell", { name: "Policy fee" })).toBeVisible();
    await page.getByRole("tab", { name: "Availability" }).click();
    await expect(page.getByRole("checkbox", { name: "CA" })).toBeChecked();
    await shot(page, "carriers-super-admin-availability");

    await page.goto("/dashboard/carriers/browse");
    await page.getByRole("button", { name: "Merge" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Merge into").click();
    await page.getByRole("option", { name: "State Farm" }).click();
    await dialog.getByLabel("Carriers to merge").click();
    await page.getByRole("option", { name: "Allstate" }).click();
    await shot(page, "carriers-super-admin-merge");
    await dialog.getByRole("button", { name: "Merge" }).click();
    await expect(page.getByText(/1 carriers merged, \d+ policies moved/)).toBeVisible();
    await expect(page.getByRole("cell", { name: "Allstate", exact: true })).toHaveCount(0);
    // The target's history tells what was merged into it.
    await page.getByRole("cell", { name: "State Farm", exact: true }).click();
    await page.getByRole("tab", { name: "History" }).click();
    await expect(page.getByRole("table", { name: "History" }).getByText(/merged: .*Allstate/)).toBeVisible();
    await shot(page, "carriers-super-admin-history");
  });

  test("an agent sees its agency's carriers, toggles a billing strategy and cannot edit", async ({ page }) => {
    await new LoginPage(page).goto("/dashboard/carriers/browse");
    await new LoginPage(page).signIn(DEMO.agent);
    await expect(page.getByRole("cell", { name: "QBE Insurance Corporation" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Merge" })).toHaveCount(0);
    await shot(page, "carriers-agent-list");
    await page.getByRole("cell", { name: "QBE Insurance Corporation" }).click();
    await page.getByRole("tab", { name: "Billing Strategies" }).click();
    const monthly = page.getByRole("switch", { name: /Residential Monthly/ }).first();
    await expect(monthly).toBeChecked();
    await monthly.click();
    await expect(page.getByText("Billing strategy is switched off")).toBeVisible();
    await monthly.click();
    await expect(page.getByText("Billing strategy is switched on")).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
    await shot(page, "carriers-agent-billing");
  });

  test("an agent opens its agency's Carriers tab (GET /carrier-agencies) and goes from a row to the carrier", async ({ page }) => {
    await new LoginPage(page).goto("/dashboard/carriers/browse");
    await new LoginPage(page).signIn(DEMO.agent);
    await page.getByRole("link", { name: "Agency Details" }).click();
    await page.getByRole("tab", { name: "Carriers" }).click();
    const table = page.getByRole("table", { name: "Carriers" });
    const row = table.getByRole("row").filter({ hasText: "Crum & Forster" });
    await expect(row.getByRole("cell", { name: /^Commercial/ })).toBeVisible();
    await shot(page, "carriers-agent-agency-tab");
    await row.click();
    await expect(page.getByRole("heading", { name: "Carrier Crum & Forster" })).toBeVisible();
    // And back: the carrier's Agencies tab names the agency, which opens its Carriers tab.
    await page.getByRole("link", { name: "Summit Risk Partners" }).click();
    await expect(page.getByRole("tab", { name: "Carriers", selected: true })).toBeVisible();
    await expect(page.getByRole("table", { name: "Carriers" }).getByText("Crum & Forster")).toBeVisible();
  });

  test("account staff have no carriers screen", async ({ page }) => {
    await new LoginPage(page).goto("/dashboard/carriers/browse");
    await new LoginPage(page).signIn(DEMO.staff);
    await expect(page).not.toHaveURL(/carriers/);
    await expect(page.getByRole("heading").first()).toBeVisible();
    await shot(page, "carriers-staff-redirected");
  });
});
