import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpError } from "react-admin";
import { Route } from "react-router-dom";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import type { AppRequestInit } from "../../dataProvider/types";
import type { PermissionEntry } from "../../domain/permissions";
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
  archived_leads: 1,
  start: "2026-03-01",
  end: "2026-03-07",
  bucket: "day",
  stats_by: { "2026-03-01": { leads: 1, site_visits: 1, applications: 0, not_finished_applications: 0, customers: 0, conversions: 0, visitors: 1 } },
};

function renderList(url = "/dashboard/leads", role: "agent" | "staff" | "super_admin" = "agent", options: { more?: number; refuse?: number; permissions?: PermissionEntry[] } = {}) {
  const requests: Array<{ path: string } & AppRequestInit> = [];
  const dataProvider = createMemoryDataProvider(
    { leads: [lead(1), lead(2, { archived: true, email: "gone@mail.example" }), ...Array.from({ length: options.more ?? 0 }, (_, i) => lead(3 + i))] },
    {
      async request<T>(path: string, init?: AppRequestInit) {
        requests.push({ path, ...init });
        if (path === "/dashboards/leads/stats") return { json: STATS as T, headers: new Headers() };
        if (path === "/leads_dashboard/get_filters") return { json: { campaign_source: ["google"], campaign_name: ["Spring Renters"], campaign_medium: ["cpc"] } as T, headers: new Headers() };
        if (path === "/leads/filters/get_products") return { json: [{ id: 1, title: "Residential" }] as T, headers: new Headers() };
        if (path === "/compliance/forecast") return { json: { total: [0, 30, 60, 90].map((days) => ({ days, share: days === 30 ? 0.761 : 0.9 })) } as T, headers: new Headers() };
        if (path === "/leads/list") return { json: { success: true, message: "Report were sent" } as T, headers: new Headers() };
        if (path === "/leads/bulk_archive" && (init?.body as { ids?: number[] }).ids) {
          // As the server: the picked leads are archived in one call, a refused one named with its reason.
          const ids = (init?.body as { ids: number[] }).ids;
          for (const id of ids.filter((id) => id !== options.refuse)) {
            const previous = (await dataProvider.getOne("leads", { id })).data;
            await dataProvider.update("leads", { id, data: { archived: true }, previousData: previous });
          }
          const failed = ids.filter((id) => id === options.refuse).map((id) => ({ id, label: "", reason: "Lead not found" }));
          return { json: { done: ids.filter((id) => id !== options.refuse), failed } as T, headers: new Headers() };
        }
        if (path === "/leads/bulk_archive") return { json: { done: [1, 3], failed: [{ id: 4, reason: "Not found" }] } as T, headers: new Headers() };
        if (path === `/leads/${options.refuse}`) throw new HttpError("refused", 404, { error: "not_found", message: "Lead not found" });
        const put = /^\/leads\/(\d+)$/.exec(path);
        if (put && init?.method === "PUT") {
          // As the server: the lead is archived, so a refreshed unarchived list no longer has it.
          const previous = (await dataProvider.getOne("leads", { id: Number(put[1]) })).data;
          await dataProvider.update("leads", { id: previous.id, data: { archived: (init.body as { lead: { archived: boolean } }).lead.archived }, previousData: previous });
          return { json: {} as T, headers: new Headers() };
        }
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
    user: staffUser(role, options.permissions),
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

  it("says what the tiles and the grid each count: the Leads tile includes archived leads, the grid shows them with Archived on", async () => {
    renderList();
    expect(await within(await screen.findByTestId("lead-stat-leads")).findByText("incl. 1 archived")).toBeInTheDocument();
    expect(screen.getByTestId("lead-stats-story")).toHaveTextContent(/archived ones included.*not archived: turn on Archived for the other 1\./);
    fireEvent.click(screen.getByLabelText("Archived"));
    await waitFor(() => expect(screen.getByTestId("lead-stats-story")).toHaveTextContent(/shows only the archived leads.*\(1 of the Leads tile\)/));
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

  it("archives the picked leads after a confirmation naming their count, in one call with their ids, with 'Success!'; the results stay when the grid empties", { timeout: 90_000 }, async () => {
    const { requests, i18nProvider } = renderList("/dashboard/leads", "agent", { more: 2 });
    await screen.findByText("lead4@mail.example", {}, { timeout: 10_000 });
    fireEvent.click(screen.getAllByRole("checkbox", { name: "Select all" })[0]);
    fireEvent.click(screen.getByRole("button", { name: "Archive" }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText("Archive: 3 selected")).toBeInTheDocument();
    expect(requests.filter((r) => r.method === "PUT" || r.path.startsWith("/leads/bulk"))).toEqual([]);
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Success!")).toBeInTheDocument();
    // One call with the picked ids, none per lead.
    expect(requests.filter((r) => r.method === "PUT" || r.path.startsWith("/leads/bulk")).map((r) => [r.path, r.body])).toEqual([["/leads/bulk_archive", { ids: [1, 3, 4] }]]);
    // Every unarchived lead is archived: the refreshed grid is empty, and the results are still there to read.
    await waitFor(() => expect(screen.queryByText("lead1@mail.example", { selector: "td *, td" })).toBeNull());
    const results = await screen.findByRole("list", { name: "Archive: 3 done, 0 failed" });
    expect(within(results).getByText("lead3@mail.example")).toBeInTheDocument();
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("a refused lead: 'Something went wrong', the lead named with the server's reason and left selected", { timeout: 90_000 }, async () => {
    const { requests } = renderList("/dashboard/leads", "agent", { more: 2, refuse: 3 });
    const row = async (email: string) => (await screen.findByText(email, {}, { timeout: 10_000 })).closest("tr") as HTMLElement;
    fireEvent.click(within(await row("lead1@mail.example")).getByRole("checkbox"));
    fireEvent.click(within(await row("lead3@mail.example")).getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "Archive" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Something went wrong")).toBeInTheDocument();
    const results = await screen.findByRole("list", { name: "Archive: 1 done, 1 failed" });
    expect(within(results).getByText("lead3@mail.example").closest("li")).toHaveAttribute("data-row-result", "failed");
    expect(within(results).getByText("Failed: Lead not found")).toBeInTheDocument();
    // One call with the picked ids, none per lead.
    expect(requests.filter((r) => r.method === "PUT" || r.path.startsWith("/leads/bulk")).map((r) => [r.path, r.body])).toEqual([["/leads/bulk_archive", { ids: [1, 3] }]]);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(within(screen.getByText("lead3@mail.example").closest("tr") as HTMLElement).getByRole("checkbox")).toBeChecked());
    // The archived lead left the unarchived grid; the refused one is still there, selected.
    expect(screen.queryByText("lead1@mail.example")).toBeNull();
    expect(screen.getByRole("button", { name: "Archive" })).toBeInTheDocument();
  });

  it("archives all leads matching the grid's filter in one call the server scopes, after naming how many", { timeout: 90_000 }, async () => {
    const { requests, lastList } = renderList("/dashboard/leads", "agent", { more: 24 });
    await screen.findByText("lead1@mail.example", {}, { timeout: 10_000 });
    fireEvent.click(screen.getAllByRole("checkbox", { name: "Select all" })[0]);
    fireEvent.click(await screen.findByRole("button", { name: "Select all 25 matching rows" }));
    fireEvent.click(screen.getByRole("button", { name: "Archive" }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText("Archive: 25 selected")).toBeInTheDocument();
    expect(within(confirm).getByText(/every row matching the grid's filter that you may change/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    await screen.findByRole("list", { name: "Archive: 2 done, 1 failed" });
    expect(await screen.findByText("Something went wrong")).toBeInTheDocument();
    const { archived, last_visit } = lastList().filter as { archived: boolean; last_visit: { start: string; end: string } };
    expect(requests.filter((r) => r.path.startsWith("/leads/bulk") || r.method === "PUT")).toEqual([
      { path: "/leads/bulk_archive", method: "POST", body: { all_matching: true, filter: { archived, last_visit } } },
    ]);
    expect(archived).toBe(false);
  });

  it("staff whose dashboard.leads key is off are turned away from the grid (no rows, no bulk bar, no bulk call), while the key on gives both", { timeout: 60_000 }, async () => {
    const off = renderList("/dashboard/leads", "staff", { permissions: [{ key: "dashboard.leads", value: false }] });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/dashboard/access-denied"));
    expect(screen.queryByText("lead1@mail.example")).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Archive" })).toBeNull();
    expect(off.requests.filter((r) => r.path.startsWith("/leads/bulk"))).toEqual([]);
    off.unmount();
    renderList("/dashboard/leads", "staff", { permissions: [{ key: "dashboard.leads", value: true }] });
    const allowedRow = (await screen.findByText("lead1@mail.example", {}, { timeout: 10_000 })).closest("tr") as HTMLElement;
    fireEvent.click(await within(allowedRow).findByRole("checkbox"));
    expect(await screen.findByRole("button", { name: "Archive" })).toBeInTheDocument();
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
