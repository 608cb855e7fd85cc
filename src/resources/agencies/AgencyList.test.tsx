import { describe, expect, it } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { AppRequestInit } from "../../dataProvider/types";
import type { Role } from "../../domain/roles";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { AgencyList, SubAgencyList } from "./AgencyList";

const agency = (id: number) => ({ id, title: `Agency ${String(id).padStart(2, "0")}`, enabled: true, agency_id: null, parent: null, agencies: [], producer_code: null, accounts_count: 0, contact_info: {} });

/** The agencies grid with 12 agencies (10 to a page); the bulk call answered in memory. */
function renderAgencies(role: Role, subagencies = false) {
  const requests: Array<{ path: string; init?: AppRequestInit }> = [];
  const dataProvider = createMemoryDataProvider(
    { agencies: Array.from({ length: 12 }, (_, i) => agency(i + 1)) },
    {
      request: async <T,>(path: string, init?: AppRequestInit) => {
        requests.push({ path, init });
        return { json: { done: [1, 2], failed: [] } as T, headers: new Headers() };
      },
    },
  );
  // The memory provider knows no with_subagencies: it is recorded by the request, then left to the server.
  const getList = dataProvider.getList.bind(dataProvider);
  dataProvider.getList = (resource, params) => {
    const { with_subagencies: _subs, ...filter } = params.filter ?? {};
    return getList(resource, { ...params, filter });
  };
  const path = subagencies ? "/dashboard/subagencies" : "/dashboard/agencies/browse";
  const view = renderInAdmin(subagencies ? <SubAgencyList /> : <AgencyList />, { dataProvider, user: staffUser(role), url: path, path });
  return { ...view, requests };
}

describe("AgencyList bulk Enable/Disable", () => {
  it("a super admin disables every agency matching the grid, the Sub-Agencies screen's included, in one call after naming how many", { timeout: 90_000 }, async () => {
    const { requests, i18nProvider } = renderAgencies("super_admin", true);
    await screen.findByText("Agency 01", {}, { timeout: 10_000 });
    fireEvent.click(screen.getAllByRole("checkbox", { name: "Select all" })[0]);
    fireEvent.click(await screen.findByRole("button", { name: "Select all 12 matching rows" }));
    fireEvent.click(screen.getByRole("button", { name: "Disable" }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText("Disable: 12 selected")).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    await screen.findByRole("list", { name: "Disable: 2 done, 0 failed" });
    expect(requests).toEqual([{ path: "/agencies/bulk_disable", init: { method: "POST", body: { all_matching: true, filter: { with_subagencies: true } } } }]);
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("agents, who may not switch agencies, get no row selection", async () => {
    renderAgencies("agent");
    await screen.findByText("Agency 01", {}, { timeout: 10_000 });
    expect(screen.queryByRole("checkbox", { name: "Select all" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Disable" })).toBeNull();
  });
});
