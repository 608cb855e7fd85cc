import { expect, test, type Page } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, LoginPage } from "./pages";
import { shot } from "./support";

const signIn = async (page: Page, email: string, url: string) => {
  await new LoginPage(page).goto(url);
  await new LoginPage(page).signIn(email);
};
const pick = async (page: Page, label: string, text: string, option = text) => {
  await page.getByLabel(label, { exact: true }).fill(text);
  await page.getByRole("option", { name: option, exact: true }).click();
};

test.describe.configure({ mode: "serial" });

test.describe("properties and leases", () => {
  const community = `E2E Gardens ${Date.now() % 100000}`;

  test("staff add a community with 3 buildings of 20 units by ranges, and open it", async ({ page }) => {
    await signIn(page, DEMO.staff, "/dashboard/insurable/create");
    await page.getByLabel(/^Title/).fill(community);
    await page.getByLabel("Street Number").fill("500");
    await page.getByLabel("Street Name").fill("Harbor Way");
    await page.getByLabel("City").fill("Austin");
    await page.getByLabel("State").click();
    await page.getByRole("option", { name: "TX", exact: true }).click();
    await page.getByLabel("Zip Code").fill("78701");
    await shot(page, "properties-staff-add");
    await page.getByRole("button", { name: "Add community" }).click();
    await expect(page.getByRole("heading", { name: community })).toBeVisible();

    await page.goto("/dashboard/insurable/create");
    await pick(page, "Community", community.slice(0, 10), community);
    await page.getByLabel("Create", { exact: true }).click();
    await page.getByRole("option", { name: "Buildings" }).click();
    await page.getByLabel("Ranges").fill("A..C");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("3 created", { exact: true })).toBeVisible();
    await page.getByLabel("Create", { exact: true }).click();
    await page.getByRole("option", { name: "Units" }).click();
    for (const building of ["A", "B", "C"]) {
      await page.getByLabel("Building", { exact: true }).click();
      await page.getByRole("option", { name: building, exact: true }).click();
      await page.getByLabel("Ranges").fill(`${building}101..${building}120`);
      await page.getByRole("button", { name: "Create", exact: true }).click();
      await expect(page.getByText("20 created", { exact: true })).toBeVisible();
    }
    await shot(page, "properties-staff-ranges");

    await page.goto("/dashboard/insurable/communities");
    await page.getByLabel("Keyword").fill(community);
    await page.getByLabel("Keyword").press("Enter");
    await page.getByRole("cell", { name: community }).click();
    await expect(page.getByText("500 Harbor Way, Austin, TX 78701")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Rates" })).toBeVisible();
    await expect(page.getByRole("link", { name: "A", exact: true })).toBeVisible();
    await shot(page, "properties-staff-community");
  });

  test("staff upload a property file on Add a Property, watch its import and open the community it made", async ({ page, request }) => {
    // The staff's own account id, as the file's first column names it (reference section 4.12).
    const signInAnswer = await request.post("/v2/staff/auth/sign_in", { data: { email: DEMO.staff, password: DEMO_PASSWORD } });
    expect(signInAnswer.status()).toBe(200);
    const accountId = ((await signInAnswer.json()) as { data: { organizable_id: number } }).data.organizable_id;
    const uploaded = `${community} Upload`;
    const units = 1200;
    const csv = [
      "account_id,account_name,unit_address,unit_title,unit_city,county,state,zip,year_built,community_title,display_name,community_address_1,community_address_2,community_city,community_state,community_zip",
      ...Array.from({ length: units }, (_, i) => `${accountId},,,U${1001 + i},,,,,,${uploaded},,77 Upload Lane,,Austin,TX,78702`),
    ].join("\n");

    await signIn(page, DEMO.staff, "/dashboard/insurable/create");
    await page.getByLabel("Choose file", { exact: true }).setInputFiles({ name: "properties.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(page.getByText("properties.csv", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    // While the job has not ended the page says so (waiting, then rows imported), and the Upload button waits too.
    await expect(page.getByRole("status").filter({ hasText: /Waiting for the import to start…|Imported \d+ of 1200 rows/ })).toBeVisible();
    await shot(page, "properties-staff-file-progress");
    await expect(page.getByText(`1 communities, 0 buildings and ${units} units created; 0 units already existed`)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("status")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Download the result file" })).toBeVisible();
    await shot(page, "properties-staff-file-imported");

    await page.goto("/dashboard/insurable/communities");
    await page.getByLabel("Keyword").fill(uploaded);
    await page.getByLabel("Keyword").press("Enter");
    await page.getByRole("cell", { name: uploaded }).click();
    await expect(page.getByText("77 Upload Lane, Austin, TX 78702")).toBeVisible();
    await expect(page.getByRole("link", { name: "U1001", exact: true })).toBeVisible();
  });

  test("staff import 10 leases from a CSV with one bad row, fix it and import again", async ({ page }) => {
    await signIn(page, DEMO.staff, "/dashboard/leases/import");
    await pick(page, "Community", community.slice(0, 10), community);
    const header = "start_date,end_date,status,lease_type,unit,tenant_one_email,tenant_one_first_name,tenant_one_last_name,tenant_one_birthday";
    const rows = (badUnit: boolean) =>
      [header, ...Array.from({ length: 10 }, (_, i) => `01/01/2026,12/31/2026,current,Residential,${badUnit && i === 4 ? "Z999" : `A${101 + i}`},e2e.tenant${i}.${community.length}${Date.now() % 1000}@example.com,Tess,Tenant${i},05/05/1990`)].join("\n");
    await page.getByLabel("Choose CSV file").setInputFiles({ name: "leases.csv", mimeType: "text/csv", buffer: Buffer.from(rows(true)) });
    await expect(page.getByText("10 leases ready to import")).toBeVisible();
    // The file goes to a background job (POST /csv_imports): all rows or none, the refused rows listed by their line.
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText(/Nothing from the file was imported/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Row 6: unit Z999 does not exist in this community")).toBeVisible();
    await expect(page.getByRole("button", { name: "Download the result file" })).toBeVisible();
    await shot(page, "leases-staff-bad-file");
    await page.getByLabel("Choose CSV file").setInputFiles({ name: "leases.csv", mimeType: "text/csv", buffer: Buffer.from(rows(false)) });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText(/The file was imported/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("10 created")).toBeVisible();
    await shot(page, "leases-staff-imported");
    await page.getByRole("link", { name: "Go to the leases" }).click();
    await expect(page).toHaveURL(/\/dashboard\/leases$/);
    await page.getByLabel("Search by").click();
    await page.getByRole("option", { name: "Unit" }).click();
    await page.getByLabel("Keyword").fill("A10");
    await page.getByLabel("Keyword").press("Enter");
    await expect(page.getByRole("cell", { name: "A105" })).toBeVisible();
    await shot(page, "leases-staff-list");
    await page.getByRole("cell", { name: "A105" }).click();
    await expect(page.getByRole("heading", { name: /^Lease L-/ })).toBeVisible();
    await shot(page, "leases-staff-show");
    // Editing keeps and sets a tenant's move dates and lessee flag (saving replaces the lease's tenants).
    await page.getByRole("link", { name: "Edit" }).click();
    const tenant = page.getByRole("group").filter({ has: page.getByLabel("Moved In") }).first();
    await tenant.getByLabel("Moved In").fill("2026-01-05");
    await tenant.getByLabel("Lessee").uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { name: /^Lease L-/ })).toBeVisible();
    const row = page.getByRole("table", { name: "Tenants" }).locator("tbody tr").first();
    await expect(row).toContainText("January 5, 2026");
    await expect(row.getByRole("cell").nth(4)).toHaveText("No");
    await shot(page, "leases-staff-tenant-moved-in");
  });

  test("an agent browses units and opens one; the super admin reaches a unit from a policy's Covered Unit", async ({ page }) => {
    await signIn(page, DEMO.agent, "/dashboard/insurable/units");
    await expect(page.getByRole("columnheader", { name: "Covered" })).toBeVisible();
    await shot(page, "properties-agent-units");
    await page.locator("tbody tr").first().click();
    await expect(page.getByRole("tab", { name: "Residents & Leases" })).toBeVisible();
    await shot(page, "properties-agent-unit");
  });

  test("the super admin opens a community and its rates, and a policy's covered unit", async ({ page }) => {
    await signIn(page, DEMO.super_admin, "/dashboard/insurable/communities");
    await page.locator("tbody tr").first().click();
    await page.getByRole("tab", { name: "Coverage" }).click();
    await expect(page.getByText(/units covered/)).toBeVisible();
    await shot(page, "properties-super-admin-coverage");
    await page.goto("/dashboard/policies/browse");
    await page.locator("tbody tr").first().click();
    await page.getByRole("link", { name: /Covered Unit/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/insurable\/view\/\d+/);
    await expect(page.getByRole("tab", { name: "Policies" })).toBeVisible();
    await shot(page, "properties-super-admin-covered-unit");
  });
});
