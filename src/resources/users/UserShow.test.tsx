import { describe, expect, it } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { customer, staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import type { StaffUser } from "../../dataProvider/types";
import { UserShow } from "./UserShow";

const ANN = customer(1, {
  full_name: "Ann Lee",
  email: "ann.lee@example.com",
  address_attributes: { id: 40, street_number: "12", street_name: "Oak St", city: "Austin", state: "TX", zip_code: "73301" },
  policies: [{ id: 77, number: "PN-0077", status: "BOUND_WITH_WARNING", policy_type_id: 1, policy_in_system: true }],
  leases: [{ id: 3, reference: "L-3", status: "current", start_date: "2026-01-01", end_date: "2026-12-31", insurable_title: "Unit 4B" }],
});

function renderShow(user: StaffUser, tab = "") {
  return renderInAdmin(<UserShow />, {
    dataProvider: createMemoryDataProvider({ users: [ANN] }),
    user,
    url: `/dashboard/users/view/1${tab}`,
    path: "/dashboard/users/view/:id/*",
  });
}

const location = () => screen.getByTestId("location").textContent;

describe("UserShow (users/view/{id})", () => {
  it("opens on the Details tab: profile, contact, address and accounts; each tab has its own address", async () => {
    const { i18nProvider } = renderShow(staffUser("agent"));
    expect(await screen.findByRole("heading", { name: "Ann Lee", level: 1 })).toBeInTheDocument();
    const tabs = screen.getByRole("tablist");
    expect(within(tabs).getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Details", "Policies", "Leases", "History"]);
    expect(within(tabs).getByRole("tab", { name: "Details" })).toHaveAttribute("aria-selected", "true");
    for (const section of ["Profile", "Contact", "Address", "Accounts"]) {
      expect(screen.getByRole("heading", { name: section, level: 2 })).toBeInTheDocument();
    }
    expect(screen.getByText("contact1@example.com")).toBeInTheDocument();
    expect(screen.getByText("Oak St")).toBeInTheDocument();
    expect(screen.getByText("Sunrise Apartments")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "PN-0077" })).not.toBeInTheDocument();

    fireEvent.click(within(tabs).getByRole("tab", { name: "Policies" }));
    expect(await screen.findByRole("link", { name: "PN-0077" })).toHaveAttribute("href", "/dashboard/policies/view/77");
    expect(location()).toBe("/dashboard/users/view/1/policies");
    expect(screen.getByText("Bound with warning")).toBeInTheDocument();
    expect(screen.queryByText("Oak St")).not.toBeInTheDocument();

    fireEvent.click(within(tabs).getByRole("tab", { name: "Leases" }));
    expect(await screen.findByText("Unit 4B")).toBeInTheDocument();
    expect(location()).toBe("/dashboard/users/view/1/leases");
    expect(screen.getByRole("heading", { name: "Leases", level: 2 })).toBeInTheDocument();

    fireEvent.click(within(tabs).getByRole("tab", { name: "Details" }));
    expect(await screen.findByText("Oak St")).toBeInTheDocument();
    expect(location()).toBe("/dashboard/users/view/1");
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("a tab's address opens that tab directly", async () => {
    renderShow(staffUser("agent"), "/history");
    expect(await screen.findByRole("tab", { name: "History" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("heading", { name: "History", level: 2 })).toBeInTheDocument();
    expect(screen.queryByText("Oak St")).not.toBeInTheDocument();
  });

  it("offers Edit only to callers who may edit users", async () => {
    renderShow(staffUser("agent"));
    expect(await screen.findByRole("link", { name: "Edit" })).toHaveAttribute("href", "/dashboard/users/view/1/edit");
  });

  it("hides Edit when property_management.users.edit is off", async () => {
    renderShow(staffUser("staff", [{ key: "property_management.users", value: true }, { key: "property_management.users.edit", value: false }]));
    await screen.findByRole("heading", { name: "Ann Lee", level: 1 });
    expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
  });

  it("offers Merge with… to super admins only, opening Merge Users with this user kept", async () => {
    renderShow(staffUser("super_admin"));
    expect(await screen.findByRole("link", { name: "Merge with…" })).toHaveAttribute("href", "/dashboard/merge-users?ids=1&survivor=1");
  });

  it("hides Merge with… from agents and staff (merging is a super-admin tool)", async () => {
    renderShow(staffUser("agent"));
    await screen.findByRole("link", { name: "Edit" });
    expect(screen.queryByRole("link", { name: "Merge with…" })).not.toBeInTheDocument();
  });
});
