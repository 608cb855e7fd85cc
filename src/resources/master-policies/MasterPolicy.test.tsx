import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router-dom";
import type { Role } from "../../domain/roles";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { MasterPolicyCreate } from "./MasterPolicyCreate";
import { MasterPolicyList } from "./MasterPolicyList";
import { MasterPolicyShow } from "./MasterPolicyShow";
import { payloadOf, formOf } from "./masterPolicyForm";
import type { MasterPolicy } from "./types";

const master = (over: Partial<MasterPolicy> = {}): MasterPolicy => ({
  id: 7,
  number: "MP-0007",
  status: "BOUND",
  policy_type_id: 2,
  effective_date: "2026-01-01",
  expiration_date: "2027-01-01",
  cancellation_date: null,
  account: { id: 5, title: "Sunrise Apartments" },
  agency: { id: 2, title: "Summit Risk" },
  carrier: { id: 3, title: "QBE Specialty" },
  base: 125_000,
  total: 130_000,
  calculation_base: 1_000,
  covered_units: 12,
  communities_count: 1,
  system_data: { landlord_sumplimental: true },
  policy_coverages: [{ id: 1, designation: "liability", limit: 10_000_000, occurrence_limit: 30_000_000, deductible: 50_000 }],
  master_policy_configurations: [
    { id: 1, program_type: "auto", program_start_date: "2026-01-01", program_delay: 10, grace_period: 5, placement_cost: 1_500, force_placement_cost: null, prorate_charges: true, admin_fee: 300, force_admin_fee: null, prorate_admin_fee: false, charge_date: 1 },
  ],
  ...over,
});

describe("MasterPolicyList (master-policies/browse)", () => {
  const renderList = (role: Role) => {
    const dataProvider = createMemoryDataProvider({ "master-policies": [master(), master({ id: 8, number: "MP-0008", status: "CANCELLED", covered_units: 0 })] });
    const view = renderInAdmin(<MasterPolicyList />, { dataProvider, user: staffUser(role), url: "/dashboard/master-policies/browse", path: "/dashboard/master-policies/browse" });
    return { ...view, dataProvider };
  };

  it("shows number, account, carrier, status, dates, total and covered units, 20 a page, with Create for a super admin", async () => {
    const { dataProvider, i18nProvider } = renderList("super_admin");
    const row = (await screen.findByText("MP-0007")).closest("tr") as HTMLElement;
    for (const text of ["Sunrise Apartments", "QBE Specialty", "Bound", "January 1, 2026", "January 1, 2027", "$1,300.00", "12"]) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(screen.getByText("MP-0008").closest("tr")).toHaveTextContent("Cancelled");
    expect(await screen.findByRole("link", { name: "Create Master Policy" })).toHaveAttribute("href", "/dashboard/master-policies/create");
    const call = dataProvider.calls.find((c) => c.method === "getList" && c.resource === "master-policies")!.params as { pagination: { perPage: number } };
    expect(call.pagination.perPage).toBe(20);
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("offers no Create to account staff, who only read", async () => {
    renderList("staff");
    await screen.findByText("MP-0007");
    expect(screen.queryByRole("link", { name: "Create Master Policy" })).toBeNull();
  });
});

describe("MasterPolicyShow (master-policies/view/{id})", () => {
  function renderShow(role: Role, record = master(), tab = "communities") {
    const requests: Array<{ path: string; method?: string; body?: unknown }> = [];
    const answers: Record<string, unknown> = {
      "/master-policies/7/communities": [{ id: 40, title: "Oak Court", insurable_type_id: 1, auto_assign: true, units_count: 24, covered_units_count: 12 }],
      "/master-policies/7/available_units": [{ id: 90, title: "101", building: null, community: { id: 40, title: "Oak Court" }, lease: { id: 1, start_date: "2026-02-01", end_date: null, resident: "Ann Lee" } }],
      "/policies/calculate_cost": { total_placement_amount: 1_600 },
      "/master-policies/7/cover_unit": { id: 300, number: "MP-0007_AB12CD34" },
      "/master-policies/7/cancel": { message: "Master policy MP-0007 was successfully cancelled" },
    };
    const dataProvider = createMemoryDataProvider(
      { "master-policies": [record] },
      {
        async request<T>(path: string, init?: { method?: string; body?: unknown }) {
          requests.push({ path, method: init?.method, body: init?.body });
          return { json: (answers[path] ?? []) as T, headers: new Headers({ "total-entries": "1" }) };
        },
      },
    );
    const view = renderInAdmin(<MasterPolicyShow />, {
      dataProvider,
      user: staffUser(role),
      url: `/dashboard/master-policies/view/${record.id}/${tab}`,
      path: "/dashboard/master-policies/view/:id/*",
      routes: <Route path="/dashboard/master-policies/view/:id/edit" element={<p>edit page</p>} />,
    });
    return { ...view, requests };
  }

  it("shows the master, its communities with auto-assign, and lets a super admin add one, cover a unit and cancel", async () => {
    const { requests, i18nProvider } = renderShow("super_admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Master Policy MP-0007" })).toBeInTheDocument();
    expect(screen.getByText("$1,250.00")).toBeInTheDocument();
    const communities = await screen.findByRole("table", { name: "Communities" });
    expect(await within(communities).findByText("Oak Court")).toBeInTheDocument();
    expect(within(communities).getByRole("switch", { name: "Auto Assign Oak Court" })).toBeChecked();
    expect(screen.getByRole("button", { name: "Add Community" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: "Available Units" }));
    const units = await screen.findByRole("table", { name: "Available Units" });
    expect(await within(units).findByText("Ann Lee")).toBeInTheDocument();
    await userEvent.click(within(units).getByRole("button", { name: "Cover Unit" }));
    expect(await screen.findByText("Cover unit 101 under this master policy? First month: $16.00.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(requests).toContainEqual({ path: "/master-policies/7/cover_unit", method: "POST", body: { insurable_id: 90 } }));

    await userEvent.click(await screen.findByRole("button", { name: "Cancel Master Policy" }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Master policy MP-0007 was successfully cancelled")).toBeInTheDocument();
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("shows the covered units uncovered once the cancel job has run, without a reload", async () => {
    const bound = { id: 300, number: "MP-0007_AB12CD34", status: "BOUND", effective_date: "2026-02-01", expiration_date: "2027-01-01", cancellation_date: null, insurable: { id: 90, title: "101" }, community: { id: 40, title: "Oak Court" }, building: null };
    let jobDone = false;
    const dataProvider = createMemoryDataProvider(
      { "master-policies": [master()] },
      {
        async request<T>(path: string) {
          if (path === "/master-policies/7/cancel") {
            // The job ends every coverage, then the master, a moment after the call answers.
            setTimeout(() => {
              jobDone = true;
              Object.assign(dataProvider.data["master-policies"][0], { status: "CANCELLED", cancellation_date: "2026-11-23", covered_units: 0 });
            }, 100);
            return { json: { message: "Master policy MP-0007 was successfully cancelled" } as T, headers: new Headers() };
          }
          const rows = path === "/master-policies/7/covered_units" && !jobDone ? [bound] : [];
          return { json: rows as T, headers: new Headers({ "total-entries": String(rows.length) }) };
        },
      },
    );
    renderInAdmin(<MasterPolicyShow />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/master-policies/view/7/covered", path: "/dashboard/master-policies/view/:id/*" });
    const table = await screen.findByRole("table", { name: "Covered Units" });
    expect(await within(table).findByText("Bound")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Cancel Master Policy" }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Cancelled on November 23, 2026", undefined, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole("table", { name: "Covered Units" })).queryByText("Bound")).toBeNull());
    expect(within(screen.getByRole("table", { name: "Covered Units" })).getByText("No results found")).toBeInTheDocument();
  });

  it("offers the communities of this opening only: on reopening, the one just added is not offered while the list reloads", async () => {
    let offered = [{ id: 40, title: "Oak Court" }, { id: 41, title: "Elm Yard" }];
    let answer: (() => void) | null = null;
    const dataProvider = createMemoryDataProvider(
      { "master-policies": [master()] },
      {
        async request<T>(path: string, init?: { method?: string; body?: unknown }) {
          if (path === "/master-policies/7/available_top_insurables") {
            const rows = offered;
            await new Promise<void>((resolve) => (answer = resolve));
            return { json: rows as T, headers: new Headers() };
          }
          if (path === "/master-policies/7/add_insurable") {
            offered = offered.filter((o) => o.id !== (init?.body as { insurable_id?: number }).insurable_id);
            return { json: { message: "Community added" } as T, headers: new Headers() };
          }
          return { json: [] as T, headers: new Headers({ "total-entries": "0" }) };
        },
      },
    );
    renderInAdmin(<MasterPolicyShow />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/master-policies/view/7/communities", path: "/dashboard/master-policies/view/:id/*" });
    const pick = async (title: string) => {
      await userEvent.click(await screen.findByRole("button", { name: "Add Community" }));
      const dialog = await screen.findByRole("dialog");
      await userEvent.click(within(dialog).getByRole("combobox", { name: "Community" }));
      expect(await screen.findByText("Loading")).toBeInTheDocument();
      expect(screen.queryByRole("option")).toBeNull();
      expect(within(dialog).getByRole("button", { name: "Add" })).toBeDisabled();
      await waitFor(() => expect(answer).not.toBeNull());
      answer!();
      answer = null;
      await userEvent.click(await screen.findByRole("option", { name: title }));
      return dialog;
    };
    const first = await pick("Oak Court");
    await userEvent.click(within(first).getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Community added")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await pick("Elm Yard");
    expect(screen.queryByRole("option", { name: "Oak Court" })).toBeNull();
  });

  it("shows the coverages and configuration in dollars", async () => {
    renderShow("agent", master(), "coverages");
    const table = await screen.findByRole("table", { name: "Coverages" });
    expect(within(table).getByText("Liability")).toBeInTheDocument();
    expect(within(table).getByText("$100,000.00")).toBeInTheDocument();
    expect(screen.getByText("Program Delay (days)")).toBeInTheDocument();
    expect(screen.getByText("$15.00")).toBeInTheDocument();
  });

  it("lets staff read without any write action", async () => {
    renderShow("staff");
    expect(await screen.findByRole("table", { name: "Communities" })).toBeInTheDocument();
    expect(await within(screen.getByRole("table", { name: "Communities" })).findByRole("switch")).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Add Community" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel Master Policy" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Edit" })).toBeNull();
  });
});

describe("MasterPolicyCreate (master-policies/create)", () => {
  it("offers every field of the payload and the configuration, and sends nothing while required fields are empty", async () => {
    const dataProvider = createMemoryDataProvider(
      { "master-policies": [], accounts: [{ id: 5, title: "Sunrise Apartments" }] },
      { request: async <T,>() => ({ json: [{ id: 3, title: "QBE Specialty" }] as T, headers: new Headers() }) },
    );
    const { i18nProvider } = renderInAdmin(<MasterPolicyCreate />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/master-policies/create", path: "/dashboard/master-policies/create" });
    expect(await screen.findByRole("heading", { level: 1, name: "Create Master Policy" })).toBeInTheDocument();
    for (const label of [/^Carrier/, /^Account/, /^Policy Number/, /^Effective Date/, /^Expiration Date/, /^Base/, /^Calculation Base/, /^Limit/, /^Deductible/, /^Program Delay/, /^Charge Date/]) {
      expect(screen.getAllByLabelText(label).length, String(label)).toBeGreaterThan(0);
    }
    await userEvent.type(screen.getByLabelText(/^Policy Number/), "MP-1");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findAllByText(/field is required/)).length).toBeGreaterThan(0);
    expect(dataProvider.calls.some((c) => c.method === "create")).toBe(false);
    expect(i18nProvider.missingKeys.size).toBe(0);
  });
});

describe("the master policy form's payload", () => {
  it("sends cents as they are, leaves empty optional amounts to the server and keeps coverage ids", () => {
    const form = formOf(master());
    form.total = null;
    const body = payloadOf(form);
    expect(body).toMatchObject({ carrier_id: 3, account_id: 5, base: 125_000, calculation_base: 1_000 });
    expect("total" in body).toBe(false);
    expect(body.policy.policy_coverages_attributes).toEqual([{ id: 1, designation: "liability", limit: 10_000_000, occurrence_limit: 30_000_000, deductible: 50_000 }]);
    expect(body.policy.master_policy_configurations_attributes[0]).toMatchObject({ program_delay: 10, force_placement_cost: null, charge_date: 1 });
  });
});
