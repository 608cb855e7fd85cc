import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { HttpError } from "react-admin";
import type { Role } from "../../domain/roles";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import type { Integration } from "../integrations/types";
import { IntegrationCreate } from "../integrations/IntegrationCreate";
import type { ProviderSettings } from "./AccountIntegrationTab";
import { AccountShow } from "./AccountShow";

const ACCOUNT = { id: 5, title: "Sunrise Apartments", enabled: true, addresses: [], agency: { id: 2, title: "Acme Agency" } };

const connected = (over: Partial<ProviderSettings["renters_insurance"]> = {}): ProviderSettings => ({
  exists: true,
  id: 4,
  renters_insurance: { enabled: true, active: true, problems: [], ...over },
  billing_and_payments: {
    enabled: true,
    master_policy_charge_code: "MPINS",
    master_policy_gla: "4410-200",
    available_charge_settings: [
      { code: "RNTINS", description: "Renters insurance" },
      { code: "MPINS", description: "Master policy premium" },
    ],
  },
  sync: {
    pull_policies: true,
    push_policies: false,
    push_master_policy_invoices: false,
    master_policy_charge_description: "Master policy",
    syncable_communities: { "11": { enabled: true, title: "Maple Grove" }, "12": { enabled: false, title: "Harbor View" } },
    next_sync: "2026-11-24T09:30:00Z",
  },
});

const NONE: ProviderSettings = {
  exists: false,
  renters_insurance: { enabled: false, active: false, problems: [] },
  billing_and_payments: { enabled: false, master_policy_charge_code: null, master_policy_gla: null, available_charge_settings: [] },
  sync: { pull_policies: true, push_policies: false, push_master_policy_invoices: false, master_policy_charge_description: null, syncable_communities: {}, next_sync: null },
};

const RUNS: Pick<Integration, "runs"> = {
  runs: [{ id: 9, property_id: null, trigger: "nightly", status: "partial", started_at: "2026-11-23T09:30:00Z", finished_at: "2026-11-23T09:30:04Z", duration_ms: 4200, created: 40, updated: 0, skipped: 0, errors: 1, error: null, started_by: "System" }],
};

/** The account page opened on its Yardi tab, the integration calls answered with `settings` (and the integration's runs). */
function renderTab(role: Role, settings: ProviderSettings, runs: Pick<Integration, "runs"> = RUNS) {
  const requests: string[] = [];
  const dataProvider = createMemoryDataProvider(
    { accounts: [ACCOUNT] },
    {
      async request<T>(path: string) {
        requests.push(path);
        if (path === "/integrations/yardi/5") return { json: settings as T, headers: new Headers() };
        if (path === "/integrations/4") return { json: runs as T, headers: new Headers() };
        if (path === "/integrations/yardi/status") return { json: { exists: true, connection: { ok: true, message: null, checked_at: "2026-11-23T09:30:00Z" } } as T, headers: new Headers() };
        if (path === "/integrations/yardi/ar_codes") return { json: { data: [{ code: "MPINS", description: "Master policy premium" }], selected: "MPINS", as_of: "2026-11-23T09:30:00Z", problem: null } as T, headers: new Headers() };
        if (path === "/stripe/button_link") return { json: { link: "https://connect.example/card", connected: false } as T, headers: new Headers() };
        throw new HttpError("Not found", 404, { message: "Not found" });
      },
    },
  );
  const view = renderInAdmin(<AccountShow />, { dataProvider, user: staffUser(role), url: "/dashboard/accounts/view/5/yardi", path: "/dashboard/accounts/view/:id/*" });
  return { ...view, requests };
}

describe("the account's Yardi tab (accounts/view/{id}/yardi)", () => {
  it("shows the connected integration: provider, active, settings, synced communities, last and next sync, and opens its page", async () => {
    const { requests, i18nProvider } = renderTab("super_admin", connected());
    expect(await screen.findByRole("tab", { name: "Yardi", selected: true })).toBeInTheDocument();
    expect(await screen.findByText("Open Integration")).toHaveAttribute("href", "/dashboard/integrations/view/4");
    expect(screen.getByText("Provider").nextSibling).toHaveTextContent("Yardi");
    expect(screen.getByText("Active").nextSibling).toHaveTextContent("Yes");
    expect(await screen.findByText(/^Partly failed, /)).toBeInTheDocument();
    const billing = screen.getByRole("region", { name: "Billing and Payments" });
    expect(within(billing).getByText("MPINS · Master policy premium")).toBeInTheDocument();
    expect(within(billing).getByText("4410-200")).toBeInTheDocument();
    const sync = screen.getByRole("region", { name: "Sync" });
    expect(within(sync).getByText("Pull Policies").nextSibling).toHaveTextContent("Yes");
    expect(within(sync).getByText("Push Policies").nextSibling).toHaveTextContent("No");
    expect(within(sync).getByText(/1 of 2 synced/)).toBeInTheDocument();
    expect(within(sync).getByText("Maple Grove · synced")).toBeInTheDocument();
    expect(within(sync).getByText("Harbor View · not synced")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    // The connection and Yardi's charge codes as the last refresh kept them, with a Refresh for a super admin.
    const connection = screen.getByRole("region", { name: "Connection" });
    expect(await within(connection).findByText(/^Yardi accepts the credentials · as of /)).toBeInTheDocument();
    expect(within(connection).getByRole("list", { name: "Charge Codes" })).toHaveTextContent("MPINS · Master policy premium (master policy charge code)");
    expect(within(connection).getByRole("button", { name: "Refresh" })).toBeEnabled();
    // The account's own settings call, which the API scopes (another tenant's account is a 404 there).
    expect(requests).toContain("/integrations/yardi/5");
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("says what the provider refused when the credentials are not accepted, and that it never synced", async () => {
    renderTab("staff", connected({ active: false, problems: ["Invalid credentials: the provider refused the user name or password"] }), { runs: [] });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The provider reported");
    expect(alert).toHaveTextContent("Invalid credentials: the provider refused the user name or password");
    expect(screen.getByText("Active").nextSibling).toHaveTextContent("No");
    expect(await screen.findByText("Never synced")).toBeInTheDocument();
  });

  it("offers to connect Yardi when the account has none, to whoever may connect one", async () => {
    const { i18nProvider } = renderTab("super_admin", NONE);
    expect(await screen.findByText("This account has no Yardi integration.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Connect Yardi" })).toHaveAttribute("href", "/dashboard/integrations/create?account_id=5&provider=yardi");
    expect(screen.queryByText("Open Integration")).toBeNull();
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("lets an agent read that there is none without a Connect", async () => {
    renderTab("agent", NONE);
    expect(await screen.findByText("This account has no Yardi integration.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Connect Yardi" })).toBeNull();
  });

  it("says so when the integration cannot be read", async () => {
    const failing = createMemoryDataProvider(
      { accounts: [ACCOUNT] },
      {
        async request<T>(path: string) {
          if (path === "/stripe/button_link") return { json: { link: "https://connect.example/card", connected: false } as T, headers: new Headers() };
          throw new HttpError("Server error", 500, {});
        },
      },
    );
    renderInAdmin(<AccountShow />, { dataProvider: failing, user: staffUser("super_admin"), url: "/dashboard/accounts/view/5/yardi", path: "/dashboard/accounts/view/:id/*" });
    expect(await screen.findByText("The Yardi integration could not be loaded.")).toBeInTheDocument();
  });
});

describe("connecting from the Yardi tab (integrations/create?account_id=&provider=)", () => {
  it("starts with the account and provider chosen", async () => {
    const dataProvider = createMemoryDataProvider({ accounts: [ACCOUNT] });
    renderInAdmin(<IntegrationCreate />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/integrations/create?account_id=5&provider=entrata", path: "/dashboard/integrations/create" });
    expect(await screen.findByDisplayValue("Sunrise Apartments")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: /Provider/ })).toHaveTextContent("Entrata");
  });
});
