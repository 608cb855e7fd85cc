import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AppRequestInit } from "../../dataProvider/types";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { COVERAGE_CLASSES, COVERAGE_CLASS_COLOR } from "./ReportingCharts";
import { ReportingPage } from "./ReportingPage";
import { flatten, toCsv, type TimeSeries } from "./types";

const SERIES: TimeSeries = {
  data: { total_units: { "5": [10, 12] }, percent_units: { "5": [50, 62.5] }, total_units_none: { "5": [3, null] } },
  meta: { report_dates: ["2026-01-01", "2026-02-01"], reportable_ids: [5], reportable_type: "Account", titles: { "5": "Sunrise Apartments" } },
};

function renderPage(role: "staff" | "super_admin") {
  const bodies: unknown[] = [];
  const dataProvider = createMemoryDataProvider({}, {
    async request<T>(path: string, init?: AppRequestInit) {
      bodies.push({ path, body: init?.body });
      if (path === "/compound_coverage_snapshots/data_span") return { json: { start_date: "2026-01-01", end_date: "2026-02-01", report_dates_count: 2, reportable_type: "Account" } as T, headers: new Headers() };
      if (path === "/compound_coverage_snapshots/time_series") return { json: SERIES as T, headers: new Headers() };
      if (path === "/compliance/forecast") return { json: { total: [0, 30, 60, 90].map((days) => ({ days, share: 0.5 + days / 1000 })) } as T, headers: new Headers() };
      throw new Error(`unexpected ${path}`);
    },
  });
  return { ...renderInAdmin(<ReportingPage />, { dataProvider, user: staffUser(role), url: "/dashboard/reporting", path: "/dashboard/reporting/*" }), bodies };
}

describe("ReportingPage (/dashboard/reporting)", () => {
  it("shows staff their account's snapshot table and data span", async () => {
    const { bodies, i18nProvider } = renderPage("staff");
    const row = await screen.findByTestId("coverage-row-2026-02-01");
    expect(within(row).getByText("62.5%")).toBeInTheDocument();
    expect(within(row).getByText("12")).toBeInTheDocument();
    expect(screen.getByTestId("coverage-span")).toHaveTextContent("Data from 2026-01-01 to 2026-02-01 (2 report dates, America/Los_Angeles)");
    expect(bodies).toContainEqual({ path: "/compound_coverage_snapshots/time_series", body: expect.objectContaining({ reportable_type: "Account", reportable_ids: "all" }) });
    // Looking ahead as well as back: the forecast of the covered share (issue 17 section 3).
    expect(await within(screen.getByRole("link", { name: "Open In 90 days" })).findByText("59.0 %")).toBeInTheDocument();
    await waitFor(() => expect(i18nProvider.missingKeys.size).toBe(0));
  });

  it("lets the snapshot table's columns be hidden and shown again with the grid kit's column chooser, every field reachable", async () => {
    renderPage("staff");
    const table = await screen.findByRole("table", { name: "Snapshot table" });
    const headers = () => within(table).getAllByRole("columnheader", { hidden: true }).map((h) => h.textContent);
    expect(headers()).toEqual(["Report date", "Total units", "Compliance %", "HO4", "Master", "Unknown", "None", "Unoccupied", "Excluded"]);
    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    const chooser = await screen.findByRole("group", { name: "Columns" });
    expect(within(chooser).getAllByRole("checkbox")).toHaveLength(8);
    fireEvent.click(within(chooser).getByRole("checkbox", { name: "Unoccupied" }));
    expect(headers()).not.toContain("Unoccupied");
    fireEvent.click(within(chooser).getByRole("checkbox", { name: "Unoccupied" }));
    expect(headers()).toContain("Unoccupied");
  });

  it("starts a super admin on the System", async () => {
    const { bodies } = renderPage("super_admin");
    await screen.findByTestId("coverage-row-2026-01-01");
    expect(bodies).toContainEqual({ path: "/compound_coverage_snapshots/data_span", body: { reportable_type: "System" } });
  });

  it("gives each coverage class of the units chart its own colour (the palette's seven repeated: Excluded looked like HO4 internal)", () => {
    const colours = COVERAGE_CLASSES.map((c) => COVERAGE_CLASS_COLOR[c]);
    expect(colours.every(Boolean)).toBe(true);
    expect(new Set(colours).size).toBe(COVERAGE_CLASSES.length);
  });

  it("flattens a series into date, id, type, value and field rows for the CSV", () => {
    const csv = toCsv(flatten(SERIES, 5));
    expect(csv.split("\n")[0]).toBe("date,id,type,value,field");
    expect(csv).toContain("2026-02-01,5,Account,62.5,percent_units");
    expect(csv).toContain("2026-02-01,5,Account,,total_units_none");
  });
});
