import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getSelectedAgencyId, setSelectedAgencyId } from "../dataProvider/agencySelection";
import type { AgencyTreeEntry, StaffUser } from "../dataProvider/types";
import { staffUser } from "../test/fixtures";
import { createMemoryDataProvider } from "../test/memoryDataProvider";
import { renderInAdmin } from "../test/TestAdmin";
import { AgencySelector, agencyOptions, page } from "./AgencySelector";

const TREE: AgencyTreeEntry[] = [{ id: 5, title: "Acme Agency", agency_id: null, enabled: true, agencies: [{ id: 8, title: "Acme West" }] }];

function renderSelector(user: StaffUser) {
  const getSubAgencies = vi.fn(async () => TREE);
  const reload = vi.spyOn(page, "reload").mockImplementation(() => undefined);
  renderInAdmin(<AgencySelector />, {
    dataProvider: createMemoryDataProvider({}, { getSubAgencies }),
    user,
    url: "/dashboard/leads",
    path: "/dashboard/leads",
  });
  return { getSubAgencies, reload };
}

afterEach(() => {
  setSelectedAgencyId(null);
  vi.restoreAllMocks();
});

describe("agency selector (document 1 section 2.3, readings C-49)", () => {
  it("lists each agency followed by its sub-agencies", () => {
    expect(agencyOptions(TREE)).toEqual([
      { id: 5, title: "Acme Agency", depth: 0 },
      { id: 8, title: "Acme West", depth: 1 },
    ]);
  });

  it("is labelled 'Browse as Sub-Agency' for an agent of another agency", async () => {
    renderSelector(staffUser("agent"));
    expect(await screen.findByLabelText("Browse as Sub-Agency")).toBeInTheDocument();
  });

  it("says 'Browse as Agency' to an agent of agency 1", async () => {
    renderSelector({ ...staffUser("agent"), organizable_id: 1 });
    expect(await screen.findByLabelText("Browse as Agency")).toBeInTheDocument();
  });

  it("stores the chosen agency and reloads the page; clearing clears it", async () => {
    const { reload } = renderSelector(staffUser("agent"));
    const input = await screen.findByLabelText("Browse as Sub-Agency");
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByRole("option", { name: "Acme West" }));
    expect(getSelectedAgencyId()).toBe(8);
    expect(reload).toHaveBeenCalledTimes(1);

    expect(input).toHaveValue("Acme West");
    // Emptying the field clears the choice (C-49: clearing, not merely leaving the field).
    fireEvent.change(input, { target: { value: "" } });
    await waitFor(() => expect(getSelectedAgencyId()).toBeNull());
  });

  it("is not shown to other roles", async () => {
    const { getSubAgencies } = renderSelector(staffUser("staff"));
    await screen.findByTestId("location");
    expect(screen.queryByLabelText(/Browse as/)).not.toBeInTheDocument();
    expect(getSubAgencies).not.toHaveBeenCalled();
  });
});
