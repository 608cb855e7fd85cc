import { expect, test } from "@playwright/test";
import { DEMO, LoginPage } from "./pages";
import { shot } from "./support";

// The demo's one person with two customer records (server/db/seed/demo-residents.ts, seedDuplicateCustomer).
const KEPT = "robin.castellano@gmail.example";
const MERGED = "r.castellano@mail.example";

// The users grid's login email column (the contact email column may show the same address).
const loginEmailCell = (page: import("@playwright/test").Page, email: string) => page.locator("td.column-email", { hasText: email });

test.describe("merge users", () => {
  test("a super admin merges the demo's two records of one customer from the user's page", async ({ page }) => {
    await new LoginPage(page).goto("/dashboard/users/browse");
    await new LoginPage(page).signIn(DEMO.super_admin);
    await page.getByLabel("Keyword").fill("Castellano");
    await page.getByLabel("Keyword").press("Enter");
    await expect(loginEmailCell(page, MERGED)).toBeVisible();
    await expect(loginEmailCell(page, KEPT)).toBeVisible();
    await loginEmailCell(page, KEPT).click();
    await expect(page.getByRole("heading", { name: "Robin Castellano", level: 1 })).toBeVisible();

    // "Merge with…" opens Merge Users with this record as the one that stays.
    await page.getByRole("link", { name: "Merge with…" }).click();
    await expect(page).toHaveURL(/\/dashboard\/merge-users\?ids=\d+&survivor=\d+/);
    await expect(page.getByRole("radio", { name: /^Keep / })).toBeChecked();

    await page.getByLabel("Search by").click();
    await page.getByRole("option", { name: "Login Email" }).click();
    await page.getByLabel("Search users").fill("r.castellano@");
    await page.getByRole("option", { name: new RegExp(MERGED.replace(/\./g, "\\.")) }).click();
    await expect(page.getByRole("cell", { name: MERGED })).toBeVisible();

    // The preview: what moves, and a choice per field whose values differ.
    const moves = page.getByRole("list", { name: "What moves to the user kept" });
    await expect(moves.getByText("Policies: 1")).toBeVisible();
    const merge = page.getByRole("button", { name: "Merge", exact: true });
    await expect(merge).toBeDisabled();
    await page.getByRole("group", { name: "Login Email" }).getByLabel(new RegExp(KEPT.replace(/\./g, "\\."))).check();
    await page.getByRole("group", { name: "Contact Email" }).getByLabel(new RegExp(KEPT.replace(/\./g, "\\."))).check();
    await page.getByRole("group", { name: "Contact Phone" }).getByLabel(/555-0199/).check();
    await shot(page, "merge-users-preview");
    await merge.click();

    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(/Merge 1 user\(s\) into Robin Castellano/)).toBeVisible();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Success", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/users\/view\/\d+$/);
    await expect(page.getByRole("heading", { name: "Robin Castellano", level: 1 })).toBeVisible();
    await expect(page.getByText("(512) 555-0199", { exact: true })).toBeVisible();
    // The policy of the merged record is now the survivor's; the lease stayed.
    // The user page's tabs live in the address (react-admin's TabbedShowLayout).
    await page.getByRole("tab", { name: "Policies" }).click();
    await expect(page).toHaveURL(/\/dashboard\/users\/view\/\d+\/policies$/);
    const policies = page.locator("section", { has: page.getByRole("heading", { name: "Policies", level: 2 }) });
    await expect(policies.getByRole("link")).toHaveCount(1);
    await page.getByRole("tab", { name: "Leases" }).click();
    await expect(page.getByRole("heading", { name: "Leases", level: 2 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("tab", { name: "Leases" })).toHaveAttribute("aria-selected", "true");
    await shot(page, "merge-users-survivor");

    // One record is left.
    await page.goto("/dashboard/users/browse");
    await page.getByLabel("Keyword").fill("Castellano");
    await page.getByLabel("Keyword").press("Enter");
    await expect(loginEmailCell(page, KEPT)).toBeVisible();
    await expect(loginEmailCell(page, MERGED)).toHaveCount(0);
  });
});
