import { type BrowserContext, type BrowserContextOptions, type Page, test as base } from "@playwright/test";
import { LoginPage } from "./pages";

export { expect } from "@playwright/test";

interface Fixtures {
  /** A page in a browser of its own (its own cookies and storage), closed when the journey ends. */
  openPage(options?: BrowserContextOptions): Promise<Page>;
  /** `openPage`, signed in as `email` on the way to `path` (the sign-in screen's return_url). */
  signedIn(email: string, path?: string, options?: BrowserContextOptions): Promise<Page>;
}

/**
 * The journeys' `test`: journeys that need a second user, or a viewport of their own, open their pages through these
 * fixtures rather than `browser.newContext()`, so every such context is closed when the journey ends, passed or failed.
 * Left open, each kept polling the server, and late journeys ran beside about twenty live pages.
 * Failure screenshots are still taken of them: Playwright takes those before fixtures are torn down.
 */
export const test = base.extend<Fixtures>({
  openPage: async ({ browser, viewport }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      // The file's viewport (`test.use({ viewport })`) unless the journey asks for another.
      const context = await browser.newContext({ viewport, ...options });
      contexts.push(context);
      return context.newPage();
    });
    // A context the journey closed itself (a tab's unload) closes again without error.
    await Promise.all(contexts.map((context) => context.close()));
  },
  signedIn: async ({ openPage }, use) => {
    await use(async (email, path, options) => {
      const page = await openPage(options);
      const login = new LoginPage(page);
      await login.goto(path);
      await login.signIn(email);
      return page;
    });
  },
});
