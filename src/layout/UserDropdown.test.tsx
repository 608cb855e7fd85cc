import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PermissionEntry } from "../domain/permissions";
import type { Role } from "../domain/roles";
import { staffUser } from "../test/fixtures";
import { createMemoryDataProvider } from "../test/memoryDataProvider";
import { renderInAdmin } from "../test/TestAdmin";
import { dropdownLinks, UserDropdown } from "./UserDropdown";

async function openDropdown(role: Role, permissions: PermissionEntry[] = []) {
  renderInAdmin(<UserDropdown />, {
    dataProvider: createMemoryDataProvider({}),
    user: staffUser(role, permissions),
    url: "/dashboard/leads",
    path: "/dashboard/leads",
  });
  fireEvent.click(await screen.findByRole("button", { name: "User menu" }));
  return screen.findByRole("menu");
}

describe("user dropdown links (document 1 sections 2.3 and 5, readings C-20, C-30)", () => {
  it("gives agents My Profile and their Agency, staff My Profile and their Account", () => {
    expect(dropdownLinks(staffUser("agent")).map((l) => l.to)).toEqual(["/dashboard/profile", "/dashboard/agencies/view/5"]);
    expect(dropdownLinks(staffUser("staff")).map((l) => l.to)).toEqual(["/dashboard/profile", "/dashboard/accounts/view/5"]);
    expect(dropdownLinks(staffUser("super_admin")).map((l) => l.to)).toEqual(["/dashboard/profile"]);
  });

  it("hides the staff Account link only when property_management.users.edit is explicitly false", () => {
    const accountLink = (permissions: PermissionEntry[]) => dropdownLinks(staffUser("staff", permissions)).some((l) => l.to.startsWith("/dashboard/accounts/"));
    expect(accountLink([{ key: "property_management.users.edit", value: false }])).toBe(false);
    // A list without the key turns the key off for menus, but the Account link needs an explicit false.
    expect(accountLink([{ key: "policies.policies", value: true }])).toBe(true);
    expect(accountLink([{ key: "property_management.users.edit", value: true }])).toBe(true);
  });

  it("gives policy support no links", () => {
    expect(dropdownLinks(staffUser("policy_support"))).toEqual([]);
  });
});

describe("<UserDropdown>", () => {
  it("shows the header, My Profile (Personal Information), Account and LOGOUT to staff, 350 px wide", async () => {
    const menu = await openDropdown("staff");
    expect(within(menu).getByText("Pat staff")).toBeInTheDocument();
    expect(within(menu).getByText("My Profile")).toBeInTheDocument();
    expect(within(menu).getByText("Personal Information")).toBeInTheDocument();
    expect(within(menu).getByText("Account details")).toBeInTheDocument();
    expect(within(menu).queryByText("Agency")).not.toBeInTheDocument();
    expect(within(menu).getByRole("button", { name: "LOGOUT" })).toBeInTheDocument();
    expect(menu.closest(".MuiPaper-root")).toHaveStyle({ width: "350px" });
  });

  it("opens the agent's own agency", async () => {
    const menu = await openDropdown("agent");
    fireEvent.click(within(menu).getByText("Agency"));
    expect(await screen.findByTestId("location")).toHaveTextContent("/dashboard/agencies/view/5");
  });

  it("keeps only LOGOUT for policy support", async () => {
    const menu = await openDropdown("policy_support");
    expect(within(menu).queryByText("Pat policy_support")).not.toBeInTheDocument();
    expect(within(menu).queryByText("My Profile")).not.toBeInTheDocument();
    expect(within(menu).getByRole("button", { name: "LOGOUT" })).toBeInTheDocument();
  });
});
