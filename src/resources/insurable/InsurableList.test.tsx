import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import type { Role } from "../../domain/roles";
import { UnitList } from "./InsurableList";

const PROPERTIES = [
  { id: 5, title: "Birch Park", insurable_type_id: 1, account_title: "Lakeshore", address: { city: "Austin", state: "TX", full: "1 Birch Way, Austin, TX 78701" } },
  { id: 21, title: "101", insurable_type_id: 4, community_id: 5, agency_id: 7, parent_title: "Birch Park", account_title: "Lakeshore", covered: true, occupied: true, address: { city: "Austin", state: "TX", full: "1 Birch Way, Austin, TX 78701" } },
  { id: 22, title: "201", insurable_type_id: 4, community_id: 6, agency_id: 8, parent_title: "Cedar Court", account_title: "Lakeshore", covered: false, occupied: false, address: { city: "Dallas", state: "TX", full: "9 Cedar Ct, Dallas, TX 75201" } },
];

function renderUnits(role: Role, url = "/dashboard/insurable/units") {
  const dataProvider = createMemoryDataProvider(
    { insurable: PROPERTIES, accounts: [] },
    {
      getSubAgencies: async () => [{ id: 7, title: "Acme Agency", agencies: [{ id: 8, title: "Acme North" }] }] as never,
      searchCommunities: async () => [{ id: 5, title: "Birch Park" }] as never,
    },
  );
  renderInAdmin(<UnitList />, { dataProvider, user: staffUser(role), url, path: "/dashboard/insurable/units" });
  const lastList = () => [...dataProvider.calls].reverse().find((c) => c.method === "getList" && c.resource === "insurable")?.params as { filter: Record<string, unknown> };
  return { dataProvider, lastList };
}

describe("properties grids' filters (issue 14 section 2: account, agency, community, state and city, covered, occupied)", () => {
  it("an agent filters units by agency, community (named from the address through the lookups by id) and city", async () => {
    const { dataProvider, lastList } = renderUnits("agent", '/dashboard/insurable/units?filter={"community_id":[5],"agency_id":[7]}');
    await waitFor(() => expect(lastList()?.filter).toMatchObject({ community_id: [5], agency_id: [7], insurable_type_id: [4, 5] }));
    // The community chip is named by getMany of properties (batched into list_by_fields by the real dataProvider), not "#5".
    const community = (await screen.findByRole("combobox", { name: "Community" })).closest(".MuiAutocomplete-root") as HTMLElement;
    expect(await within(community).findByText("Birch Park")).toBeInTheDocument();
    expect(within(community).queryByText("#5")).not.toBeInTheDocument();
    expect(dataProvider.calls.some((c) => c.method === "getMany" && c.resource === "insurable")).toBe(true);
    const agency = (await screen.findByRole("combobox", { name: "Agency" })).closest(".MuiAutocomplete-root") as HTMLElement;
    expect(await within(agency).findByText("Acme Agency")).toBeInTheDocument();
    expect(await screen.findByText("101")).toBeInTheDocument();
    expect(screen.queryByText("201")).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("City"), "austin{Enter}");
    await waitFor(() => expect(lastList().filter).toMatchObject({ address: { city: { like: "austin" } }, community_id: [5] }));
    expect(decodeURIComponent(screen.getByTestId("location").textContent ?? "")).toContain('"address":{"city":{"like":"austin"}}');
  });

  it("account staff have no agency filter (their account is one agency's); the community and city filters stay", async () => {
    renderUnits("staff");
    expect(await screen.findByText("101")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Community" })).toBeInTheDocument();
    expect(screen.getByLabelText("City")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Agency" })).not.toBeInTheDocument();
  });
});
