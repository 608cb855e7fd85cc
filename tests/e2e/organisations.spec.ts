import { mkdirSync } from "node:fs";
import { type Page, expect, test } from "@playwright/test";
import { DEMO, LoginPage } from "./pages";

/**
 * Organisations and people (issue 13): the demo's pending invitee accepts the mailed link and lands signed in; a super
 * admin adds a policy-support reviewer; each role opens its staff and organisation screens. Screenshots go to
 * test-results/organisations for a look.
 */
const SHOTS = "test-results/organisations";
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

async function signIn(page: Page, role: keyof typeof DEMO, to: string) {
  const login = new LoginPage(page);
  await login.goto(to);
  await login.signIn(DEMO[role]);
  await expect(page).toHaveURL(new RegExp(to.replace(/[?]/g, "\\?")));
}

test("the invitee sets a password from the invitation link and lands signed in; the link then no longer works", async ({ page }) => {
  await page.goto("/auth/accept-invitation/demo-invitation-link-coverdesk");
  await expect(page.getByText("Welcome, Ivy Park. Choose a password to sign in as invited@coverdesk.test.")).toBeVisible();
  await shot(page, "accept-invitation");
  await page.locator("input[type=password]").first().fill("short");
  await expect(page.getByText("must be at least 10 characters")).toBeVisible();
  await page.locator("input[type=password]").first().fill("ivy-chooses-a-password");
  await page.locator("input[type=password]").nth(1).fill("ivy-chooses-a-password");
  await page.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/leads/);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "{}").email)).toBe("invited@coverdesk.test");
  await shot(page, "invitee-signed-in");

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto("/auth/accept-invitation/demo-invitation-link-coverdesk");
  await expect(page.getByText("This invitation link is invalid or has expired. Ask the person who invited you to send it again.")).toBeVisible();
});

test("a super admin adds a policy-support reviewer, who is pending until accepting", async ({ page }) => {
  await signIn(page, "super_admin", "/dashboard/create-admin-users");
  await expect(page.getByRole("heading", { level: 1, name: "Add Admin/Support" })).toBeVisible();
  await page.locator('input[name="email"]').fill("new.reviewer@coverdesk.test");
  await page.getByLabel(/^First Name/).fill("Noor");
  await page.getByLabel(/^Last Name/).fill("Hale");
  await shot(page, "add-admin-support");
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page).toHaveURL(/\/dashboard\/staff\/view\/\d+$/);
  await expect(page.getByText("Invitation pending")).toBeVisible();
  await expect(page.getByText("policy support").first()).toBeVisible();
  await shot(page, "admin-support-created");
});

for (const role of ["super_admin", "agent", "staff"] as const) {
  test(`${role} opens the staff list and the Add Staff form`, async ({ page }) => {
    await signIn(page, role, "/dashboard/staff/browse");
    await expect(page.locator("tbody tr").first()).toBeVisible();
    await shot(page, `staff-list-${role}`);
    await page.getByRole("link", { name: "Add Staff" }).click();
    await expect(page).toHaveURL(/\/dashboard\/staff\/create$/);
    await expect(page.getByRole("heading", { level: 1, name: "Add Staff" })).toBeVisible();
    if (role === "staff") await expect(page.getByLabel(/^Organizable Type/)).toHaveCount(0);
    else await expect(page.getByLabel(/^Organizable Type/)).toBeVisible();
    // Staff check emails within their own account only (no probing of other tenants): the server refuses on save.
    await page.locator('input[name="email"]').fill(DEMO.agent);
    await page.getByLabel(/^First Name/).fill("Taken");
    await page.getByLabel(/^Last Name/).fill("Email");
    await page.getByRole("button", { name: "Invite" }).click();
    await expect(page.getByText("has already been taken")).toBeVisible();
    await shot(page, `staff-create-${role}`);
  });
}

test("an agent invites a property manager to an account of the agency", async ({ page }) => {
  await signIn(page, "agent", "/dashboard/staff/create");
  await page.locator('input[name="email"]').fill("pat.new@coverdesk.test");
  await page.getByLabel(/^First Name/).fill("Pat");
  await page.getByLabel(/^Last Name/).fill("New");
  await page.getByRole("combobox", { name: /^Account/ }).click();
  await page.getByRole("option").first().click();
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page).toHaveURL(/\/dashboard\/staff\/view\/\d+$/);
  await expect(page.getByText("Invitation pending")).toBeVisible();
  await expect(page.getByRole("button", { name: "Re-invite" })).toBeVisible();
  await shot(page, "staff-invited-by-agent");
});

test("a super admin chooses an agency, opens an account's tabs, creates an account with an address and disables it", async ({ page }) => {
  await signIn(page, "super_admin", "/dashboard/accounts/browse");
  await expect(page.getByText("You can search agency by entering name in the field above.")).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(0);
  await shot(page, "accounts-super-admin-hint");
  await page.getByLabel("Agency", { exact: true }).click();
  await page.getByRole("option").first().click();
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await shot(page, "accounts-super-admin-list");
  await page.locator("tbody tr").first().click();
  await expect(page).toHaveURL(/\/dashboard\/accounts\/view\/\d+$/);
  await expect(page.getByRole("tab", { name: "Details" })).toBeVisible();
  await shot(page, "account-details");
  for (const tab of ["Policies", "Units", "Staff", "History"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tabpanel")).not.toBeEmpty();
  }
  await page.getByRole("tab", { name: "Policies" }).click();
  await expect(page.getByRole("table", { name: "Policies" }).locator("tbody tr").first()).toBeVisible();
  await shot(page, "account-policies");

  await page.goto("/dashboard/accounts/create");
  await page.getByLabel(/^Title/).fill("Juniper Court Homes");
  await page.getByLabel(/^Agency/).click();
  await page.getByRole("option").first().click();
  await page.getByLabel(/^Contact Phone/).fill("(512) 555-0142");
  await page.getByLabel(/^Street Name/).fill("Juniper Ct");
  await page.getByLabel(/^Street Number/).fill("40");
  await page.getByLabel(/^City/).fill("Austin");
  await page.getByLabel(/^State/).click();
  await page.getByRole("option", { name: "TX", exact: true }).click();
  await page.getByLabel(/^Zip Code/).fill("7870");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("must be a valid zip")).toBeVisible();
  await page.getByLabel(/^Zip Code/).fill("78701");
  await shot(page, "account-create");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/dashboard\/accounts\/view\/\d+$/);
  await expect(page.getByText("40 Juniper Ct, Austin, TX 78701")).toBeVisible();
  await page.getByRole("button", { name: "Disable" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Success!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Enable" })).toBeVisible();
  await shot(page, "account-disabled");
});

test("an agent lists the agency's accounts and edits one", async ({ page }) => {
  await signIn(page, "agent", "/dashboard/accounts/browse");
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await shot(page, "accounts-agent-list");
  await page.locator("tbody tr").first().click();
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByLabel(/^Contact Phone/).fill("12");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("must be a valid phone number")).toBeVisible();
  await page.getByLabel(/^Contact Phone/).fill("(512) 555-0177");
  await shot(page, "account-edit-agent");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/dashboard\/accounts\/view\/\d+$/);
  await expect(page.getByText("(512) 555-0177")).toBeVisible();
});

test("staff open their own account from Account Details and cannot browse accounts", async ({ page }) => {
  await signIn(page, "staff", "/dashboard/leads");
  await page.getByRole("navigation").getByText("Account Details", { exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/accounts\/view\/\d+/);
  await expect(page.getByRole("tab", { name: "Details" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Disable" })).toHaveCount(0);
  await shot(page, "account-staff");
  await page.goto("/dashboard/accounts/browse");
  await expect(page).toHaveURL(/\/404$/);
});

test("an agent opens Agency Details, edits the agency and adds a sub-agency", async ({ page }) => {
  await signIn(page, "agent", "/dashboard/leads");
  await page.getByRole("navigation").getByText("Agency Details", { exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/agencies\/view\/\d+$/);
  await expect(page.getByRole("tab", { name: "Details" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Disable" })).toHaveCount(0);
  await shot(page, "agency-agent-details");
  await page.getByRole("tab", { name: "Sub-Agencies" }).click();
  await expect(page.getByRole("table", { name: "Sub-Agencies" })).toBeVisible();
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByLabel(/^Contact Phone/).fill("(415) 555-0190");
  await expect(page.getByText("Permissions")).toHaveCount(0);
  await shot(page, "agency-agent-edit");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/dashboard\/agencies\/view\/\d+$/);
  await expect(page.getByText("(415) 555-0190")).toBeVisible();

  await page.goto("/dashboard/agencies/create");
  await expect(page.getByRole("heading", { level: 1, name: "Add Sub-Agency" })).toBeVisible();
  await page.getByLabel(/^Title/).fill("Morgan Coastal Sub-Agency");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/dashboard\/agencies\/view\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Morgan Coastal Sub-Agency" })).toBeVisible();
  await shot(page, "agency-sub-agency-created");
});

test("a super admin lists agencies and sub-agencies and switches a permission off for an agency", async ({ page }) => {
  await signIn(page, "super_admin", "/dashboard/agencies/browse");
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await shot(page, "agencies-super-admin");
  await page.goto("/dashboard/subagencies");
  await expect(page.getByRole("columnheader", { name: "Parent Agency" })).toBeVisible();
  await shot(page, "subagencies-super-admin");
  await page.goto("/dashboard/agencies/browse");
  await page.locator("tbody tr").first().click();
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("Claims").uncheck();
  await shot(page, "agency-permissions-edit");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/dashboard\/agencies\/view\/\d+$/);
  await page.getByRole("tab", { name: "Permissions" }).click();
  await expect(page.getByRole("row", { name: /Claims/ })).toContainText("No");

  // Its sub-agency cannot switch Claims back on: the form locks the key and says why (reference 3.2).
  await page.getByRole("tab", { name: "Sub-Agencies" }).click();
  await page.getByRole("table", { name: "Sub-Agencies" }).locator("tbody tr").first().click();
  await expect(page).toHaveURL(/\/dashboard\/agencies\/view\/\d+$/);
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Claims")).toBeDisabled();
  await expect(page.getByLabel("Claims")).not.toBeChecked();
  await expect(page.getByText("The parent agency lacks this permission")).toHaveCount(1);
  await expect(page.getByLabel("Master Policies")).toBeEnabled();
  await shot(page, "subagency-permissions-locked");
});

test("an agent narrows an account's permission set: the Permissions tab and the history show it", async ({ page }) => {
  await signIn(page, "agent", "/dashboard/accounts/browse");
  await page.locator("tbody tr").first().click();
  await expect(page).toHaveURL(/\/dashboard\/accounts\/view\/\d+$/);
  await page.getByRole("link", { name: "Edit" }).click();
  // A key no screen depends on, so the other journeys keep their access; toggled, so a retried run still changes it.
  const key = page.getByLabel("Properties Dashboard");
  // Only the keys that apply to account staff: no Agency keys, no Policy Review.
  await expect(page.getByLabel("Agency Details")).toHaveCount(0);
  await expect(page.getByLabel("Policy Review")).toHaveCount(0);
  const was = await key.isChecked();
  await key.setChecked(!was);
  await shot(page, "account-permissions-edit");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/dashboard\/accounts\/view\/\d+$/);
  await page.getByRole("tab", { name: "Permissions" }).click();
  await expect(page.getByRole("table", { name: "Permissions" }).getByRole("row", { name: /Properties Dashboard/ })).toContainText(was ? "No" : "Yes");
  await expect(page.getByRole("table", { name: "Permissions" }).getByRole("row", { name: /Agency Details/ })).toHaveCount(0);
  await shot(page, "account-permissions-tab");
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByText(`permissions.dashboard.properties: ${was} → ${!was}`).first()).toBeVisible();
});
