import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO } from "./pages";
import { dataCells } from "./support";

/** Narrows the grid with its Status (and Policy Type) filters and opens the first row. */
async function openFirstPolicy(page: Page, status: string, type?: string): Promise<string> {
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: status, exact: true }).click();
  if (type) {
    await page.getByRole("combobox", { name: "Policy Type" }).click();
    await page.getByRole("option", { name: type, exact: true }).click();
  }
  await expect(page.locator("tbody tr").first()).toContainText(status);
  if (type) await expect(page.locator("tbody tr").first()).toContainText(type);
  const number = (await dataCells(page.locator("tbody tr").first()).first().innerText()).trim();
  await dataCells(page.locator("tbody tr").first()).first().click();
  await expect(page).toHaveURL(/\/dashboard\/policies\/view\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "View Policy" })).toBeVisible();
  await expect(page.getByText(number).first()).toBeVisible();
  return number;
}

test("an agent opens a rent-guarantee policy and each tab, then edits it: a validation error first, then a valid save", async ({ signedIn }) => {
  const page = await signedIn(DEMO.agent, "/dashboard/policies/browse");
  const number = await openFirstPolicy(page, "Bound", "Rent Guarantee");

  await expect(page.getByRole("heading", { name: "Primary Customer" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Premium" })).toBeVisible();
  await page.getByRole("tab", { name: "Coverage", exact: true }).click();
  await expect(page).toHaveURL(/\/coverage$/);
  await expect(page.getByRole("heading", { name: "Coverage Options", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Documents" })).toBeVisible();
  await page.getByRole("tab", { name: "Leads", exact: true }).click();
  await expect(page.getByText("No Leads found").or(page.getByRole("table", { name: "Leads" }))).toBeVisible();
  await page.getByRole("tab", { name: "History", exact: true }).click();
  await expect(page.getByRole("table", { name: "History" }).or(page.getByText("No Records Found"))).toBeVisible();
  // Residential-only and empty tabs are there but disabled on a rent-guarantee policy without ACORD entries.
  await expect(page.getByRole("tab", { name: "Additional Interest", exact: true })).toBeDisabled();
  await expect(page.getByRole("tab", { name: "ACORD History", exact: true })).toBeDisabled();

  await page.getByRole("tab", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(page.getByText("Policy Applicant Info")).toBeVisible();
  const landlordEmail = page.getByLabel("Email *");
  await landlordEmail.fill("not-an-email");
  await landlordEmail.blur();
  await expect(page.getByText("must be a valid email address")).toBeVisible();
  await expect(page.getByRole("button", { name: "SAVE" })).toBeDisabled();

  // The applicant's own fields, then a valid landlord email.
  await page.getByRole("combobox", { name: "Gender" }).click();
  await page.getByRole("option", { name: "Female" }).click();
  await page.getByRole("combobox", { name: "Salutation" }).click();
  await page.getByRole("option", { name: "Mrs" }).click();
  const applicant = page.locator("fieldset").filter({ hasText: "Policy Applicant Info" });
  await applicant.getByLabel("Address *").fill("77 Journey Lane");
  await applicant.getByLabel("City *").fill("Austin");
  await applicant.getByRole("combobox", { name: /^State/ }).click();
  await page.getByRole("option", { name: "TX", exact: true }).click();
  await applicant.getByLabel("Zip *").fill("78701");
  await landlordEmail.fill("journey.landlord@example.com");
  await expect(page.getByRole("button", { name: "SAVE" })).toBeEnabled();
  await page.getByRole("button", { name: "SAVE" }).click();
  await expect(page.getByText("Success!")).toBeVisible();
  await page.getByRole("button", { name: "CLOSE", exact: true }).click();

  // The saved values come back after a reload, and History lists the change with its author.
  await page.reload();
  await expect(page.getByLabel("Email *")).toHaveValue("journey.landlord@example.com");
  await expect(applicant.getByLabel("Address *")).toHaveValue("77 Journey Lane");
  await page.getByRole("tab", { name: "History", exact: true }).click();
  const history = page.getByRole("table", { name: "History" });
  await expect(history).toContainText("fields.landlord.email");
  await expect(history).toContainText("journey.landlord@example.com");
  await expect(history).toContainText("Alex Morgan");

  // The policy is in the recently viewed queue.
  expect(await page.evaluate(() => localStorage.getItem("coverdesk.policyQueue"))).toContain(number);
});

test("an agent requests a cancellation, a super admin approves it, and the policy shows cancelled with its history", async ({ signedIn }) => {
  const agent = await signedIn(DEMO.agent, "/dashboard/policies/browse");
  const number = await openFirstPolicy(agent, "Bound", "Residential");
  await agent.getByRole("button", { name: "Policy actions" }).click();
  await agent.getByRole("menuitem", { name: "Cancel/Refund Policy" }).click();
  const dialog = agent.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "SUBMIT" })).toBeDisabled();
  // The demo has a few requests pending already: file the kind this policy does not have yet.
  const pendingProrate = await agent.getByText("Cancellation requested: Cancel (Insured Request)").count();
  const kind = pendingProrate ? "Cancel (Full Refund)" : "Cancel (Insured Request)";
  await dialog.getByRole("combobox", { name: "Type" }).click();
  await agent.getByRole("option", { name: kind }).click();
  const today = new Date().toISOString().slice(0, 10);
  await dialog.getByLabel("Choose Cancellation Date").fill(today);
  let question = "";
  agent.once("dialog", (d) => {
    question = d.message();
    void d.accept();
  });
  await dialog.getByRole("button", { name: "SUBMIT" }).click();
  await expect(agent.getByText("Successfully sent!")).toBeVisible();
  expect(question).toMatch(new RegExp(`^Policy ${number} for .+ will be cancelled from ${today}\\. Are you sure\\?$`));
  await expect(agent.getByRole("dialog")).toHaveCount(0);
  await expect(agent.getByText(`Cancellation requested: ${kind}`)).toBeVisible();

  const admin = await signedIn(DEMO.super_admin, "/dashboard/change-requests");
  const row = admin.locator("tbody tr").filter({ hasText: number }).filter({ hasText: kind });
  await expect(row).toContainText("Alex Morgan");
  await row.getByRole("button", { name: "Approve" }).click();
  await admin.getByRole("button", { name: "Confirm" }).click();
  await expect(admin.getByText("Success!")).toBeVisible();
  await admin.getByRole("combobox", { name: "Status" }).click();
  await admin.getByRole("option", { name: "Approved", exact: true }).click();
  await expect(admin.locator("tbody tr").filter({ hasText: number }).filter({ hasText: kind })).toContainText("Jordan Ellis");

  await admin.locator("tbody tr").filter({ hasText: number }).getByRole("link", { name: number }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "View Policy" })).toBeVisible();
  await expect(admin.getByText("Cancelled").first()).toBeVisible();
  await admin.getByRole("tab", { name: "History", exact: true }).click();
  const history = admin.getByRole("table", { name: "History" });
  await expect(history).toContainText("CANCELLED");
  await expect(history).toContainText(kind === "Cancel (Full Refund)" ? "manual_cancellation_with_refunds" : "insured_request");
  await expect(history).toContainText("Jordan Ellis");
});

test("a super admin files a refund request from the change requests screen, picking the policy by number", async ({ signedIn }) => {
  const admin = await signedIn(DEMO.super_admin, "/dashboard/change-requests");
  await expect(admin.getByRole("heading", { level: 1, name: "Change Requests" })).toBeVisible();
  await admin.getByRole("button", { name: "Refund", exact: true }).click();
  const dialog = admin.getByRole("dialog", { name: "Cancel/Refund Policy" });
  await dialog.getByRole("combobox", { name: "Type" }).click();
  await admin.getByRole("option", { name: "Cancel (Full Refund)" }).click();
  await dialog.getByLabel("Choose Cancellation Date").fill(new Date().toISOString().slice(0, 10));
  // No policy yet: nothing to submit.
  await expect(dialog.getByRole("button", { name: "SUBMIT" })).toBeDisabled();
  await dialog.getByRole("combobox", { name: "Policy" }).click();
  // The list offers refundable in-system policies; pick one that has no full-refund request pending.
  const pending = await admin.locator("tbody tr").filter({ hasText: "Cancel (Full Refund)" }).allInnerTexts();
  const options = admin.getByRole("option");
  await expect(options.first()).toBeVisible();
  let chosen = "";
  for (const option of await options.all()) {
    const label = (await option.innerText()).trim();
    const number = label.split(" · ")[0];
    if (!pending.some((row) => row.includes(number))) {
      chosen = number;
      await option.click();
      break;
    }
  }
  expect(chosen).not.toBe("");
  admin.once("dialog", (d) => void d.accept());
  await dialog.getByRole("button", { name: "SUBMIT" }).click();
  await expect(admin.getByText("Successfully sent!")).toBeVisible();
  await expect(admin.locator("tbody tr").filter({ hasText: chosen })).toContainText("Cancel (Full Refund)");
});

test("a super admin charges an invoice and sees its result, then the invoice's new status", async ({ signedIn }) => {
  const page = await signedIn(DEMO.super_admin, "/dashboard/policies/browse");
  await openFirstPolicy(page, "Bound");
  const panel = page.locator("div.MuiCard-root").filter({ has: page.getByRole("heading", { name: "Premium" }) });
  const chargeable = panel.locator("tbody input[type=checkbox]:not([disabled])");
  // Policies paid annually have nothing left to charge: walk down the grid to one with an open installment.
  for (let row = 1; row < 15; row++) {
    if (await panel.count()) {
      await panel.getByRole("button", { name: "Charge now" }).click();
      if (await chargeable.count()) break;
      await expect(panel.getByText("No Invoice can be charged")).toBeVisible();
    }
    await page.goBack();
    await dataCells(page.locator("tbody tr").nth(row)).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "View Policy" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Customers", exact: true })).toBeVisible();
  }
  await expect(panel.getByRole("button", { name: "Make charge" })).toBeDisabled();
  await chargeable.first().check();
  await panel.getByRole("button", { name: "Make charge" }).click();
  await page.getByRole("button", { name: "Yes" }).click();
  const result = panel.getByRole("status").first();
  await expect(result).toHaveText(/^(Charged: succeeded|Not charged: Your card was declined\.)$/);
  const charged = (await result.innerText()).startsWith("Charged");
  // Charge mode has ended and the policy reloaded with the invoice's new status.
  await expect(panel.getByRole("button", { name: "Charge now" })).toBeVisible();
  const invoiceRow = panel.locator("tbody tr").filter({ has: page.getByRole("status") }).first();
  if (charged) await expect(invoiceRow).toContainText("Complete");
  else await expect(invoiceRow).not.toContainText("Complete");
});
