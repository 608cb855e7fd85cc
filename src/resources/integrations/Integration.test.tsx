import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Role } from "../../domain/roles";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { IntegrationHealthPage } from "../../custom/integration-health/IntegrationHealthPage";
import { IntegrationCreate } from "./IntegrationCreate";
import { IntegrationShow } from "./IntegrationShow";
import type { Integration } from "./types";

const integration = (over: Partial<Integration> = {}): Integration => ({
  id: 4,
  provider: "yardi",
  account: { id: 5, title: "Sunrise Apartments" },
  external_id: "sunrise_live",
  enabled: true,
  active: true,
  problems: [],
  credentials: { url: "sandbox://sunrise", database: "sunrise_live", username: "co••••••••", password_set: true },
  settings: { sync: { pull_policies: true, push_policies: false, push_master_policy_invoices: false } },
  available_charge_settings: [{ code: "RNTINS", description: "Renters insurance" }],
  refreshed_at: "2026-11-23T09:30:00Z",
  next_sync_at: "2026-11-24T09:30:00Z",
  properties: [
    { id: 11, external_id: "SUN-P1", title: "Maple Grove", units_count: 12, enabled: true, insurable_id: 70, sync_status: "synced", progress: null, last_synced_at: "2026-11-23T09:31:00Z", last_error: null },
    { id: 12, external_id: "SUN-P2", title: "Harbor View", units_count: 8, enabled: false, insurable_id: null, sync_status: "never", progress: null, last_synced_at: null, last_error: null },
  ],
  runs: [{ id: 9, property_id: null, trigger: "nightly", status: "succeeded", started_at: "2026-11-23T09:30:00Z", finished_at: "2026-11-23T09:30:04Z", duration_ms: 4200, created: 40, updated: 0, skipped: 0, pushed: 17, errors: 0, error: null, started_by: "System" }],
  ...over,
});

function renderShow(role: Role, record = integration()) {
  const requests: Array<{ path: string; method?: string; body?: unknown }> = [];
  const dataProvider = createMemoryDataProvider(
    {},
    {
      async request<T>(path: string, init?: { method?: string; body?: unknown }) {
        requests.push({ path, method: init?.method, body: init?.body });
        return { json: (path === "/integrations/4" ? record : { id: 10 }) as T, headers: new Headers() };
      },
    },
  );
  const view = renderInAdmin(<IntegrationShow />, { dataProvider, user: staffUser(role), url: "/dashboard/integrations/view/4", path: "/dashboard/integrations/view/:id/*" });
  return { ...view, requests };
}

describe("IntegrationShow (integrations/view/{id})", () => {
  it("shows the connection without the password, the properties with toggles and resyncs, and the runs; a super admin runs a sync", async () => {
    const { requests, i18nProvider } = renderShow("super_admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Yardi · Sunrise Apartments" })).toBeInTheDocument();
    expect(screen.getByText("Stored (hidden)")).toBeInTheDocument();
    const properties = screen.getByRole("table", { name: "Properties" });
    expect(within(properties).getByRole("switch", { name: "Enabled Maple Grove" })).toBeChecked();
    expect(within(properties).getByRole("switch", { name: "Enabled Harbor View" })).not.toBeChecked();
    expect(within(properties).getByText("Synced")).toBeInTheDocument();
    const runs = screen.getByRole("table", { name: "Sync Runs" });
    expect(within(runs).getByText("4.2 s")).toBeInTheDocument();
    // Verified policies sent back to the provider (push policies).
    expect(within(runs).getByRole("columnheader", { name: "Policies Pushed" })).toBeInTheDocument();
    expect(within(runs).getByText("17")).toBeInTheDocument();

    await userEvent.click(within(properties).getByRole("switch", { name: "Enabled Harbor View" }));
    await waitFor(() => expect(requests).toContainEqual({ path: "/integrations/4/toggle_property", method: "POST", body: { property_id: 12, enable: true } }));
    await userEvent.click(within(properties).getAllByRole("button", { name: "Resync" })[0]);
    await waitFor(() => expect(requests).toContainEqual({ path: "/integrations/4/yardi/property/11/resync", method: "POST", body: {} }));
    await userEvent.click(screen.getByRole("button", { name: "Run Sync" }));
    await waitFor(() => expect(requests).toContainEqual({ path: "/integrations/4/sync", method: "POST", body: {} }));
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("says how many pushed policies the provider holds and how many go out again", async () => {
    renderShow("agent", integration({ settings: { sync: { pull_policies: true, push_policies: true, push_master_policy_invoices: false } }, pushed_policies: { held: 17, waiting: 2, last_pushed_at: "2026-11-23T09:31:00Z" } }));
    expect(await screen.findByText("Policies Held by the Provider")).toBeInTheDocument();
    expect(screen.getByText(/^17 held · 2 to send again · last sent /)).toBeInTheDocument();
  });

  it("lets an agent read without toggles, resyncs or Run Sync", async () => {
    renderShow("agent");
    const properties = await screen.findByRole("table", { name: "Properties" });
    expect(within(properties).getByRole("switch", { name: "Enabled Maple Grove" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Run Sync" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Resync" })).toBeNull();
  });

  it("shows the provider's problem when it refused the credentials", async () => {
    renderShow("super_admin", integration({ active: false, problems: ["Invalid credentials: the provider refused the user name or password"] }));
    expect(await screen.findByText("Invalid credentials: the provider refused the user name or password")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Run Sync" })).toBeDisabled();
  });
});

describe("IntegrationHealthPage (integration-health)", () => {
  it("shows each integration's last success, last error, records in error with a retry, never-synced properties", async () => {
    const requests: string[] = [];
    const dataProvider = createMemoryDataProvider(
      {},
      {
        async request<T>(path: string) {
          requests.push(path);
          const data = [
            {
              id: 4,
              provider: "entrata",
              active: true,
              problems: [],
              account: { id: 5, title: "Riverbend Realty Group" },
              last_success_at: "2026-11-22T09:30:05Z",
              last_error: { run_id: 9, at: "2026-11-23T09:30:05Z", message: "1 of 2 properties could not be read", status: "partial" },
              last_run: { id: 9, status: "partial", trigger: "nightly", started_at: "2026-11-23T09:30:00Z", duration_ms: 5000, created: 4, updated: 0, skipped: 0, errors: 1 },
              durations: [{ started_at: "2026-11-22T09:30:00Z", duration_ms: 4000 }, { started_at: "2026-11-23T09:30:00Z", duration_ms: 5000 }],
              errors: [{ id: 31, record_type: "property", external_id: "RIVERB-P2", message: "Timed out reading the leases of RIVERB-P2 after 30 s", created_at: "2026-11-23T09:30:05Z", property: "Harbor View" }],
              errors_count: 1,
              never_synced: [{ id: 12, title: "Harbor View" }],
            },
          ];
          return { json: (path.endsWith("/retry") ? { id: 10 } : { data, meta: { total: 1 } }) as T, headers: new Headers() };
        },
      },
    );
    const { i18nProvider } = renderInAdmin(<IntegrationHealthPage />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/integration-health", path: "/dashboard/integration-health" });
    expect(await screen.findByText("Timed out reading the leases of RIVERB-P2 after 30 s")).toBeInTheDocument();
    expect(screen.getByText("Partly failed")).toBeInTheDocument();
    expect(screen.getAllByText("Harbor View").length).toBeGreaterThan(0);
    expect(screen.getByRole("img", { name: "4.0 s, 5.0 s" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(requests).toContain("/integrations/sync_errors/31/retry"));
    expect(i18nProvider.missingKeys.size).toBe(0);
  });
});

describe("IntegrationCreate (integrations/create)", () => {
  it("sends Yardi's interface login (database server, licence) with the credentials", async () => {
    const requests: Array<{ path: string; body?: unknown }> = [];
    const dataProvider = createMemoryDataProvider(
      { accounts: [{ id: 5, title: "Sunrise Apartments" }] },
      {
        async request<T>(path: string, init?: { body?: unknown }) {
          requests.push({ path, body: init?.body });
          return { json: { id: 12 } as T, headers: new Headers() };
        },
      },
    );
    renderInAdmin(<IntegrationCreate />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/integrations/create?account_id=5&provider=yardi", path: "/dashboard/integrations/create" });
    expect(await screen.findByDisplayValue("Sunrise Apartments")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Endpoint URL/), "https://www.yardiasp14.com/21253beta/Webservices");
    await userEvent.type(screen.getByLabelText(/^Database( \*)?$/), "afqoml_live");
    await userEvent.type(screen.getByLabelText(/User Name/), "coverdesk_ws");
    await userEvent.type(screen.getByLabelText(/^Password/), "pw");
    await userEvent.type(screen.getByLabelText(/Database Server/), "aspdb04");
    await userEvent.type(screen.getByLabelText(/Interface License/), "LIC-1");
    await userEvent.click(screen.getByRole("button", { name: "Connect" }));
    await waitFor(() => expect(requests.find((r) => r.path === "/integrations/yardi")).toBeDefined());
    expect(requests.find((r) => r.path === "/integrations/yardi")!.body).toMatchObject({
      account_id: 5,
      credentials: { url: "https://www.yardiasp14.com/21253beta/Webservices", database: "afqoml_live", username: "coverdesk_ws", password: "pw", server_name: "aspdb04", interface_license: "LIC-1" },
    });
  });

  it("shows no Yardi login fields for Entrata", async () => {
    renderInAdmin(<IntegrationCreate />, {
      dataProvider: createMemoryDataProvider({ accounts: [{ id: 5, title: "Sunrise Apartments" }] }),
      user: staffUser("super_admin"),
      url: "/dashboard/integrations/create?account_id=5&provider=entrata",
      path: "/dashboard/integrations/create",
    });
    expect(await screen.findByDisplayValue("Sunrise Apartments")).toBeInTheDocument();
    expect(screen.getByLabelText(/Endpoint URL/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Database Server/)).toBeNull();
    expect(screen.queryByLabelText(/Interface License/)).toBeNull();
  });
});
