import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO, DEMO_PASSWORD } from "./pages";

test.use({ viewport: { width: 1400, height: 900 } });

/** Puts the agent's shell back to the defaults whatever happened, so the other journeys find the side menu. */
async function resetAgentSettings(request: APIRequestContext) {
  const signIn = await request.post("/v2/staff/auth/sign_in", { data: { email: DEMO.agent, password: DEMO_PASSWORD } });
  const h = signIn.headers();
  const headers = { "access-token": h["access-token"], client: h.client, uid: h.uid, "token-type": "Bearer", expiry: h.expiry };
  await request.put("/v2/shell_settings", { headers, data: { shell_settings: { layout: "vertical", rtl: false, theme: "default", nav_pinned: true } } });
}

test.afterAll(async ({ request }) => resetAgentSettings(request));

/**
 * Issue 12 section 5: an agent switches to the horizontal navigation bar and right-to-left in the configuration panel;
 * both survive a reload and a new sign-in elsewhere (kept per user on the server); an unknown address shows the 404
 * inside the shell.
 */
test("an agent's horizontal layout and right-to-left persist, and an unknown address shows the in-shell 404", async ({ signedIn }) => {
  const page = await signedIn(DEMO.agent);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "vertical");

  await page.getByRole("button", { name: "Settings" }).click();
  const panel = page.getByRole("dialog", { name: "Settings" });
  await panel.getByRole("radio", { name: "Horizontal navigation bar" }).check();
  await panel.getByRole("switch", { name: "Right to left" }).check();
  await panel.getByRole("button", { name: "Close settings" }).click();
  await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "horizontal");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  // The horizontal bar carries the menu: its groups open as dropdowns.
  const bar = page.locator("nav[aria-label='Main menu']");
  await bar.getByRole("button", { name: "Compliance" }).click();
  await page.getByRole("menuitem", { name: "Policies", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/policies\/browse/);
  // Right-to-left puts the menu button's side of the top bar on the right.
  const toolbar = await page.locator("header").boundingBox();
  const search = await page.getByRole("button", { name: "Search", exact: true }).boundingBox();
  expect(search!.x).toBeLessThan(toolbar!.width / 2);

  await page.reload();
  await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "horizontal");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  // Another browser (nothing kept locally): the server kept the choices for this user.
  const elsewhere = await signedIn(DEMO.agent);
  await expect(elsewhere.locator("[data-layout]")).toHaveAttribute("data-layout", "horizontal");
  await expect(elsewhere.locator("html")).toHaveAttribute("dir", "rtl");
  // ?rtl=false in the address switches back (document 1 section 2.3).
  await elsewhere.goto("/dashboard/leads?rtl=false");
  await expect(elsewhere.locator("html")).toHaveAttribute("dir", "ltr");

  // A signed-in unknown address: 'Page not found.' inside the shell, its menu and top bar still there.
  for (const path of ["/no-such-screen", "/dashboard/no-such-screen"]) {
    await page.goto(path);
    await expect(page.getByText("Page not found.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Settings" })).toBeVisible();
    await expect(page.locator("nav[aria-label='Main menu']")).toBeVisible();
  }
});
