import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError } from "react-admin";
import type { Role } from "../../domain/roles";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import type { ProviderSettings } from "./AccountIntegrationTab";
import { AccountShow } from "./AccountShow";

const ACCOUNT = { id: 5, title: "Sunrise Apartments", enabled: true, addresses: [], agency: { id: 2, title: "Acme Agency" } };

const NONE: ProviderSettings = {
  exists: false,
  renters_insurance: { enabled: false, active: false, problems: [] },
  billing_and_payments: { enabled: false, master_policy_charge_code: null, master_policy_gla: null, available_charge_settings: [] },
  sync: { pull_policies: true, push_policies: false, push_master_policy_invoices: false, master_policy_charge_description: null, syncable_communities: {}, next_sync: null },
};
const CONNECTED: ProviderSettings = {
  exists: true,
  id: 8,
  renters_insurance: { enabled: true, active: true, problems: [] },
  billing_and_payments: { enabled: true, master_policy_charge_code: "RINS", master_policy_gla: null, available_charge_settings: [{ code: "RINS", description: "Renters Insurance" }] },
  sync: { ...NONE.sync, syncable_communities: { "31": { enabled: true, title: "Harbor View Apartments" }, "32": { enabled: true, title: "Cedar Point Lofts" } } },
};
const COMMUNITIES = [
  { id: 31, external_id: "101776", title: "Harbor View Apartments", enabled: true },
  { id: 32, external_id: "101777", title: "Cedar Point Lofts", enabled: true },
];

type Call = { path: string; method?: string; body?: unknown };

/**
 * The account page on its Entrata tab; `answer` answers the onboarding calls (the settings read answers `settings()`,
 * which the test may change, as the server would after onboarding).
 */
function renderTab(role: Role, settings: () => ProviderSettings, answer: (call: Call) => unknown = () => ({})) {
  const calls: Call[] = [];
  const dataProvider = createMemoryDataProvider(
    { accounts: [ACCOUNT] },
    {
      async request<T>(path: string, init?: { method?: string; body?: unknown }) {
        const call = { path, method: init?.method, body: init?.body };
        calls.push(call);
        if (path === "/integrations/entrata/5") return { json: settings() as T, headers: new Headers() };
        if (path === "/integrations/8") return { json: { runs: [] } as T, headers: new Headers() };
        if (path === "/stripe/button_link") return { json: { link: "https://connect.example/card", connected: false } as T, headers: new Headers() };
        if (path === "/integrations/entrata/syncable_communities") return { json: { data: COMMUNITIES, meta: { total: 2 } } as T, headers: new Headers() };
        if (path.startsWith("/integrations/entrata/")) return { json: answer(call) as T, headers: new Headers() };
        throw new HttpError("Not found", 404, { message: "Not found" });
      },
    },
  );
  const view = renderInAdmin(<AccountShow />, { dataProvider, user: staffUser(role), url: "/dashboard/accounts/view/5/entrata", path: "/dashboard/accounts/view/:id/*" });
  return { ...view, calls };
}

describe("the account's Entrata tab (accounts/view/{id}/entrata)", () => {
  it("onboards a client: subdomain, API user and endpoint go to onboard_client, then the tab shows the integration", async () => {
    let current = NONE;
    const { calls, i18nProvider } = renderTab("super_admin", () => current, (call) => {
      if (call.path === "/integrations/entrata/onboard_client") current = CONNECTED;
      return { exists: true, id: 8 };
    });
    expect(await screen.findByRole("tab", { name: "Entrata", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Yardi" })).toBeInTheDocument();
    const form = await screen.findByRole("form", { name: "Onboard an Entrata client" });
    await userEvent.type(within(form).getByLabelText(/Client Subdomain/), "sunrise-pm");
    await userEvent.type(within(form).getByLabelText(/API Username/), "coverdesk_api");
    await userEvent.type(within(form).getByLabelText(/API Password/), "s3cret");
    await userEvent.type(within(form).getByLabelText(/API Endpoint/), "sandbox://sunrise-pm");
    await userEvent.click(within(form).getByRole("button", { name: "Onboard Client" }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        path: "/integrations/entrata/onboard_client",
        method: "POST",
        body: { account_id: 5, subdomain: "sunrise-pm", username: "coverdesk_api", password: "s3cret", url: "sandbox://sunrise-pm" },
      }),
    );
    expect(await screen.findByText("Open Integration")).toHaveAttribute("href", "/dashboard/integrations/view/8");
    expect(screen.queryByRole("form", { name: "Onboard an Entrata client" })).toBeNull();
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("keeps what was typed and shows the server's field errors next to their fields", async () => {
    const { calls } = renderTab("staff", () => NONE, () => {
      throw new HttpError("Validation failed", 422, { message: "Validation failed", errors: { subdomain: "must be the client's Entrata subdomain (letters, digits and hyphens)" } });
    });
    const form = await screen.findByRole("form", { name: "Onboard an Entrata client" });
    await userEvent.type(within(form).getByLabelText(/Client Subdomain/), "not valid!");
    await userEvent.type(within(form).getByLabelText(/API Username/), "api");
    await userEvent.type(within(form).getByLabelText(/API Password/), "pw");
    await userEvent.click(within(form).getByRole("button", { name: "Onboard Client" }));
    expect(await within(form).findByText("must be the client's Entrata subdomain (letters, digits and hyphens)")).toBeInTheDocument();
    expect(within(form).getByLabelText(/Client Subdomain/)).toHaveValue("not valid!");
    expect(within(form).getByLabelText(/API Username/)).toHaveValue("api");
    // No endpoint typed: none sent (the subdomain's own).
    expect(calls.find((c) => c.path === "/integrations/entrata/onboard_client")?.body).toEqual({ account_id: 5, subdomain: "not valid!", username: "api", password: "pw" });
  });

  it("for an onboarded client: shows the kept connection and AR codes as of their time without asking Entrata, refreshes on demand, chooses the communities", async () => {
    let refreshed = false;
    const { calls } = renderTab("staff", () => CONNECTED, (call) => {
      if (call.path === "/integrations/entrata/status") {
        if ((call.body as { refresh?: boolean }).refresh) refreshed = true;
        return { exists: true, connection: refreshed ? { ok: false, message: "Entrata refused the credentials: Authorization Failed.", checked_at: "2026-11-24T10:00:00Z" } : { ok: true, message: null, checked_at: "2026-11-23T09:30:00Z" } };
      }
      if (call.path === "/integrations/entrata/ar_codes") return { data: [{ code: "RENT", description: "Rent" }, { code: "RINS", description: "Renters Insurance" }], selected: "RINS", as_of: "2026-11-23T09:30:00Z", problem: refreshed ? "Entrata refused the credentials" : null };
      return { data: COMMUNITIES };
    });
    const connection = await screen.findByRole("region", { name: "Connection" });
    expect(await within(connection).findByText(/^Entrata accepts the credentials · as of /)).toBeInTheDocument();
    const codes = await within(connection).findByRole("list", { name: "AR Codes" });
    expect(within(codes).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["RENT · Rent", "RINS · Renters Insurance (master policy charge code)"]);
    expect(within(connection).getByText(/^AR Codes · as of /)).toBeInTheDocument();
    // Opening the tab only read what was kept.
    expect(calls.filter((c) => c.path === "/integrations/entrata/status")).toEqual([{ path: "/integrations/entrata/status", method: "POST", body: { account_id: 5 } }]);

    await userEvent.click(within(connection).getByRole("button", { name: "Refresh" }));
    expect(await within(connection).findByText(/^Not connected: Entrata refused the credentials: Authorization Failed\. · as of /)).toBeInTheDocument();
    expect(calls).toContainEqual({ path: "/integrations/entrata/status", method: "POST", body: { account_id: 5, refresh: true } });
    expect(await within(connection).findByText("Entrata refused the credentials")).toBeInTheDocument();

    const panel = screen.getByRole("region", { name: "Entrata Onboarding" });
    await userEvent.click(await within(panel).findByRole("switch", { name: "Cedar Point Lofts (101777)" }));
    await waitFor(() =>
      expect(calls).toContainEqual({ path: "/integrations/entrata/syncable_communities", method: "POST", body: { account_id: 5, syncable_communities: { "32": { enabled: false } } } }),
    );
  });

  it("lets an agent read the kept connection without a Refresh", async () => {
    const { calls } = renderTab("agent", () => CONNECTED, (call) =>
      call.path === "/integrations/entrata/status" ? { exists: true, connection: { ok: true, message: null, checked_at: "2026-11-23T09:30:00Z" } } : { data: [], selected: null, as_of: null, problem: null },
    );
    const connection = await screen.findByRole("region", { name: "Connection" });
    expect(await within(connection).findByText(/^Entrata accepts the credentials/)).toBeInTheDocument();
    expect(within(connection).getByText("Entrata listed no codes")).toBeInTheDocument();
    expect(within(connection).queryByRole("button", { name: "Refresh" })).toBeNull();
    expect(calls.some((c) => (c.body as { refresh?: boolean } | undefined)?.refresh)).toBe(false);
  });

  it("lets an agent read without onboarding or toggles", async () => {
    renderTab("agent", () => NONE);
    expect(await screen.findByText("This account has no Entrata integration.")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Onboard an Entrata client" })).toBeNull();
  });
});
