import { mkdirSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO, LoginPage } from "./pages";

/**
 * Agency branding (issue 13 section 5): an agent opens its agency's branding from the agency page, edits a colour and
 * the footer text in the editor and sees the live preview follow, saves, reloads and finds both kept; a super admin
 * opens another agency's branding; staff are turned away. Screenshots go to test-results/branding for a look.
 */
const SHOTS = "test-results/branding";
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

async function signIn(page: Page, role: keyof typeof DEMO, to: string) {
  const login = new LoginPage(page);
  await login.goto(to);
  await login.signIn(DEMO[role]);
  await expect(page).toHaveURL(new RegExp(to.replace(/[?]/g, "\\?")));
}

const headerColour = (page: Page) => page.getByTestId("preview-header").evaluate((el) => getComputedStyle(el).backgroundColor);

test("an agent edits its agency's branding with a live preview, saves, and finds it kept after a reload", async ({ page }) => {
  await signIn(page, "agent", "/dashboard/agencies/browse");
  await page.getByText("Summit Risk Partners", { exact: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/agencies\/view\/\d+$/);
  const agency = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await page.getByRole("link", { name: "Branding" }).click();
  await expect(page).toHaveURL(/\/dashboard\/agencies\/\d+\/branding\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: `Agency Branding: ${agency}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Preview" })).toBeVisible();
  await shot(page, "branding-page-agent");
  const pageUrl = page.url();

  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/dashboard\/branding-editor\/Agency\/\d+\/branding\/\d+$/);
  const primary = page.getByLabel("Primary Colour");
  await expect(primary).not.toHaveValue("");
  const before = await headerColour(page);
  await primary.fill("#aa3300");
  await expect.poll(() => headerColour(page)).toBe("rgb(170, 51, 0)");
  expect(before).not.toBe("rgb(170, 51, 0)");
  const footer = page.getByLabel("Footer / Contact Text");
  await footer.fill("Our agency, Denver. Call us any weekday.");
  await expect(page.getByTestId("preview-footer")).toContainText("Our agency, Denver. Call us any weekday.");
  // A half-typed colour is refused beside the field and the preview keeps the last whole one.
  await page.getByLabel("Secondary Colour").fill("#12");
  await expect(page.getByText("must be a hex colour such as #1d4e89")).toBeVisible();
  await page.getByLabel("Secondary Colour").fill("#004466");
  await expect.poll(() => page.getByTestId("preview-button").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(0, 68, 102)");
  await shot(page, "branding-editor-agent");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(pageUrl);
  await page.reload();
  await expect(page.getByText("#aa3300")).toBeVisible();
  await expect(page.getByText("#004466")).toBeVisible();
  await expect(page.getByText("Our agency, Denver. Call us any weekday.").first()).toBeVisible();
  await expect.poll(() => headerColour(page)).toBe("rgb(170, 51, 0)");
  await shot(page, "branding-page-saved");
});

test("a super admin opens any agency's branding; staff cannot open it", async ({ page, openPage }) => {
  await signIn(page, "super_admin", "/dashboard/agencies/browse");
  await page.locator("tbody tr").first().click();
  await expect(page).toHaveURL(/\/dashboard\/agencies\/view\/\d+$/);
  await page.getByRole("link", { name: "Branding" }).click();
  await expect(page.getByRole("region", { name: "Preview" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toBeVisible();
  await shot(page, "branding-page-super-admin");
  const url = new URL(page.url()).pathname;

  const staff = await openPage();
  await signIn(staff, "staff", "/dashboard/leads");
  await staff.goto(url);
  await expect(staff.getByRole("region", { name: "Preview" })).toHaveCount(0);
  await shot(staff, "branding-page-staff");
});
