import { expect, test } from "@playwright/test";
import { journeyPdf } from "./journeyPdf";
import { DEMO, LoginPage } from "./pages";
import { dataCells } from "./support";

test("an agent filters the policies grid, and a reload restores filters, page and page size", async ({ page }) => {
  await new LoginPage(page).goto("/dashboard/policies/browse");
  await new LoginPage(page).signIn(DEMO.agent);
  await expect(page.getByRole("heading", { level: 1, name: "Policies" })).toBeVisible();
  await expect(page.locator("tbody tr").first()).toBeVisible();

  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Cancelled", exact: true }).click();
  await expect(page).toHaveURL(/filters=.*CANCELLED/);
  await expect(page.locator("tbody tr").first()).toContainText("Cancelled");
  const number = (await dataCells(page.locator("tbody tr").first()).first().innerText()).trim();
  const fragment = number.slice(-4);
  await page.getByLabel("Keyword").fill(fragment);
  await page.getByLabel("Keyword").press("Enter");
  await expect(page).toHaveURL(new RegExp(`filters=.*${fragment}`));
  await expect(page.locator("tbody tr").first()).toContainText(fragment);

  await page.reload();
  await expect(page.getByLabel("Keyword")).toHaveValue(fragment);
  await expect(page.getByRole("combobox", { name: "Status" })).toContainText("Cancelled");
  await expect(page.locator("tbody tr").first()).toContainText(fragment);
  for (const row of await page.locator("tbody tr").all()) await expect(row).toContainText("Cancelled");

  // Clear the filters, go to page 2 with 10 rows, reload: the same page comes back.
  await page.goto("/dashboard/policies/browse?page=2&pageSize=10");
  await expect(page.locator("tbody tr")).toHaveCount(10);
  const secondPageFirst = (await dataCells(page.locator("tbody tr").first()).first().innerText()).trim();
  await page.reload();
  await expect(dataCells(page.locator("tbody tr").first()).first()).toHaveText(secondPageFirst);
  await expect(page).toHaveURL(/page=2&pageSize=10/);
});

test("a super admin uploads a PDF to DMR, reads it in REVIEW, and archives a row", async ({ page }) => {
  await new LoginPage(page).goto("/dashboard/dmr");
  await new LoginPage(page).signIn(DEMO.super_admin);
  await expect(page.getByRole("heading", { level: 1, name: "DMR" })).toBeVisible();
  const table = page.getByRole("table", { name: "DMR" });
  await expect(table.locator("tbody tr")).toHaveCount(10);

  await page.getByTestId("dmr-upload-input").setInputFiles({ name: "journey-proof.pdf", mimeType: "application/pdf", buffer: journeyPdf() });
  await expect(page.getByText("1 file(s) queued, 0 already in the queue")).toBeVisible();
  // The grid has only the spec's columns; each row names its file in its tooltip (data-file carries the same name).
  await expect(table.locator("tbody tr").first()).toHaveAttribute("data-file", "journey-proof.pdf");

  await table.locator("tbody tr").first().getByRole("button", { name: "REVIEW" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("pdf-page").first().locator("canvas")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);

  const name = (await table.locator("tbody tr").nth(1).getAttribute("data-file"))!;
  const rowOf = (file: string) => table.locator(`tbody tr[data-file="${file}"]`);
  await table.locator("tbody tr").nth(1).getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText("Are you sure want to archive this policy? This action cannot be undone.")).toBeVisible();
  await page.getByRole("button", { name: "ARCHIVE" }).click();
  await expect(page.getByText("File has been archived")).toBeVisible();
  await expect(rowOf(name)).toHaveCount(0);
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Processed", exact: true }).click();
  await expect(rowOf(name)).toHaveCount(1);
});
