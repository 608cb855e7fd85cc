import { expect, test, type Page } from "@playwright/test";
import { DEMO, LoginPage } from "./pages";

/**
 * The console ships one chunk per screen (issue 11): the first screen, sign-in then the landing page, loads the shell
 * and its own chunks only; a screen's chunk arrives when the screen is first visited.
 */
const SCREEN_CHUNKS = ["PolicyList", "PolicyShow", "UploadCoverageProofPage", "DmrPage", "PolicyReviewPage", "PdfViewer", "UserList", "StaffList", "ChangeRequestList", "ProfilePage"];

function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/assets\/.+\.m?js$/.test(path)) scripts.push(path.slice("/assets/".length));
  });
  return scripts;
}

const loaded = (scripts: string[], chunk: string) => scripts.some((file) => file.startsWith(`${chunk}-`));
const loadedScreens = (scripts: string[]) => SCREEN_CHUNKS.filter((chunk) => loaded(scripts, chunk));

test("a staff member's first screen loads no other screen's chunk; the policies grid's chunk comes with the grid", async ({ page }) => {
  const scripts = recordScripts(page);
  const login = new LoginPage(page);
  await login.goto();
  await expect(page.getByRole("button", { name: /sign in/i })).toBeVisible();
  expect(loaded(scripts, "LoginPage")).toBe(true);
  expect(loadedScreens(scripts)).toEqual([]);

  await login.signIn(DEMO.staff);
  await expect(page).toHaveURL(/\/dashboard\/leads$/);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  expect(loadedScreens(scripts)).toEqual([]);

  await page.getByRole("navigation").getByText("Policies", { exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/policies\/browse/);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  expect(loadedScreens(scripts)).toEqual(["PolicyList"]);
});

test("policy support lands on the review queue with its chunk, and the DMR and policies screens stay unloaded", async ({ page }) => {
  const scripts = recordScripts(page);
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(DEMO.policy_support);
  await expect(page).toHaveURL(/\/dashboard\/policy-support/);
  await expect(page.getByRole("heading", { level: 1, name: "Policy Review" })).toBeVisible();
  expect(loaded(scripts, "PolicyReviewPage")).toBe(true);
  expect(loadedScreens(scripts).filter((chunk) => !["PolicyReviewPage", "PdfViewer"].includes(chunk))).toEqual([]);
});
