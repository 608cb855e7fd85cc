import { useState } from "react";
import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminContext, ListContextProvider, memoryStore, type ListControllerResult } from "react-admin";
import { createTestI18nProvider } from "../../i18n";
import { AutocompleteFilter, type PickerOption } from "./filters";

const CARRIERS: PickerOption[] = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, title: `Carrier ${String(i + 1).padStart(2, "0")}` }));

/** What the carriers lookup answers: the first 20 by title, or the titles containing the typed text. */
async function searchCarriers(text: string): Promise<PickerOption[]> {
  const found = text ? CARRIERS.filter((c) => c.title.toLowerCase().includes(text.toLowerCase())) : CARRIERS;
  return found.slice(0, 20);
}

/** The filter inside a list whose filter values live in state, as a grid holds them. */
function Harness({ onFilters }: { onFilters: (values: Record<string, unknown>) => void }) {
  const [filterValues, setFilterValues] = useState<Record<string, unknown>>({});
  const context = {
    filterValues,
    displayedFilters: {},
    setFilters: (values: Record<string, unknown>) => {
      setFilterValues(values);
      onFilters(values);
    },
  } as unknown as ListControllerResult;
  return (
    <ListContextProvider value={context}>
      <AutocompleteFilter path="carrier_id" label="app.policy_browse.filters.carrier" search={searchCarriers} />
    </ListContextProvider>
  );
}

describe("AutocompleteFilter (the grids' agency, account, carrier and community pickers)", () => {
  it("keeps what the user types, searches it after the pause and picks a match beyond the first 20", async () => {
    const applied: Array<Record<string, unknown>> = [];
    render(
      <AdminContext i18nProvider={createTestI18nProvider()} store={memoryStore()}>
        <Harness onFilters={(values) => applied.push(values)} />
      </AdminContext>,
    );
    const user = userEvent.setup();
    const input = screen.getByRole("combobox", { name: "Carrier" });
    await user.click(input);
    // Preloaded on open: the first 20 only.
    await screen.findByRole("option", { name: "Carrier 01" });
    expect(screen.queryByRole("option", { name: "Carrier 45" })).toBeNull();

    await user.type(input, "45");
    expect(input).toHaveValue("45");
    await new Promise((resolve) => setTimeout(resolve, 250));
    const match = await screen.findByRole("option", { name: "Carrier 45" });
    expect(input).toHaveValue("45");
    expect(screen.getAllByRole("option")).toHaveLength(1);
    await user.click(match);
    await waitFor(() => expect(applied.at(-1)).toEqual({ carrier_id: [45] }));
    expect(screen.getByRole("button", { name: "Carrier 45" })).toBeInTheDocument();
    // Choosing clears the typed text for the next search.
    expect(input).toHaveValue("");
  });
});
