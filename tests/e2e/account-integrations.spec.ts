import { expect, type Page, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, LoginPage } from "./pages";

/** The account page's Yardi and Entrata tabs (accounts/view/{id}/yardi|entrata). */
class AccountIntegrationTabs {
  constructor(private readonly page: Page) {}

  async open(accountId: number, tab: "yardi" | "entrata") {
    await this.page.goto(`/dashboard/accounts/view/${accountId}/${tab}`);
    await expect(this.page.getByRole("tab", { name: tab === "yardi" ? "Yardi" : "Entrata", selected: true })).toBeVisible();
  }

  onboardForm() {
    return this.page.getByRole("form", { name: "Onboard an Entrata client" });
  }

  onboarding() {
    return this.page.getByRole("region", { name: "Entrata Onboarding" });
  }

  syncGroup() {
    return this.page.getByRole("region", { name: "Sync" });
  }
}

/**
 * Issue 15 section 2: a super admin reads the demo's Yardi-connected account on its Yardi tab, then onboards an Entrata
 * client (the sandbox) on the same account's Entrata tab, checks the connection, turns one community off, reads the AR
 * codes, runs a sync from the integration's page and sees the community and its units arrive on the account.
 */
test("a super admin onboards an Entrata client on the account page, chooses communities and syncs", async ({ page, request }) => {
  test.setTimeout(240_000);
  // The account the demo connected to Yardi (seeded through the API, not the UI): it has no Entrata integration.
  const signIn = await request.post("/v2/staff/auth/sign_in", { data: { email: DEMO.super_admin, password: DEMO_PASSWORD } });
  expect(signIn.ok()).toBe(true);
  const headers = Object.fromEntries(["access-token", "client", "uid", "token-type", "expiry"].map((h) => [h, signIn.headers()[h]]));
  const listed = await request.get("/v2/staff_super_admin/integrations?filter%5Bprovider%5D=yardi", { headers });
  expect(listed.ok()).toBe(true);
  const accountId = ((await listed.json()) as { data: Array<{ account: { id: number } }> }).data[0].account.id;

  await new LoginPage(page).goto(`/dashboard/accounts/view/${accountId}/yardi`);
  await new LoginPage(page).signIn(DEMO.super_admin);
  const tabs = new AccountIntegrationTabs(page);
  await expect(page.getByRole("tab", { name: "Yardi", selected: true })).toBeVisible();
  await expect(page.getByText("Open Integration")).toBeVisible();
  await expect(tabs.syncGroup()).toContainText(/2 of 2 synced/);

  await page.getByRole("tab", { name: "Entrata" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/accounts/view/${accountId}/entrata$`));
  await expect(page.getByText("This account has no Entrata integration.")).toBeVisible();
  const form = tabs.onboardForm();
  await form.getByLabel(/Client Subdomain/).fill("e2e-client");
  await form.getByLabel(/API Username/).fill("coverdesk_api");
  await form.getByLabel(/API Password/).fill("e2e-secret");
  await form.getByLabel(/API Endpoint/).fill("sandbox://e2e-client?properties=2&units=4");
  await form.getByRole("button", { name: "Onboard Client" }).click();
  await expect(page.getByText("Entrata client onboarded")).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(tabs.syncGroup()).toContainText(/2 of 2 synced/);

  // The connection and the AR codes as onboarding's refresh kept them ("as of"), read without asking Entrata; Refresh asks.
  const connection = page.getByRole("region", { name: "Connection" });
  await expect(connection.getByText(/^Entrata accepts the credentials · as of /)).toBeVisible();
  await expect(connection.getByRole("list", { name: "AR Codes" })).toContainText("RNTINS · Renters insurance");
  await connection.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText("Connection and codes refreshed")).toBeVisible();
  const onboarding = tabs.onboarding();
  const communities = onboarding.getByRole("switch");
  await expect(communities).toHaveCount(2);
  await communities.nth(1).click();
  await expect(communities.nth(1)).not.toBeChecked();
  await expect(tabs.syncGroup()).toContainText(/1 of 2 synced/);
  await page.screenshot({ path: "test-results/account-entrata-tab.png", fullPage: true });

  // The integration's page: run the sync and watch it finish (the page polls every 3 s while it runs).
  await page.getByRole("link", { name: "Open Integration" }).click();
  await expect(page).toHaveURL(/\/dashboard\/integrations\/view\/\d+/);
  await page.getByRole("button", { name: "Run Sync" }).click();
  await expect(page.getByText("Sync started")).toBeVisible();
  const runs = page.getByRole("table", { name: "Sync Runs" }).locator("tbody tr");
  await expect(runs.first()).toContainText(/Succeeded/, { timeout: 150_000 });

  // Back on the account: the tab says when it last synced, and the synced community is the account's.
  await tabs.open(accountId, "entrata");
  await expect(page.getByText(/^Succeeded, /)).toBeVisible();
  await page.getByRole("tab", { name: "Communities" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("(e2e-client)");
});
