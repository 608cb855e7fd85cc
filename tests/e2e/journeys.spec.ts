import { expect, test } from "@playwright/test";
import { DEMO, LoginPage, Shell } from "./pages";

/**
 * The journeys of the foundation: each role signs in and sees its own menu, the guards send a user to /404 or to
 * the sign-in screen with return_url, and signing out ends the session. Against the built app on a fresh database.
 */
const MENUS = {
  super_admin: { has: ["Policy Review", "Add Admin/Support", "Agencies", "Tools", "DMR", "Merge Users", "CSV Upload"], hasNot: ["Rent Guarantee Mass Import", "Account Details"] },
  agent: { has: ["Compliance", "Property Management", "Prop. Mgmt. Accounts", "Agency", "Sub-Agencies", "Carriers"], hasNot: ["Policy Review", "DMR", "Rent Guarantee Mass Import"] },
  staff: { has: ["Compliance", "Rent Guarantee Mass Import", "Account", "Account Details", "Property Managers", "Refunds"], hasNot: ["Policy Review", "Prop. Mgmt. Accounts", "Sub-Agencies"] },
  policy_support: { has: ["Policy Review"], hasNot: ["Compliance", "Users", "Leases"] },
} as const;

for (const role of Object.keys(MENUS) as Array<keyof typeof MENUS>) {
  test(`${role} signs in, sees the role's menu, and signs out`, async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new Shell(page);
    await login.goto();
    await login.signIn(DEMO[role]);
    await expect(page).toHaveURL(role === "policy_support" ? /\/dashboard\/policy-support/ : /\/dashboard\/leads/);
    await shell.expectMenuItems([...MENUS[role].has]);
    await shell.expectNoMenuItems([...MENUS[role].hasNot]);
    await expect(page).toHaveTitle(/ \| Coverdesk$/);
    await shell.logout();
    await expect(page).toHaveURL(/\/auth\/login/);
    await page.goto("/dashboard/leads");
    await expect(page).toHaveURL(/\/auth\/login\?return_url=%2Fdashboard%2Fleads/);
  });
}

test("a wrong password shows the spec's message and keeps the email", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(DEMO.agent, "not-the-password");
  await expect(page.getByText("Invalid login credentials. Please try again.")).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toHaveValue(DEMO.agent);
});

test("a deep link goes through sign-in and lands where it pointed (return_url)", async ({ page }) => {
  await page.goto("/dashboard/users/browse?perPage=10");
  await expect(page).toHaveURL(/\/auth\/login\?return_url=/);
  await new LoginPage(page).signIn(DEMO.super_admin);
  await expect(page).toHaveURL(/\/dashboard\/users\/browse\?perPage=10/);
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  // The demo residents are listed, 10 to a page as the address says.
  await expect(page.locator("tbody tr")).toHaveCount(10);
});

test("the role and permission guards send a user to /404", async ({ page }) => {
  await new LoginPage(page).goto("/dashboard/dmr");
  await new LoginPage(page).signIn(DEMO.staff);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText("Page not found.")).toBeVisible();
  await page.goto("/dashboard/policy-support");
  await expect(page).toHaveURL(/\/404$/);
});

test("a super admin searches the users list and opens a user", async ({ page }) => {
  await new LoginPage(page).goto("/dashboard/users/browse");
  await new LoginPage(page).signIn(DEMO.super_admin);
  const firstName = (await page.locator("tbody tr").first().locator("td").first().innerText()).trim();
  await page.getByLabel("Keyword").fill(firstName);
  await page.getByLabel("Keyword").press("Enter");
  await expect(page).toHaveURL(/filter=/);
  await expect(page.locator("tbody tr").first()).toContainText(firstName);
  await page.locator("tbody tr").first().click();
  await expect(page).toHaveURL(/\/dashboard\/users\/view\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: firstName })).toBeVisible();
});

test("an agent lists the property managers of the agency tree", async ({ page }) => {
  await new LoginPage(page).goto("/dashboard/staff/browse");
  await new LoginPage(page).signIn(DEMO.agent);
  await expect(page.getByRole("heading", { level: 1, name: "Property Managers" })).toBeVisible();
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await expect(page.getByText("staff", { exact: true }).first()).toBeVisible();
});
