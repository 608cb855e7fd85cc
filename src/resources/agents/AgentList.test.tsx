import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router-dom";
import type { Role } from "../../domain/roles";
import { staffMember, staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { AgentList } from "./AgentList";

const agent = (id: number, full_name: string, extra = {}) =>
  staffMember(id, { role: "agent", organizable_type: "Agency", organizable_id: 2, organizable: { id: 2, title: "Summit Risk Partners" }, profile_attributes: { first_name: full_name, last_name: "", full_name }, ...extra });
const PEOPLE = [
  agent(1, "Ava Stone"),
  agent(2, "Ben Ortiz", { invitation_accepted_at: null, invitation_pending: true }),
  staffMember(3, { profile_attributes: { first_name: "Mia", last_name: "Wong", full_name: "Mia Wong" } }),
];

function renderList(role: Role = "super_admin") {
  const dataProvider = createMemoryDataProvider(
    { agents: PEOPLE },
    { getSubAgencies: () => Promise.resolve([{ id: 2, title: "Summit Risk Partners", agency_id: null, enabled: true, agencies: [{ id: 4, title: "Summit North" }] }]) },
  );
  const view = renderInAdmin(<AgentList />, {
    dataProvider,
    user: staffUser(role),
    url: "/dashboard/agents/browse",
    path: "/dashboard/agents/browse",
    routes: <Route path="/dashboard/agents/view/:id" element={<p>agent page</p>} />,
  });
  const lastList = () => [...dataProvider.calls].reverse().find((call) => call.method === "getList")?.params as { filter: Record<string, unknown> };
  return { ...view, dataProvider, lastList };
}

const rowOf = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;

describe("AgentList (/dashboard/agents)", () => {
  beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it("lists only staff of agencies, with role, agency and the pending invitation", async () => {
    const { lastList, i18nProvider } = renderList();
    expect(await screen.findByText("Ava Stone")).toBeInTheDocument();
    expect(screen.queryByText("Mia Wong")).not.toBeInTheDocument();
    expect(lastList().filter).toEqual({ organizable_type: "Agency" });
    expect(within(rowOf("Ava Stone")).getByText("agent")).toBeInTheDocument();
    expect(within(rowOf("Ava Stone")).getByText("Summit Risk Partners")).toBeInTheDocument();
    expect(within(rowOf("Ben Ortiz")).getByText("Invitation pending")).toBeInTheDocument();
    expect(await within(rowOf("Ben Ortiz")).findByRole("button", { name: "Re-invite" })).toBeInTheDocument();
    expect(within(rowOf("Ava Stone")).queryByRole("button", { name: "Re-invite" })).not.toBeInTheDocument();
    for (const header of ["Role", "Name", "Email", "Enabled", "Agency", "Actions"]) expect(screen.getByRole("columnheader", { name: header })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add Agent" })).toHaveAttribute("href", "/dashboard/agents/create");
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("filters by an agency of the caller's tree and keeps the agents filter", async () => {
    const { lastList } = renderList("agent");
    await screen.findByText("Ava Stone");
    fireEvent.mouseDown(screen.getByLabelText("Agency"));
    fireEvent.click(await screen.findByRole("option", { name: "— Summit North" }));
    await waitFor(() => expect(lastList().filter).toEqual({ organizable_type: "Agency", agency_id: "4" }));
  });

  it("opens agents/view/{id} on a row click", async () => {
    renderList();
    fireEvent.click(await screen.findByText("Ava Stone"));
    expect(await screen.findByText("agent page")).toBeInTheDocument();
  });
});
