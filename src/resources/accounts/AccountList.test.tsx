import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router-dom";
import type { Role } from "../../domain/roles";
import type { AppMethods } from "../../dataProvider/types";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { AccountList } from "./AccountList";

const account = (id: number, title: string, agencyId: number, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  enabled: true,
  agency_id: agencyId,
  agency: { id: agencyId, title: agencyId === 2 ? "Acme Agency" : "Bay Agency" },
  contact_info: { contact_phone: "(512) 555-0100", contact_email: `office${id}@example.com` },
  primary_address: { full: `${id} Main St, Austin, TX 73301` },
  addresses: { state: "TX", city: "Austin", zip_code: "73301" },
  ...extra,
});

const ACCOUNTS = [
  account(1, "Sunrise Apartments", 2),
  account(2, "Harbor Lofts", 2, { enabled: false }),
  account(3, "Creekside", 3, { addresses: { state: "NV", city: "Reno", zip_code: "89501" } }),
];

const TREE: Awaited<ReturnType<AppMethods["getSubAgencies"]>> = [
  { id: 2, title: "Acme Agency", agency_id: null, enabled: true, agencies: [] },
  { id: 3, title: "Bay Agency", agency_id: null, enabled: true, agencies: [] },
];

function renderList(role: Role, url = "/dashboard/accounts/browse") {
  const dataProvider = createMemoryDataProvider({ accounts: ACCOUNTS }, { getSubAgencies: async () => TREE });
  const view = renderInAdmin(<AccountList />, {
    dataProvider,
    user: staffUser(role),
    url,
    path: "/dashboard/accounts/browse",
    routes: <Route path="/dashboard/accounts/view/:id" element={<p>account page</p>} />,
  });
  const lists = () => dataProvider.calls.filter((call) => call.method === "getList" && call.resource === "accounts");
  return { ...view, dataProvider, lists };
}

const rowOf = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;

describe("AccountList (accounts/browse)", () => {
  it("shows title, enabled, agency, contact phone and email, primary address, 10 to a page", async () => {
    const { lists, i18nProvider } = renderList("agent");
    expect(await screen.findByText("Sunrise Apartments")).toBeInTheDocument();
    for (const header of ["Title", "Enabled", "Agency", "Contact Phone", "Contact Email", "Primary Address"]) {
      expect(screen.getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    expect(within(rowOf("Harbor Lofts")).getByText("No")).toBeInTheDocument();
    expect(within(rowOf("Sunrise Apartments")).getByText("1 Main St, Austin, TX 73301")).toBeInTheDocument();
    expect((lists()[0].params as { pagination: { perPage: number } }).pagination.perPage).toBe(10);
    expect(screen.getByRole("link", { name: "Add Account" })).toBeInTheDocument();
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("a super admin chooses an agency before accounts load, with the spec's hint", async () => {
    const { lists } = renderList("super_admin");
    expect(await screen.findByText("You can search agency by entering name in the field above.")).toBeInTheDocument();
    expect(screen.queryByText("Sunrise Apartments")).not.toBeInTheDocument();
    expect(lists()).toHaveLength(0);
    fireEvent.mouseDown(screen.getByLabelText("Agency"));
    fireEvent.click(await screen.findByRole("option", { name: "Bay Agency" }));
    expect(await screen.findByText("Creekside")).toBeInTheDocument();
    expect(screen.queryByText("Sunrise Apartments")).not.toBeInTheDocument();
    await waitFor(() => expect((lists().at(-1)!.params as { filter: unknown }).filter).toEqual({ agency_id: [3] }));
  });

  it("searches by title on Submit and filters by state", async () => {
    const { lists } = renderList("agent");
    await screen.findByText("Sunrise Apartments");
    fireEvent.change(screen.getByLabelText("Keyword"), { target: { value: "harbor" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(screen.queryByText("Sunrise Apartments")).not.toBeInTheDocument());
    expect(screen.getByText("Harbor Lofts")).toBeInTheDocument();
    expect((lists().at(-1)!.params as { filter: unknown }).filter).toEqual({ title: { like: "harbor" } });
  });

  it("a row opens the account page", async () => {
    renderList("agent");
    fireEvent.click(await screen.findByText("Sunrise Apartments"));
    expect(await screen.findByText("account page")).toBeInTheDocument();
  });

  it("says 'No results found with your filters' when nothing matches", async () => {
    renderList("agent", '/dashboard/accounts/browse?filter={"title":{"like":"nothing"}}');
    expect(await screen.findByText("No results found with your filters")).toBeInTheDocument();
  });
});
