import { expect, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, LoginPage } from "./pages";

/**
 * Issue 17 section 6: a super admin presses Ctrl+K anywhere, types part of a property's street address and opens the
 * property from the palette; a screen is one Enter away too.
 */
test("a super admin finds a property by its address with Ctrl+K and opens it", async ({ page, request }) => {
  // A property of the demo with an address, read through the API as the super admin.
  const signIn = await request.post("/v2/staff/auth/sign_in", { data: { email: DEMO.super_admin, password: DEMO_PASSWORD } });
  const h = signIn.headers();
  const headers = { "access-token": h["access-token"], client: h.client, uid: h.uid, "token-type": "Bearer", expiry: h.expiry };
  const listed = await request.get("/v2/staff_super_admin/insurables?filter[insurable_type_id]=1", { headers });
  expect(listed.ok()).toBe(true);
  const community = ((await listed.json()) as Array<{ id: number; title: string; address: { street_name: string | null; full: string | null } | null }>).find((c) => c.address?.street_name);
  expect(community, "a demo community with a street address").toBeTruthy();
  const street = community!.address!.street_name!;

  await new LoginPage(page).goto();
  await new LoginPage(page).signIn(DEMO.super_admin);
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette).toBeVisible();
  await palette.getByRole("combobox", { name: "Command palette" }).fill(street);
  const hit = palette.getByRole("option", { name: new RegExp(community!.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).first();
  await expect(hit).toBeVisible();
  await page.screenshot({ path: "test-results/palette-address.png" });
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/insurable/view/${community!.id}`));

  // Screens: type a name, Enter opens it.
  await page.keyboard.press("Control+k");
  await palette.getByRole("combobox", { name: "Command palette" }).fill("Email History");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/email-history/);
});
