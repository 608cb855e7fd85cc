import { type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO, DEMO_PASSWORD } from "./pages";

const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, "")) * 100);
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Signs in through the API (seeding reads go through the API, not the UI). */
async function apiHeaders(request: APIRequestContext, email: string) {
  const res = await request.post("/v2/staff/auth/sign_in", { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  const h = res.headers();
  return { "access-token": h["access-token"], client: h.client, uid: h.uid, "token-type": h["token-type"], expiry: h.expiry };
}

/**
 * A demo policy paid monthly, bound, in force for at least another month, with paid invoices and one payable now,
 * charged to a card that is accepted and whose issuer takes refunds (0002 declines, 0119 refuses refunds), and no
 * cancellation request.
 */
async function monthlyPolicy(request: APIRequestContext): Promise<{ id: number; number: string }> {
  const headers = await apiHeaders(request, DEMO.super_admin);
  const list = await request.post("/v2/staff_super_admin/policies/list", {
    headers,
    data: { filter: { status: ["BOUND"], policy_in_system: true, policy_type_id: [1] }, pagination: { page: 1, per: 200 }, sort: { column: "number", direction: "asc" } },
  });
  expect(list.ok()).toBeTruthy();
  const body = await list.json();
  const rows: Array<{ id: number; number: string; billing_strategy: string; effective_date: string; expiration_date: string }> = body.data ?? body;
  const soon = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  for (const row of rows.filter((r) => r.billing_strategy === "Monthly" && r.effective_date < today() && r.expiration_date > soon)) {
    const detail = await (await request.get(`/v2/staff_super_admin/policies/${row.id}`, { headers })).json();
    const count = (status: string) => detail.invoices.filter((i: { status: string }) => i.status === status).length;
    const card = detail.payment_method?.last4;
    if (count("complete") > 0 && count("available") === 1 && card && !["0119", "0002"].includes(card) && detail.change_requests.length === 0) return row;
  }
  throw new Error("the demo has no monthly bound policy to cancel");
}

/** Reads the Premium panel: each invoice's total and status, and the totals under them. */
async function readInvoices(page: Page) {
  const panel = page.locator(".MuiCard-root").filter({ has: page.getByRole("heading", { name: "Premium", exact: true }) });
  const rows = panel.locator("tbody tr[data-testid^='invoice-INV']");
  const invoices: Array<{ status: string; total: number }> = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const cells = rows.nth(i).locator("td");
    invoices.push({ status: (await cells.nth(0).innerText()).trim(), total: cents(await cells.last().innerText()) });
  }
  const total = async (key: string, scope: Locator = panel) => {
    const row = scope.getByTestId(`invoice-total-${key}`);
    return (await row.count()) ? cents(await row.locator("td").last().innerText()) : null;
  };
  return { invoices, billed: await total("billed"), received: await total("received"), refunded: await total("refunded"), net: await total("net") };
}

test("a super admin cancels a monthly policy: the refund is computed before approval, returned through the gateway, and the invoices and refund on screen add up", async ({ signedIn, request }) => {
  const policy = await monthlyPolicy(request);
  const page = await signedIn(DEMO.super_admin, `/dashboard/policies/view/${policy.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "View Policy" })).toBeVisible();

  // What is billed is what the card shows: the invoices add up to the premium with fees and tax.
  const card = cents(await page.getByTestId("premium-total").innerText());
  const before = await readInvoices(page);
  expect(before.invoices.length).toBe(12);
  expect(before.invoices.reduce((sum, i) => sum + i.total, 0)).toBe(card);
  expect(before.billed).toBe(card);
  await expect(page.getByText(/premium \+ .+ fees \+ .+ tax$/)).toBeVisible();

  // The customer pays the month now due (Charge now), so they have paid for cover beyond the cancellation date.
  const panel = page.locator(".MuiCard-root").filter({ has: page.getByRole("heading", { name: "Premium", exact: true }) });
  const due = panel.locator("tbody tr[data-testid^='invoice-INV']").filter({ hasText: "Available" });
  const dueNumber = (await due.locator("td").nth(1).innerText()).trim();
  await panel.getByRole("button", { name: "Charge now" }).click();
  await panel.getByRole("checkbox", { name: `Select ${dueNumber}` }).check();
  await panel.getByRole("button", { name: "Make charge" }).click();
  await page.getByRole("button", { name: "Yes" }).click();
  await expect(panel.getByText("Charged: succeeded")).toBeVisible();
  await expect(panel.locator(`[data-testid='invoice-${dueNumber}']`)).toContainText("Complete");
  const paid = await readInvoices(page);
  expect(paid.received).toBeGreaterThan(before.received!);

  // Cancel from five days on, as the insured asked (prorated).
  await page.getByRole("button", { name: "Policy actions" }).click();
  await page.getByRole("menuitem", { name: "Cancel/Refund Policy" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Cancel (Insured Request)" }).click();
  await dialog.getByLabel("Choose Cancellation Date").fill(inDays(5));
  page.once("dialog", (d) => void d.accept());
  await dialog.getByRole("button", { name: "SUBMIT" }).click();
  await expect(page.getByText("Successfully sent!")).toBeVisible();

  // The request's page shows the refund approval would give, then approves it.
  await page.goto("/dashboard/change-requests");
  const row = page.locator("tbody tr").filter({ hasText: policy.number });
  await row.getByRole("link", { name: /^Open request/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/change-requests\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Change Request #\d+$/ })).toBeVisible();
  const preview = page.locator(".MuiCard-root").filter({ has: page.getByRole("heading", { name: "Refund on approval" }) });
  const previewTotal = cents(await preview.getByText(/^\$/).last().innerText());
  // Some of the month just paid comes back, never more than was received.
  expect(previewTotal).toBeGreaterThan(0);
  expect(previewTotal).toBeLessThanOrEqual(paid.received!);
  await page.screenshot({ path: "test-results/screens/change-request-pending.png", fullPage: true });
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status", { name: "Refund" })).toContainText(`Refund of $${(previewTotal / 100).toFixed(2)} issued to the customer's payment method`);
  await expect(page.getByRole("table", { name: "Refunds at the payment gateway" })).toContainText("Succeeded");
  await page.screenshot({ path: "test-results/screens/change-request-approved.png", fullPage: true });

  // Back on the policy: cancelled, later invoices cancelled, and received − refunded = kept.
  await page.getByRole("link", { name: policy.number }).click();
  await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible();
  const after = await readInvoices(page);
  expect(after.billed).toBe(card);
  expect(after.invoices.reduce((sum, i) => sum + i.total, 0)).toBe(card);
  expect(after.invoices.some((i) => i.status === "Cancelled")).toBe(true);
  expect(after.received).toBe(paid.received);
  expect(after.refunded).toBe(previewTotal);
  expect(after.net).toBe(after.received! - previewTotal);
  await expect(page.getByRole("status", { name: "Refund" })).toContainText(`Refund of $${(previewTotal / 100).toFixed(2)} issued`);
  await page.screenshot({ path: "test-results/screens/policy-after-refund.png", fullPage: true });

  // History shows the refund as money.
  await page.getByRole("tab", { name: "History", exact: true }).click();
  const refundRow = page.getByRole("table", { name: "History" }).getByRole("row").filter({ has: page.getByRole("cell", { name: "refund", exact: true }) });
  await expect(refundRow).toContainText(`$${(previewTotal / 100).toFixed(2)}`);
});

test("a refund the card issuer refuses stays visible on the request and the policy: super admins retry it, agents see it", async ({ signedIn, request }) => {
  // The demo's pending request whose payer's card refuses refunds (0119).
  const headers = await apiHeaders(request, DEMO.super_admin);
  const pending = await (await request.post("/v2/staff_super_admin/change_requests/list", { headers, data: { filter: { status: ["awaiting_confirmation"] } } })).json();
  let target: { id: number; changeable: { id: number; number: string } } | undefined;
  for (const row of pending.data) {
    const detail = await (await request.get(`/v2/staff_super_admin/policies/${row.changeable.id}`, { headers })).json();
    if (detail.payment_method?.last4 === "0119") target = row;
  }
  expect(target).toBeDefined();

  const admin = await signedIn(DEMO.super_admin, `/dashboard/change-requests/${target!.id}`);
  await expect(admin.getByRole("heading", { level: 1, name: `Change Request #${target!.id}` })).toBeVisible();
  await admin.getByRole("button", { name: "Approve" }).click();
  await admin.getByRole("button", { name: "Confirm" }).click();
  const status = admin.getByRole("status", { name: "Refund" });
  await expect(status).toContainText("failed: The refund was refused by the card issuer.");
  await expect(admin.getByText("Approved", { exact: true }).first()).toBeVisible();
  // Retrying against the same card is refused again, as a second attempt.
  await admin.getByRole("button", { name: "Retry refund" }).click();
  await expect(admin.getByRole("table", { name: "Refunds at the payment gateway" }).getByRole("row")).toHaveCount(3);
  await admin.screenshot({ path: "test-results/screens/change-request-refund-failed-admin.png", fullPage: true });
  // The list says so too.
  await admin.goto("/dashboard/change-requests");
  await admin.getByRole("combobox", { name: "Status" }).click();
  await admin.getByRole("option", { name: "Approved" }).click();
  await expect(admin.locator("tbody tr").filter({ hasText: target!.changeable.number })).toContainText("Approved · refund failed");

  const agent = await signedIn(DEMO.agent, `/dashboard/policies/view/${target!.changeable.id}`);
  await expect(agent.getByRole("status", { name: "Refund" })).toContainText("failed: The refund was refused by the card issuer.");
  await expect(agent.getByRole("button", { name: "Retry refund" })).toHaveCount(0);
  await agent.screenshot({ path: "test-results/screens/policy-refund-failed-agent.png", fullPage: true });
  await agent.goto(`/dashboard/change-requests/${target!.id}`);
  await expect(agent.getByRole("heading", { level: 1, name: `Change Request #${target!.id}` })).toBeVisible();
  await expect(agent.getByRole("status", { name: "Refund" })).toBeVisible();
  await expect(agent.getByRole("button", { name: "Retry refund" })).toHaveCount(0);
  await agent.screenshot({ path: "test-results/screens/change-request-agent.png", fullPage: true });
});

test("the change requests list links each row to its page; the Cancel/Refund dialog offers only the policy's term", async ({ signedIn }) => {
  const page = await signedIn(DEMO.agent, "/dashboard/change-requests");
  const first = page.locator("tbody tr").first();
  await expect(first).toBeVisible();
  await page.screenshot({ path: "test-results/screens/change-requests-list-agent.png", fullPage: true });
  const number = (await first.locator("td").nth(1).innerText()).trim();
  await first.getByRole("link", { name: /^Open request/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/change-requests\/\d+$/);
  await expect(page.getByRole("link", { name: number })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Refund on approval" })).toBeVisible();

  await page.getByRole("link", { name: number }).click();
  await page.getByRole("button", { name: "Policy actions" }).click();
  await page.getByRole("menuitem", { name: "Cancel/Refund Policy" }).click();
  const date = page.getByRole("dialog").getByLabel("Choose Cancellation Date");
  const [min, max] = [await date.getAttribute("min"), await date.getAttribute("max")];
  expect(min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(max! > min!).toBe(true);
  await expect(page.getByRole("dialog").getByText(/^Within the policy term: /)).toBeVisible();
  await page.screenshot({ path: "test-results/screens/cancel-dialog-agent.png" });
});
