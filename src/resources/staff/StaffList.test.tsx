import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpError } from "react-admin";
import { Route } from "react-router-dom";
import type { Role } from "../../domain/roles";
import type { AppMethods } from "../../dataProvider/types";
import { staffMember, staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { StaffList } from "./StaffList";

const STAFF = [
  staffMember(1, { profile_attributes: { first_name: "Mia", last_name: "Wong", full_name: "Mia Wong" }, role: "staff", enabled: true }),
  staffMember(2, {
    profile_attributes: { first_name: "Noah", last_name: "Diaz", full_name: "Noah Diaz" },
    role: "policy_support",
    enabled: false,
    invitation_accepted_at: null,
    invitation_pending: true,
  }),
  staffMember(3, { profile_attributes: { first_name: "Ola", last_name: "Berg", full_name: "Ola Berg" }, role: "agent", organizable_type: "Agency", organizable_id: 2 }),
];

function renderList({ role = "agent" as Role, url = "/dashboard/staff/browse", overrides = {} as Partial<AppMethods>, more = 0 } = {}) {
  const extra = Array.from({ length: more }, (_, i) => staffMember(10 + i, { profile_attributes: { first_name: "Extra", last_name: `${i}`, full_name: `Extra ${i}` }, role: "staff" }));
  const dataProvider = createMemoryDataProvider({ staff: [...STAFF, ...extra] }, overrides);
  const view = renderInAdmin(<StaffList />, {
    dataProvider,
    user: staffUser(role),
    url,
    path: "/dashboard/staff/browse",
    routes: <Route path="/dashboard/staff/view/:id" element={<p>staff detail page</p>} />,
  });
  const lastList = () => [...dataProvider.calls].reverse().find((call) => call.method === "getList")?.params as { filter: Record<string, unknown> };
  return { ...view, dataProvider, lastList };
}

const rowOf = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;

describe("StaffList (staff/browse)", () => {
  // react-admin logs every failed dataProvider call in development; the failures below are on purpose.
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("opens on property managers (organizable type Account) and shows role without underscores and Yes/No", async () => {
    const { lastList, i18nProvider } = renderList();
    expect(await screen.findByText("Mia Wong")).toBeInTheDocument();
    expect(lastList().filter).toEqual({ organizable_type: "Account" });
    expect(screen.queryByText("Ola Berg")).not.toBeInTheDocument();
    const noah = rowOf("Noah Diaz");
    expect(within(noah).getByText("policy support")).toBeInTheDocument();
    expect(within(noah).queryByText("policy_support")).not.toBeInTheDocument();
    expect(within(noah).getByText("No")).toBeInTheDocument();
    expect(within(rowOf("Mia Wong")).getByText("Yes")).toBeInTheDocument();
    expect(within(rowOf("Mia Wong")).getByText("Account")).toBeInTheDocument();
    for (const header of ["Role", "Name", "Email", "Enabled", "Organizable Type", "Organizable ID", "Agency ID", "Actions"]) {
      expect(screen.getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("offers re-invite only to staff who have not accepted their invitation", async () => {
    renderList();
    await screen.findByText("Mia Wong");
    expect(await within(rowOf("Noah Diaz")).findByRole("button", { name: "Re-invite" })).toBeInTheDocument();
    expect(await within(rowOf("Mia Wong")).findByRole("button", { name: "Disable" })).toBeInTheDocument();
    expect(within(rowOf("Mia Wong")).queryByRole("button", { name: "Re-invite" })).not.toBeInTheDocument();
  });

  it("disables a staff member after confirmation and says 'Success!'", async () => {
    const { dataProvider } = renderList();
    await screen.findByText("Mia Wong");
    fireEvent.click(await within(rowOf("Mia Wong")).findByRole("button", { name: "Disable" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Disable Mia Wong?")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Success!")).toBeInTheDocument();
    expect(dataProvider.calls.find((call) => call.method === "toggleStaffEnabled")?.params).toEqual({ id: 1 });
    await waitFor(() => expect(within(rowOf("Mia Wong")).getByText("No")).toBeInTheDocument());
    // the confirmation did not open the row
    expect(screen.getByTestId("location").textContent).toBe("/dashboard/staff/browse");
  });

  it("shows the server's error text for 3 s with CLOSE when the action fails", async () => {
    renderList({
      overrides: { reInviteStaff: () => Promise.reject(new HttpError("Already activated", 422, { message: "Already activated", errors: { staff: "Already activated" } })) },
    });
    await screen.findByText("Noah Diaz");
    fireEvent.click(await within(rowOf("Noah Diaz")).findByRole("button", { name: "Re-invite" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Already activated")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "CLOSE" })).toBeInTheDocument();
  });

  it("says 'Something went wrong' when the failure carries no text", async () => {
    renderList({ overrides: { toggleStaffEnabled: () => Promise.reject(new Error("network down")) } });
    await screen.findByText("Mia Wong");
    fireEvent.click(await within(rowOf("Mia Wong")).findByRole("button", { name: "Disable" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Something went wrong")).toBeInTheDocument();
  });

  it("disables the picked staff in one call after a confirmation naming their count, each set (not toggled) by the server, with 'Success!'", { timeout: 60_000 }, async () => {
    const requests: Array<{ path: string; body?: unknown }> = [];
    const { dataProvider } = renderList({
      overrides: {
        async request<T>(path: string, init?: { body?: unknown }) {
          requests.push({ path, body: init?.body });
          return { json: { done: (init?.body as { ids: number[] }).ids, failed: [] } as T, headers: new Headers() };
        },
      },
    });
    await screen.findByText("Mia Wong");
    fireEvent.click(within(rowOf("Mia Wong")).getByRole("checkbox"));
    fireEvent.click(within(rowOf("Noah Diaz")).getByRole("checkbox"));
    fireEvent.click(screen.getAllByRole("button", { name: "Disable" }).find((b) => b.getAttribute("data-bulk-action") === "disable")!);
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText("Disable: 2 selected")).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Success!")).toBeInTheDocument();
    expect(requests).toEqual([
      { path: "/staffs/bulk_disable", body: { ids: [1, 2], filter: {} } },
    ]);
    expect(dataProvider.calls.filter((call) => call.method === "toggleStaffEnabled")).toEqual([]);
  });

  it("re-invites every staff member matching the grid's filter in one call; a refused one is named with the server's reason and 'Something went wrong'", { timeout: 60_000 }, async () => {
    const requests: Array<{ path: string; body?: unknown }> = [];
    renderList({
      more: 30,
      overrides: {
        async request<T>(path: string, init?: { body?: unknown }) {
          requests.push({ path, body: init?.body });
          return { json: { done: [2], failed: [{ id: 1, reason: "Already activated" }] } as T, headers: new Headers() };
        },
      },
    });
    await screen.findByText("Mia Wong");
    fireEvent.click(screen.getAllByRole("checkbox", { name: "Select all" })[0]);
    fireEvent.click(await screen.findByRole("button", { name: "Select all 32 matching rows" }));
    fireEvent.click(screen.getAllByRole("button", { name: "Re-invite" }).find((b) => b.getAttribute("data-bulk-action") === "re_invite")!);
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText(/every row matching the grid's filter that you may change/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Something went wrong")).toBeInTheDocument();
    const results = await screen.findByRole("list", { name: "Re-invite: 1 done, 1 failed" });
    expect(within(results).getByText("Failed: Already activated").closest("li")).toHaveAttribute("data-row-result", "failed");
    expect(requests).toEqual([{ path: "/staffs/bulk_re_invite", body: { all_matching: true, filter: { organizable_type: "Account" } } }]);
  });

  it("offers no row selection to staff without the managers key's actions", async () => {
    renderList({ role: "policy_support" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Disable" })).toBeNull());
    expect(screen.queryByRole("checkbox", { name: "Select all" })).toBeNull();
  });

  it("lets agents switch to agents (organizable type Agency)", async () => {
    const { lastList } = renderList();
    await screen.findByText("Mia Wong");
    fireEvent.mouseDown(screen.getByLabelText("Organizable Type"));
    fireEvent.click(await screen.findByRole("option", { name: "Agency" }));
    expect(await screen.findByText("Ola Berg")).toBeInTheDocument();
    expect(lastList().filter).toEqual({ organizable_type: "Agency" });
  });

  it("account staff get no organizable type filter", async () => {
    renderList({ role: "staff" });
    await screen.findByText("Mia Wong");
    expect(screen.getByLabelText("Enabled")).toBeInTheDocument();
    expect(screen.queryByLabelText("Organizable Type")).not.toBeInTheDocument();
  });

  it("'No results found with your filters' + Clear Filters, which drops the default filter too", async () => {
    const { lastList } = renderList({ url: '/dashboard/staff/browse?filter={"organizable_type":"Account","email":{"like":"nobody"}}' });
    expect(await screen.findByText("No results found with your filters")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    expect(await screen.findByText("Ola Berg")).toBeInTheDocument();
    expect(lastList().filter).toEqual({});
  });

  it("opens staff/view/{id} on a row click", async () => {
    renderList();
    fireEvent.click(await screen.findByText("Mia Wong"));
    expect(await screen.findByText("staff detail page")).toBeInTheDocument();
    expect(screen.getByTestId("location").textContent).toBe("/dashboard/staff/view/1");
  });
});
