import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AppRequestInit } from "../../../dataProvider/types";
import { staffUser } from "../../../test/fixtures";
import { createMemoryDataProvider } from "../../../test/memoryDataProvider";
import { renderInAdmin } from "../../../test/TestAdmin";
import { GroupList } from "./GroupList";
import type { Group } from "./types";

const group = (id: number, status: Group["status"], over: Partial<Group> = {}): Group =>
  ({
    id,
    status,
    effective_date: "2099-03-01",
    expiration_date: "2100-03-01",
    auto_pay: true,
    auto_renew: false,
    created_at: "2026-11-20T17:30:00.000Z",
    policy_applications_count: 3,
    created_policy_applications_count: 3,
    errors_count: 0,
    created_policies_count: 0,
    ...over,
  }) as Group;

/** The list with the server's pages (`pages[n]` answers page n + 1), `total` in total-entries, and DELETE answering 200. */
function renderList(pages: Group[][], total: number) {
  const calls: Array<{ path: string; init?: AppRequestInit }> = [];
  let deleted = false;
  const dataProvider = createMemoryDataProvider({}, {
    async request<T>(path: string, init?: AppRequestInit) {
      calls.push({ path, init });
      if (init?.method === "DELETE") {
        deleted = true;
        return { json: { success: true } as T, headers: new Headers() };
      }
      if (path !== "/policy-application-groups") throw new Error(`unexpected ${path}`);
      const page = (init?.query as { pagination: { page: number } }).pagination.page;
      const rows = (pages[page - 1] ?? []).filter((g) => !(deleted && g.status === "error"));
      return { json: rows as T, headers: new Headers({ "total-entries": String(deleted ? total - 1 : total) }) };
    },
  } as never);
  const view = renderInAdmin(<GroupList />, {
    dataProvider,
    user: staffUser("staff"),
    url: "/dashboard/policies/import",
    path: "/dashboard/policies/import",
    routes: null,
  });
  return { ...view, calls };
}

const listCalls = (calls: Array<{ path: string; init?: AppRequestInit }>) => calls.filter((c) => c.path === "/policy-application-groups" && !c.init?.method);

describe("GroupList (Rent Guarantee Mass Import)", () => {
  it("shows each group's status in words, its dates and flags, 20 a page, and Delete only on a group in error", async () => {
    const rows = [
      group(1, "in_progress"),
      group(2, "awaiting_acceptance", { auto_renew: true }),
      group(3, "error"),
      group(4, "accepting"),
      group(5, "accept_failed"),
      group(6, "accepted", { auto_pay: false }),
    ];
    const { calls, i18nProvider } = renderList([rows], 6);
    expect(await screen.findByText("Creating policies")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Rent Guarantee Mass Import" })).toBeInTheDocument();
    for (const header of ["Status", "Uploaded At", "Effective Date", "Expiration Date", "Auto Renew", "Auto Pay", "Actions"]) {
      expect(screen.getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    const statusOf = (id: number) => within(document.querySelector(`[data-group="${id}"]`) as HTMLElement).getAllByRole("cell")[0];
    expect([1, 2, 3, 4, 5, 6].map((id) => statusOf(id).textContent)).toEqual(["In progress", "Awaiting acceptance", "Error", "Creating policies", "Policies not created", "Accepted"]);
    const row2 = within(document.querySelector('[data-group="2"]') as HTMLElement).getAllByRole("cell");
    expect(row2.slice(4, 6).map((c) => c.textContent)).toEqual(["Yes", "Yes"]);
    const row6 = within(document.querySelector('[data-group="6"]') as HTMLElement).getAllByRole("cell");
    expect(row6.slice(4, 6).map((c) => c.textContent)).toEqual(["No", "No"]);
    // The row menu (Delete) only on the group in error.
    expect(screen.getAllByRole("button", { name: "Actions" })).toHaveLength(1);
    expect(within(document.querySelector('[data-group="3"]') as HTMLElement).getByRole("button", { name: "Actions" })).toBeInTheDocument();
    expect(listCalls(calls)[0].init?.query).toEqual({ pagination: { per: 20, page: 1 } });
    expect(screen.getByText("1–6 of 6")).toBeInTheDocument();
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });

  it("deletes a group in error after 'Are you sure?' and reloads the list", async () => {
    const { calls } = renderList([[group(3, "error"), group(6, "accepted")]], 2);
    fireEvent.click(await screen.findByRole("button", { name: "Actions" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Are you sure?")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes" }));
    expect(await screen.findByText("Success!")).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-group="3"]')).toBeNull());
    expect(calls.filter((c) => c.init?.method === "DELETE").map((c) => c.path)).toEqual(["/policy-application-groups/3"]);
    expect(listCalls(calls)).toHaveLength(2);
  });

  it("opens a group's view on a click of its row and asks for the next page", async () => {
    const first = Array.from({ length: 20 }, (_, i) => group(i + 1, "accepted"));
    const { calls } = renderList([first, [group(21, "awaiting_acceptance")]], 21);
    expect(await screen.findByText("1–20 of 21")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Go to next page" }));
    expect(await screen.findByText("21–21 of 21")).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.init?.query).toEqual({ pagination: { per: 20, page: 2 } });
    // The pagination label can change before the new page's rows replace the old ones: wait for the row itself.
    fireEvent.click(await screen.findByText("Awaiting acceptance"));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/policies/import/view/21"));
  });

  it("says 'No rent guarantee policies were imported yet' when there is none", async () => {
    renderList([[]], 0);
    expect(await screen.findByText("No rent guarantee policies were imported yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Import Policy Applications" })).toHaveAttribute("href", "/dashboard/policies/import/add");
  });
});
