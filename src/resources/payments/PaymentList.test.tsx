import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router-dom";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { PaymentList } from "./PaymentList";
import type { PaymentRecord } from "./types";

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

describe("PaymentList (/dashboard/payments)", () => {
  it("shows date, kind, amount, status, gateway id, error and the invoice and policy links; filters by kind", async () => {
    const dataProvider = createMemoryDataProvider({
      payments: [payment(), payment({ id: "refund-1", kind: "refund", record_id: 1, amount: 5_000, gateway_id: "re_test_1" }), payment({ id: "charge-5", status: "failed", gateway_id: null, error: "Your card was declined." })],
    });
    const { i18nProvider } = renderInAdmin(<PaymentList />, { dataProvider, user: staffUser("staff"), url: "/dashboard/payments", path: "/dashboard/payments", routes: <Route path="/dashboard/invoices/view/:id" element={<p>invoice page</p>} /> });
    const charge = (await screen.findByText("ch_test_abc")).closest("tr") as HTMLElement;
    for (const text of ["Charge", "$193.65", "Succeeded", "INV-0008", "POL-0040"]) expect(within(charge).getByText(text)).toBeInTheDocument();
    expect(within(charge).getByText(/March 2, 2026/)).toBeInTheDocument();
    expect(within(charge).getByRole("link", { name: "INV-0008" })).toHaveAttribute("href", "/dashboard/invoices/view/8");
    expect(screen.getByText("Your card was declined.").closest("tr")).toHaveTextContent("Failed");
    expect(screen.getByText("re_test_1").closest("tr")).toHaveTextContent("−$50.00");
    await userEvent.click(screen.getByLabelText("Kind"));
    await userEvent.click(await screen.findByRole("option", { name: "Refund" }));
    await waitFor(() => expect(screen.queryByText("ch_test_abc")).toBeNull());
    expect(screen.getByText("re_test_1")).toBeInTheDocument();
    expect(decodeURIComponent(screen.getByTestId("location").textContent ?? "")).toContain('"kind":"refund"');
    expect(i18nProvider.missingKeys.size).toBe(0);
  });
});
