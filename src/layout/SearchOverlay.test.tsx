import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { SearchResult } from "../dataProvider/types";
import { staffUser } from "../test/fixtures";
import { createMemoryDataProvider } from "../test/memoryDataProvider";
import { renderInAdmin } from "../test/TestAdmin";
import { SearchOverlay } from "./SearchOverlay";

const hit = (id: number, number: string, status = "BOUND_WITH_WARNING"): SearchResult => ({ type: "policy", id, number, status, label: number });

async function openSearch(searchPolicies: (query: string) => Promise<SearchResult[]>) {
  const dataProvider = createMemoryDataProvider({}, { searchPolicies });
  const view = renderInAdmin(<SearchOverlay />, { dataProvider, user: staffUser("agent"), url: "/dashboard/leads", path: "/dashboard/leads" });
  fireEvent.click(await screen.findByRole("button", { name: "Search" }));
  const input = await screen.findByPlaceholderText("Search...");
  return { input, view };
}

describe("search overlay (document 1 section 2.3, readings C-53)", () => {
  it("shows the spec's placeholder and hint, with the field focused", async () => {
    const { input } = await openSearch(async () => []);
    expect(screen.getByText("Hit enter to search")).toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it("asks once, 500 ms after the last keystroke, and lists number and status", async () => {
    const search = vi.fn(async () => [hit(12, "POL-0012"), hit(13, "POL-0013", "BOUND")]);
    const { input } = await openSearch(search);
    fireEvent.change(input, { target: { value: "P" } });
    fireEvent.change(input, { target: { value: "POL" } });
    fireEvent.change(input, { target: { value: "POL-00" } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(search).not.toHaveBeenCalled();
    expect(await screen.findByText("POL-0012")).toBeInTheDocument();
    expect(screen.getByText("Bound with warning")).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith("POL-00");
  });

  it("opens a suggestion's policy when it is clicked", async () => {
    const { input } = await openSearch(async () => [hit(12, "POL-0012"), hit(13, "POL-0013")]);
    fireEvent.change(input, { target: { value: "POL" } });
    fireEvent.click(await screen.findByText("POL-0013"));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/policies/view/13"));
    expect(screen.queryByPlaceholderText("Search...")).not.toBeInTheDocument();
  });

  it("on Enter closes and opens the policy grid with the text as a Policy Number keyword", async () => {
    const search = vi.fn(async () => []);
    const { input } = await openSearch(search);
    fireEvent.change(input, { target: { value: " SC-12 " } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(screen.queryByPlaceholderText("Search...")).not.toBeInTheDocument());
    expect(decodeURIComponent(screen.getByTestId("location").textContent ?? "")).toBe('/dashboard/policies/browse?filters={"number":{"like":"SC-12"}}');
  });

  it("on Enter with nothing typed just closes", async () => {
    const { input } = await openSearch(vi.fn(async () => []));
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(screen.queryByPlaceholderText("Search...")).not.toBeInTheDocument());
    expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/leads");
  });

  it("closes on Escape without searching", async () => {
    const search = vi.fn(async () => []);
    const { input } = await openSearch(search);
    fireEvent.change(input, { target: { value: "POL" } });
    fireEvent.keyDown(input, { key: "Escape" });
    await waitFor(() => expect(screen.queryByPlaceholderText("Search...")).not.toBeInTheDocument());
    expect(search).not.toHaveBeenCalled();
  });
});
