import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { AppRequestInit } from "../../dataProvider/types";
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

/** The uninsured list of 30 rows, two pages of 25, and the reminders call; records what the console sent. */
function worklistServer() {
  const sent: Array<{ path: string; init: AppRequestInit }> = [];
  const all = Array.from({ length: 30 }, (_, i) => row(i + 1));
  const request = async (path: string, init: AppRequestInit = {}) => {
    sent.push({ path, init });
    if (path === "/compliance/reminders") return { json: { sent: 2, already: 1, unreachable: 0, skipped: [] } as never, headers: new Headers() };
    if (path === "/compliance/colleagues") {
      const q = String((init.query as { q: string }).q).toLowerCase();
      const people = [{ id: 31, name: "Mia Mate", email: "mia@example.com", organization: "Oak Management" }, { id: 32, name: "Sam Stone", email: "sam@example.com", organization: "Oak Management" }];
      return { json: people.filter((p) => p.name.toLowerCase().includes(q)) as never, headers: new Headers() };
    }
    if (path === "/compliance/assignments") return { json: { assigned: [1], skipped: [], out_of_reach: [3] } as never, headers: new Headers() };
    const { page, per, assigned } = init.query as { page: number; per: number; assigned?: string };
    const rows = assigned === "me" ? all.filter((r) => r.assignee) : all;
    return { json: rows.slice((page - 1) * per, page * per) as never, headers: new Headers({ "total-entries": String(rows.length) }) };
  };
  return { sent, request };
}

describe("compliance worklist", () => {
  it("mails the picked rows' residents and says what was sent", async () => {
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
    await screen.findByText("Reminders sent: 2. Already reminded today: 1. Without an email address: 0. No longer on the list: 0.");
    expect(server.sent.find((s) => s.path === "/compliance/reminders")?.init).toMatchObject({ method: "POST", body: { worklist: "uninsured", ids: [1, 3, 4] } });
    // The list is read again and nothing stays picked.
    await waitFor(() => expect(screen.getByRole("button", { name: "Mail reminder (0)" })).toBeDisabled());
  });

  it("picks the whole page at once and offers the export of every row, not only the page", async () => {
    const server = worklistServer();
    renderInAdmin(<Worklist name="uninsured" />, { dataProvider: createMemoryDataProvider({}, { request: server.request as never }), user: staffUser("agent"), url: "/dashboard/compliance", path: "/dashboard/compliance" });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select every row of this page" }));
    expect(screen.getByRole("button", { name: "Mail reminder (25)" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Export all 30 rows as CSV" })).toBeEnabled();
  });

  it("gives the picked rows to a colleague found by name, says what moved, and lists only one's own rows on request", { timeout: 60_000 }, async () => {
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
    await screen.findByText("Assigned: 1. Not on the list any more: 0. Outside the colleague's communities or accounts: 1.");
    expect(server.sent.find((s) => s.path === "/compliance/assignments")?.init).toMatchObject({ method: "POST", body: { worklist: "uninsured", ids: [1, 3], assignee_id: 32 } });
    expect(server.sent.find((s) => s.path === "/compliance/colleagues" && (s.init.query as { q: string }).q === "sam")).toBeDefined();

    // "Assigned to me" asks the server for the caller's rows only.
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: "Rows" }));
    fireEvent.click(await screen.findByRole("option", { name: "Assigned to me" }));
    await waitFor(() => expect(server.sent.at(-1)?.init.query).toMatchObject({ page: 1, assigned: "me" }));
    expect(await screen.findByRole("link", { name: "L-2" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "L-1" })).toBeNull();
  });
});
