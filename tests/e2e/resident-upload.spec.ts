import { expect, test } from "./fixtures";
import { journeyPdf } from "./journeyPdf";
import { DEMO } from "./pages";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 17 section 2: a property manager mails an uninsured resident a reminder; the mail in Email History carries the
 * resident's upload link; the resident opens it signed out, is refused until the form is complete, sends the
 * declarations page, and cannot use the link twice; a reviewer then finds the proof in Policy Review.
 */
test("a reminder's upload link brings the resident's proof into Policy Review", async ({ signedIn, openPage }) => {
  const staff = await signedIn(DEMO.staff, "/dashboard/compliance?view=uninsured");
  const list = staff.getByTestId("worklist-uninsured");
  await expect(list).toBeVisible();
  const row = list.locator("tbody tr").last();
  await row.getByRole("checkbox").check();
  await staff.getByRole("button", { name: "Mail reminder (1)" }).click();
  await staff.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(staff.getByRole("list", { name: "Mail reminder: 1 done, 0 failed" })).toBeVisible();
  await staff.getByRole("button", { name: "Close" }).click();

  // The link, as Email History shows the mail.
  await staff.goto("/dashboard/email-history");
  await staff.getByRole("cell", { name: /^Renters insurance needed for/ }).first().click();
  const message = staff.getByText(/\/upload\/[\w-]+\.[\w-]+/);
  await expect(message).toBeVisible();
  const url = /(https?:\/\/\S+\/upload\/[\w-]+\.[\w-]+)/.exec(await message.innerText())![1];
  expect(new URL(url).pathname).toMatch(/^\/upload\//);

  // The resident: another browser, no session; a desktop first, then a phone's width.
  const resident = await openPage({ viewport: { width: 1280, height: 900 } });
  await resident.goto(new URL(url).pathname);
  await expect(resident.getByRole("heading", { level: 1, name: "Send your proof of renters insurance" })).toBeVisible();
  await expect(resident.getByText(/^Hello .+,$/)).toBeVisible();
  // The boot splash has faded out (it would stand over the form in the picture).
  await expect(resident.locator("#splash")).toHaveCount(0);
  await resident.screenshot({ path: "test-results/resident-upload-desktop.png", fullPage: true });
  await resident.setViewportSize({ width: 390, height: 844 });
  await resident.getByRole("button", { name: "Send proof" }).click();
  await expect(resident.getByText("Please check the fields marked below.")).toBeVisible();

  const number = `RL-${Date.now().toString(36).toUpperCase()}`;
  await resident.getByLabel(/^Insurance company/).fill("Lemonade");
  await resident.getByLabel(/^Policy number/).fill(number);
  await resident.getByLabel(/^Effective date/).fill(inDays(-10));
  // Before the effective date: the server refuses the field, and everything typed stays.
  await resident.getByLabel(/^Expiration date/).fill(inDays(-20));
  await resident.getByLabel(/^Liability limit/).fill("100000");
  await resident.locator("#upload-file").setInputFiles({ name: "declarations.pdf", mimeType: "application/pdf", buffer: journeyPdf(number) });
  await resident.getByRole("button", { name: "Send proof" }).click();
  await expect(resident.getByText("cannot be before the effective date")).toBeVisible();
  await expect(resident.getByLabel(/^Policy number/)).toHaveValue(number);
  await expect(resident.getByText("declarations.pdf")).toBeVisible();
  await resident.screenshot({ path: "test-results/resident-upload-phone-errors.png", fullPage: true });

  await resident.getByLabel(/^Expiration date/).fill(inDays(355));
  await resident.getByRole("button", { name: "Send proof" }).click();
  await expect(resident.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await resident.screenshot({ path: "test-results/resident-upload-phone-done.png", fullPage: true });

  // The link is used up.
  await resident.reload();
  await expect(resident.getByRole("heading", { name: "This link was already used" })).toBeVisible();
  await resident.goto("/upload/forged.token");
  await expect(resident.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await resident.setViewportSize({ width: 1280, height: 900 });
  await expect(resident.locator("#splash")).toHaveCount(0);
  await resident.screenshot({ path: "test-results/resident-upload-desktop-invalid.png", fullPage: true });

  // A reviewer finds it in the queue like any proof awaiting review.
  const reviewer = await signedIn(DEMO.policy_support, "/dashboard/policy-support?kind=proof");
  await expect(reviewer.getByRole("heading", { level: 1, name: "Policy Review" })).toBeVisible();
  await reviewer.getByLabel("Search number or customer").fill(number);
  const queue = reviewer.getByRole("list", { name: "Policy Review" });
  await expect(queue.getByRole("button")).toHaveCount(1);
  await queue.getByRole("button").first().click();
  await expect(reviewer.getByRole("heading", { level: 2, name: number })).toBeVisible();
  await expect(reviewer.getByTestId("pdf-page").first().locator("canvas")).toBeVisible();
});

/**
 * Issue 17 section 2, the console's side: the worklist row shows the link it mailed, the lease page lists it with its
 * state, staff revoke it after confirming, and the resident's page then says the link no longer works.
 */
test("staff revoke a resident's upload link on the lease page, and the resident's page says it no longer works", async ({ signedIn, openPage }) => {
  const staff = await signedIn(DEMO.staff, "/dashboard/compliance?view=uninsured");
  const list = staff.getByTestId("worklist-uninsured");
  await expect(list).toBeVisible();
  // A row not mailed yet today: reminders go once per resident and day, and other journeys mail the first rows.
  const row = list.locator("tbody tr").filter({ hasNot: staff.getByText("Open", { exact: true }) }).first();
  const leaseLink = row.getByRole("link").first();
  const leasePath = await leaseLink.getAttribute("href");
  const reference = await leaseLink.innerText();
  await row.getByRole("checkbox").check();
  await staff.getByRole("button", { name: "Mail reminder (1)" }).click();
  await staff.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(staff.getByRole("list", { name: "Mail reminder: 1 done, 0 failed" })).toBeVisible();
  await staff.getByRole("button", { name: "Close" }).click();
  // The row now carries its open link.
  const mailed = list.locator("tbody tr").filter({ has: staff.getByRole("link", { name: reference, exact: true }) });
  await expect(mailed.getByText("Open", { exact: true })).toBeVisible();

  await staff.goto("/dashboard/email-history");
  await staff.getByRole("cell", { name: /^Renters insurance needed for/ }).first().click();
  const message = staff.getByText(/\/upload\/[\w-]+\.[\w-]+/);
  await expect(message).toBeVisible();
  const mail = await message.innerText();
  const path = new URL(/(https?:\/\/\S+\/upload\/[\w-]+\.[\w-]+)/.exec(mail)![1]).pathname;
  // The lease may have several residents, each mailed their own link: this is the one the mail read was for.
  const name = /Hello (.+),/.exec(await staff.getByText(/^Hello .+,/).first().innerText())![1];
  const resident = await openPage({ viewport: { width: 390, height: 844 } });
  await resident.goto(path);
  await expect(resident.getByRole("heading", { level: 1, name: "Send your proof of renters insurance" })).toBeVisible();

  await staff.goto(leasePath!);
  const links = staff.getByRole("table", { name: "Upload links" });
  await expect(links).toBeVisible();
  const open = links.locator("tbody tr").filter({ hasText: name }).filter({ hasText: "Open" }).first();
  await open.getByRole("button", { name: "Revoke" }).click();
  const dialog = staff.getByRole("dialog");
  await expect(dialog.getByText(/will no longer be able to send a proof of insurance with this link/)).toBeVisible();
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(staff.getByText("The upload link was revoked")).toBeVisible();
  const revoked = links.locator("tbody tr").filter({ hasText: name }).first();
  await expect(revoked.getByText("Revoked", { exact: true })).toBeVisible();
  await expect(revoked.getByRole("button", { name: "Revoke" })).toHaveCount(0);
  await staff.screenshot({ path: "test-results/upload-links-lease-revoked.png", fullPage: true });

  await resident.reload();
  await expect(resident.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
  await expect(resident.getByText("Your property manager withdrew this link. Contact them if you still need to send a proof of insurance.")).toBeVisible();
  await expect(resident.getByRole("button", { name: "Send proof" })).toHaveCount(0);
  await expect(resident.locator("#splash")).toHaveCount(0);
  await resident.screenshot({ path: "test-results/resident-upload-revoked.png", fullPage: true });
});
