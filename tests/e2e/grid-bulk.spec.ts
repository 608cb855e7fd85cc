import { expect, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, LoginPage } from "./pages";
import { shot } from "./support";

/**
 * Issue 17 section 5, bulk actions of the Staff grid: a property manager (staff) disables every colleague matching
 * the grid's filter, beyond the page, in one confirmed action that the server applies within their account, each row
 * by the single toggle's rules.
 */
test("staff disable all property managers matching the grid's filter, beyond the page, in one confirmed action", async ({ page, request }) => {
  // The journey's own 21 colleagues (one more than a page), invited through the API as the Add Staff form does: the
  // suite shares one database, so the filter names only these.
  const signIn = await request.post("/v2/staff/auth/sign_in", { data: { email: DEMO.staff, password: DEMO_PASSWORD } });
  expect(signIn.status()).toBe(200);
  const h = signIn.headers();
  const headers = { "access-token": h["access-token"], client: h.client, uid: h.uid, "token-type": "Bearer", expiry: h.expiry };
  const accountId = ((await signIn.json()) as { data: { organizable_id: number } }).data.organizable_id;
  const marker = `bulkstaff${Date.now()}`;
  for (let i = 1; i <= 21; i++) {
    const made = await request.post("/v2/staff_account/staffs", {
      headers,
      data: { staff: { email: `${marker}.${i}@journey.test`, organizable_type: "Account", organizable_id: accountId, profile_attributes: { first_name: "Bulk", last_name: `Colleague ${i}` } } },
    });
    expect(made.status()).toBe(201);
  }
  const enabled = await request.get(`/v2/staff_account/staffs?filter[email][like]=${marker}&filter[enabled]=true&pagination[per]=50`, { headers });
  expect(((await enabled.json()) as unknown[]).length).toBe(21);
  const login = new LoginPage(page);
  await login.goto(`/dashboard/staff/browse?filter=${encodeURIComponent(JSON.stringify({ organizable_type: "Account", email: { like: marker } }))}`);
  await login.signIn(DEMO.staff);
  await expect(page.locator("tbody tr")).toHaveCount(20);
  await page.getByRole("checkbox", { name: "Select all" }).first().check();
  await page.getByRole("button", { name: "Select all 21 matching rows" }).click();
  await expect(page.getByText("All 21 matching rows are selected")).toBeVisible();
  await page.locator("[data-bulk-action='disable']").click();
  const confirm = page.getByRole("dialog");
  await expect(confirm.getByText("Disable: 21 selected")).toBeVisible();
  await shot(page, "grid-bulk-staff-disable-confirm");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Success!")).toBeVisible();
  await expect(page.getByRole("list", { name: "Disable: 21 done, 0 failed" })).toBeVisible();
  await shot(page, "grid-bulk-staff-disable-results");
  await page.getByRole("button", { name: "Close" }).click();
  // Every row of the filter is disabled now, the 21st (beyond the first page) included.
  const disabled = await request.get(`/v2/staff_account/staffs?filter[email][like]=${marker}&filter[enabled]=false&pagination[per]=50`, { headers });
  expect(((await disabled.json()) as unknown[]).length).toBe(21);
});

/**
 * More rows than a request should take (src/domain/bulk.ts BULK_SYNC_MAX) run as a background job: the dialog shows how
 * far the server got until it is done, then the count done.
 */
test("staff disable more colleagues than one request takes: progress on screen until the background job is done", async ({ page, request }) => {
  const signIn = await request.post("/v2/staff/auth/sign_in", { data: { email: DEMO.staff, password: DEMO_PASSWORD } });
  expect(signIn.status()).toBe(200);
  const h = signIn.headers();
  const headers = { "access-token": h["access-token"], client: h.client, uid: h.uid, "token-type": "Bearer", expiry: h.expiry };
  const accountId = ((await signIn.json()) as { data: { organizable_id: number } }).data.organizable_id;
  const marker = `bulkjob${Date.now()}`;
  const count = 120;
  for (let i = 1; i <= count; i++) {
    const made = await request.post("/v2/staff_account/staffs", {
      headers,
      data: { staff: { email: `${marker}.${i}@journey.test`, organizable_type: "Account", organizable_id: accountId, profile_attributes: { first_name: "Job", last_name: `Colleague ${i}` } } },
    });
    expect(made.status()).toBe(201);
  }
  const login = new LoginPage(page);
  await login.goto(`/dashboard/staff/browse?filter=${encodeURIComponent(JSON.stringify({ organizable_type: "Account", email: { like: marker } }))}`);
  await login.signIn(DEMO.staff);
  await expect(page.locator("tbody tr")).toHaveCount(20);
  await page.getByRole("checkbox", { name: "Select all" }).first().check();
  await page.getByRole("button", { name: `Select all ${count} matching rows` }).click();
  await page.locator("[data-bulk-action='disable']").click();
  const confirm = page.getByRole("dialog");
  await expect(confirm.getByText(`Disable: ${count} selected`)).toBeVisible();
  await confirm.getByRole("button", { name: "Confirm" }).click();
  // The server answered with its job: the dialog follows it.
  await expect(confirm.getByText(new RegExp(`of ${count} rows finished`))).toBeVisible();
  await expect(confirm.getByRole("progressbar")).toBeVisible();
  await shot(page, "grid-bulk-staff-disable-progress");
  await expect(page.getByText("Success!")).toBeVisible({ timeout: 30_000 });
  const results = page.getByRole("list", { name: `Disable: ${count} done, 0 failed` });
  await expect(results).toBeVisible();
  await expect(results.getByText(`${count} rows done`)).toBeVisible();
  await shot(page, "grid-bulk-staff-disable-job-results");
  await page.getByRole("button", { name: "Close" }).click();
  const disabled = await request.get(`/v2/staff_account/staffs?filter[email][like]=${marker}&filter[enabled]=false&pagination[per]=200`, { headers });
  expect(((await disabled.json()) as unknown[]).length).toBe(count);
});
