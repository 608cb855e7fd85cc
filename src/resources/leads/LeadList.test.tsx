import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router-dom";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import type { AppRequestInit } from "../../dataProvider/types";
import { LeadList } from "./LeadList";
import type { Lead, LeadStats } from "./types";

const lead = (id: number, extra: Partial<Lead> = {}): Lead => ({
  id,
  email: `lead${id}@mail.example`,
  first_name: "Lena",
  last_name: `Prospect${id}`,
  agency_id: 1,
  agency_name: "Get Covered",
  account_id: null,
  account_title: null,
  created_at: "2026-03-01T18:00:00.000Z",
  last_visit: "2026-03-04T18:00:00.000Z",
  last_visited_page: "Quote",
  site_visits: 3,
  primary_campaign_name: "Spring Renters",
  primary_campaign_source: "google",
  primary_campaign_medium: "cpc",
  premium_total: 12_000,
  billing_strategy: null,
  interested_product: "Residential",
  tracking_url_id: 7,
  policy_id: null,
  archived: false,
  status: "prospect",
  ...extra,
});

const STATS: LeadStats = {
  leads: 3,
  site_visits: 8,
  applications: 3,
  not_finished_applications: 1,
  customers: 1,
  conversions: 25,
  visitors: 4,
  start: "2026-03-01",
  end: "2026-03-07",
  bucket: "day",
  stats_by: { "2026-03-01": { leads: 1, site_visits: 1, applications: 0, not_finished_applications: 0, customers: 0, conversions: 0, visitors: 1 } },
};

function renderList(url = "/dashboard/leads", role: "agent" | "staff" | "super_admin" = "agent") {
  const requests: Array<{ path: string } & AppRequestInit> = [];
  const dataProvider = createMemoryDataProvider(
    { leads: [lead(1), lead(2, { archived: true, email: "gone@mail.example" })] },
    {
      async request<T>(path: string, init?: AppRequestInit) {
        requests.push({ path, ...init });
        if (path === "/dashboards/leads/stats") return { json: STATS as T, headers: new Headers() };
        if (path === "/leads_dashboard/get_filters") return { json: { campaign_source: ["google"], campaign_name: ["Spring Renters"], campaign_medium: ["cpc"] } as T, headers: new Headers() };
        if (path === "/leads/filters/get_products") return { json: [{ id: 1, title: "Residential" }] as T, headers: new Headers() };
        if (path === "/compliance/forecast") return { json: { total: [0, 30, 60, 90].map((days) => ({ days, share: days === 30 ? 0.761 : 0.9 })) } as T, headers: new Headers() };
        if (path === "/leads/list") return { json: { success: true, message: "Report were sent" } as T, headers: new Headers() };
        if (path.startsWith("/leads/")) return { json: {} as T, headers: new Headers() };
        throw new Error(`unexpected ${path}`);
      },
    },
  );
  // The memory provider knows no ranges: the window is recorded, then left to the server.
  const lists: Array<{ filter: Record<string, unknown>; pagination: { page: number; perPage: number } }> = [];
  const getList = dataProvider.getList.bind(dataProvider);
  dataProvider.getList = (resource, params) => {
    lists.push(params as never);
    const { last_visit: _window, ...filter } = params.filter ?? {};
    return getList(resource, { ...params, filter });
  };
  const view = renderInAdmin(<LeadList />, {
    dataProvider,
    user: staffUser(role),
    url,
    path: "/dashboard/leads",
    routes: <Route path="/dashboard/leads/view/:id" element={<p>lead detail page</p>} />,
  });
  const lastList = () => lists[lists.length - 1];
  return { ...view, dataProvider, requests, lastList };
}

describe("LeadList (/dashboard/leads)", () => {
  it("shows the statistics tiles and the unarchived leads of the last 7 days, 20 per page", async () => {
    const { lastList, requests, i18nProvider } = renderList();
    expect(await screen.findByText("lead1@mail.example")).toBeInTheDocument();
    expect(screen.queryByText("gone@mail.example")).not.toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId("lead-stat-site_visits")).getByText("8")).toBeInTheDocument());
    expect(within(screen.getByTestId("lead-stat-conversions")).getByText("25%")).toBeInTheDocument();
    expect(within(screen.getByTestId("lead-stat-not_finished_applications")).getByText("Not Finished Applications")).toBeInTheDocument();
    const params = lastList();
    expect(params.pagination).toEqual({ page: 1, perPage: 20 });
    expect(params.filter).toMatchObject({ archived: false, last_visit: { start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), end: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
    // The statistics follow the same window; the Archived toggle is the grid's alone.
    const stats = requests.find((r) => r.path === "/dashboards/leads/stats");
    expect(stats?.body).toEqual({ filter: { last_visit: params.filter.last_visit } });
    const row = screen.getByText("lead1@mail.example").closest("tr") as HTMLElement;
    expect(within(row).getByText("Spring Renters")).toBeInTheDocument();
    expect(within(row).getByText("$120.00")).toBeInTheDocument();
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("puts the portfolio's covered share first for agents and staff, each figure opening the units behind it", async () => {
    renderList("/dashboard/leads", "staff");
    const in30 = await screen.findByRole("link", { name: "Open In 30 days" });
    expect(await within(in30).findByText("76.1 %")).toBeInTheDocument();
    expect(in30).toHaveAttribute("href", "/dashboard/compliance?view=forecast&days=30");
  });

  it("leaves the covered share to the Compliance screen for super admins, whose scope is the whole system", async () => {
    const { requests } = renderList("/dashboard/leads", "super_admin");
    expect(await screen.findByText("lead1@mail.example")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Open Today" })).toBeNull();
    expect(requests.map((r) => r.path)).not.toContain("/compliance/forecast");
  });

  it("the Archived toggle lists archived leads and goes into the address", async () => {
    const { lastList } = renderList();
    await screen.findByText("lead1@mail.example");
    fireEvent.click(screen.getByLabelText("Archived"));
    await waitFor(() => expect(lastList().filter).toMatchObject({ archived: true }));
    expect(await screen.findByText("gone@mail.example")).toBeInTheDocument();
    expect(decodeURIComponent(screen.getByTestId("location").textContent ?? "")).toContain('"archived":true');
  });

  it("archives a lead from its row menu with 'Success!'", async () => {
    const { requests } = renderList();
    const row = (await screen.findByText("lead1@mail.example")).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByLabelText("Lead actions"));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Archive" }));
    expect(await screen.findByText("Success!")).toBeInTheDocument();
    expect(requests.find((r) => r.path === "/leads/1")).toMatchObject({ method: "PUT", body: { lead: { archived: true } } });
  });

  it("exports the filtered leads as a CSV in the background, with the server's notice", async () => {
    const { requests, lastList } = renderList();
    await screen.findByText("lead1@mail.example");
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("Report were sent")).toBeInTheDocument();
    expect(requests.find((r) => r.path === "/leads/list")).toMatchObject({
      method: "POST",
      body: { filter: lastList().filter, sort: { column: "last_visit", direction: "desc" }, input_file: "text/csv" },
    });
  });

  it("opens a lead's page from its row", async () => {
    renderList();
    fireEvent.click(await screen.findByText("lead1@mail.example"));
    expect(await screen.findByText("lead detail page")).toBeInTheDocument();
  });
});
