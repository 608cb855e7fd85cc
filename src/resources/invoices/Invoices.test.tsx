import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Role } from "../../domain/roles";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import type { PaymentRecord } from "../payments/types";
import { InvoiceList } from "./InvoiceList";
import { InvoiceShow } from "./InvoiceShow";
import type { InvoiceDetail, InvoiceRecord } from "./types";

const invoice = (over: Partial<InvoiceRecord> = {}): InvoiceRecord => ({
  id: 7,
  number: "INV-0007",
  status: "missed",
  due_date: "2026-03-01",
  available_date: "2026-02-15",
  subtotal: 18_250,
  total: 19_365,
  total_due: 19_365,
  total_payable: 19_365,
  total_received: 0,
  policy: { id: 40, number: "POL-0040", status: "BOUND" },
  customer: "Ann Lee",
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  ...over,
});

const payment = (over: Partial<PaymentRecord> = {}): PaymentRecord => ({
  id: "charge-3",
  kind: "charge",
  record_id: 3,
  created_at: "2026-03-02T18:30:00Z",
  amount: 19_365,
  status: "succeeded",
  gateway: "test",
  gateway_id: "ch_test_abc",
  error: null,
  invoice: { id: 8, number: "INV-0008" },
  policy: { id: 40, number: "POL-0040" },
  ...over,
});

const INVOICES = [
  invoice(),
  invoice({ id: 8, number: "INV-0008", status: "complete", total_payable: 0, total_received: 19_365, due_date: "2026-01-01" }),
  invoice({ id: 9, number: "INV-0009", status: "upcoming", due_date: "2026-09-01" }),
];

describe("InvoiceList (/dashboard/invoices)", () => {
  function renderList(role: Role, charged: unknown[] = []) {
    const requests: Array<{ path: string; body?: unknown }> = [];
    const dataProvider = createMemoryDataProvider(
      { invoices: INVOICES },
      {
        async request<T>(path: string, init?: { body?: unknown }) {
          requests.push({ path, body: init?.body });
          return { json: charged as T, headers: new Headers() };
        },
      },
    );
    const view = renderInAdmin(<InvoiceList />, { dataProvider, user: staffUser(role), url: "/dashboard/invoices", path: "/dashboard/invoices" });
    return { ...view, dataProvider, requests };
  }

  it("shows number, policy link, customer, due date, status with its label, subtotal, total and total due, 20 a page", async () => {
    const { dataProvider, i18nProvider } = renderList("super_admin");
    const row = (await screen.findByText("INV-0007")).closest("tr") as HTMLElement;
    expect(within(row).getByRole("link", { name: "POL-0040" })).toHaveAttribute("href", "/dashboard/policies/view/40");
    for (const text of ["Ann Lee", "March 1, 2026", "$182.50"]) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByTitle("Missed").closest("td")).toHaveTextContent("Missed");
    expect(within(row).getAllByText("$193.65")).toHaveLength(2);
    const paid = screen.getByText("INV-0008").closest("tr") as HTMLElement;
    expect(within(paid).getByTitle("Complete").closest("td")).toHaveTextContent("Complete");
    expect(within(paid).getByText("$0.00")).toBeInTheDocument();
    const call = dataProvider.calls.find((c) => c.method === "getList" && c.resource === "invoices")!.params as { pagination: { perPage: number }; sort: { field: string; order: string } };
    expect(call.pagination.perPage).toBe(20);
    expect(call.sort).toEqual({ field: "due_date", order: "DESC" });
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("filters by status and keeps it in the address", async () => {
    renderList("staff");
    await screen.findByText("INV-0007");
    await userEvent.click(screen.getByLabelText("Status"));
    await userEvent.click(await screen.findByRole("option", { name: "Complete" }));
    await waitFor(() => expect(screen.queryByText("INV-0007")).toBeNull());
    expect(screen.getByText("INV-0008")).toBeInTheDocument();
    expect(decodeURIComponent(screen.getByTestId("location").textContent ?? "")).toContain('"status":"complete"');
  });

  it("charges the selected invoices in one call and shows each one's result under its number, as the policy page does", async () => {
    const { requests } = renderList("agent", [
      { invoice: { id: 7, total_due: 19_365 }, result: { success: false, charge_status: "failed", error: "Your card was declined." } },
      { invoice: { id: 9, total_due: 19_365 }, result: { success: true, charge_status: "succeeded", error: null } },
    ]);
    await screen.findByText("INV-0007");
    const checkbox = (number: string) => within(screen.getByText(number).closest("tr") as HTMLElement).getByRole("checkbox");
    // Only missed, upcoming and available invoices can be charged.
    expect(checkbox("INV-0008")).toBeDisabled();
    await userEvent.click(checkbox("INV-0007"));
    await userEvent.click(checkbox("INV-0009"));
    await userEvent.click(screen.getByRole("button", { name: "Charge" }));
    expect(await screen.findByText("Charge 2 invoice(s) now?")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(requests).toEqual([{ path: "/invoices/charge_multiple", body: { ids: [7, 9] } }]));
    const declined = screen.getByText("INV-0007").closest("tr") as HTMLElement;
    expect(await within(declined).findByRole("status")).toHaveTextContent("Not charged: Your card was declined.");
    expect(within(screen.getByText("INV-0009").closest("tr") as HTMLElement).getByRole("status")).toHaveTextContent("Charged: succeeded");
  });

  it("offers no row selection to one who may not charge (the charge action needs the policies key)", async () => {
    const dataProvider = createMemoryDataProvider({ invoices: INVOICES });
    renderInAdmin(<InvoiceList />, { dataProvider, user: staffUser("staff", [{ key: "policies.policies", value: false }]), url: "/dashboard/invoices", path: "/dashboard/invoices" });
    await screen.findByText("INV-0007");
    expect(screen.queryAllByRole("checkbox")).toEqual([]);
  });
});

describe("InvoiceShow (/dashboard/invoices/view/{id})", () => {
  it("shows the invoice, its lines and its charges and refunds", async () => {
    const detail: InvoiceDetail = {
      ...invoice({ id: 8, number: "INV-0008", status: "complete", total_payable: 0, total_received: 19_365 }),
      line_items: [
        { id: 1, title: "Renters premium", total_due: 18_250, total_received: 18_250, analytics_category: "policy_premium" },
        { id: 2, title: "State tax", total_due: 365, total_received: 365, analytics_category: "policy_tax" },
      ],
    };
    const dataProvider = createMemoryDataProvider({
      invoices: [detail],
      // The memory provider filters on record paths: `invoice_id` stands for the server's filter of the same name.
      payments: [
        { ...payment(), invoice_id: 8 },
        { ...payment({ id: "refund-1", kind: "refund", record_id: 1, amount: 5_000, gateway_id: "re_test_1", created_at: "2026-04-01T12:00:00Z" }), invoice_id: 8 },
        { ...payment({ id: "charge-4", invoice: { id: 99, number: "INV-0099" } }), invoice_id: 99 },
      ],
    });
    const { i18nProvider } = renderInAdmin(<InvoiceShow />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/invoices/view/8", path: "/dashboard/invoices/view/:id/*" });
    expect(await screen.findByRole("heading", { name: "Invoice INV-0008" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "POL-0040" })).toHaveAttribute("href", "/dashboard/policies/view/40");
    const lines = screen.getByRole("table", { name: "Lines" });
    expect(within(lines).getByText("Renters premium").closest("tr")).toHaveTextContent("Premium$182.50");
    expect(within(lines).getByText("State tax").closest("tr")).toHaveTextContent("Tax");
    const payments = await screen.findByRole("table", { name: "Charges and refunds" });
    expect(within(payments).getByTestId("payment-charge-3")).toHaveTextContent("ch_test_abc");
    expect(within(payments).getByTestId("payment-refund-1")).toHaveTextContent("−$50.00");
    expect(within(payments).queryByTestId("payment-charge-4")).toBeNull();
    expect(screen.getByRole("link", { name: "Open in Payments" })).toHaveAttribute("href", `/dashboard/payments?filter=${encodeURIComponent('{"invoice_id":8}')}`);
    const call = dataProvider.calls.find((c) => c.method === "getList" && c.resource === "payments")!.params as { filter: unknown };
    expect(call.filter).toEqual({ invoice_id: 8 });
    expect(i18nProvider.missingKeys.size).toBe(0);
  });
});
