import { mkdirSync } from "node:fs";
import { type Page, expect, test } from "@playwright/test";
import { DEMO, LoginPage } from "./pages";

/**
 * Agents and assignments (issue 13 section 3): a super admin invites an agent, who shows as pending; an agent reads
 * their tree's agents; a property manager assigns a colleague to a community from the staff page, and the community's
 * page names the colleague. Screenshots go to test-results/agents for a look.
 */
const SHOTS = "test-results/agents";
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

async function signIn(page: Page, role: keyof typeof DEMO, to: string) {
  const login = new LoginPage(page);
  await login.goto(to);
  await login.signIn(DEMO[role]);
  await expect(page).toHaveURL(new RegExp(to.replace(/[?]/g, "\\?")));
}

test("a super admin invites an agent into an agency, who is pending until accepting", async ({ page }) => {
  await signIn(page, "super_admin", "/dashboard/agents/browse");
  await expect(page.getByRole("heading", { level: 1, name: "Agents" })).toBeVisible();
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await shot(page, "agents-list-super-admin");
  await page.getByRole("link", { name: "Add Agent" }).click();
  await page.locator('input[name="email"]').fill("new.agent@coverdesk.test");
  await page.getByLabel(/^First Name/).fill("Remy");
  await page.getByLabel(/^Last Name/).fill("Cole");
  await page.getByRole("combobox", { name: /Agency/ }).click();
  await page.getByRole("option").first().click();
  await shot(page, "agent-create");
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page).toHaveURL(/\/dashboard\/agents\/view\/\d+$/);
  await expect(page.getByText("Invitation pending")).toBeVisible();
  await expect(page.getByRole("button", { name: "Re-invite" })).toBeVisible();

  await page.goto('/dashboard/agents/browse?filter={"email":{"like":"new.agent"}}');
  const row = page.locator("tbody tr", { hasText: "new.agent@coverdesk.test" });
  await expect(row.getByText("Invitation pending")).toBeVisible();
  await expect(row.getByText("agent", { exact: true })).toBeVisible();
  await shot(page, "agents-list-pending");
});

test("an agent reads the agents of their agency tree", async ({ page }) => {
  await signIn(page, "agent", "/dashboard/agents/browse");
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await expect(page.getByText("agent@coverdesk.test")).toBeVisible();
  await shot(page, "agents-list-agent");
});

test("account staff have no Agents screen", async ({ page }) => {
  await new LoginPage(page).goto("/dashboard/agents/browse");
  await new LoginPage(page).signIn(DEMO.staff);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText("Page not found.")).toBeVisible();
  await shot(page, "agents-denied-staff");
});

test("a property manager assigns a colleague to a community from the staff page; the community lists them", async ({ page }) => {
  await signIn(page, "staff", "/dashboard/staff/browse");
  await page.goto('/dashboard/staff/browse?filter={"organizable_type":"Account","email":{"like":"invited@"}}');
  await page.locator("tbody tr", { hasText: "invited@coverdesk.test" }).click();
  await expect(page).toHaveURL(/\/dashboard\/staff\/view\/\d+$/);
  await page.getByRole("tab", { name: "Communities" }).click();
  await expect(page.getByText("No communities assigned: this staff member sees the whole account.")).toBeVisible();
  await page.getByLabel("Community to assign").click();
  const option = page.getByRole("option").first();
  const community = (await option.textContent())!.trim();
  await option.click();
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText("Success!")).toBeVisible();
  const assigned = page.getByRole("table", { name: "Assigned communities" }).getByRole("link", { name: community });
  await expect(assigned).toBeVisible();
  await shot(page, "staff-assignments");

  await assigned.click();
  await expect(page).toHaveURL(/\/dashboard\/insurable\/view\/\d+/);
  await page.getByRole("tab", { name: "Property Managers" }).click();
  await expect(page.getByRole("link", { name: "Ivy Park" })).toBeVisible();
  await shot(page, "community-managers");
});
