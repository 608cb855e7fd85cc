import { afterEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Role } from "../../../domain/roles";
import { staffUser } from "../../../test/fixtures";
import { createMemoryDataProvider } from "../../../test/memoryDataProvider";
import { renderInAdmin } from "../../../test/TestAdmin";
import { PolicyShow } from "./PolicyShow";
import type { PolicyDetail, PolicyUser } from "./types";

const user = (id: number, first: string, primary: boolean): PolicyUser => ({
  id,
  email: `${first.toLowerCase()}@example.com`,
  primary,
  spouse: !primary,
  resident_type: "lessee",
  profile_attributes: { first_name: first, middle_name: null, last_name: "Lee", full_name: `${first} Lee`, contact_phone: "(512) 555-0100", contact_email: null, birth_date: "1990-04-02", gender: "female", salutation: "mrs" },
  address_attributes: { street_number: "12", street_name: "Elm St", street_two: null, city: "Austin", state: "TX", zip_code: "78701", country: "US" },
});

const detail = (over: Partial<PolicyDetail> = {}): PolicyDetail =>
  ({
    id: 7,
    number: "COM-7",
    status: "BOUND",
    tcode: "t7",
    policy_in_system: true,
    policy_type_id: 4,
    policy_type_title: "Commercial",
    billing_strategy: "Monthly",
    effective_date: "2026-01-01",
    expiration_date: "2027-01-01",
    updated_at: "2026-11-01T10:00:00.000Z",
    created_at: "2025-12-20T10:00:00.000Z",
    account: { id: 5, title: "Sunrise Apartments" },
    agency: { id: 2, title: "Summit Risk" },
    carrier: { id: 1, title: "QBE" },
    primary_insurable: { id: 9, title: "Unit 4", parent_building: null, parent_community: { id: 3, title: "Oak Park" } },
    primary_user: { id: 1, full_name: "Ann Lee", email: "ann@example.com" },
    billing_status: "CURRENT",
    renewal_status: "NONE",
    auto_renew: true,
    auto_pay: true,
    last_renewed_on: null,
    cancellation_date: null,
    cancellation_reason: null,
    system_purchased: true,
    out_of_system_carrier_title: null,
    branding_profile_url: null,
    premium: { total_premium: 36_500, total_fee: 0, total_tax: 0, total: 36_500 },
    users: [user(1, "Ann", true), user(2, "Bob", false)],
    invoices: [
      { id: 31, number: "INV-31", status: "complete", due_date: "2026-01-01", available_date: null, subtotal: 1000, total: 1000, total_due: 1000, total_received: 1000, line_items: [] },
      { id: 32, number: "INV-32", status: "upcoming", due_date: "2026-12-01", available_date: null, subtotal: 1000, total: 1000, total_due: 1000, total_received: 0, line_items: [] },
    ],
    documents: [],
    policy_coverages: { coverage_limits: [], deductibles: [], optional_coverages: [] },
    master_policy_configuration: null,
    policy_application: { fields: { business: { phone: "(512) 555-0199", website: "https://shop.example", address: { street_number: "1", street_name: "Main St", city: "Austin", state: "TX", zip_code: "78701", country: "US" } } }, extra_settings: {} },
    system_data: {},
    change_requests: [],
    refund_available: true,
    refund: null,
    payment_method: { source_type: "card", card_brand: "visa", last4: "4242" },
    latest_submitted_revision: null,
    ...over,
  }) as PolicyDetail;

function renderPolicy({ url = "/dashboard/policies/view/7", role = "agent" as Role, policy = detail(), fail = false, missing = false } = {}) {
  const requests: Array<{ path: string; init?: { method?: string; body?: unknown } }> = [];
  const dataProvider = createMemoryDataProvider(
    { policies: missing ? [] : [policy] },
    {
      async request<T>(path: string, init?: { method?: string; body?: unknown }) {
        requests.push({ path, init });
        if (fail) throw Object.assign(new Error("boom"), { status: 500, body: {} });
        if (path === "/invoices/charge_multiple") {
          return { json: [{ invoice: { id: 32, total_due: 1000 }, result: { success: false, charge_status: "failed", error: "Your card was declined." } }] as T, headers: new Headers() };
        }
        if (path === "/policies/7" && init?.method === "PUT") return { json: policy as T, headers: new Headers() };
        if (path === "/policies/7/retry_refund") return { json: policy as T, headers: new Headers() };
        if (path === "/policies/7/history") {
          const rows = [
            {
              id: 1,
              created_at: "2026-04-11T10:00:00.000Z",
              action: "update",
              author: "Sam Admin",
              process: "console",
              data: { status: { previous_value: "BOUND", new_value: "CANCELLED" }, refund: { previous_value: null, new_value: 2_385, format: "money" }, tcode: { previous_value: null, new_value: 2_385 } },
            },
          ];
          return { json: rows as T, headers: new Headers({ "total-entries": "1" }) };
        }
        throw new Error(`unexpected ${path}`);
      },
    },
  );
  renderInAdmin(<PolicyShow />, { dataProvider, user: staffUser(role), url, path: "/dashboard/policies/view/:id/*" });
  return { requests };
}

afterEach(() => localStorage.clear());

/** The invoice panel, looked up afresh (it re-renders when the policy reloads). */
const panel = () => screen.getByRole("heading", { name: "Premium" }).closest(".MuiCard-root") as HTMLElement;

describe("PolicyShow (policies/view/{id})", () => {
  it("shows the details card, the customers in order and the invoice panel", async () => {
    renderPolicy();
    expect(await screen.findByRole("heading", { level: 1, name: "View Policy" })).toBeInTheDocument();
    expect(screen.getAllByText("January 1, 2026").length).toBeGreaterThan(0);
    expect(screen.getByText("Oak Park")).toBeInTheDocument();
    expect(screen.getByText("$365.00")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Primary Customer" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Customer 2" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Bob Lee" })).toHaveAttribute("href", "/dashboard/users/view/2");
    // Agents do not see the agency link (super admin only).
    expect(screen.queryByText("Summit Risk")).toBeNull();
  });

  it("charges only chargeable invoices and shows each result", async () => {
    const { requests } = renderPolicy();
    await screen.findByRole("heading", { name: "Premium" });
    await userEvent.click(within(panel()).getByRole("button", { name: "Charge now" }));
    expect(within(panel()).getByRole("button", { name: "Make charge" })).toBeDisabled();
    expect(within(panel()).getByRole("checkbox", { name: "Select INV-31" })).toBeDisabled();
    await userEvent.click(within(panel()).getByRole("checkbox", { name: "Select INV-32" }));
    await userEvent.click(within(panel()).getByRole("button", { name: "Make charge" }));
    await userEvent.click(await screen.findByRole("button", { name: "Yes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await within(panel()).findByText("Not charged: Your card was declined.")).toBeInTheDocument();
    expect(requests.find((r) => r.path === "/invoices/charge_multiple")?.init?.body).toEqual({ ids: [32] });
    expect(within(panel()).getByRole("button", { name: "Charge now" })).toBeInTheDocument();
  });

  it("says 'Something went wrong.' with Ok when charging fails", async () => {
    renderPolicy({ fail: true });
    await screen.findByRole("heading", { name: "Premium" });
    await userEvent.click(within(panel()).getByRole("button", { name: "Charge now" }));
    await userEvent.click(within(panel()).getByRole("checkbox", { name: "Select INV-32" }));
    await userEvent.click(within(panel()).getByRole("button", { name: "Make charge" }));
    await userEvent.click(await screen.findByRole("button", { name: "Yes" }));
    expect(await screen.findByText("Something went wrong.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("button", { name: "Ok" })).toBeInTheDocument();
  });

  it("edits a commercial policy: both contacts and the business, with the spec's checks", async () => {
    const { requests } = renderPolicy({ url: "/dashboard/policies/view/7/edit" });
    expect(await screen.findByText("Business Overview")).toBeInTheDocument();
    const website = screen.getByLabelText(/^Website/);
    await userEvent.clear(website);
    await userEvent.type(website, "not a url");
    await userEvent.tab();
    expect(await screen.findByText("must be a valid URL and contain http:// or https://")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "SAVE" })).toBeDisabled();
    await userEvent.clear(website);
    await userEvent.type(website, "https://new.example");
    await waitFor(() => expect(screen.getByRole("button", { name: "SAVE" })).toBeEnabled());
    await userEvent.click(screen.getByRole("button", { name: "SAVE" }));
    expect(await screen.findByText("Success!")).toBeInTheDocument();
    const body = requests.find((r) => r.init?.method === "PUT")?.init?.body as { policy: { users: Array<{ id: number }>; policy_application_attributes: { fields: { business: { website: string } } } } };
    expect(body.policy.users.map((u) => u.id)).toEqual([1, 2]);
    expect(body.policy.policy_application_attributes.fields.business.website).toBe("https://new.example");
  });

  it("sends policy support back to the review queue with a message when the policy is outside its scope (404)", async () => {
    renderPolicy({ role: "policy_support", missing: true });
    expect(await screen.findByText("This policy is not under review, so it cannot be opened from Policy Review.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/policy-support"));
  });

  it("bills what the card shows: each invoice's lines, and the totals under them, with the refund", async () => {
    const line = (id: number, title: string, analytics_category: string, total_due: number, paid: boolean) => ({ id, title, analytics_category, total_due, total_received: paid ? total_due : 0 });
    const invoice = (id: number, status: string, paid: boolean) => ({
      id,
      number: `INV-${id}`,
      status,
      due_date: id === 41 ? "2026-01-01" : "2026-07-01",
      available_date: null,
      subtotal: 19_365,
      total: 19_365,
      total_due: 19_365,
      total_received: paid ? 19_365 : 0,
      line_items: [line(id * 10, "Premium", "policy_premium", 18_250, paid), line(id * 10 + 1, "Installment fee", "policy_fee", 750, paid), line(id * 10 + 2, "Premium tax", "policy_tax", 365, paid)],
    });
    renderPolicy({
      policy: detail({
        status: "CANCELLED",
        premium: { total_premium: 36_500, total_fee: 1_500, total_tax: 730, total: 38_730 },
        invoices: [invoice(41, "complete", true), invoice(42, "cancelled", false)],
        refund: { id: 3, amount: 8_415, premium: 8_250, tax: 165, fee: 0, status: "succeeded", error: null, change_request_id: 9, created_at: "2026-04-11T10:00:00Z" },
      }),
    });
    await screen.findByRole("heading", { name: "Premium" });
    expect(screen.getByTestId("premium-total")).toHaveTextContent("$387.30");
    expect(screen.getByText("$365.00 premium + $15.00 fees + $7.30 tax")).toBeInTheDocument();
    expect(within(panel()).getByText("Charged to Visa •••• 4242")).toBeInTheDocument();
    expect(within(panel()).getAllByText("Premium $182.50 · Fee $7.50 · Tax $3.65")).toHaveLength(2);
    const totals = within(panel()).getByRole("table", { name: "Total billed" });
    expect(within(totals).getByTestId("invoice-total-billed")).toHaveTextContent("Total billed$387.30");
    expect(within(totals).getByTestId("invoice-total-received")).toHaveTextContent("Received$193.65");
    expect(within(totals).getByTestId("invoice-total-refunded")).toHaveTextContent("Refunded−$84.15");
    expect(within(totals).getByTestId("invoice-total-net")).toHaveTextContent("Kept after refund$109.50");
    expect(screen.getByRole("status", { name: "Refund" })).toHaveTextContent("Refund of $84.15 issued to the customer's payment method.");
  });

  it("shows a refused refund with the gateway's reason; super admins retry it, others cannot", async () => {
    const failed = detail({
      status: "CANCELLED",
      refund: { id: 3, amount: 8_415, premium: 8_250, tax: 165, fee: 0, status: "failed", error: "The refund was refused by the card issuer.", change_request_id: null, created_at: "2026-04-11T10:00:00Z" },
    });
    const { requests } = renderPolicy({ role: "super_admin", policy: failed });
    const alert = await screen.findByRole("status", { name: "Refund" });
    expect(alert).toHaveTextContent("Refund of $84.15 failed: The refund was refused by the card issuer.");
    await userEvent.click(await within(alert).findByRole("button", { name: "Retry refund" }));
    await waitFor(() => expect(requests.find((r) => r.path === "/policies/7/retry_refund")?.init?.method).toBe("PUT"));
  });

  it("shows money in History as money, and only the rows that say they are money", async () => {
    renderPolicy({ url: "/dashboard/policies/view/7/history" });
    const history = await screen.findByRole("table", { name: "History" });
    const refund = await within(history).findByRole("row", { name: /refund/ });
    expect(within(refund).getByText("$23.85")).toBeInTheDocument();
    expect(within(within(history).getByRole("row", { name: /tcode/ })).getByText("2385")).toBeInTheDocument();
  });

  it("offers no retry to an agent", async () => {
    renderPolicy({ policy: detail({ status: "CANCELLED", refund: { id: 3, amount: 100, premium: 100, tax: 0, fee: 0, status: "failed", error: "No", change_request_id: null, created_at: "2026-04-11T10:00:00Z" } }) });
    expect(await screen.findByRole("status", { name: "Refund" })).toHaveTextContent("Refund of $1.00 failed: No");
    expect(screen.queryByRole("button", { name: "Retry refund" })).toBeNull();
  });

  it("hides Edit and Leads from staff, and the three-dot menu on external policies", async () => {
    renderPolicy({ role: "staff", policy: detail({ policy_in_system: false, status: "EXTERNAL_VERIFIED" }) });
    expect(await screen.findByRole("tab", { name: "Customers" })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("tab", { name: "Leads" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Policy actions" })).toBeNull();
  });
});
