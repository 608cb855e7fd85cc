import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError } from "react-admin";
import type { AppRequestInit } from "../dataProvider/types";
import { staffUser } from "../test/fixtures";
import { createMemoryDataProvider } from "../test/memoryDataProvider";
import { renderInAdmin } from "../test/TestAdmin";
import { CommandPaletteLauncher } from "./CommandPaletteLauncher";
import { paletteScreens } from "./paletteScreens";

function renderPalette(role: "agent" | "super_admin" | "policy_support" = "agent") {
  const asked: string[] = [];
  const dataProvider = createMemoryDataProvider(
    {},
    {
      request: async <T,>(path: string, init?: AppRequestInit) => {
        if (path !== "/palette") throw new HttpError("not faked", 500, {});
        const q = String(init?.query?.q);
        asked.push(q);
        const data = q.startsWith("pol") ? [{ kind: "policies", id: 12, title: "POL-A-0001", subtitle: "BOUND" }, { kind: "users", id: 5, title: "Ann Lee", subtitle: "ann@example.com" }] : [];
        return { json: { data } as T, headers: new Headers() };
      },
    },
  );
  const view = renderInAdmin(<CommandPaletteLauncher />, { dataProvider, user: staffUser(role), url: "/dashboard/leads", path: "/dashboard/*" });
  return { ...view, asked };
}

describe("the command palette", () => {
  it("opens with Ctrl+K, finds records after two characters and opens the chosen one with the keyboard alone", { timeout: 60_000 }, async () => {
    const { asked, i18nProvider } = renderPalette();
    const user = userEvent.setup();
    await user.keyboard("{Control>}k{/Control}");
    // The dialog itself carries the name (on MUI's paper, where role=dialog is), for screen readers and journeys.
    expect(await screen.findByRole("dialog", { name: "Command palette" })).toBeInTheDocument();
    const input = await screen.findByRole("combobox", { name: "Command palette" });
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.getByText("Type two characters or more to find records")).toBeInTheDocument();
    await user.type(input, "p");
    expect(asked).toEqual([]);
    await user.type(input, "ol");
    const listbox = screen.getByRole("listbox");
    await within(listbox).findByRole("option", { name: /POL-A-0001/ });
    expect(asked).toEqual(["pol"]);
    // Records first; the first option is active and ↓ moves to the next.
    expect(within(listbox).getByRole("option", { name: /POL-A-0001/ })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}");
    expect(within(listbox).getByRole("option", { name: /Ann Lee/ })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowUp}{Enter}");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/policies/view/12"));
    expect(screen.queryByRole("combobox", { name: "Command palette" })).toBeNull();
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("jumps to a screen the role may open by its name, and Esc closes", { timeout: 60_000 }, async () => {
    renderPalette();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Search and jump (Ctrl+K)" }));
    const input = await screen.findByRole("combobox", { name: "Command palette" });
    await user.type(input, "Email Hi");
    await user.keyboard("{ArrowDown}");
    const option = await screen.findByRole("option", { name: "Email History" });
    expect(option).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/email-history"));
    await user.keyboard("{Meta>}k{/Meta}");
    await screen.findByRole("combobox", { name: "Command palette" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("combobox", { name: "Command palette" })).toBeNull());
  });
});

describe("paletteScreens", () => {
  it("offers each role only the screens its guards open: the audit log to super admins, the review queue to policy support", () => {
    const paths = (role: Parameters<typeof staffUser>[0]) => paletteScreens(staffUser(role), { production: true }).map((s) => s.path);
    expect(paths("super_admin")).toContain("/dashboard/audit");
    expect(paths("agent")).not.toContain("/dashboard/audit");
    expect(paths("agent")).toContain("/dashboard/policies/browse");
    expect(paths("staff")).not.toContain("/dashboard/audit");
    expect(paths("policy_support")).toEqual(expect.arrayContaining(["/dashboard/policy-support"]));
    expect(paths("policy_support")).not.toContain("/dashboard/policies/browse");
    // Home and Compliance have no menu entry: the palette reaches them, for the roles that open them.
    for (const role of ["super_admin", "agent", "staff"] as const) expect(paths(role)).toEqual(expect.arrayContaining(["/dashboard/home", "/dashboard/compliance"]));
    expect(paths("policy_support")).not.toContain("/dashboard/home");
    // Invoices and Payments have no menu entry either (document 1 section 6 names none); policy support has no billing.
    for (const role of ["super_admin", "agent", "staff"] as const) expect(paths(role)).toEqual(expect.arrayContaining(["/dashboard/invoices", "/dashboard/payments"]));
    expect(paths("policy_support")).not.toContain("/dashboard/invoices");
    // Reporting (coverage snapshots) is a Tools route no menu lists: without the palette it was reached only by address.
    for (const role of ["super_admin", "agent", "staff"] as const) expect(paths(role)).toContain("/dashboard/reporting");
    expect(paths("policy_support")).not.toContain("/dashboard/reporting");
  });
});
