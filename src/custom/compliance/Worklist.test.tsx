import { fireEvent, screen, waitFor } from "@testing-library/react";
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
});

/** The uninsured list of 30 rows, two pages of 25, and the reminders call; records what the console sent. */
function worklistServer() {
  const sent: Array<{ path: string; init: AppRequestInit }> = [];
  const all = Array.from({ length: 30 }, (_, i) => row(i + 1));
  const request = async (path: string, init: AppRequestInit = {}) => {
    sent.push({ path, init });
    if (path === "/compliance/reminders") return { json: { sent: 2, already: 1, unreachable: 0, skipped: [] } as never, headers: new Headers() };
    const { page, per } = init.query as { page: number; per: number };
    return { json: all.slice((page - 1) * per, page * per) as never, headers: new Headers({ "total-entries": String(all.length) }) };
  };
  return { sent, request };
}

describe("compliance worklist", () => {
  it("mails the picked rows' residents and says what was sent", async () => {
    const server = worklistServer();
    renderInAdmin(<Worklist name="uninsured" />, { dataProvider: createMemoryDataProvider({}, { request: server.request as never }), user: staffUser("staff"), url: "/dashboard/compliance", path: "/dashboard/compliance" });
    const remind = await screen.findByRole("button", { name: "Mail reminder (0)" });
    expect(remind).toBeDisabled();
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
});
