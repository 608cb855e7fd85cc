import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router-dom";
import type { Role } from "../../domain/roles";
import { PERMISSION_KEYS } from "../../domain/permissions";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { AgencyEdit } from "./AgencyEdit";

const allOn = (off: string[] = []) => ({ permissions: PERMISSION_KEYS.map((key) => ({ key, value: !off.includes(key) })) });

/** A sub-agency whose parent lacks Claims (reference 3.2: a sub-agency cannot enable what its parent lacks). */
const SUB = {
  id: 8,
  title: "Acme North",
  enabled: true,
  agency_id: 5,
  parent: { id: 5, title: "Acme Agency" },
  producer_code: "ACME-N",
  contact_info: {},
  addresses: [],
  owner: null,
  global_permission: allOn(["policies.claims"]),
  parent_permission: allOn(["policies.claims"]),
};
const TOP = { ...SUB, id: 5, title: "Acme Agency", agency_id: null, parent: null, producer_code: "ACME-1", parent_permission: null, global_permission: allOn() };

function renderEdit(role: Role, id: number) {
  const dataProvider = createMemoryDataProvider({ agencies: [TOP, SUB] });
  const view = renderInAdmin(<AgencyEdit />, {
    dataProvider,
    user: staffUser(role),
    url: `/dashboard/agencies/view/${id}/edit`,
    path: "/dashboard/agencies/view/:id/edit",
    routes: <Route path="/dashboard/agencies/view/:id" element={<p>agency page</p>} />,
  });
  return { ...view, dataProvider };
}

describe("AgencyEdit permission set", () => {
  it("locks a key the parent agency lacks, says why, and sends it off with the rest", async () => {
    const { dataProvider, i18nProvider } = renderEdit("super_admin", 8);
    const claims = await screen.findByLabelText("Claims");
    expect(claims).not.toBeChecked();
    expect(claims).toBeDisabled();
    expect(screen.getAllByText("The parent agency lacks this permission")).toHaveLength(1);
    const master = screen.getByLabelText("Master Policies");
    expect(master).toBeEnabled();
    fireEvent.click(master);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("agency page")).toBeInTheDocument();
    const update = dataProvider.calls.find((call) => call.method === "update")?.params as { data: { global_permission_attributes: { permissions: Array<{ key: string; value: boolean }> } } };
    const sent = Object.fromEntries(update.data.global_permission_attributes.permissions.map((p) => [p.key, p.value]));
    expect(sent).toMatchObject({ "policies.claims": false, "policies.master": false, "policies.policies": true });
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("the parent's agent sees the same lock on its sub-agency", async () => {
    renderEdit("agent", 8);
    expect(await screen.findByLabelText("Claims")).toBeDisabled();
    expect(screen.getByText("The parent agency lacks this permission")).toBeInTheDocument();
  });

  it("a top-level agency has no parent: nothing is locked", async () => {
    renderEdit("super_admin", 5);
    expect(await screen.findByLabelText("Claims")).toBeEnabled();
    expect(screen.queryByText("The parent agency lacks this permission")).not.toBeInTheDocument();
  });
});
