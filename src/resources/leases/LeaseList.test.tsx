import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { LeaseList } from "./LeaseList";

describe("leases grid's community filter", () => {
  it("names a community that came from the address (it showed '#5')", async () => {
    const dataProvider = createMemoryDataProvider({ insurable: [{ id: 5, title: "Birch Park", insurable_type_id: 1 }], leases: [] }, { searchCommunities: async () => [] as never });
    renderInAdmin(<LeaseList />, { dataProvider, user: staffUser("staff"), url: '/dashboard/leases?filter={"community_id":[5]}', path: "/dashboard/leases" });
    const community = (await screen.findByRole("combobox", { name: "Community" })).closest(".MuiAutocomplete-root") as HTMLElement;
    expect(await within(community).findByText("Birch Park")).toBeInTheDocument();
    expect(within(community).queryByText("#5")).not.toBeInTheDocument();
  });
});
