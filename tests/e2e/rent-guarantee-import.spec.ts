import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, LoginPage } from "./pages";

async function apiHeaders(request: APIRequestContext, email: string) {
  const res = await request.post("/v2/staff/auth/sign_in", { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  const h = res.headers();
  return { "access-token": h["access-token"], client: h.client, uid: h.uid, "token-type": h["token-type"], expiry: h.expiry };
}

test("staff imports a rent-guarantee sheet: a bad file is refused with its reason, the sample imports, progress ends awaiting acceptance, accepting creates the policies in the background", async ({ page, request }, testInfo) => {
  await new LoginPage(page).goto("/dashboard/policies/import");
  await new LoginPage(page).signIn(DEMO.staff);
  await expect(page.getByRole("heading", { name: "Rent Guarantee Mass Import" })).toBeVisible();
  await expect(page.getByText("No rent guarantee policies were imported yet")).toBeVisible();
  await page.getByRole("link", { name: "Import Policy Applications" }).click();
  await expect(page.getByRole("heading", { name: "Import a Policy Application Group" })).toBeVisible();

  // A PDF with an xlsx name: the server reads the bytes and refuses it.
  const bad = testInfo.outputPath("not-a-sheet.xlsx");
  await import("node:fs").then((fs) => fs.writeFileSync(bad, "%PDF-1.4\nnot a spreadsheet\n"));
  await page.getByLabel("Spreadsheet (xlsx)").setInputFiles(bad);
  await page.getByRole("button", { name: "START IMPORTING" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Error! Please fix the errors bellow and try to upload file again" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Need the correct xlsx spreadsheet");

  // The sample sheet, as "Download a sample" saves it.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download a sample" }).click();
  const sample = testInfo.outputPath("rent-guarantee-sample.xlsx");
  await (await download).saveAs(sample);
  expect(readFileSync(sample).subarray(0, 2).toString()).toBe("PK");
  await expect(page.getByLabel("Expiration Date")).toBeDisabled();
  await page.getByLabel("Spreadsheet (xlsx)").setInputFiles(sample);
  await page.getByRole("button", { name: "START IMPORTING" }).click();

  await expect(page).toHaveURL(/\/dashboard\/policies\/import\/view\/\d+$/);
  const id = Number(page.url().split("/").at(-1));
  // In progress with its progress bar, polled until the rows' jobs are done.
  await expect(page.getByTestId("group-status")).toHaveText(/In progress|Awaiting acceptance/);
  await expect(page.getByTestId("group-status")).toHaveText("Awaiting acceptance", { timeout: 30_000 });
  const invoice = page.getByTestId("group-invoice");
  await expect(invoice).toBeVisible();
  await expect(invoice.getByTestId("invoice-subtotal")).toHaveText(/^\$\d/);
  await expect(page.getByText("Edit the policy application group")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("group-awaiting.png"), fullPage: true });

  // Edit: auto renew off, saved with the spec's words.
  await page.getByRole("combobox", { name: "Auto Renew" }).last().click();
  await page.getByRole("option", { name: "No" }).click();
  await page.getByRole("button", { name: "EDIT" }).click();
  await expect(page.getByText("Policy group details has been saved")).toBeVisible();

  // The accept answers once the first invoice is paid; a job creates the policies, and the page's own 2-second
  // polling shows them being created, then the group accepted (no reload here).
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText(`Rental Guarantee Group #${id}, has been accepted.`)).toBeVisible();
  await expect(page.getByTestId("group-status")).toHaveText(/Creating policies|Accepted/);
  await expect(page.getByTestId("group-status")).toHaveText("Accepted", { timeout: 30_000 });
  await expect(page.getByText("Created policies")).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("group-accepted.png"), fullPage: true });

  // The policies exist, in the staff member's account.
  const headers = await apiHeaders(request, DEMO.staff);
  const list = await request.post("/v2/staff_account/policies/list", { headers, data: { filter: { number: { like: `RG-${id}-` } }, pagination: { page: 1, per: 50 } } });
  expect(list.ok()).toBeTruthy();
  const body = await list.json();
  const rows: Array<{ number: string; status: string }> = body.data ?? body;
  expect(rows.map((r) => r.status)).toEqual(["BOUND", "BOUND"]);

  // The list shows the group, accepted, with no Delete.
  await page.goto("/dashboard/policies/import");
  const row = page.locator(`[data-group="${id}"]`);
  await expect(row).toContainText("Accepted");
  await expect(row.getByRole("button")).toHaveCount(0);
});
