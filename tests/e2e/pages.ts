import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "coverdesk";
export const DEMO = {
  super_admin: "superadmin@coverdesk.test",
  agent: "agent@coverdesk.test",
  staff: "staff@coverdesk.test",
  policy_support: "support@coverdesk.test",
} as const;

/** The sign-in screen at /auth/login. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(returnUrl?: string) {
    await this.page.goto(returnUrl ? `/auth/login?return_url=${encodeURIComponent(returnUrl)}` : "/auth/login");
  }

  async signIn(email: string, password = DEMO_PASSWORD) {
    await this.page.getByLabel(/^Email/).fill(email);
    await this.page.getByLabel(/^Password/).fill(password);
    await this.page.getByRole("button", { name: /sign in/i }).click();
  }
}

/** The signed-in shell: side menu, user dropdown. */
export class Shell {
  constructor(private readonly page: Page) {}

  menu() {
    return this.page.getByRole("navigation");
  }

  async expectMenuItems(labels: string[]) {
    for (const label of labels) await expect(this.menu().getByText(label, { exact: true }).first()).toBeVisible();
  }

  async expectNoMenuItems(labels: string[]) {
    for (const label of labels) await expect(this.menu().getByText(label, { exact: true })).toHaveCount(0);
  }

  async logout() {
    await this.page.getByRole("button", { name: /account menu|user menu|profile/i }).first().click();
    await this.page.getByRole("button", { name: "LOGOUT" }).or(this.page.getByRole("menuitem", { name: /logout/i })).first().click();
  }
}
