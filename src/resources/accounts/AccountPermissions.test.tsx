import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router-dom";
import type { Role } from "../../domain/roles";
import { ACCOUNT_PERMISSION_KEYS, PERMISSION_KEYS } from "../../domain/permissions";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { AccountEdit } from "./AccountEdit";
import { AccountShow } from "./AccountShow";

/** The account's agency lacks Claims; the account itself switched Leases off (issue 13, reference 3.2). */
const ACCOUNT = {
  id: 7,
  title: "Sunrise Apartments",
  enabled: true,
  agency_id: 5,
  agency: { id: 5, title: "Acme Agency" },
  contact_info: { contact_phone: "(512) 555-0100", contact_email: null },
  additional_interest: true,
  additional_interest_name: null,
  minimum_liability: null,
  addresses: [],
  owner: null,
  global_permission: { permissions: PERMISSION_KEYS.map((key) => ({ key, value: key !== "policies.claims" && key !== "leases.leases" })) },
  agency_permission: { permissions: PERMISSION_KEYS.map((key) => ({ key, value: key !== "policies.claims" })) },
};

const agencyTree = async () => [{ id: 5, title: "Acme Agency", agency_id: null, enabled: true, agencies: [] }];

function renderAccount(role: Role, path: string) {
  const dataProvider = createMemoryDataProvider({ accounts: [ACCOUNT] }, { getSubAgencies: agencyTree });
  const view = renderInAdmin(path.endsWith("/edit") ? <AccountEdit /> : <AccountShow />, {
    dataProvider,
    user: staffUser(role),
    url: `/dashboard/accounts/view/7${path}`,
    path: path.endsWith("/edit") ? "/dashboard/accounts/view/:id/edit" : "/dashboard/accounts/view/:id/*",
    routes: <Route path="/dashboard/accounts/view/:id" element={<p>account page</p>} />,
  });
  return { ...view, dataProvider };
}

describe("account permission set", () => {
  it("the Permissions tab lists what the account holds, the agency's switch-offs included", async () => {
    const { i18nProvider } = renderAccount("staff", "/permissions");
    const table = await screen.findByRole("table", { name: "Permissions" });
    const row = (title: string) => within(table).getByText(title, { exact: true }).closest("tr") as HTMLElement;
    expect(within(row("Claims")).getByText("No")).toBeInTheDocument();
    expect(within(row("Leases")).getByText("No")).toBeInTheDocument();
    expect(within(row("Master Policies")).getByText("Yes")).toBeInTheDocument();
    expect(within(row("Refunds")).getByText("Yes")).toBeInTheDocument();
    // Keys that govern only agencies and the platform are not an account's (reference 3.2), even if a record names them.
    for (const title of ["Agency Details", "Agents", "Manage Agents", "Carriers", "Accounts", "Coverage Proof", "Policy Review"]) {
      expect(within(table).queryByText(title, { exact: true }), title).not.toBeInTheDocument();
    }
    expect(within(table).getAllByRole("row")).toHaveLength(ACCOUNT_PERMISSION_KEYS.length + 1);
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("an agent switches a key off in the edit form; a key the agency lacks cannot be switched on", async () => {
    const { dataProvider, i18nProvider } = renderAccount("agent", "/edit");
    const claims = await screen.findByLabelText("Claims");
    expect(claims).not.toBeChecked();
    expect(claims).toBeDisabled();
    expect(screen.getByText("Off for the agency")).toBeInTheDocument();
    for (const title of ["Agency Details", "Agents", "Coverage Proof", "Policy Review"]) expect(screen.queryByLabelText(title)).not.toBeInTheDocument();
    const master = screen.getByLabelText("Master Policies");
    expect(master).toBeChecked();
    fireEvent.click(master);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("account page")).toBeInTheDocument();
    const update = dataProvider.calls.find((call) => call.method === "update")?.params as { data: { global_permission_attributes: { permissions: Array<{ key: string; value: boolean }> } } };
    const sent = Object.fromEntries(update.data.global_permission_attributes.permissions.map((p) => [p.key, p.value]));
    expect(sent).toMatchObject({ "policies.master": false, "policies.claims": false, "leases.leases": false, "policies.policies": true });
    // Only the account's keys are sent: the server refuses an agency-only key on an account.
    expect(Object.keys(sent).sort()).toEqual([...ACCOUNT_PERMISSION_KEYS].sort());
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("the account's own staff edit its details without its permission set", async () => {
    const { dataProvider } = renderAccount("staff", "/edit");
    await waitFor(() => expect(screen.getByLabelText("Contact Phone", { exact: false })).toHaveValue("(512) 555-0100"));
    expect(screen.queryByLabelText("Master Policies")).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Contact Phone", { exact: false }), { target: { value: "(512) 555-0199" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("account page")).toBeInTheDocument();
    const update = dataProvider.calls.find((call) => call.method === "update")?.params as { data: Record<string, unknown> };
    expect(update.data).toMatchObject({ contact_info: { contact_phone: "(512) 555-0199" } });
    expect(update.data).not.toHaveProperty("global_permission_attributes");
  });
});
