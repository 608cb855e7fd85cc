import { mkdirSync, readFileSync } from "node:fs";
import Papa from "papaparse";
import { type Page, expect, test } from "@playwright/test";
import { DEMO, LoginPage } from "./pages";

/**
 * Reports (issue 13 section 1): a property manager opens their account's Reports tab, where the demo's ready report
 * waits, generates a new one, watches it being generated until it is ready, and downloads its CSV; a super admin
 * requests a bordereau. Screenshots go to test-results/reports for a look.
 */
const SHOTS = "test-results/reports";
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** The Reports tab of an account, agency or property page. */
class ReportsTab {
  constructor(private readonly page: Page) {}

  table() {
    return this.page.getByRole("table", { name: "Reports" });
  }

  rows() {
    return this.table().locator("tbody tr");
  }

  async generate() {
    await this.page.getByRole("button", { name: "Generate report" }).click();
  }
}

async function signIn(page: Page, role: keyof typeof DEMO) {
  const login = new LoginPage(page);
  await login.goto("/dashboard/profile");
  await login.signIn(DEMO[role]);
  await expect(page).toHaveURL(/\/dashboard\/profile/);
  return page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "{}") as { organizable_id: number });
}

test("staff generate their account's report, wait for it to be ready and download the CSV", async ({ page }) => {
  const user = await signIn(page, "staff");
  await page.goto(`/dashboard/accounts/view/${user.organizable_id}/reports`);
  const tab = new ReportsTab(page);
  // The demo's report is there, ready.
  await expect(tab.rows()).toHaveCount(1);
  await expect(tab.rows().first().getByText("Ready")).toBeVisible();
  await expect(tab.rows().first().getByRole("button", { name: "CSV" })).toBeVisible();
  await shot(page, "staff-account-reports");

  await tab.generate();
  await expect(tab.rows()).toHaveCount(2);
  const newest = tab.rows().first();
  // Generating first (or already done on a fast machine), then ready with both files.
  await expect(newest.getByText("Ready")).toBeVisible({ timeout: 30_000 });
  await expect(newest.getByRole("button", { name: "XLSX" })).toBeVisible();
  await expect(newest).toContainText(/\d+ of \d+ units covered/);
  await shot(page, "staff-report-ready");

  const [download] = await Promise.all([page.waitForEvent("download"), newest.getByRole("button", { name: "CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^compliance-.+-\d{4}-\d{2}-\d{2}-\d+\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  const parsed = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data[0].slice(0, 6)).toEqual(["Community", "Units", "Covered Units", "Covered %", "Active Policies", "Expiring in 30 Days"]);
  const total = parsed.data.at(-1)!;
  expect(total[0]).toBe("Total");
  expect(Number(total[1])).toBeGreaterThan(0);
  // The file's totals are the figures the tab shows.
  await expect(newest).toContainText(`${total[2]} of ${total[1]} units covered`);
});

test("a super admin requests a bordereau from an agency's Reports tab and it is recorded in Email History", async ({ page }) => {
  await signIn(page, "super_admin");
  await page.goto("/dashboard/agencies/view/1/reports");
  const tab = new ReportsTab(page);
  await expect(tab.rows().first().getByText("Ready")).toBeVisible();
  await page.getByRole("button", { name: "Bordereau report" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a bordereau report" });
  await dialog.getByLabel(/^From/).fill("2026-03-01");
  await dialog.getByLabel(/^To/).fill("2026-01-01");
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByText("must be on or after the start of the period")).toBeVisible();
  await dialog.getByLabel(/^From/).fill("2025-12-01");
  await shot(page, "bordereau-dialog");
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Report were sent")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => {
      const mails = await page.evaluate(async () => {
        const headers: Record<string, string> = {};
        const keys = { "access-token": "accessToken", "token-type": "tokenType", client: "client", expiry: "expiry", uid: "uid" };
        for (const [header, key] of Object.entries(keys)) headers[header] = localStorage.getItem(key) ?? "";
        const res = await fetch("/v2/staff_super_admin/sent_emails?filter[template]=bordereau_report", { headers });
        return res.ok ? ((await res.json()) as Array<{ subject: string }>) : [];
      });
      return mails.map((m) => m.subject);
    }, { timeout: 20_000 })
    .toContain("Bordereau report 2025-12-01 – 2026-01-01");

  // The agency page's Bordereau Reports tab lists the request: ready, who asked, when it went out, its XLSX and mail.
  await page.getByRole("tab", { name: "Bordereau Reports" }).click();
  await expect(page).toHaveURL(/\/dashboard\/agencies\/view\/1\/bordereaux$/);
  const row = page.getByRole("table", { name: "Bordereau Reports" }).getByRole("row", { name: /December 1, 2025 – January 1, 2026/ }).first();
  await expect(row.getByText("Ready")).toBeVisible();
  await expect(row.getByText("All carriers")).toBeVisible();
  await expect(row.getByRole("button", { name: "XLSX" })).toBeVisible();
  await shot(page, "bordereau-requests");
  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: "XLSX" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await row.getByRole("link", { name: "Mail" }).click();
  await expect(page).toHaveURL(/\/dashboard\/email-history\/view\/\d+$/);
  await expect(page.getByText("Bordereau report 2025-12-01 – 2026-01-01").first()).toBeVisible();
});
