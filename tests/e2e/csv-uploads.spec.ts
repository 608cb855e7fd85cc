import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { DEMO, LoginPage } from "./pages";
import { shot, superAdminApi } from "./support";

test.describe.configure({ mode: "serial" });

test.describe("CSV uploads as background jobs, with a result file and the list of past uploads", () => {
  test("a tracking-URL file: progress, the result file of every row, and the upload found among the past uploads", async ({ page, request }) => {
    const api = await superAdminApi(request);
    const [agency] = await api<Array<{ id: number; title: string }>>("/agencies?pagination[per]=1&sort[column]=id&sort[direction]=asc");
    const campaign = `Journey ${Date.now()}`;
    // 400 rows: long enough for the job's progress to be seen.
    const rows = Array.from({ length: 400 }, (_, i) => `residential,${campaign} ${i + 1},${agency.id}`);
    const file = Buffer.from(`landing_page,campaign_name,agency_id\n${rows.join("\n")}\n`);

    await new LoginPage(page).goto("/dashboard/csv-upload");
    await new LoginPage(page).signIn(DEMO.super_admin);
    await expect(page.getByRole("heading", { name: "CSV Upload", level: 1 })).toBeVisible();
    await page.getByTestId("csv-target").locator("..").getByRole("combobox").click();
    await page.getByRole("option", { name: "Tracking URLs" }).click();

    await page.getByLabel("Choose CSV file").setInputFiles({ name: "campaigns-fixed.csv", mimeType: "text/csv", buffer: file });
    await expect(page.getByText("Preview: the first 5 of 400 rows")).toBeVisible();
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByText("No problems found in 400 rows")).toBeVisible();
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: /Waiting for the import to start|Importing row \d+ of 400/ })).toBeVisible();
    await shot(page, "csv-upload-tracking-progress");
    await expect(page.getByText("The file was imported.")).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("400 created")).toBeVisible();
    await shot(page, "csv-upload-tracking-done");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the result file" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^tracking-urls-import-\d+-result\.csv$/);
    const lines = (await readFile((await download.path())!, "utf8")).trim().split("\n");
    expect(lines[0]).toBe("landing_page,campaign_name,campaign_source,campaign_medium,agency_id,result,message");
    expect(lines).toHaveLength(401);
    expect(lines.slice(1).every((l) => l.endsWith(",created,"))).toBe(true);

    await page.getByRole("link", { name: "Past uploads" }).click();
    await expect(page.getByRole("heading", { name: "CSV Uploads", level: 1 })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: "campaigns-fixed.csv" }).first();
    await expect(row).toContainText("Tracking URLs");
    await expect(row).toContainText("Imported");
    await expect(row).toContainText("400 created");
    await page.getByRole("combobox", { name: "Import" }).click();
    await page.getByRole("option", { name: "Tracking URLs" }).click();
    await expect(page).toHaveURL(/kind/);
    await expect(page.getByRole("row").filter({ hasText: "campaigns-fixed.csv" }).first()).toBeVisible();
    await shot(page, "csv-imports-super-admin");
    const [again] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: "Download the result file" }).click()]);
    expect((await readFile((await again.path())!, "utf8")).trim().split("\n")).toHaveLength(401);
  });

  for (const role of ["staff", "agent"] as const) {
    test(`${role === "staff" ? "staff reach their account's" : "agents reach their agency tree's"} past uploads from the menu and never see another tenant's`, async ({ page }) => {
      await new LoginPage(page).goto("/dashboard/leads");
      await new LoginPage(page).signIn(DEMO[role]);
      await page.getByRole("navigation").first().getByText("CSV Uploads", { exact: true }).click();
      await expect(page.getByRole("heading", { name: "CSV Uploads", level: 1 })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/csv-imports/);
      await expect(page.getByText(/No results found|Sent by/).first()).toBeVisible();
      // The super admin's tracking-URL upload of the first journey belongs to no account or agency: not listed here.
      await expect(page.getByRole("row").filter({ hasText: "campaigns-fixed.csv" })).toHaveCount(0);
      await shot(page, `csv-imports-${role}`);
    });
  }
});
