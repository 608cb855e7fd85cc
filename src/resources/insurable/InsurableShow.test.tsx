import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AppRequestInit } from "../../dataProvider/types";
import type { Role } from "../../domain/roles";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { InsurableCreate } from "./InsurableCreate";
import { InsurableList } from "./InsurableList";
import { InsurableShow } from "./InsurableShow";

const ADDRESS = { street_number: "120", street_name: "Main St", street_two: null, city: "Austin", state: "TX", zip_code: "78701", full: "120 Main St, Austin, TX 78701" };
const base = { account_id: 5, account_title: "Sunrise Apartments", enabled: true, covered: false, occupied: false, buildings_count: 0, units_count: 0, parent_type_id: null };
const COMMUNITY = { ...base, id: 1, title: "Maple Court", insurable_type_id: 1, insurable_id: null, parent_title: null, address: ADDRESS, buildings_count: 2, units_count: 40, addresses: [{ id: 9, ...ADDRESS }], community: { id: 1, title: "Maple Court" } };
const UNIT = { ...base, id: 3, title: "101", insurable_type_id: 4, insurable_id: 2, parent_title: "Building A", parent_type_id: 7, address: ADDRESS, covered: true, occupied: true, addresses: [], community: { id: 1, title: "Maple Court" } };
const BUILDING = { ...base, id: 2, title: "Building A", insurable_type_id: 7, insurable_id: 1, parent_title: "Maple Court", address: ADDRESS, units_count: 20 };

function setup(role: Role, url: string, path: string, element: ReactElement, answers: Record<string, unknown> = {}) {
  const requests: Array<{ path: string } & AppRequestInit> = [];
  const dataProvider = createMemoryDataProvider(
    { insurable: [COMMUNITY, BUILDING, UNIT], accounts: [{ id: 5, title: "Sunrise Apartments" }] },
    {
      async request<T>(p: string, init: AppRequestInit = {}) {
        requests.push({ path: p, ...init });
        const key = Object.keys(answers).find((k) => p.endsWith(k));
        if (!key) throw new Error(`unexpected ${p}`);
        return { json: answers[key] as T, headers: new Headers({ "total-entries": "1" }) };
      },
      async searchCommunities() {
        return [{ id: 1, title: "Maple Court", account_id: 5 }];
      },
    },
  );
  const view = renderInAdmin(element, { dataProvider, user: staffUser(role), url, path });
  return { ...view, requests, dataProvider };
}

describe("InsurableList", () => {
  it("lists units with parent, account, address and Yes/No coverage, 20 a page by title", async () => {
    const { dataProvider, i18nProvider } = setup("staff", "/dashboard/insurable/units", "/dashboard/insurable/units", <InsurableList kind="units" />);
    const row = (await screen.findByText("101")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Building A")).toBeInTheDocument();
    expect(within(row).getByText("120 Main St, Austin, TX 78701")).toBeInTheDocument();
    expect(within(row).getAllByText("Yes")).toHaveLength(2);
    expect(screen.queryByText("Maple Court")).not.toBeInTheDocument();
    const call = dataProvider.calls.find((c) => c.method === "getList" && c.resource === "insurable")?.params as { filter: unknown; pagination: { perPage: number } };
    expect(call).toMatchObject({ filter: { insurable_type_id: [4, 5] }, pagination: { perPage: 20 } });
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });
});

describe("InsurableShow", () => {
  it("a unit shows its building and community as links, its residents tab first, and no children or rates tabs", async () => {
    setup("staff", "/dashboard/insurable/view/3", "/dashboard/insurable/view/:id/*", <InsurableShow />, {
      "/residents": [{ lease_id: 1, reference: "L1", status: "current", start_date: "2026-01-01", end_date: "2027-01-01", unit_id: 3, unit_title: "101", tenants: [{ id: 8, email: "ann@example.com", full_name: "Ann Lee", primary: true }] }],
    });
    expect(await screen.findByRole("heading", { name: "101" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Building A" })).toHaveAttribute("href", "/dashboard/insurable/view/2");
    expect(screen.getByRole("link", { name: "Maple Court" })).toHaveAttribute("href", "/dashboard/insurable/view/1");
    expect(await screen.findByRole("link", { name: "Ann Lee" })).toBeInTheDocument();
    expect(screen.getByText("Current")).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Residents & Leases", "Policies", "Coverage", "Coverage timeline", "History"]);
    // A unit has no address of its own to sync.
    expect(screen.queryByRole("button", { name: "Sync address" })).not.toBeInTheDocument();
  });

  it("a community has children and rates tabs; rate switches send the change", async () => {
    const rate = { id: 4, title: "Liability $100,000", interval: "month", premium: 800, coverage_limits: { liability: 10000000 }, deductibles: { all_peril: 25000 }, enabled: true, mandatory: true };
    const { requests, i18nProvider } = setup("agent", "/dashboard/insurable/view/1/rates", "/dashboard/insurable/view/:id/*", <InsurableShow />, {
      "/insurable-rates": [rate],
      "/insurable-rates/4": { ...rate, enabled: false },
    });
    expect(await screen.findByText("Liability $100,000")).toBeInTheDocument();
    expect(screen.getByText("$8.00")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sync address" })).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Buildings & Units", "Residents & Leases", "Policies", "Coverage", "Rates", "Carrier Profile", "Requirements", "Property Managers", "History", "Reports"]);
    fireEvent.click(screen.getByRole("switch", { name: "Liability $100,000 Enabled" }));
    await waitFor(() => expect(requests.find((r) => r.method === "PUT")).toMatchObject({ path: "/insurables/1/insurable-rates/4", body: { insurable_rate: { enabled: false } } }));
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });
});

describe("InsurableShow: History", () => {
  it("lists who changed what, newest first, money as money", async () => {
    const { requests, i18nProvider } = setup("staff", "/dashboard/insurable/view/1/history", "/dashboard/insurable/view/:id/*", <InsurableShow />, {
      "/histories": [
        { id: 2, created_at: "2026-06-15T10:00:00Z", author: "Sam Staff", action: "update_related", process: "console", data: { "rates.4.premium": { previous_value: 800, new_value: 900, format: "money" } } },
        { id: 1, created_at: "2026-06-14T10:00:00Z", author: "Sam Staff", action: "create", process: "console", data: { title: { previous_value: null, new_value: "Maple Court" } } },
      ],
    });
    const table = await screen.findByRole("table", { name: "History" });
    expect(await within(table).findByText("rates.4.premium: $8.00 → $9.00")).toBeInTheDocument();
    expect(within(table).getByText("title: — → Maple Court")).toBeInTheDocument();
    expect(within(table).getByText("Update related")).toBeInTheDocument();
    expect(requests.find((r) => r.path === "/insurables/1/histories")).toMatchObject({ query: { pagination: { page: 1, per: 100 } } });
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });
});

describe("InsurableShow: Carrier Profile", () => {
  it("shows each carrier's traits as Yes/No, numbers and text, and saves an edit keeping each trait's kind", async () => {
    const profile = { id: 6, carrier_id: 2, carrier_title: "QBE Insurance Corporation", external_carrier_id: "QBE-000001", traits: { pref_facility: "MDU", gated: false, construction_year: 1996 } };
    const { requests, i18nProvider } = setup("staff", "/dashboard/insurable/view/1/carrier_profile", "/dashboard/insurable/view/:id/*", <InsurableShow />, {
      "/carrier-insurable-profiles": { data: [profile], available_carriers: [{ id: 3, title: "Millennial Specialty Insurance" }] },
      "/carrier-insurable-profiles/6": { ...profile, traits: { ...profile.traits, gated: true, construction_year: 1998 } },
    });
    const table = await screen.findByRole("table", { name: "QBE Insurance Corporation Carrier Profile" });
    const row = (name: string) => within(table).getByText(name).closest("tr") as HTMLElement;
    expect(within(row("Gated")).getByText("No")).toBeInTheDocument();
    expect(within(row("Year built")).getByText("1996")).toBeInTheDocument();
    expect(within(row("Preferred facility")).getByText("MDU")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add carrier profile" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    fireEvent.click(screen.getByRole("switch", { name: "Gated" }));
    fireEvent.change(screen.getByLabelText("Year built"), { target: { value: "1998" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === "PUT")).toMatchObject({
        path: "/carrier-insurable-profiles/6",
        body: { carrier_insurable_profile: { external_carrier_id: "QBE-000001", traits: { pref_facility: "MDU", gated: true, construction_year: 1998 } } },
      }),
    );
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });
});

describe("InsurableCreate (Add a Property)", () => {
  it("creates units from ranges under a community and lists what was skipped", async () => {
    const { requests } = setup("staff", "/dashboard/insurable/create", "/dashboard/insurable/create", <InsurableCreate />, {
      "/insurables/bulk_create": { created: [{ id: 50, title: "102" }], already_created: ["101"], errors: [] },
    });
    expect(screen.getByText("You can skip selecting Building, select Unit of Community")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText("Community", { selector: "input" }));
    fireEvent.click(await screen.findByRole("option", { name: "Maple Court" }));
    fireEvent.change(screen.getByLabelText("Ranges"), { target: { value: "101..102" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Already created: 101")).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ path: "/insurables/bulk_create", body: { insurables: { common_attributes: { insurable_type_id: 4, insurable_id: 1 }, ranges: ["101..102"] } } });
  });
});
