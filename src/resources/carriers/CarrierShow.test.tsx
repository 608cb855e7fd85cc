import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AppRequestInit } from "../../dataProvider/types";
import type { Role } from "../../domain/roles";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { CarrierList } from "./CarrierList";
import { CarrierEdit } from "./CarrierEdit";
import { CarrierShow } from "./CarrierShow";

const QBE = {
  id: 1,
  title: "QBE Insurance Corporation",
  call_sign: "QRP",
  integration_designation: "qbe",
  synonyms: null,
  am_best_rating: "A+",
  syncable: true,
  rateable: true,
  quotable: true,
  bindable: true,
  verifiable: true,
  enabled: true,
  is_system: true,
  policy_type_ids: [1],
  carrier_policy_types: [{ id: 9, policy_type_id: 1, title: "Residential" }],
};
const LEMONADE = { ...QBE, id: 2, title: "Lemonade", am_best_rating: null, integration_designation: "out_of_system", syncable: false, bindable: false, is_system: false, policy_type_ids: [], carrier_policy_types: [] };
const STRATEGIES = [
  { id: 31, title: "Annually", enabled: true, agency_id: 5, agency_title: "Acme Agency", policy_type_id: 1, policy_type_title: "Residential", new_business: { payments: [100], payments_per_term: 1 } },
  { id: 32, title: "Monthly", enabled: true, agency_id: 5, agency_title: "Acme Agency", policy_type_id: 1, policy_type_title: "Residential", new_business: { payments: [], payments_per_term: 12 } },
];

function renderShow(role: Role, tab = "") {
  const requests: Array<{ path: string } & AppRequestInit> = [];
  const strategies = STRATEGIES.map((s) => ({ ...s }));
  const dataProvider = createMemoryDataProvider(
    { carriers: [QBE, LEMONADE] },
    {
      async request<T>(path: string, init: AppRequestInit = {}) {
        requests.push({ path, ...init });
        const answer = (json: unknown) => ({ json: json as T, headers: new Headers() });
        if (path.endsWith("/carrier_agencies")) return answer([{ id: 7, agency_id: 5, agency_title: "Acme Agency", policy_types: [{ id: 1, policy_type_id: 1, title: "Residential", commission_strategy_id: null, commission_strategy_title: null }] }]);
        if (path.endsWith("/billing_strategies_list")) return answer(strategies);
        if (path.endsWith("/toggle_billing_strategy")) {
          const s = strategies.find((x) => x.id === (init.query as { billing_strategy_id: number }).billing_strategy_id)!;
          s.enabled = !s.enabled;
          return answer({ message: `Billing strategy is switched ${s.enabled ? "on" : "off"}`, enabled: s.enabled });
        }
        if (path.endsWith("/fees_list")) return answer([{ id: 3, title: "Agency fee", amount: 1000, amount_type: "FLAT", type: "ORIGINATION", enabled: true, agency_id: 5, agency_title: "Acme Agency" }]);
        if (path.endsWith("/commission_list")) return answer([]);
        if (path.endsWith("/histories")) {
          return answer([
            { id: 90, recordable_type: "CarrierAgency", recordable_id: 7, action: "remove", author: "Pat super_admin", data: { agency_id: { previous_value: 5, new_value: null } }, created_at: "2026-11-02T10:00:00Z" },
            { id: 89, recordable_type: "Carrier", recordable_id: 1, action: "update", author: "Pat super_admin", data: { call_sign: { previous_value: "Q", new_value: "QRP" } }, created_at: "2026-11-01T10:00:00Z" },
          ]);
        }
        if (path === "/carrier-policy-type-availabilities") return answer([{ id: 50, state: "CA", available: true, policy_type_id: 1, policy_type_title: "Residential" }]);
        throw new Error(`unexpected ${path}`);
      },
    },
  );
  const view = renderInAdmin(<CarrierShow />, { dataProvider, user: staffUser(role), url: `/dashboard/carriers/view/1${tab}`, path: "/dashboard/carriers/view/:id/*" });
  return { ...view, requests };
}

describe("CarrierList (carriers/browse)", () => {
  it("shows title, designation and Yes/No flags, 20 a page by title; Merge and Add Carrier only for super admins", async () => {
    const dataProvider = createMemoryDataProvider({ carriers: [QBE, LEMONADE] });
    const { i18nProvider } = renderInAdmin(<CarrierList />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/carriers/browse", path: "/dashboard/carriers/browse" });
    const row = (await screen.findByText("Lemonade")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Out of System")).toBeInTheDocument();
    expect(within(row).getAllByText(/^(Yes|No)$/).map((c) => c.textContent)).toEqual(["No", "Yes", "Yes", "No", "Yes", "Yes"]);
    const listCall = dataProvider.calls.find((c) => c.method === "getList")?.params as { pagination: { perPage: number }; sort: { field: string } };
    expect(listCall).toMatchObject({ pagination: { perPage: 20 }, sort: { field: "title" } });
    expect(screen.getByRole("button", { name: "Merge" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add Carrier" })).toBeInTheDocument();
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });

  it("agents get no Merge and no Add Carrier", async () => {
    renderInAdmin(<CarrierList />, { dataProvider: createMemoryDataProvider({ carriers: [QBE] }), user: staffUser("agent"), url: "/dashboard/carriers/browse", path: "/dashboard/carriers/browse" });
    await screen.findByText("QBE Insurance Corporation");
    expect(screen.queryByRole("button", { name: "Merge" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Add Carrier" })).not.toBeInTheDocument();
  });

  it("the merge dialog offers only out-of-system carriers to merge and posts their ids", async () => {
    const posted: unknown[] = [];
    const dataProvider = createMemoryDataProvider(
      { carriers: [QBE, LEMONADE, { ...LEMONADE, id: 3, title: "State Farm" }] },
      {
        async request<T>(path: string, init: AppRequestInit = {}) {
          posted.push({ path, body: init.body });
          return { json: { merged: [{ id: 2 }], policies_moved: 4 } as T, headers: new Headers() };
        },
      },
    );
    renderInAdmin(<CarrierList />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/carriers/browse", path: "/dashboard/carriers/browse" });
    await screen.findByText("Lemonade");
    fireEvent.click(screen.getByRole("button", { name: "Merge" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.mouseDown(within(dialog).getByLabelText("Merge into"));
    fireEvent.click(await screen.findByRole("option", { name: "State Farm" }));
    fireEvent.mouseDown(within(dialog).getByLabelText("Carriers to merge"));
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(options).toEqual(["Lemonade"]);
    fireEvent.click(screen.getByRole("option", { name: "Lemonade" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Merge" }));
    await waitFor(() => expect(posted).toEqual([{ path: "/carriers/3/merge", body: { carriers_to_merge_ids: [2] } }]));
    expect(await screen.findByText("1 carriers merged, 4 policies moved")).toBeInTheDocument();
  });
});

describe("CarrierShow (carriers/view/{id})", () => {
  it("shows the carrier and its agencies tab; a super admin may assign, edit and unassign", async () => {
    const { i18nProvider } = renderShow("super_admin");
    expect(await screen.findByRole("heading", { name: "Carrier QBE Insurance Corporation" })).toBeInTheDocument();
    expect(await screen.findByText("Acme Agency")).toBeInTheDocument();
    // The agency opens its page's Carriers tab.
    expect(screen.getByRole("link", { name: "Acme Agency" })).toHaveAttribute("href", "/dashboard/agencies/view/5/carriers");
    expect(screen.getByRole("tab", { name: "Availability" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Assign agency" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Unassign" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Edit" })).toBeInTheDocument();
    expect(screen.getByText("AM Best Rating").nextElementSibling).toHaveTextContent("A+");
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("agents read the agencies tab without assign or unassign, and toggle their billing strategies with the server's message", async () => {
    const { requests } = renderShow("agent", "/billing_strategies");
    const monthly = await screen.findByRole("switch", { name: "Acme Agency Residential Monthly" });
    expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
    fireEvent.click(monthly);
    expect(await screen.findByText("Billing strategy is switched off")).toBeInTheDocument();
    expect(requests.find((r) => r.path.endsWith("toggle_billing_strategy"))?.query).toEqual({ billing_strategy_id: 32 });
    fireEvent.click(screen.getByRole("tab", { name: "Agencies" }));
    expect(await screen.findByText("Acme Agency")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Unassign" })).not.toBeInTheDocument();
  });

  it("a super admin reads the history tab: the carrier's changes and its agency assignments'", async () => {
    const { requests, i18nProvider } = renderShow("super_admin", "/history");
    const table = await screen.findByRole("table", { name: "History" });
    expect(within(table).getByText("Agency assignment")).toBeInTheDocument();
    expect(within(table).getByText("call_sign: Q → QRP")).toBeInTheDocument();
    expect(requests.some((r) => r.path === "/carriers/1/histories")).toBe(true);
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("agents have no history tab", async () => {
    renderShow("agent");
    expect(await screen.findByRole("tab", { name: "Agencies" })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "History" })).not.toBeInTheDocument();
  });

  it("agents add fees but cannot delete them; amounts show as dollars", async () => {
    renderShow("agent", "/fees");
    expect(await screen.findByText("$10.00")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add fee" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
  });

  it("the availability tab lists states; only a super admin may change them", async () => {
    renderShow("agent", "/availability");
    expect(await screen.findByRole("checkbox", { name: "CA" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
  });
});

describe("CarrierEdit (carriers/view/{id}/edit)", () => {
  it("a super admin picks the AM Best rating from the AM Best scale and saves it with the carrier's fields", async () => {
    const dataProvider = createMemoryDataProvider({ carriers: [{ ...LEMONADE }] });
    const { i18nProvider } = renderInAdmin(<CarrierEdit />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/carriers/view/2/edit", path: "/dashboard/carriers/view/:id/edit" });
    await screen.findByDisplayValue("Lemonade");
    fireEvent.mouseDown(screen.getByLabelText("AM Best Rating"));
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent?.trim());
    expect(options.slice(0, 6)).toEqual(["", "A++", "A+", "A", "A-", "B++"]);
    fireEvent.click(screen.getByRole("option", { name: "A-" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(dataProvider.calls.find((c) => c.method === "update")).toBeTruthy());
    const update = dataProvider.calls.find((c) => c.method === "update")?.params as { data: Record<string, unknown> };
    expect(update.data).toMatchObject({ title: "Lemonade", am_best_rating: "A-" });
    expect(update.data).not.toHaveProperty("carrier_policy_types");
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });
});
