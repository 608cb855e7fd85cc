import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { memoryStore } from "react-admin";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "./App";
import { createAuthProvider } from "./authProvider";
import { createHttpClient } from "./dataProvider";
import type { StaffUser } from "./dataProvider/types";
import type { PermissionEntry } from "./domain/permissions";
import type { Role } from "./domain/roles";
import { createTestI18nProvider } from "./i18n";
import { clearRouteHistory } from "./layout/routeHistory";
import { createFakeFetch, type RecordedRequest } from "./test/fakeFetch";
import { staffUser } from "./test/fixtures";
import { createMemoryDataProvider } from "./test/memoryDataProvider";
import { createMemoryStorage } from "./test/memoryStorage";

const HEADERS = { "access-token": "tok", "token-type": "Bearer", client: "cli", expiry: "1999999999", uid: "x" };

/** The whole console at `url` in a real browser router, over the real authProvider with a fake API. */
function renderApp(url: string, signedInAs?: StaffUser) {
  window.history.pushState({}, "", url);
  const storage = createMemoryStorage(
    signedInAs ? { accessToken: "tok", client: "cli", uid: "x", expiry: "1999999999", user: JSON.stringify(signedInAs) } : {},
  );
  let user = signedInAs;
  const api = createFakeFetch((request: RecordedRequest) => {
    if (request.url.endsWith("/staff/auth/validate_token"))
      return user ? { body: { data: user }, headers: HEADERS } : { status: 401, body: { errors: ["no"] } };
    if (request.url.endsWith("/staff/auth/sign_in")) {
      user = staffUser("staff");
      return { body: { data: user }, headers: HEADERS };
    }
    return undefined;
  });
  const authProvider = createAuthProvider({ httpClient: createHttpClient({ storage, fetchImpl: api.fetchImpl }), storage, notify: () => true });
  const dataProvider = createMemoryDataProvider({}, { getSubAgencies: async () => [], searchPolicies: async () => [] });
  const i18nProvider = createTestI18nProvider();
  render(<App providers={{ dataProvider, authProvider, i18nProvider, store: memoryStore() }} />);
  return { api, i18nProvider };
}

const here = () => `${window.location.pathname}${window.location.search}`;
const as = (role: Role, permissions: PermissionEntry[] = []) => staffUser(role, permissions);
const menu = () => screen.findByRole("navigation", { name: "Main menu" });

afterEach(() => {
  window.history.pushState({}, "", "/");
  clearRouteHistory();
});

describe("login guard and sign-in (document 1 sections 2.1 and 4)", () => {
  it("sends a signed-out visitor to the sign-in screen with return_url, and back there after signing in", async () => {
    const { api } = renderApp("/dashboard/policies/policy-import");
    await screen.findByRole("heading", { name: "Sign in" });
    expect(here()).toBe("/auth/login?return_url=%2Fdashboard%2Fpolicies%2Fpolicy-import");

    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: "staff@coverdesk.test" } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: "coverdesk" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByRole("heading", { name: "Policy Import", level: 1 })).toBeInTheDocument();
    expect(here()).toBe("/dashboard/policies/policy-import");
    expect(await screen.findByText("Import legacy policies from external systems")).toBeInTheDocument();
    expect(api.requests.some((r) => r.url.endsWith("/staff/auth/sign_in"))).toBe(true);
  });

  it("shows the terms without loading the session", async () => {
    const { api } = renderApp("/terms-of-service");
    expect(await screen.findByRole("heading", { name: "Terms of Service", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("1. Eligibility")).toBeInTheDocument();
    expect(api.requests).toEqual([]);
    // The page is a lazy chunk: it renders when its import resolves, outside act(), so its title effect may run a
    // moment after the heading appears (a loaded CI machine saw the previous test's title at this line).
    await waitFor(() => expect(document.title).toBe("Terms of Service | Coverdesk"));
  });

  it("keeps unknown paths behind the login guard", async () => {
    renderApp("/somewhere/else");
    await screen.findByRole("heading", { name: "Sign in" });
    expect(here()).toBe("/auth/login?return_url=%2Fsomewhere%2Felse");
  });
});

describe("the signed-in shell", () => {
  it("maps / and /dashboard to leads, with the role's menu, the title suffix and every text in the catalogue", async () => {
    const { i18nProvider } = renderApp("/", as("staff"));
    const nav = await menu();
    await waitFor(() => expect(here()).toBe("/dashboard/leads"));
    expect(await screen.findByRole("heading", { name: "Leads", level: 1 })).toBeInTheDocument();
    expect(document.title).toBe("Leads | Coverdesk");
    expect(within(nav).getByRole("link", { name: "Account Details" })).toHaveAttribute("href", "/dashboard/accounts/view/5");
    expect(within(nav).queryByText("Policy Review")).not.toBeInTheDocument();
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });

  it("sends policy support from the leads default to the review queue, with Policy Review as the only menu item", async () => {
    renderApp("/dashboard", as("policy_support"));
    expect(await screen.findByRole("heading", { name: "Policy Review", level: 1 })).toBeInTheDocument();
    expect(here()).toBe("/dashboard/policy-support");
    const links = within(await menu()).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Policy Review"]);
    // The redirects took the place of /dashboard: there is nothing to go back to.
    expect(screen.queryByRole("button", { name: "Back" })).not.toBeInTheDocument();
  });

  it("sends a route the role may not open to /404 (role guard)", async () => {
    renderApp("/dashboard/dmr", as("staff"));
    expect(await screen.findByText("Page not found.")).toBeInTheDocument();
    expect(here()).toBe("/404");
  });

  it("sends policy-support URLs of other roles to /404", async () => {
    renderApp("/dashboard/policy-support", as("agent"));
    expect(await screen.findByText("Page not found.")).toBeInTheDocument();
    expect(here()).toBe("/404");
  });

  it("sends a section whose browse key is off to /404 (permission guard)", async () => {
    renderApp("/dashboard/carriers/browse", as("agent", [{ key: "policies.policies", value: true }]));
    expect(await screen.findByText("Page not found.")).toBeInTheDocument();
    expect(here()).toBe("/404");
  });

  it("shows 'Page not found.' for an unknown dashboard path", async () => {
    renderApp("/dashboard/no-such-screen", as("super_admin"));
    expect(await screen.findByText("Page not found.")).toBeInTheDocument();
    expect(here()).toBe("/dashboard/no-such-screen");
  });

  it("opens area roots on their browse screen", async () => {
    renderApp("/dashboard/policies", as("agent"));
    expect(await screen.findByRole("heading", { name: "Policies", level: 1 })).toBeInTheDocument();
    // The grid then writes its state (page, page size, sort) into the address.
    expect(here()).toMatch(/^\/dashboard\/policies\/browse(\?|$)/);
  });

  it("marks the menu item of the URL's second segment, and keeps the clicked one in insurable", async () => {
    renderApp("/dashboard/policies/browse", as("agent"));
    const nav = await menu();
    await waitFor(() => expect(within(nav).getByRole("link", { name: "Policies" })).toHaveAttribute("aria-current", "page"));
    expect(within(nav).getByRole("link", { name: "Policy Import" })).not.toHaveAttribute("aria-current");

    await act(async () => fireEvent.click(within(nav).getByRole("link", { name: "Units" })));
    expect(await screen.findByRole("heading", { name: "Units", level: 1 })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Units" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Policies" })).not.toHaveAttribute("aria-current");
  });
});
