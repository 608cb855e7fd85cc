import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { AppRequestInit } from "../../dataProvider/types";
import type { BulkJob } from "../../domain/bulk";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { Worklist } from "./Worklist";

const row = (id: number) => ({
  id,
  reference: `L-${id}`,
  start_date: "2026-01-05",
  unit_id: 100 + id,
  unit_title: `${id}A`,
  community_title: "Oak Park",
  account_title: "Oak Management",
  residents: [{ id: 200 + id, name: `Resident ${id}`, email: `r${id}@example.com` }],
  assignee: id === 2 ? { id: 31, name: "Mia Mate" } : null,
  upload_link: id === 1 ? { id: 9, state: "revoked", created_at: "2026-01-06T18:00:00Z", expires_at: "2026-02-05T18:00:00Z", used_at: null, revoked_at: "2026-01-07T18:00:00Z" } : null,
});

const job = (over: Partial<BulkJob>): BulkJob => ({
  id: 5,
  action: "compliance.remind",
  status: "running",
  total: 30,
  processed: 0,
  done_count: 0,
  failed_count: 0,
  failed: [],
  error: null,
  created_at: "2026-11-28T09:00:00.000Z",
  finished_at: null,
  ...over,
});

/** The uninsured list of 30 rows, two pages of 25, and the reminders call; records what the console sent. */
function worklistServer() {
  const sent: Array<{ path: string; init: AppRequestInit }> = [];
  const all = Array.from({ length: 30 }, (_, i) => row(i + 1));
  const request = async (path: string, init: AppRequestInit = {}) => {
    sent.push({ path, init });
    if (path === "/compliance/reminders") {
      const body = init.body as { ids?: number[]; all_matching?: true };
      // All matching: more than a request takes, so a background job the console polls.
      if (body.all_matching) return { json: job({ status: "queued" }) as never, headers: new Headers() };
      const ids = body.ids ?? [];
      return { json: { done: ids.filter((id) => id !== 4), failed: ids.filter((id) => id === 4).map((id) => ({ id, label: `L-${id}`, reason: "Already reminded today" })) } as never, headers: new Headers() };
    }
    if (path === "/bulk_jobs/5") return { json: job({ status: "done", processed: 30, done_count: 29, failed_count: 1, failed: [{ id: 7, label: "L-7", reason: "Already reminded today" }] }) as never, headers: new Headers() };
    if (path === "/compliance/colleagues") {
      const q = String((init.query as { q: string }).q).toLowerCase();
      const people = [{ id: 31, name: "Mia Mate", email: "mia@example.com", organization: "Oak Management" }, { id: 32, name: "Sam Stone", email: "sam@example.com", organization: "Oak Management" }];
      return { json: people.filter((p) => p.name.toLowerCase().includes(q)) as never, headers: new Headers() };
    }
    if (path === "/compliance/assignments") {
      const ids = (init.body as { ids: number[] }).ids;
      // The server names a row it did not find with an empty label: the grid names it.
      return { json: { done: ids.filter((id) => id !== 3), failed: ids.filter((id) => id === 3).map((id) => ({ id, label: "", reason: "Sam Stone cannot open this row" })) } as never, headers: new Headers() };
    }
    const { page, per, assigned } = init.query as { page: number; per: number; assigned?: string };
    const rows = assigned === "me" ? all.filter((r) => r.assignee) : all;
    return { json: rows.slice((page - 1) * per, page * per) as never, headers: new Headers({ "total-entries": String(rows.length) }) };
  };
  return { sent, request };
}

describe("compliance worklist", () => {
  it("mails the picked rows' residents in one call after a confirmation, names each row's result, and keeps a refused row picked", async () => {
    const server = worklistServer();
    renderInAdmin(<Worklist name="uninsured" />, { dataProvider: createMemoryDataProvider({}, { request: server.request as never }), user: staffUser("staff"), url: "/dashboard/compliance", path: "/dashboard/compliance" });
    const remind = await screen.findByRole("button", { name: "Mail reminder (0)" });
    expect(remind).toBeDisabled();
    // The newest upload link mailed for a row shows its state; rows without one show a dash.
    const first = screen.getByRole("checkbox", { name: "Select L-1" }).closest("tr") as HTMLElement;
    expect(within(first).getByText("Revoked")).toBeInTheDocument();
    expect(within(screen.getByRole("checkbox", { name: "Select L-3" }).closest("tr") as HTMLElement).queryByText("Revoked")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select L-1" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select L-3" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select L-4" }));
    fireEvent.click(screen.getByRole("button", { name: "Mail reminder (3)" }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText("Mail reminder: 3 selected")).toBeInTheDocument();
    expect(server.sent.filter((s) => s.path === "/compliance/reminders")).toEqual([]);
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    const results = await screen.findByRole("list", { name: "Mail reminder: 2 done, 1 failed" });
    expect(within(results).getByText("L-1").closest("li")).toHaveAttribute("data-row-result", "ok");
    expect(within(results).getByText("L-4").closest("li")).toHaveAttribute("data-row-result", "failed");
    expect(within(results).getByText("Failed: Already reminded today")).toBeInTheDocument();
    // One call with the picked ids.
    expect(server.sent.filter((s) => s.path === "/compliance/reminders").map((s) => s.init)).toEqual([{ method: "POST", body: { worklist: "uninsured", ids: [1, 3, 4] } }]);
    // The list is read again; the refused row stays picked to be tried again.
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(await screen.findByRole("button", { name: "Mail reminder (1)" })).toBeEnabled();
    expect(screen.getByRole("checkbox", { name: "Select L-4" })).toBeChecked();
  });

  it("picks the whole page, then every row of the list: the reminder runs as a job with progress, rows named as the grid names them", { timeout: 60_000 }, async () => {
    const server = worklistServer();
    renderInAdmin(<Worklist name="uninsured" />, { dataProvider: createMemoryDataProvider({}, { request: server.request as never }), user: staffUser("agent"), url: "/dashboard/compliance", path: "/dashboard/compliance" });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select every row of this page" }));
    expect(screen.getByRole("button", { name: "Mail reminder (25)" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Export all 30 rows as CSV" })).toBeEnabled();
    fireEvent.click(screen.getByRole("button", { name: "Select all 30 matching rows" }));
    expect(screen.getByText("All 30 matching rows are selected")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Mail reminder (30)" }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText(/every row matching the grid's filter/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    const results = await screen.findByRole("list", { name: "Mail reminder: 29 done, 1 failed" }, { timeout: 5000 });
    expect(within(results).getByText("29 rows done")).toBeInTheDocument();
    expect(within(results).getByText("L-7")).toBeInTheDocument();
    expect(server.sent.find((s) => s.path === "/compliance/reminders")?.init).toEqual({ method: "POST", body: { worklist: "uninsured", all_matching: true, filter: {} } });
    expect(server.sent.some((s) => s.path === "/bulk_jobs/5")).toBe(true);
  });

  it("gives the picked rows to a colleague found by name in one call, names each row's result, and lists only one's own rows on request", { timeout: 60_000 }, async () => {
    const server = worklistServer();
    renderInAdmin(<Worklist name="uninsured" />, { dataProvider: createMemoryDataProvider({}, { request: server.request as never }), user: staffUser("staff"), url: "/dashboard/compliance", path: "/dashboard/compliance" });
    const row2 = (await screen.findByRole("link", { name: "L-2" })).closest("tr") as HTMLElement;
    expect(row2).toHaveTextContent("Mia Mate");
    expect(screen.getByRole("button", { name: "Assign (0)" })).toBeDisabled();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select L-1" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select L-3" }));
    fireEvent.click(screen.getByRole("button", { name: "Assign (2)" }));
    const dialog = await screen.findByRole("dialog", { name: "Assign 2 rows to a colleague" });
    const confirm = within(dialog).getByRole("button", { name: "Assign" });
    expect(confirm).toBeDisabled();
    const picker = within(dialog).getByRole("combobox", { name: "Colleague" });
    await userEvent.type(picker, "sam");
    const sam = await screen.findByRole("option", { name: "Sam Stone · Oak Management" });
    expect(screen.queryByRole("option", { name: /Mia Mate/ })).toBeNull();
    await userEvent.click(sam);
    fireEvent.click(confirm);
    const results = await screen.findByRole("list", { name: "Assign to a colleague: 1 done, 1 failed" });
    expect(within(results).getByText("L-3").closest("li")).toHaveAttribute("data-row-result", "failed");
    expect(within(results).getByText("Failed: Sam Stone cannot open this row")).toBeInTheDocument();
    expect(server.sent.find((s) => s.path === "/compliance/assignments")?.init).toEqual({ method: "POST", body: { worklist: "uninsured", ids: [1, 3], assignee_id: 32 } });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(server.sent.find((s) => s.path === "/compliance/colleagues" && (s.init.query as { q: string }).q === "sam")).toBeDefined();

    // "Assigned to me" asks the server for the caller's rows only.
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: "Rows" }));
    fireEvent.click(await screen.findByRole("option", { name: "Assigned to me" }));
    await waitFor(() => expect(server.sent.at(-1)?.init.query).toMatchObject({ page: 1, assigned: "me" }));
    expect(await screen.findByRole("link", { name: "L-2" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "L-1" })).toBeNull();
  });
});
