import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AppRequestInit } from "../../dataProvider/types";
import type { Role } from "../../domain/roles";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { AccountShow } from "../../resources/accounts/AccountShow";
import type { ReportRow } from "./ReportsPanel";

const ACCOUNT = { id: 7, title: "Maple Residential", enabled: true, agency: { id: 2, title: "Summit" }, addresses: [], contact_info: {} };
const READY: ReportRow = {
  id: 31,
  kind: "compliance",
  status: "ready",
  progress: 100,
  created_at: "2026-11-20T17:00:00.000Z",
  period: { from: "2026-11-20", to: "2026-11-20" },
  formats: ["csv", "xlsx"],
  summary: { units: 40, covered_units: 30, covered_percent: 75, active_policies: 28, expiring_30_days: 3 },
};
const QUEUED: ReportRow = { ...READY, id: 32, status: "running", progress: 50, formats: [], summary: null, created_at: "2026-11-27T17:00:00.000Z", period: { from: "2026-11-27", to: "2026-11-27" } };

/** The account page's Reports tab over a fake API: `lists` are the successive answers of GET …/reports. */
function setup(role: Role, lists: ReportRow[][]) {
  const requests: Array<{ path: string } & AppRequestInit> = [];
  let listed = 0;
  const dataProvider = createMemoryDataProvider(
    { accounts: [ACCOUNT], carriers: [{ id: 4, title: "Acme Mutual" }] },
    {
      async request<T>(path: string, init: AppRequestInit = {}) {
        requests.push({ path, ...init });
        if (path === "/accounts/7/reports") return { json: lists[Math.min(listed++, lists.length - 1)] as T, headers: new Headers({ "total-entries": "1" }) };
        if (path === "/accounts/7/reports/generate") return { json: { ...QUEUED, status: "queued", progress: 0 } as T, headers: new Headers() };
        if (path === "/reports/bordereau_reports") return { json: { message: "Report were sent" } as T, headers: new Headers() };
        throw new Error(`unexpected ${path}`);
      },
    },
  );
  const view = renderInAdmin(<AccountShow />, { dataProvider, user: staffUser(role), url: "/dashboard/accounts/view/7/reports", path: "/dashboard/accounts/view/:id/*" });
  return { ...view, requests };
}

describe("the Reports tab", () => {
  it("lists the account's reports with their figures and CSV and XLSX downloads once ready", async () => {
    const { i18nProvider } = setup("staff", [[READY]]);
    const table = await screen.findByRole("table", { name: "Reports" });
    const row = within(table).getByText("Ready").closest("tr") as HTMLElement;
    expect(within(row).getByText("Compliance")).toBeInTheDocument();
    expect(within(row).getByText("30 of 40 units covered (75 %), 28 active policies, 3 expiring in 30 days")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "CSV" })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "XLSX" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Generate report" })).toBeInTheDocument();
    // The bordereau is a super admin's request.
    expect(screen.queryByRole("button", { name: "Bordereau report" })).not.toBeInTheDocument();
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });

  it("Generate report asks for one, shows its progress and reads the list again until it is ready", async () => {
    const { requests } = setup("agent", [[READY], [QUEUED, READY], [{ ...QUEUED, status: "ready", progress: 100, formats: ["csv", "xlsx"], summary: READY.summary }, READY]]);
    fireEvent.click(await screen.findByRole("button", { name: "Generate report" }));
    expect(await screen.findByText("Generating")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Generating 50 %" })).toBeInTheDocument();
    expect(requests.find((r) => r.path === "/accounts/7/reports/generate")).toMatchObject({ method: "POST", query: { type: "compliance" } });
    await waitFor(() => expect(screen.queryByText("Generating")).not.toBeInTheDocument(), { timeout: 5000 });
    expect(screen.getAllByRole("button", { name: "CSV" })).toHaveLength(2);
    expect(requests.filter((r) => r.path === "/accounts/7/reports").length).toBe(3);
  });

  it("a super admin requests the bordereau for a period and a carrier", async () => {
    const { requests } = setup("super_admin", [[]]);
    expect(await screen.findByText("No reports yet. Generate one to download it as CSV or XLSX.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Bordereau report" }));
    const dialog = await screen.findByRole("dialog", { name: "Request a bordereau report" });
    fireEvent.change(within(dialog).getByLabelText(/From/), { target: { value: "2026-01-01" } });
    fireEvent.change(within(dialog).getByLabelText(/To/), { target: { value: "2026-03-31" } });
    fireEvent.mouseDown(within(dialog).getByRole("combobox"));
    fireEvent.click(await screen.findByRole("option", { name: "Acme Mutual" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Report were sent")).toBeInTheDocument();
    expect(requests.find((r) => r.path === "/reports/bordereau_reports")).toMatchObject({ method: "POST", body: { from: "2026-01-01", to: "2026-03-31", carrier_id: 4 } });
  });
});
