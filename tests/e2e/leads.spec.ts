import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO, LoginPage } from "./pages";

const SHOTS = process.env.E2E_SCREENSHOTS;

async function signedIn(browser: Browser, role: keyof typeof DEMO, path?: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  const login = new LoginPage(page);
  await login.goto(path);
  await login.signIn(DEMO[role]);
  return page;
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** Every office role lands on the leads dashboard with numbers, leads in the grid and a lead's page behind a row. */
for (const role of ["super_admin", "agent", "staff"] as const) {
  test(`${role} lands on the leads dashboard with statistics and leads, and opens one`, async ({ browser }) => {
    const page = await signedIn(browser, role);
    await expect(page).toHaveURL(/\/dashboard\/leads(\?|$)/);
    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    const visits = page.getByTestId("lead-stat-site_visits");
    await expect(visits).toContainText(/Site Visits\s*\d/);
    await expect(page.getByTestId("lead-stat-conversions")).toContainText("%");
    await expect(page.getByText(/Leads over time/)).toBeVisible();
    // Staff have a single account, whose leads may be few: a month's window shows some.
    await page.getByLabel("Last Visit From").fill(new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10));
    await expect(page.locator("tbody tr").first()).toBeVisible();
    await shot(page, `leads-${role}`);
    await page.locator("tbody tr").first().locator("td").first().click();
    await expect(page).toHaveURL(/\/dashboard\/leads\/view\/\d+$/);
    await expect(page.getByRole("heading", { name: "Events" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tracking URL" })).toBeVisible();
    await shot(page, `lead-${role}`);
  });
}

test("an agent archives a lead and finds it under Archived", async ({ browser }) => {
  const page = await signedIn(browser, "agent");
  await expect(page.locator("tbody tr").first()).toBeVisible();
  const first = page.locator("tbody tr").first();
  const email = (await first.locator("td").first().innerText()).trim();
  await first.getByLabel("Lead actions").click();
  await page.getByRole("menuitem", { name: "Archive" }).click();
  await expect(page.getByText("Success!")).toBeVisible();
  await expect(page.locator("tbody")).not.toContainText(email);
  await page.getByLabel("Archived").check();
  await expect(page).toHaveURL(/archived%22%3Atrue|"archived":true/);
  await expect(page.locator("tbody")).toContainText(email);
});
