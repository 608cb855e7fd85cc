import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO } from "./pages";

const queueOf = (page: Page) => page.getByRole("list", { name: "Policy Review" });

/** Closing the tab: its unload sends the claim's release beacon. */
async function closeTab(page: Page) {
  await page.close({ runBeforeUnload: true });
  await page.context().close();
}
const numberAt = async (page: Page, index: number) => (await queueOf(page).getByRole("button").nth(index).locator(".MuiListItemText-primary").innerText()).trim();

test("a reviewer presses A inside the Status select and nothing is decided; on the page A asks first", async ({ signedIn }) => {
  const page = await signedIn(DEMO.policy_support, "/dashboard/policy-support?kind=proof");
  await expect(queueOf(page).getByRole("button").first()).toBeVisible();
  const first = await numberAt(page, 0);
  await page.keyboard.press("j");
  await expect(page.getByRole("heading", { level: 2, name: first })).toBeVisible();
  // The open item is in the address: a reload reopens it.
  await expect(page).toHaveURL(/[?&]item=\d+/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: first })).toBeVisible();

  const status = page.getByRole("combobox", { name: /^Status/ });
  await status.click();
  await expect(page.getByRole("listbox")).toBeVisible();
  await page.keyboard.press("a");
  await page.keyboard.press("a");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await expect(status).toBeFocused();
  await page.keyboard.press("a");
  await page.keyboard.press("a");
  await page.getByLabel("Policy Number *").click();
  await page.keyboard.press("a");
  await page.waitForTimeout(500);
  await expect(page.getByText(/Press A again/)).toHaveCount(0);
  await expect(page.getByText("Policy has been accepted")).toHaveCount(0);
  await expect(queueOf(page)).toContainText(first);

  // The Policy Number now has unsaved edits: J asks before discarding them.
  await page.getByRole("heading", { level: 2, name: first }).click();
  await page.keyboard.press("j");
  const discard = page.getByRole("dialog");
  await expect(discard).toContainText("Discard unsaved changes?");
  await discard.getByRole("button", { name: "Keep editing" }).click();
  await expect(page.getByRole("heading", { level: 2, name: first })).toBeVisible();
  await page.screenshot({ path: "test-results/review-select-keys.png" });
  await closeTab(page);
});

test("two reviewers work the same queue: an open item is held, and neither can overturn the other's decision", async ({ signedIn }) => {
  const admin = await signedIn(DEMO.super_admin, "/dashboard/policy-support?kind=proof");
  const support = await signedIn(DEMO.policy_support, "/dashboard/policy-support?kind=proof");
  await expect(queueOf(admin).getByRole("button").first()).toBeVisible();
  await expect(queueOf(support).getByRole("button").first()).toBeVisible();
  // The oldest item nobody else holds (earlier journeys may have left one open).
  const free = queueOf(admin).getByRole("button").filter({ hasNotText: "Taken by" }).first();
  const first = (await free.locator(".MuiListItemText-primary").innerText()).trim();
  await expect(queueOf(support)).toContainText(first);

  // The super admin opens the oldest item: policy support finds it held, read-only.
  await queueOf(admin).getByRole("button").filter({ hasText: first }).click();
  await expect(admin.getByRole("heading", { level: 2, name: first })).toBeVisible();
  await expect(admin.getByRole("button", { name: "Accept", exact: true })).toBeEnabled();
  await queueOf(support).getByRole("button").filter({ hasText: first }).click();
  await expect(support.getByText(/This item is being reviewed by .+\. Try another one\./)).toBeVisible();
  await expect(support.getByRole("button", { name: "Accept", exact: true })).toBeDisabled();
  await expect(support.getByRole("button", { name: "Save" })).toBeDisabled();
  await support.screenshot({ path: "test-results/review-held.png" });

  // Moving on releases it: the super admin goes to the next item, policy support comes back and holds the first.
  await admin.keyboard.press("j");
  await expect(admin.getByRole("heading", { level: 2, name: first })).toHaveCount(0);
  await support.keyboard.press("j");
  await support.keyboard.press("k");
  await expect(support.getByRole("heading", { level: 2, name: first })).toBeVisible();
  await expect(support.getByRole("button", { name: "Accept", exact: true })).toBeEnabled();

  // The super admin, on a page that still lists the first item, comes back to it while policy support accepts it.
  await support.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(support.getByText("Policy has been accepted")).toBeVisible();
  await queueOf(admin).getByRole("button").filter({ hasText: first }).click();
  await expect(admin.getByRole("heading", { level: 2, name: first })).toBeVisible();
  await admin.getByRole("button", { name: "Decline", exact: true }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Policy has already expired").check();
  await dialog.getByRole("button", { name: "YES, DECLINE" }).click();
  // The decline is refused in the server's words, and the queue marks who decided.
  await expect(admin.getByText(/This item was already accepted by .+ at \d{1,2}:\d{2} [AP]M/).first()).toBeVisible();
  await expect(admin.getByText("Something went wrong")).toHaveCount(0);
  await expect(admin.getByText("Policy has been declined")).toHaveCount(0);
  await expect(queueOf(admin).getByRole("button").filter({ hasText: first })).toContainText(/Already accepted by/);
  await admin.screenshot({ path: "test-results/review-overturn-refused.png" });

  // The proof stays accepted.
  const status = await admin.evaluate(async (number) => {
    const keys = { "access-token": "accessToken", "token-type": "tokenType", client: "client", expiry: "expiry", uid: "uid" };
    const headers = Object.fromEntries(Object.entries(keys).map(([header, key]) => [header, localStorage.getItem(key) ?? ""]));
    const res = await fetch(`/v2/staff_super_admin/policies?short=true&filter[number][like]=${encodeURIComponent(number)}`, { headers });
    return ((await res.json()) as Array<{ number: string; status: string }>).find((p) => p.number === number)?.status;
  }, first);
  expect(status).toBe("EXTERNAL_VERIFIED");
  await closeTab(admin);
  await closeTab(support);
});
