import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { DashboardGraphs, DashboardTotals } from "../../domain/dashboard";
import type { AppRequestInit } from "../../dataProvider/types";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { formatDateTime } from "../../domain/format";
import { valueAxis } from "./DashboardChart";
import { PoliciesDashboardPage } from "./PoliciesDashboardPage";

const TOTALS: DashboardTotals = {
  all_policies_count: 1234,
  bound: 1000,
  cancelled: 34,
  total_premium_paid: 12_345_678,
  average_premium_paid: 10_005,
  total_commission: 1_500_000,
  agencies_commissions: 1_000_000,
  carriers_commissions: 600_000,
  get_covered_commissions: 500_000,
  computed_at: "2026-03-08T17:04:05.000Z",
};
const point = { current_added_policies: 2, total_new_policies: 3, premium_collected: 10_000, agencies_commissions: 1_000, carriers_commissions: 500, get_covered_commissions: 250 };
const GRAPHS: DashboardGraphs = { bucket: "day", total: point, graphs: { "2026-03-01": point, "2026-03-02": point } };

function renderPage(role: "staff" | "agent" | "super_admin", url = "/dashboard/policies/total") {
  const requests: string[] = [];
  const dataProvider = createMemoryDataProvider(
    {},
    {
      async request<T>(path: string, _init?: AppRequestInit) {
        requests.push(path);
        if (path.startsWith("/policies_dashboard/total")) return { json: TOTALS as T, headers: new Headers() };
        if (path.startsWith("/policies_dashboard/graphs")) return { json: GRAPHS as T, headers: new Headers() };
        throw new Error(`unexpected ${path}`);
      },
      async getSubAgencies() {
        return [{ id: 7, title: "Acme Agency", agency_id: null, enabled: true, agencies: [{ id: 8, title: "Acme West" }] }];
      },
    } as never,
  );
  const view = renderInAdmin(<PoliciesDashboardPage />, { dataProvider, user: staffUser(role), url, path: "/dashboard/policies/total" });
  return { ...view, requests };
}

describe("DashboardChart's value axis", () => {
  it("spans 0 to 1 for a series of zeros (an axis over [0, 0] drew one cut-off tick), the chart's own otherwise", () => {
    expect(valueAxis([0, 0, 0])).toEqual([{ min: 0, max: 1 }]);
    expect(valueAxis([0, 2.5, 0])).toEqual([{}]);
  });
});

describe("PoliciesDashboardPage (/dashboard/policies/total)", () => {
  it("shows a super admin every tile in dollars, Net Premium to Carrier and GetCovered's, for the last 7 days and product All", async () => {
    const { requests, i18nProvider } = renderPage("super_admin");
    await waitFor(() => expect(within(screen.getByTestId("dashboard-tile-all_policies_count")).getByText("1,234")).toBeInTheDocument());
    expect(within(screen.getByTestId("dashboard-tile-total_premium_paid")).getByText("Total Premium")).toBeInTheDocument();
    expect(within(screen.getByTestId("dashboard-tile-total_premium_paid")).getByText("$123,456.78")).toBeInTheDocument();
    expect(within(screen.getByTestId("dashboard-tile-net_premium_to_carrier")).getByText("$108,456.78")).toBeInTheDocument();
    expect(within(screen.getByTestId("dashboard-tile-get_covered_commissions")).getByText("GetCovered Commission")).toBeInTheDocument();
    expect(screen.getByTestId("dashboard-chart-get_covered_commissions")).toBeInTheDocument();
    const total = requests.find((r) => r.startsWith("/policies_dashboard/total")) as string;
    const query = new URLSearchParams(total.split("?")[1]);
    expect(query.get("filter[policy_type_id]")).toBe("0");
    const days = (Date.parse(query.get("filter[created_at][end]") as string) - Date.parse(query.get("filter[created_at][start]") as string)) / 86_400_000;
    expect(days).toBe(6);
    expect(requests.find((r) => r.startsWith("/policies_dashboard/graphs"))).toContain("sort%5Bcolumn%5D%5B%5D=last_visit");
    // The server keeps the figures a short while: the page says when they were computed.
    expect(screen.getByTestId("dashboard-computed-at")).toHaveTextContent(`Figures as of ${formatDateTime(new Date(TOTALS.computed_at!))}`);
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("hints under the super admin's agency picker as every agency picker does (document 3 section 2)", async () => {
    renderPage("super_admin");
    const agency = await screen.findByRole("combobox", { name: "Agency" });
    expect(agency).toHaveAccessibleDescription("You can search agency by entering name in the field above.");
  });

  it("ends the breadcrumbs with the page as document 2 names it: Dashboards > Policies, for every role", async () => {
    for (const role of ["super_admin", "agent", "staff"] as const) {
      const { unmount } = renderPage(role);
      const trail = await screen.findByRole("navigation", { name: "Breadcrumbs" });
      expect(within(trail).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Home", "Dashboards", "Policies"]);
      expect(within(trail).getByText("Policies")).toHaveAttribute("aria-current", "page");
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Policies Dashboard");
      unmount();
    }
  });

  it("hides GetCovered's tile and chart and the agency picker from agents; Time Period changes the window", async () => {
    const { requests } = renderPage("agent");
    await screen.findByText("1,234");
    expect(screen.queryByTestId("dashboard-tile-get_covered_commissions")).not.toBeInTheDocument();
    expect(screen.queryByTestId("dashboard-chart-get_covered_commissions")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Agency")).not.toBeInTheDocument();
    expect(screen.queryByText("You can search agency by entering name in the field above.")).not.toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText("Time Period"));
    fireEvent.click(await screen.findByRole("option", { name: "Last Year" }));
    await waitFor(() => {
      const last = new URLSearchParams((requests.filter((r) => r.startsWith("/policies_dashboard/total")).at(-1) as string).split("?")[1]);
      expect((Date.parse(last.get("filter[created_at][end]") as string) - Date.parse(last.get("filter[created_at][start]") as string)) / 86_400_000).toBe(364);
    });
  });

  it("shows staff the page without content and makes no dashboard call", async () => {
    const { requests } = renderPage("staff");
    expect(await screen.findByText("Policies Dashboard", { selector: "h1" })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId("dashboard-tile-all_policies_count")).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
