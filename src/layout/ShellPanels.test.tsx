import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { RaRecord } from "react-admin";
import { describe, expect, it } from "vitest";
import type { AppRequestInit } from "../dataProvider/types";
import { effectiveLayout, readShellSettings, rtlFromQuery } from "../domain/shellSettings";
import { staffUser } from "../test/fixtures";
import { createMemoryDataProvider } from "../test/memoryDataProvider";
import { renderInAdmin } from "../test/TestAdmin";
import { ConfigPanel } from "./ConfigPanel";
import { HorizontalNav } from "./HorizontalNav";
import { MegaMenu } from "./MegaMenu";
import { QuickPanel } from "./QuickPanel";
import { mirrorDeclaration } from "./rtl";
import { useSyncShellSettings } from "./shellSettings";
import { SideMenu } from "./SideMenu";

const policy = (id: number, status: string, updated_at: string): RaRecord => ({
  id,
  number: `POL-${id}`,
  status,
  updated_at,
  primary_user: { id: id + 100, email: `c${id}@example.com`, full_name: `Customer ${id}` },
});

/** Answers PUT /shell_settings like the server (merging) and records what was sent. */
function settingsServer() {
  const sent: unknown[] = [];
  let stored = {};
  const request = async (path: string, init: AppRequestInit = {}) => {
    if (path !== "/shell_settings") throw new Error(`unexpected ${path}`);
    if (init.method === "PUT") {
      const changes = (init.body as { shell_settings: object }).shell_settings;
      sent.push(changes);
      stored = { ...stored, ...changes };
    }
    return { json: readShellSettings(stored) as never, headers: new Headers() };
  };
  return { sent, request };
}

describe("shell settings rules (document 1 section 2.3, readings C-20)", () => {
  it("forces the vertical layout on small screens and without property_management.users.edit", () => {
    const agent = staffUser("agent");
    expect(effectiveLayout("horizontal", agent, false)).toBe("horizontal");
    expect(effectiveLayout("horizontal", agent, true)).toBe("vertical");
    // A list without the key: the key is off.
    expect(effectiveLayout("horizontal", staffUser("agent", [{ key: "policies.policies", value: true }]), false)).toBe("vertical");
    expect(effectiveLayout("horizontal", staffUser("agent", [{ key: "property_management.users.edit", value: true }]), false)).toBe("horizontal");
  });

  it("reads rtl=true / rtl=false from the query and ignores anything else; damaged settings fall back per field", () => {
    expect(rtlFromQuery("?rtl=true")).toBe(true);
    expect(rtlFromQuery("?a=1&rtl=false")).toBe(false);
    expect(rtlFromQuery("?rtl=yes")).toBeUndefined();
    expect(readShellSettings({ layout: "diagonal", rtl: true, theme: "dark", nav_pinned: "no" })).toEqual({ layout: "vertical", rtl: true, theme: "dark", nav_pinned: true });
  });

  it("mirrors physical sides for right-to-left", () => {
    expect(mirrorDeclaration("margin-left", "8px")).toEqual(["margin-right", "8px"]);
    expect(mirrorDeclaration("border-top-left-radius", "4px")).toEqual(["border-top-right-radius", "4px"]);
    expect(mirrorDeclaration("left", "0")).toEqual(["right", "0"]);
    expect(mirrorDeclaration("text-align", "left")).toEqual(["text-align", "right"]);
    expect(mirrorDeclaration("padding", "0 16px 0 calc(100% - 8px)")).toEqual(["padding", "0 calc(100% - 8px) 0 16px"]);
    expect(mirrorDeclaration("border-radius", "4px 0 0 4px")).toEqual(["border-radius", "0 4px 4px 0"]);
    expect(mirrorDeclaration("margin", "0 8px")).toBeNull();
    expect(mirrorDeclaration("top", "0")).toBeNull();
  });

  it("moves a translation the other way with its anchor, so a Switch's thumb and a text field's label stay in their box", () => {
    // MUI's Switch: `left: 0` becomes `right: 0`, and its checked thumb must then move left, not 20px out of the track.
    expect(mirrorDeclaration("transform", "translateX(20px)")).toEqual(["transform", "translateX(-20px)"]);
    // A text field's label: 14px in from the start edge, shrunk towards that edge.
    expect(mirrorDeclaration("transform", "translate(14px,16px) scale(1)")).toEqual(["transform", "translate(-14px,16px) scale(1)"]);
    expect(mirrorDeclaration("transform-origin", "top left")).toEqual(["transform-origin", "top right"]);
    expect(mirrorDeclaration("transform", "translate(-50%, -50%)")).toEqual(["transform", "translate(50%, -50%)"]);
    expect(mirrorDeclaration("transform", "translateX(var(--pane-from))")).toEqual(["transform", "translateX(calc(-1 * var(--pane-from)))"]);
    expect(mirrorDeclaration("transform", "translate3d(0,8px,0)")).toEqual(["transform", "translate3d(0,8px,0)"]);
    expect(mirrorDeclaration("transform", "rotate(-90deg)")).toBeNull();
    expect(mirrorDeclaration("transform", "translateY(4px)")).toBeNull();
  });
});

describe("<ConfigPanel>", () => {
  it("keeps a layout chosen while the server's copy of the settings is still on its way", async () => {
    const sent: unknown[] = [];
    let release = () => undefined as void;
    const request = async (path: string, init: AppRequestInit = {}) => {
      if (path !== "/shell_settings") throw new Error(`unexpected ${path}`);
      if (init.method === "PUT") {
        sent.push((init.body as { shell_settings: object }).shell_settings);
        return { json: {} as never, headers: new Headers() };
      }
      // The copy the server had before the change: the vertical layout. It arrives only when the test says so.
      return new Promise((resolve) => {
        release = () => resolve({ json: readShellSettings({ layout: "vertical" }) as never, headers: new Headers() });
      });
    };
    const Synced = () => {
      useSyncShellSettings();
      return <ConfigPanel />;
    };
    renderInAdmin(<Synced />, { dataProvider: createMemoryDataProvider({}, { request: request as never }), user: staffUser("super_admin"), url: "/dashboard/leads", path: "/dashboard/leads" });
    fireEvent.click(await screen.findByRole("button", { name: "Settings" }));
    const panel = await screen.findByRole("dialog", { name: "Settings" });
    fireEvent.click(within(panel).getByRole("radio", { name: "Horizontal navigation bar" }));
    await waitFor(() => expect(sent).toEqual([{ layout: "horizontal" }]));
    await act(async () => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(within(panel).getByRole("radio", { name: "Horizontal navigation bar" })).toBeChecked();
    // Put back for the other tests (the settings are one store per page).
    fireEvent.click(within(panel).getByRole("radio", { name: "Vertical (side menu)" }));
    fireEvent.click(within(panel).getByRole("button", { name: "Close settings" }));
  });

  it("applies and saves the theme, the horizontal layout, right-to-left and the pin", async () => {
    const server = settingsServer();
    renderInAdmin(<ConfigPanel />, { dataProvider: createMemoryDataProvider({}, { request: server.request as never }), user: staffUser("agent"), url: "/dashboard/leads", path: "/dashboard/leads" });
    fireEvent.click(await screen.findByRole("button", { name: "Settings" }));
    const panel = await screen.findByRole("dialog", { name: "Settings" });
    fireEvent.click(within(panel).getByRole("radio", { name: "Horizontal navigation bar" }));
    fireEvent.click(within(panel).getByRole("switch", { name: "Right to left" }));
    fireEvent.click(within(panel).getByRole("radio", { name: "Dark" }));
    fireEvent.click(within(panel).getByRole("switch", { name: "Keep the side menu open" }));
    await waitFor(() => expect(server.sent).toEqual([{ layout: "horizontal" }, { rtl: true }, { theme: "dark" }, { nav_pinned: false }]));
    expect(within(panel).getByRole("radio", { name: "Horizontal navigation bar" })).toBeChecked();
    expect(within(panel).getByRole("switch", { name: "Right to left" })).toBeChecked();
    // Put back for the other tests (the settings are one store per page).
    fireEvent.click(within(panel).getByRole("radio", { name: "Vertical (side menu)" }));
    fireEvent.click(within(panel).getByRole("switch", { name: "Right to left" }));
    fireEvent.click(within(panel).getByRole("switch", { name: "Keep the side menu open" }));
    await waitFor(() => expect(server.sent).toHaveLength(7));
    fireEvent.click(within(panel).getByRole("button", { name: "Close settings" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Settings" })).not.toBeInTheDocument());
  });

  it("keeps the layout vertical for a user without property_management.users.edit", async () => {
    const server = settingsServer();
    const user = staffUser("staff", [{ key: "property_management.users.edit", value: false }]);
    renderInAdmin(<ConfigPanel />, { dataProvider: createMemoryDataProvider({}, { request: server.request as never }), user, url: "/dashboard/leads", path: "/dashboard/leads" });
    fireEvent.click(await screen.findByRole("button", { name: "Settings" }));
    const panel = await screen.findByRole("dialog", { name: "Settings" });
    await waitFor(() => expect(within(panel).getByRole("radio", { name: "Horizontal navigation bar" })).toBeDisabled());
    expect(within(panel).getByText("Your permissions keep the vertical layout.")).toBeInTheDocument();
    expect(within(panel).getByRole("switch", { name: "Right to left" })).toBeEnabled();
  });
});

describe("<QuickPanel>", () => {
  it("shows a super admin the review queue's waiting items and the latest policies", async () => {
    const dataProvider = createMemoryDataProvider(
      { policies: [policy(1, "BOUND", "2026-01-02T10:00:00Z"), policy(2, "BOUND", "2026-03-02T10:00:00Z"), policy(3, "EXTERNAL_UNVERIFIED", "2026-02-02T10:00:00Z")] },
      {
        request: (async (path: string) => {
          expect(path).toBe("/policy-support/policies_dashboard_index");
          return { json: [{ id: 9, number: "EXT-9", status: "EXTERNAL_UNVERIFIED", created_at: "2026-01-05T10:00:00Z", customer: "Dana Doe" }], headers: new Headers({ "total-entries": "12" }) };
        }) as never,
      },
    );
    renderInAdmin(<QuickPanel />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/leads", path: "/dashboard/leads" });
    fireEvent.click(await screen.findByRole("button", { name: "Quick panel" }));
    const pending = await screen.findByRole("region", { name: "Pending reviews" });
    expect(within(pending).getByText("12 waiting")).toBeInTheDocument();
    expect(within(pending).getByRole("link", { name: /EXT-9/ })).toHaveAttribute("href", "/dashboard/policies/view/9");
    expect(within(pending).getByRole("link", { name: "Open Policy Review" })).toHaveAttribute("href", "/dashboard/policy-support");
    const recent = screen.getByRole("region", { name: "Recent policies" });
    // Newest change first.
    expect(within(recent).getAllByRole("link").map((a) => a.textContent?.slice(0, 5))).toEqual(["POL-2", "POL-3", "POL-1", "View "]);
  });

  it("shows staff their own proofs awaiting review, and policy support only the queue", async () => {
    const data = { policies: [policy(1, "BOUND", "2026-01-02T10:00:00Z"), policy(3, "EXTERNAL_UNVERIFIED", "2026-02-02T10:00:00Z")] };
    const { unmount } = renderInAdmin(<QuickPanel />, { dataProvider: createMemoryDataProvider(data), user: staffUser("staff"), url: "/dashboard/leads", path: "/dashboard/leads" });
    fireEvent.click(await screen.findByRole("button", { name: "Quick panel" }));
    const pending = await screen.findByRole("region", { name: "Pending reviews" });
    expect(within(pending).getByText("1 waiting")).toBeInTheDocument();
    expect(within(pending).getByRole("link", { name: /POL-3/ })).toBeInTheDocument();
    expect(within(pending).queryByRole("link", { name: /POL-1/ })).not.toBeInTheDocument();
    unmount();

    const support = createMemoryDataProvider(data, { request: (async () => ({ json: [], headers: new Headers({ "total-entries": "0" }) })) as never });
    renderInAdmin(<QuickPanel />, { dataProvider: support, user: staffUser("policy_support"), url: "/dashboard/policy-support", path: "/dashboard/policy-support" });
    fireEvent.click(await screen.findByRole("button", { name: "Quick panel" }));
    expect(await screen.findByText("Nothing is waiting for review.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Recent policies" })).not.toBeInTheDocument();
    expect(support.calls.some((c) => c.method === "getList")).toBe(false);
  });
});

describe("<MegaMenu> and <HorizontalNav>", () => {
  it("lays out every screen of the agent's menu by group", async () => {
    renderInAdmin(<MegaMenu />, { dataProvider: createMemoryDataProvider({}), user: staffUser("agent"), url: "/dashboard/leads", path: "/dashboard/leads" });
    fireEvent.click(await screen.findByRole("button", { name: "All screens" }));
    const menu = await screen.findByRole("dialog", { name: "All screens" });
    const agency = within(menu).getByRole("heading", { name: "Agency" }).closest("section") as HTMLElement;
    expect(within(agency).getByRole("link", { name: "Agency Details" })).toHaveAttribute("href", "/dashboard/agencies/view/5");
    expect(within(agency).getByRole("link", { name: "Sub-Agencies" })).toBeInTheDocument();
    fireEvent.click(within(menu).getByRole("link", { name: "Leases" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/dashboard/leases");
  });

  it("opens a group of the horizontal bar as a dropdown of its entries", async () => {
    renderInAdmin(<HorizontalNav />, { dataProvider: createMemoryDataProvider({}), user: staffUser("staff"), url: "/dashboard/leads", path: "/dashboard/leads" });
    fireEvent.click(await screen.findByRole("button", { name: "Compliance" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Policies" })).toHaveAttribute("href", "/dashboard/policies/browse");
    fireEvent.click(within(menu).getByRole("menuitem", { name: "Policy Import" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/dashboard/policies/policy-import");
  });
});

describe("<SideMenu> collapse pin", () => {
  it("unpins and pins the side menu, kept with the user's settings", async () => {
    const server = settingsServer();
    renderInAdmin(<SideMenu />, { dataProvider: createMemoryDataProvider({}, { request: server.request as never }), user: staffUser("agent"), url: "/dashboard/leads", path: "/dashboard/leads" });
    fireEvent.click(await screen.findByRole("button", { name: "Unpin the menu" }));
    expect(await screen.findByRole("button", { name: "Pin the menu" })).toHaveAttribute("aria-pressed", "false");
    fireEvent.click(screen.getByRole("button", { name: "Pin the menu" }));
    await waitFor(() => expect(server.sent).toEqual([{ nav_pinned: false }, { nav_pinned: true }]));
  });
});
