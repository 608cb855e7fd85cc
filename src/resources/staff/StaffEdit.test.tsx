import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Route } from "react-router-dom";
import type { Role } from "../../domain/roles";
import { staffMember, staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { StaffEdit } from "./StaffEdit";

const ACCOUNTS = [
  { id: 5, title: "Sunrise Apartments", enabled: true, agency_id: 2 },
  { id: 6, title: "Harbor Lofts", enabled: true, agency_id: 2 },
];

function renderEdit(role: Role) {
  const dataProvider = createMemoryDataProvider({ staff: [staffMember(1)], accounts: ACCOUNTS }, { checkStaffEmail: async () => true });
  const view = renderInAdmin(<StaffEdit />, {
    dataProvider,
    user: staffUser(role),
    url: "/dashboard/staff/view/1/edit",
    path: "/dashboard/staff/view/:id/edit",
    routes: <Route path="/dashboard/staff/view/:id" element={<p>staff detail page</p>} />,
  });
  return { ...view, dataProvider };
}

const sent = (dataProvider: ReturnType<typeof renderEdit>["dataProvider"]) =>
  (dataProvider.calls.find((call) => call.method === "update")?.params as { data: Record<string, unknown> }).data;

describe("StaffEdit: moving a property manager to another account", () => {
  it("an agent picks another account of its scope; only then is the organisation sent", async () => {
    const { dataProvider, i18nProvider } = renderEdit("agent");
    const account = await screen.findByRole("combobox", { name: /^Account/ });
    await waitFor(() => expect(account).toHaveValue("Sunrise Apartments"));
    expect(screen.getByText("Moving them to another one removes their community assignments; an owner can't be moved.")).toBeInTheDocument();
    fireEvent.change(account, { target: { value: "Harb" } });
    fireEvent.click(await screen.findByRole("option", { name: "Harbor Lofts" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("staff detail page")).toBeInTheDocument();
    expect(sent(dataProvider)).toMatchObject({ organizable_id: 6, email: "manager1@coverdesk.test" });
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("an edit that keeps the account does not send it", async () => {
    const { dataProvider } = renderEdit("super_admin");
    await waitFor(() => expect(screen.getByRole("combobox", { name: /^Account/ })).toHaveValue("Sunrise Apartments"));
    fireEvent.change(screen.getByLabelText(/^Job Title/), { target: { value: "Leasing" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("staff detail page")).toBeInTheDocument();
    expect(sent(dataProvider)).not.toHaveProperty("organizable_id");
  });

  it("account staff edit a colleague without the organisation field", async () => {
    renderEdit("staff");
    await screen.findByLabelText(/^First Name/);
    expect(screen.queryByRole("combobox", { name: /^Account/ })).not.toBeInTheDocument();
  });
});
