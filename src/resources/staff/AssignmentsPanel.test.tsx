import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AppRequestInit } from "../../dataProvider/types";
import type { Role } from "../../domain/roles";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { AssignmentsPanel } from "./AssignmentsPanel";

const ROW = { id: 7, staff_id: 3, insurable_id: 1, created_at: "2026-11-02T10:00:00Z", assignable: { id: 1, title: "Maple Court" }, staff: { id: 3, email: "mia@x.test", full_name: "Mia Wong" } };

function setup(role: Role, rows: unknown[], fail?: unknown) {
  const requests: Array<{ path: string } & AppRequestInit> = [];
  const dataProvider = createMemoryDataProvider(
    {},
    {
      async request<T>(path: string, init: AppRequestInit = {}) {
        requests.push({ path, ...init });
        if (init.method === "POST" && fail) throw fail;
        return { json: (init.method ? { success: true } : rows) as T, headers: new Headers() };
      },
      async searchCommunities() {
        return [{ id: 2, title: "Oak Park", account_id: 5 }];
      },
    },
  );
  renderInAdmin(<AssignmentsPanel staff={{ id: 3, organizable_id: 5 }} />, { dataProvider, user: staffUser(role), url: "/dashboard/staff/view/3", path: "/dashboard/staff/view/:id" });
  return requests;
}

describe("AssignmentsPanel (a staff member's communities)", () => {
  it("lists the manager's communities and assigns one picked from their account", async () => {
    const requests = setup("staff", [ROW]);
    expect(await screen.findByRole("link", { name: "Maple Court" })).toHaveAttribute("href", "/dashboard/insurable/view/1");
    expect(requests[0]).toMatchObject({ path: "/assignments", query: { filter: { staff_id: 3 } } });
    fireEvent.mouseDown(screen.getByLabelText("Community to assign"));
    fireEvent.click(await screen.findByRole("option", { name: "Oak Park" }));
    fireEvent.click(screen.getByRole("button", { name: "Assign" }));
    await waitFor(() => expect(requests.find((r) => r.method === "POST")).toMatchObject({ path: "/assignments", body: { staff_id: 3, insurable_id: 2 } }));
    expect(await screen.findByText("Success!")).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole("table", { name: "Assigned communities" })).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(requests.find((r) => r.method === "DELETE")).toMatchObject({ path: "/assignments/7" }));
  });

  it("says the whole account is seen when none is assigned, and shows the server's refusal", async () => {
    setup("agent", [], { body: { message: "Validation failed", errors: { insurable_id: "This community belongs to another account than the staff member's" } } });
    expect(await screen.findByText("No communities assigned: this staff member sees the whole account.")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText("Community to assign"));
    fireEvent.click(await screen.findByRole("option", { name: "Oak Park" }));
    fireEvent.click(screen.getByRole("button", { name: "Assign" }));
    expect(await screen.findByText("This community belongs to another account than the staff member's")).toBeInTheDocument();
  });

  it("offers no add or remove to policy support, who may not manage staff", async () => {
    setup("policy_support", [ROW]);
    expect(await screen.findByRole("link", { name: "Maple Court" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Community to assign")).not.toBeInTheDocument();
  });
});
