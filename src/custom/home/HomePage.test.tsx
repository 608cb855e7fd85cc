import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AppRequestInit } from "../../dataProvider/types";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { HomePage } from "./HomePage";

const TOTALS: Record<string, number> = { uninsured: 242, moving_in: 13, expiring: 71, pending: 65 };
const FORECAST = { total: [0, 30, 60, 90].map((days, i) => ({ days, share: [0.82, 0.761, 0.744, null][i] })) };

/** The worklists answer with their totals (one row asked for), the forecast with four figures; `failing` paths fail. */
function server(failing: string[] = []) {
  const asked: Array<{ path: string; init: AppRequestInit }> = [];
  const request = async (path: string, init: AppRequestInit = {}) => {
    asked.push({ path, init });
    if (failing.includes(path)) throw new Error("down");
    if (path === "/compliance/forecast") return { json: FORECAST as never, headers: new Headers() };
    const name = path.replace("/compliance/worklists/", "");
    return { json: [] as never, headers: new Headers({ "total-entries": String(TOTALS[name]) }) };
  };
  return { asked, request };
}

const changeRequests = [
  { id: 1, status: "awaiting_confirmation", created_at: "2026-11-20" },
  { id: 2, status: "awaiting_confirmation", created_at: "2026-11-21" },
  { id: 3, status: "approved", created_at: "2026-11-22" },
];

describe("Home", () => {
  it("counts each worklist and the change requests awaiting a decision, each opening its screen, and shows the covered share", async () => {
    const s = server();
    const { i18nProvider } = renderInAdmin(<HomePage />, {
      dataProvider: createMemoryDataProvider({ "change-requests": changeRequests }, { request: s.request as never }),
      user: staffUser("super_admin"),
      url: "/dashboard/home",
      path: "/dashboard/home",
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Home" })).toBeInTheDocument();
    const tile = (name: string) => screen.getByRole("link", { name: `Open ${name}` });
    for (const [label, view, count] of [
      ["Uninsured today", "uninsured", "242"],
      ["Moving in without cover", "moving_in", "13"],
      ["Cover ending in 30 days", "expiring", "71"],
      ["Proofs waiting over 3 days", "pending", "65"],
    ]) {
      expect(await within(tile(label)).findByText(count)).toBeInTheDocument();
      expect(tile(label)).toHaveAttribute("href", `/dashboard/compliance?view=${view}`);
    }
    expect(await within(tile("Change requests awaiting confirmation")).findByText("2")).toBeInTheDocument();
    expect(tile("Change requests awaiting confirmation")).toHaveAttribute("href", "/dashboard/change-requests");
    // Only the totals are wanted: one row a list.
    expect(s.asked.filter((a) => a.path.startsWith("/compliance/worklists/")).map((a) => a.init.query)).toEqual(Array(4).fill({ page: 1, per: 1 }));
    expect(await within(tile("Today")).findByText("82.0 %")).toBeInTheDocument();
    expect(within(tile("In 30 days")).getByText("76.1 %")).toBeInTheDocument();
    expect(within(tile("In 90 days")).getByText("—")).toBeInTheDocument();
    // The breadcrumbs' home link opens this screen for the roles that have it.
    expect(within(screen.getByRole("navigation", { name: "Breadcrumbs" })).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/dashboard/home");
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("says plainly when a figure cannot be loaded, and leaves the others", async () => {
    const s = server(["/compliance/worklists/pending", "/compliance/forecast"]);
    renderInAdmin(<HomePage />, { dataProvider: createMemoryDataProvider({}, { request: s.request as never }), user: staffUser("agent"), url: "/dashboard/home", path: "/dashboard/home" });
    expect(await within(screen.getByRole("link", { name: "Open Uninsured today" })).findByText("242")).toBeInTheDocument();
    expect(await within(screen.getByRole("link", { name: "Open Proofs waiting over 3 days" })).findByTitle("This figure could not be loaded")).toHaveTextContent("—");
    expect(await screen.findByRole("alert")).toHaveTextContent("This figure could not be loaded");
  });
});
