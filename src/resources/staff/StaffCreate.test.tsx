import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Route } from "react-router-dom";
import type { Role } from "../../domain/roles";
import { staffMember, staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { StaffCreate } from "./StaffCreate";

const ACCOUNTS = [
  { id: 5, title: "Sunrise Apartments", enabled: true, agency_id: 2 },
  { id: 6, title: "Harbor Lofts", enabled: true, agency_id: 2 },
];

function renderCreate(role: Role) {
  const dataProvider = createMemoryDataProvider(
    { staff: [staffMember(1, { email: "taken@coverdesk.test" })], accounts: ACCOUNTS },
    { checkStaffEmail: async (email) => email.toLowerCase() !== "taken@coverdesk.test" },
  );
  const view = renderInAdmin(<StaffCreate />, {
    dataProvider,
    user: staffUser(role),
    url: "/dashboard/staff/create",
    path: "/dashboard/staff/create",
    routes: <Route path="/dashboard/staff/view/:id" element={<p>staff detail page</p>} />,
  });
  return { ...view, dataProvider };
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("StaffCreate (staff/create)", () => {
  it("refuses an email already taken with the spec's words, before saving", async () => {
    const { dataProvider } = renderCreate("agent");
    await screen.findByRole("heading", { name: "Add Staff" });
    fill(/^Email/, "taken@coverdesk.test");
    fill(/^First Name/, "Pat");
    fill(/^Last Name/, "Lee");
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByText("has already been taken")).toBeInTheDocument();
    expect(dataProvider.calls.some((call) => call.method === "create")).toBe(false);
  });

  it("an agent invites a property manager to a chosen account and the new member's page opens", async () => {
    const { dataProvider, i18nProvider } = renderCreate("agent");
    await screen.findByRole("heading", { name: "Add Staff" });
    fill(/^Email/, "pat.lee@coverdesk.test");
    fill(/^First Name/, "Pat");
    fill(/^Last Name/, "Lee");
    fireEvent.change(screen.getByRole("combobox", { name: /^Account/ }), { target: { value: "Harb" } });
    fireEvent.click(await screen.findByRole("option", { name: "Harbor Lofts" }));
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByText("staff detail page")).toBeInTheDocument();
    const created = dataProvider.calls.find((call) => call.method === "create")?.params as { data: Record<string, unknown> };
    expect(created.data).toMatchObject({
      email: "pat.lee@coverdesk.test",
      organizable_type: "Account",
      organizable_id: 6,
      profile_attributes: { first_name: "Pat", last_name: "Lee" },
    });
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("account staff add colleagues to their own account without choosing one", async () => {
    const { dataProvider } = renderCreate("staff");
    await screen.findByRole("heading", { name: "Add Staff" });
    expect(screen.queryByLabelText(/^Organizable Type/)).not.toBeInTheDocument();
    fill(/^Email/, "new.colleague@coverdesk.test");
    fill(/^First Name/, "New");
    fill(/^Last Name/, "Colleague");
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    await waitFor(() => expect(dataProvider.calls.some((call) => call.method === "create")).toBe(true));
    const created = dataProvider.calls.find((call) => call.method === "create")?.params as { data: Record<string, unknown> };
    expect(created.data).toMatchObject({ organizable_type: "Account", organizable_id: staffUser("staff").organizable_id });
  });
});
