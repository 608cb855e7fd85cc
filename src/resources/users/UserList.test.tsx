import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router-dom";
import type { Role } from "../../domain/roles";
import { customer, staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { UserList } from "./UserList";

const USERS = [
  customer(1, { full_name: "Ann Lee", email: "ann.lee@example.com", has_current_leases: true, has_existing_policies: false }),
  customer(2, { full_name: "Bob Stone", email: "bob.stone@example.com", has_current_leases: false, has_existing_policies: true }),
];

function renderList({ url = "/dashboard/users/browse", role = "agent" as Role, users = USERS } = {}) {
  const dataProvider = createMemoryDataProvider({ users, accounts: [{ id: 5, title: "Sunrise Apartments" }] });
  const view = renderInAdmin(<UserList />, {
    dataProvider,
    user: staffUser(role),
    url,
    path: "/dashboard/users/browse",
    routes: <Route path="/dashboard/users/view/:id" element={<p>user detail page</p>} />,
  });
  const lastList = () => [...dataProvider.calls].reverse().find((call) => call.method === "getList" && call.resource === "users")?.params as {
    filter: Record<string, unknown>;
    pagination: { page: number; perPage: number };
    sort: { field: string; order: string };
  };
  return { ...view, dataProvider, lastList };
}

const location = () => decodeURIComponent(screen.getByTestId("location").textContent ?? "");

describe("UserList (users/browse)", () => {
  it("shows the customers with Yes/No columns, 20 per page, newest first", async () => {
    const { lastList, i18nProvider } = renderList();
    expect(await screen.findByText("Ann Lee")).toBeInTheDocument();
    const annRow = screen.getByText("Ann Lee").closest("tr") as HTMLElement;
    expect(within(annRow).getByText("ann.lee@example.com")).toBeInTheDocument();
    expect(within(annRow).getByText("T1001")).toBeInTheDocument();
    expect(within(annRow).getAllByText(/^(Yes|No)$/).map((cell) => cell.textContent)).toEqual(["Yes", "No"]);
    const bobRow = screen.getByText("Bob Stone").closest("tr") as HTMLElement;
    expect(within(bobRow).getAllByText(/^(Yes|No)$/).map((cell) => cell.textContent)).toEqual(["No", "Yes"]);
    for (const header of ["Name", "Login Email", "Contact Email", "Phone", "T Code", "Current Leases", "Existing Policies", "Created At"]) {
      expect(screen.getByText(header)).toBeInTheDocument();
    }
    expect(lastList()).toMatchObject({ pagination: { page: 1, perPage: 20 }, sort: { field: "created_at", order: "DESC" } });
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("offers the six search types and submits the keyword on Enter, into the URL", async () => {
    const { lastList } = renderList();
    await screen.findByText("Ann Lee");
    fireEvent.mouseDown(screen.getByLabelText("Search by"));
    const options = (await screen.findAllByRole("option")).map((option) => option.textContent);
    expect(options).toEqual(["Full Name", "Login Email", "Contact Email", "Contact Phone", "T Code", "Policy Number"]);
    fireEvent.click(screen.getByRole("option", { name: "Login Email" }));
    const keyword = screen.getByLabelText("Keyword");
    await userEvent.type(keyword, "bob");
    // typing alone does not search
    expect(lastList().filter).toEqual({});
    await userEvent.type(keyword, "{Enter}");
    await waitFor(() => expect(lastList().filter).toEqual({ email: { like: "bob" } }));
    await waitFor(() => expect(screen.queryByText("Ann Lee")).not.toBeInTheDocument());
    expect(screen.getByText("Bob Stone")).toBeInTheDocument();
    expect(location()).toContain('filter={"email":{"like":"bob"}}');
  });

  it("the Submit button applies the keyword too, replacing the previous search type", async () => {
    const { lastList } = renderList({ url: '/dashboard/users/browse?filter={"email":{"like":"ann"}}' });
    await waitFor(() => expect(lastList().filter).toEqual({ email: { like: "ann" } }));
    expect(screen.getByLabelText("Keyword")).toHaveValue("ann");
    fireEvent.mouseDown(screen.getByLabelText("Search by"));
    fireEvent.click(await screen.findByRole("option", { name: "Full Name" }));
    await userEvent.clear(screen.getByLabelText("Keyword"));
    await userEvent.type(screen.getByLabelText("Keyword"), "stone");
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(lastList().filter).toEqual({ profile: { full_name: { like: "stone" } } }));
  });

  it("reads filters, page and page size back from the URL", async () => {
    const many = Array.from({ length: 60 }, (_, i) => customer(i + 1, { has_current_leases: true }));
    const { lastList } = renderList({ url: '/dashboard/users/browse?filter={"has_current_leases":"true"}&page=2&perPage=50', users: many });
    await waitFor(() => expect(lastList()).toMatchObject({ filter: { has_current_leases: "true" }, pagination: { page: 2, perPage: 50 } }));
    expect(await screen.findByText("51-60 of 60")).toBeInTheDocument();
    expect(screen.getByLabelText("Has Current Leases")).toHaveTextContent("Yes");
  });

  it("says 'No results found with your filters' and clears them with Clear Filters", async () => {
    const { lastList } = renderList({ url: '/dashboard/users/browse?filter={"t_code":{"like":"nobody"}}' });
    expect(await screen.findByText("No results found with your filters")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    expect(await screen.findByText("Ann Lee")).toBeInTheDocument();
    expect(lastList().filter).toEqual({});
    expect(screen.getByLabelText("Keyword")).toHaveValue("");
  });

  it("says only 'No results found' without filters", async () => {
    renderList({ users: [] });
    expect(await screen.findByText("No results found")).toBeInTheDocument();
    expect(screen.queryByText(/with your filters/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Clear Filters" })).not.toBeInTheDocument();
  });

  it("filters by Yes/No selects", async () => {
    const { lastList } = renderList();
    await screen.findByText("Ann Lee");
    fireEvent.mouseDown(screen.getByLabelText("Has Existing Policies"));
    fireEvent.click(await screen.findByRole("option", { name: "Yes" }));
    await waitFor(() => expect(lastList().filter).toEqual({ has_existing_policies: "true" }));
    await waitFor(() => expect(screen.queryByText("Ann Lee")).not.toBeInTheDocument());
  });

  it("opens users/view/{id} on a row click", async () => {
    renderList();
    fireEvent.click(await screen.findByText("Bob Stone"));
    expect(await screen.findByText("user detail page")).toBeInTheDocument();
    expect(location()).toBe("/dashboard/users/view/2");
  });

  it("shows the accounts and communities filters to agents", async () => {
    renderList({ role: "agent" });
    await screen.findByText("Ann Lee");
    expect(await screen.findByLabelText("Accounts")).toBeInTheDocument();
    expect(screen.getByLabelText("Communities")).toBeInTheDocument();
  });

  it("hides the accounts filter from account staff", async () => {
    renderList({ role: "staff" });
    await screen.findByText("Ann Lee");
    expect(screen.getByLabelText("Communities")).toBeInTheDocument();
    expect(screen.queryByLabelText("Accounts")).not.toBeInTheDocument();
  });

  it("reads a capped total as '1-20 of 10,000+' and still offers the next page", async () => {
    const dataProvider = createMemoryDataProvider({ users: USERS, accounts: [] });
    const getList = dataProvider.getList;
    // The dataProvider's answer when the server counted up to its cap (dataProvider.ts, partial pagination).
    dataProvider.getList = async (resource, params) => {
      const result = await getList(resource, params);
      return resource === "users" ? { data: result.data, pageInfo: { hasNextPage: true, hasPreviousPage: false }, meta: { totalAtLeast: 10000 } } : result;
    };
    renderInAdmin(<UserList />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/users/browse", path: "/dashboard/users/browse" });
    await screen.findByText("Ann Lee");
    expect(await screen.findByText("1-20 of 10,000+")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go to next page" })).toBeEnabled();
  });
});
