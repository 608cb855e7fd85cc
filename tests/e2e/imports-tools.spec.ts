import { expect, test, type Page } from "@playwright/test";
import { DEMO, LoginPage } from "./pages";
import { shot, superAdminApi } from "./support";

const pick = async (page: Page, label: string, text: string, option: string) => {
  await page.getByLabel(label, { exact: true }).fill(text);
  await page.getByRole("option", { name: option, exact: true }).click();
};

test.describe.configure({ mode: "serial" });

test.describe("imports and tools (super admin)", () => {
  test("CSV Upload: preview and upload a small properties file, then read the import's result", async ({ page, request }) => {
    const api = await superAdminApi(request);
    const [account] = await api<Array<{ id: number; title: string }>>("/accounts?pagination[per]=1&sort[column]=title&sort[direction]=asc");
    const community = `E2E Upload Court ${Date.now() % 100000}`;
    const csv =
      "account_id,account_name,unit_address,unit_title,unit_city,county,state,zip,year_built,community_title,display_name,community_address_1,community_address_2,community_city,community_state,community_zip\n" +
      `${account.id},${account.title},,101,,,,,,${community},,12 Upload Way,,Austin,TX,78701\n` +
      `${account.id},${account.title},,102,,,,,,${community},,12 Upload Way,,Austin,TX,78701\n`;

    await new LoginPage(page).goto("/dashboard/csv-upload");
    await new LoginPage(page).signIn(DEMO.super_admin);
    await expect(page.getByRole("heading", { name: "CSV Upload", level: 1 })).toBeVisible();
    await page.getByLabel("Choose CSV file").setInputFiles({ name: "properties.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(page.getByText("Preview: the first 2 of 2 rows")).toBeVisible();
    const preview = page.getByRole("table", { name: "File preview" });
    await expect(preview.getByRole("row")).toHaveCount(3);
    await expect(preview.getByRole("cell", { name: community }).first()).toBeVisible();
    // Headers named like the import's columns are mapped by themselves.
    await expect(page.getByTestId("map-community_title")).toHaveValue("community_title");
    await expect(page.getByText(/Map the required columns/)).toHaveCount(0);
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByText("No problems found in 2 rows")).toBeVisible();
    await shot(page, "csv-upload-preview");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByText("1 communities, 0 buildings and 2 units created; 0 units already existed")).toBeVisible({ timeout: 30_000 });
    await shot(page, "csv-upload-result");

    const found = await api<Array<{ title: string; units_count: number }>>(`/insurables?filter[title][like]=${encodeURIComponent(community)}`);
    expect(found.map((c) => c.title)).toContain(community);
  });

  test("Policy Import: the integration picker waits for an account, lists its integrations, and the file URL is fetched strictly", async ({ page, request }) => {
    const api = await superAdminApi(request);
    const { data } = await api<{ data: Array<{ id: number; provider: string; account: { id: number; title: string } }> }>("/integrations?sort[column]=id&sort[direction]=asc");
    const yardi = data.find((i) => i.provider === "yardi")!;
    const account = await api<{ id: number; agency: { id: number; title: string } | null; agency_id: number }>(`/accounts/${yardi.account.id}`);
    const agencyTitle = account.agency?.title ?? (await api<{ title: string }>(`/agencies/${account.agency_id}`)).title;

    await new LoginPage(page).goto("/dashboard/policies/policy-import");
    await new LoginPage(page).signIn(DEMO.super_admin);
    await expect(page.getByRole("heading", { name: "Policy Import", level: 1 })).toBeVisible();
    await expect(page.getByText("Import Policies", { exact: true })).toBeVisible();
    await expect(page.getByText("Import legacy policies from external systems")).toBeVisible();
    await expect(page.getByText("No integrations available. Please select an account first.")).toBeVisible();
    await expect(page.getByLabel("Account", { exact: true })).toBeDisabled();
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText("Integration selection is required")).toBeVisible();
    await expect(page.getByText("File URL is required")).toBeVisible();
    // Agency and account: the policies area's short required text (readings C-18).
    await expect(page.getByText("This field is required")).toHaveCount(2);

    await pick(page, "Agency", agencyTitle.slice(0, 6), agencyTitle);
    await pick(page, "Account", yardi.account.title.slice(0, 6), yardi.account.title);
    await expect(page.getByText("No integrations available. Please select an account first.")).toHaveCount(0);
    await page.getByRole("combobox", { name: "Integration" }).click();
    await page.getByRole("option", { name: `Yardi — ${yardi.account.title} (#${yardi.id})` }).click();
    // A link to the server's own loopback is refused before anything is fetched (the strict fetch).
    await page.getByLabel("File URL").fill("https://127.0.0.1/policies.csv");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The file URL points to an internal address; use a public link to the file" })).toBeVisible();
    await shot(page, "policy-import-super-admin");
  });

  test("Policy Import as an agent: no agency or account to choose, the agency tree's integrations listed", async ({ page, request }) => {
    const api = await superAdminApi(request);
    const { data } = await api<{ data: Array<{ id: number; provider: string; account: { id: number; title: string } }> }>("/integrations?sort[column]=id&sort[direction]=asc");
    const yardi = data.find((i) => i.provider === "yardi")!;
    await new LoginPage(page).goto("/dashboard/policies/policy-import");
    await new LoginPage(page).signIn(DEMO.agent);
    await expect(page.getByText("Import legacy policies from external systems")).toBeVisible();
    await expect(page.getByLabel("Agency", { exact: true })).toHaveCount(0);
    await page.getByRole("combobox", { name: "Integration" }).click();
    await expect(page.getByRole("option", { name: `Yardi — ${yardi.account.title} (#${yardi.id})` })).toBeVisible();
    await page.keyboard.press("Escape");
    await shot(page, "policy-import-agent");
  });
});
