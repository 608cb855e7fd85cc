import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { staffUser } from "../test/fixtures";
import { createMemoryDataProvider } from "../test/memoryDataProvider";
import { renderInAdmin } from "../test/TestAdmin";
import { SideMenu } from "./SideMenu";

/** A window of the given width as MUI's useMediaQuery asks it (max-width / min-width queries only). */
function windowWidth(width: number) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const max = query.match(/max-width:\s*([\d.]+)px/);
    const min = query.match(/min-width:\s*([\d.]+)px/);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return { matches, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false };
  }) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

const renderMenu = (url = "/dashboard/leads") =>
  renderInAdmin(<SideMenu />, { dataProvider: createMemoryDataProvider({}), user: staffUser("staff"), url, path: "/dashboard/*" });

describe("<SideMenu> below 960 px: back and next panes (document 1 section 2.3)", () => {
  let restore: () => void;
  beforeEach(() => {
    restore = windowWidth(600);
  });
  afterEach(() => restore());

  it("opens a group as its own pane with Back at its top, and Back returns to the main pane", async () => {
    renderMenu();
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    // The main pane: top-level entries and the groups as ways to their panes; no group's entries yet.
    expect(within(nav).getByRole("link", { name: "Email History" })).toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Policies" })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("button", { name: "Pin the menu" })).not.toBeInTheDocument();
    fireEvent.click(within(nav).getByRole("button", { name: "Compliance" }));

    const pane = await within(nav).findByRole("group", { name: "Compliance" });
    const back = within(pane).getByRole("button", { name: "Back" });
    await waitFor(() => expect(back).toHaveFocus());
    expect(within(pane).getByRole("heading", { name: "Compliance" })).toBeInTheDocument();
    expect(within(pane).getByRole("link", { name: "Policies" })).toHaveAttribute("href", "/dashboard/policies/browse");
    expect(within(nav).queryByRole("link", { name: "Email History" })).not.toBeInTheDocument();

    fireEvent.click(back);
    await waitFor(() => expect(within(nav).getByRole("button", { name: "Compliance" })).toHaveFocus());
    expect(within(nav).queryByRole("group", { name: "Compliance" })).not.toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Email History" })).toBeInTheDocument();
  });

  it("goes to a page from a group's pane", async () => {
    renderMenu();
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    fireEvent.click(within(nav).getByRole("button", { name: "Properties" }));
    fireEvent.click(await within(nav).findByRole("link", { name: "Units" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/dashboard/insurable/units");
  });
});

describe("<SideMenu> from 960 px: nested dropdowns", () => {
  let restore: () => void;
  beforeEach(() => {
    restore = windowWidth(1280);
  });
  afterEach(() => restore());

  it("shows each group's entries in place and folds a group away", async () => {
    renderMenu();
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    expect(within(nav).getByRole("link", { name: "Policies" })).toBeInTheDocument();
    expect(within(nav).queryByRole("button", { name: "Back" })).not.toBeInTheDocument();
    const group = within(nav).getByRole("button", { name: "Compliance" });
    expect(group).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(group);
    expect(group).toHaveAttribute("aria-expanded", "false");
  });
});
