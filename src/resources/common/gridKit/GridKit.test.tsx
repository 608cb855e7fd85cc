import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError } from "react-admin";
import type { AppRequestInit } from "../../../dataProvider/types";
import type { SavedView } from "../../../domain/savedViews";
import { staffUser } from "../../../test/fixtures";
import { createMemoryDataProvider } from "../../../test/memoryDataProvider";
import { renderInAdmin } from "../../../test/TestAdmin";
import { AccountList } from "../../accounts/AccountList";
import { EXPORT_MAX, matchingRows, toCsv } from "./GridExport";
import { gridNameOf } from "./gridName";

const account = (id: number, title: string, enabled = true) => ({
  id,
  title,
  enabled,
  agency_id: 2,
  agency: { id: 2, title: "Acme Agency" },
  contact_info: { contact_phone: "(512) 555-0100", contact_email: `office${id}@example.com` },
  primary_address: { full: `${id} Main St, Austin, TX 73301` },
});

/** The accounts grid (one of every list the shared grid serves) with saved views and enable/disable answered in memory. */
function renderAccounts(options: { refuse?: number; count?: number } = {}) {
  const views: SavedView[] = [{ id: 7, resource: "accounts", name: "Colleague's view", params: { sort: "title", order: "DESC", hidden: ["agency.title"] }, shared: true, own: false, owner_name: "Dana Smith" }];
  const requests: Array<{ path: string; init?: AppRequestInit }> = [];
  const dataProvider = createMemoryDataProvider(
    { accounts: [account(1, "Sunrise Apartments"), account(2, "Harbor Lofts"), account(3, "Creekside"), ...Array.from({ length: (options.count ?? 3) - 3 }, (_, i) => account(4 + i, `Oak ${4 + i}`))] },
    {
      getSubAgencies: async () => [],
      request: async <T,>(path: string, init?: AppRequestInit) => {
        requests.push({ path, init });
        if (path === "/saved_views" && init?.method === "POST") {
          const body = (init.body as { saved_view: Omit<SavedView, "id" | "own" | "owner_name"> }).saved_view;
          const view = { ...body, id: views.length + 10, own: true, owner_name: "me" };
          views.unshift(view);
          return { json: view as T, headers: new Headers() };
        }
        if (path === "/saved_views") return { json: views as T, headers: new Headers() };
        if (path === "/accounts/bulk_disable") {
          const ids = (init?.body as { ids?: number[] }).ids;
          if (!ids) return { json: { done: [1, 3], failed: [{ id: 2, label: "Harbor Lofts", reason: "Not one of your accounts" }] } as T, headers: new Headers() };
          // Picked rows: the server names a row it did not act on with its reason (label empty: the grid names it).
          return { json: { done: ids.filter((id) => id !== options.refuse), failed: ids.filter((id) => id === options.refuse).map((id) => ({ id, label: "", reason: "Not one of your accounts" })) } as T, headers: new Headers() };
        }
        const switched = path.match(/^\/accounts\/(\d+)\/(enable|disable)$/);
        if (switched) {
          if (Number(switched[1]) === options.refuse) throw new HttpError("refused", 403, { error: "forbidden", message: "Not one of your accounts" });
          return { json: { success: true } as T, headers: new Headers() };
        }
        throw new HttpError(`not faked: ${path}`, 500, {});
      },
    },
  );
  const view = renderInAdmin(<AccountList />, { dataProvider, user: staffUser("agent"), url: "/dashboard/accounts/browse", path: "/dashboard/accounts/browse" });
  const lists = () => dataProvider.calls.filter((call) => call.method === "getList" && call.resource === "accounts");
  return { ...view, requests, lists };
}

describe("the grid kit on every grid", () => {
  it("saves the current sort, columns and density under a name on the server, and applies a colleague's shared view", { timeout: 90_000 }, async () => {
    const { requests, lists, i18nProvider } = renderAccounts();
    const user = userEvent.setup();
    await screen.findByText("Sunrise Apartments");
    // No saved-views call until the menu opens.
    expect(requests).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Comfortable rows" }));
    expect(screen.getByRole("button", { name: "Compact rows" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Columns" }));
    await user.click(await screen.findByLabelText("Contact Phone"));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("columnheader", { name: "Contact Phone" })).toBeNull());

    await user.click(screen.getByRole("button", { name: "Views" }));
    expect(await screen.findByText("Colleague's view")).toBeInTheDocument();
    expect(screen.getByText("by Dana Smith")).toBeInTheDocument();
    await user.click(screen.getByRole("menuitem", { name: "Save current view…" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Compact, no phone" } });
    await user.click(screen.getByRole("checkbox", { name: "Share with my account or agency" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(requests.some((r) => r.init?.method === "POST")).toBe(true));
    const saved = requests.find((r) => r.init?.method === "POST")!.init!.body as { saved_view: { resource: string; name: string; shared: boolean; params: Record<string, unknown> } };
    expect(saved.saved_view).toMatchObject({ resource: "accounts", name: "Compact, no phone", shared: true, params: { sort: "title", order: "ASC", perPage: 10, hidden: ["contact_info.contact_phone"], density: "medium" } });

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The colleague's view: title Z→A, agency hidden, the phone back.
    await user.click(screen.getByRole("button", { name: "Views" }));
    await user.click(await screen.findByText("Colleague's view"));
    await waitFor(() => expect((lists().at(-1)!.params as { sort: { field: string; order: string } }).sort).toEqual({ field: "title", order: "DESC" }));
    await waitFor(() => expect(screen.queryByRole("columnheader", { name: "Agency" })).toBeNull());
    expect(screen.getByRole("columnheader", { name: "Contact Phone" })).toBeInTheDocument();
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("runs a bulk action on the selected rows after confirmation and shows each row's result", { timeout: 90_000 }, async () => {
    const { requests } = renderAccounts({ refuse: 2 });
    const user = userEvent.setup();
    const row = async (name: string) => (await screen.findByText(name)).closest("tr") as HTMLElement;
    await user.click(within(await row("Sunrise Apartments")).getByRole("checkbox"));
    await user.click(within(await row("Harbor Lofts")).getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Disable" }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText("Disable: 2 selected")).toBeInTheDocument();
    expect(requests.filter((r) => r.path.endsWith("/disable"))).toEqual([]);
    await user.click(within(confirm).getByRole("button", { name: "Confirm" }));

    const results = await screen.findByRole("list", { name: "Disable: 1 done, 1 failed" });
    expect(within(results).getByText("Sunrise Apartments").closest("li")).toHaveAttribute("data-row-result", "ok");
    expect(within(results).getByText("Harbor Lofts").closest("li")).toHaveAttribute("data-row-result", "failed");
    expect(within(results).getByText("Failed: Not one of your accounts")).toBeInTheDocument();
    // One call with the picked ids, not one per row.
    expect(requests.filter((r) => r.path.includes("disable"))).toEqual([{ path: "/accounts/bulk_disable", init: { method: "POST", body: { ids: [1, 2] } } }]);
    // The refused row stays selected to be tried again; the done one is not.
    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(within(screen.getByText("Harbor Lofts").closest("tr") as HTMLElement).getByRole("checkbox")).toBeChecked());
    expect(within(screen.getByText("Sunrise Apartments").closest("tr") as HTMLElement).getByRole("checkbox")).not.toBeChecked();
  });
});

describe("grid names and all matching", () => {
  it("names a grid by its screen, so one resource's grids keep their own views", () => {
    expect(gridNameOf("/dashboard/policies/browse", "policies")).toBe("policies");
    expect(gridNameOf("/dashboard/insurable/units", "insurable")).toBe("insurable.units");
    expect(gridNameOf("/dashboard/change-requests/refunds/browse", "change-requests")).toBe("change-requests.refunds");
    expect(gridNameOf("/", "users")).toBe("users");
  });

  it("selects all rows matching the filter, not only the page, and the bulk action sends the filter for the server to apply", async () => {
    const { requests, i18nProvider } = renderAccounts({ count: 14 });
    const user = userEvent.setup();
    await screen.findByText("Creekside");
    expect(screen.queryByRole("button", { name: /Select all 14 matching rows/ })).toBeNull();
    await user.click(screen.getAllByRole("checkbox", { name: "Select all" })[0]);
    expect(screen.getByText(/\d+ items selected/)).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Select all 14 matching rows" }));
    expect(await screen.findByText("All 14 matching rows are selected")).toBeInTheDocument();
    // The bar's count is what an action will reach: no longer the page's picked rows beside it.
    expect(screen.queryByText(/items selected/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Disable" }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText("Disable: 14 selected")).toBeInTheDocument();
    expect(within(confirm).getByText(/every row matching the grid's filter that you may change/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Confirm" }));
    await screen.findByRole("list", { name: "Disable: 2 done, 1 failed" });
    // One call with the filter, none per row: the server picks the rows within the caller's scope.
    expect(requests.filter((r) => r.path.includes("disable"))).toEqual([{ path: "/accounts/bulk_disable", init: { method: "POST", body: { all_matching: true, filter: {} } } }]);
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("offers the export of every matching row on every grid", async () => {
    renderAccounts();
    expect(await screen.findByRole("button", { name: "Export all 3 matching rows (CSV)" })).toBeEnabled();
  });
});

describe("the export of all matching rows", () => {
  it("reads every page through the list call up to the cap, or only the picked rows, and writes the shown columns", async () => {
    const all = Array.from({ length: 1_234 }, (_, i) => ({ id: i + 1, title: `Row ${i + 1}`, agency: { title: i % 2 ? "A, Inc." : "B" } }));
    const pages: number[] = [];
    const getPage = async (page: number, per: number) => {
      pages.push(page);
      return { data: all.slice((page - 1) * per, page * per) };
    };
    expect((await matchingRows(getPage)).length).toBe(1_234);
    expect(pages).toEqual([1, 2, 3]);
    pages.length = 0;
    expect((await matchingRows(getPage, new Set([2, 3]))).map((r) => r.id)).toEqual([2, 3]);
    expect(pages).toEqual([1]);
    expect(EXPORT_MAX).toBe(10_000);
    expect(toCsv(all.slice(0, 2), [{ source: "title", label: "Title" }, { source: "agency.title", label: "Agency" }])).toBe("Title,Agency\r\nRow 1,B\r\nRow 2,\"A, Inc.\"");
  });
});
