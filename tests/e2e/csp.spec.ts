import { expect, test, type Page } from "@playwright/test";
import { DEMO, LoginPage } from "./pages";

/**
 * The built console under its Content-Security-Policy (issue 9, hole 10): every screen of every role's menu, and the
 * PDF viewer (pdf.js and its worker), run without a single violation; MUI's styles and the splash still apply.
 */
declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

function watchCsp(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on("worker", (worker) => worker.on("console", (message) => problems.push(`worker: ${message.text()}`)));
  void page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return problems;
}

async function violations(page: Page, problems: string[]): Promise<string[]> {
  const events = await page.evaluate(() => window.__cspViolations ?? []);
  return [...problems.filter((p) => !p.startsWith("worker:") || /Content Security Policy|Refused to/i.test(p)), ...events];
}

async function signIn(page: Page, role: keyof typeof DEMO) {
  await new LoginPage(page).goto();
  await new LoginPage(page).signIn(DEMO[role]);
  await expect(page.getByRole("navigation").first()).toBeVisible();
}

for (const role of Object.keys(DEMO) as Array<keyof typeof DEMO>) {
  test(`${role}: every menu screen runs without a CSP violation`, async ({ page }) => {
    const problems = watchCsp(page);
    const response = await page.goto("/auth/login");
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await signIn(page, role);
    const links = await page.getByRole("navigation").first().locator('a[href^="/dashboard"]').evaluateAll((anchors) => [...new Set(anchors.map((a) => a.getAttribute("href")!))]);
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) {
      await page.goto(href);
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("navigation").first(), href).toBeVisible();
    }
    // MUI's run-time styles applied: the app bar is laid out, not unstyled markup.
    expect(await page.locator("header").first().evaluate((el) => getComputedStyle(el).position)).toMatch(/fixed|sticky|absolute/);
    expect(await violations(page, problems)).toEqual([]);
  });
}

test("the DMR PDF viewer renders pages with pdf.js and its worker under the CSP", async ({ page }) => {
  const problems = watchCsp(page);
  await signIn(page, "super_admin");
  const splashRules = await page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href?.endsWith("/splash.css")).map((sheet) => sheet.cssRules.length));
  expect(splashRules).toEqual([2]);
  await page.goto("/dashboard/dmr");
  const table = page.getByRole("table");
  await table.locator("tbody tr").first().getByRole("button", { name: "REVIEW" }).click();
  await expect(page.getByRole("dialog").getByTestId("pdf-page").first().locator("canvas")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await violations(page, problems)).toEqual([]);
});

test("the Policy Review certificate viewer renders under the CSP", async ({ page }) => {
  const problems = watchCsp(page);
  await signIn(page, "policy_support");
  await page.goto("/dashboard/policy-support?kind=proof");
  const queue = page.getByRole("list", { name: "Policy Review" });
  await queue.getByRole("button").first().click();
  await expect(page.getByTestId("pdf-page").first().locator("canvas")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await violations(page, problems)).toEqual([]);
});
