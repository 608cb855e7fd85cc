import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Role } from "../../domain/roles";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { ChangeRequestShow } from "./ChangeRequestShow";
import type { ChangeRequest } from "./types";

const request = (over: Partial<ChangeRequest> = {}): ChangeRequest => ({
  id: 21,
  status: "awaiting_confirmation",
  customized_action: "cancel_prorate",
  cancellation_date: "2026-04-11",
  decline_reason: null,
  refund_amount: null,
  created_at: "2026-04-01T10:00:00.000Z",
  decided_at: null,
  changeable: {
    id: 7,
    number: "POL-7",
    status: "BOUND",
    policy_type_title: "Residential",
    primary_user_name: "Ann Lee",
    effective_date: "2026-01-01",
    expiration_date: "2027-01-01",
    agency: { id: 2, title: "Summit Risk" },
    account: { id: 5, title: "Sunrise Apartments" },
  },
  requestable: { type: "Staff", id: 12, name: "Alex Morgan" },
  decided_by: null,
  refund: null,
  refund_preview: { premium: 8_250, tax: 165, fee: 0, total: 8_415 },
  ...over,
});

const failed = request({
  status: "approved",
  refund_amount: 8_415,
  decided_at: "2026-04-02T10:00:00.000Z",
  decided_by: { id: 13, name: "Sam Admin" },
  refund_preview: null,
  refund: {
    id: 3,
    amount: 8_415,
    premium: 8_250,
    tax: 165,
    fee: 0,
    status: "failed",
    error: "The refund was refused by the card issuer.",
    change_request_id: 21,
    created_at: "2026-04-02T10:00:00.000Z",
    parts: [{ id: 1, amount: 8_415, attempt: 1, status: "failed", gateway_refund_id: null, error: "The refund was refused by the card issuer.", charge: { id: 4, gateway_charge_id: "ch_test_abc", amount: 19_365, invoice_number: "INV-41" } }],
  },
});

function renderRequest(record: ChangeRequest, role: Role = "super_admin", answer: ChangeRequest = record) {
  const requests: Array<{ path: string; method?: string }> = [];
  const dataProvider = createMemoryDataProvider(
    { "change-requests": [record] },
    {
      async request<T>(path: string, init?: { method?: string }) {
        requests.push({ path, method: init?.method });
        return { json: answer as T, headers: new Headers() };
      },
    },
  );
  renderInAdmin(<ChangeRequestShow />, { dataProvider, user: staffUser(role), url: `/dashboard/change-requests/${record.id}`, path: "/dashboard/change-requests/:id" });
  return { requests };
}

describe("ChangeRequestShow (change-requests/{id})", () => {
  it("shows the policy, who asked, the dates and the refund approval would give, with approve and decline for a super admin", async () => {
    renderRequest(request());
    expect(await screen.findByRole("heading", { level: 1, name: "Change Request #21" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "POL-7" })).toHaveAttribute("href", "/dashboard/policies/view/7");
    expect(screen.getByText("Alex Morgan")).toBeInTheDocument();
    expect(screen.getByText("April 11, 2026")).toBeInTheDocument();
    expect(screen.getByText("January 1, 2027")).toBeInTheDocument();
    const preview = screen.getByRole("heading", { name: "Refund on approval" }).closest(".MuiCard-root") as HTMLElement;
    expect(within(preview).getByText("$82.50")).toBeInTheDocument();
    expect(within(preview).getByText("$1.65")).toBeInTheDocument();
    expect(within(preview).getByText("$84.15")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Approve" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Decline" })).toBeInTheDocument();
  });

  it("shows an approved request whose refund failed, each gateway attempt, and retries it", async () => {
    const { requests } = renderRequest(failed);
    const status = await screen.findByRole("status", { name: "Refund" });
    expect(status).toHaveTextContent("Refund of $84.15 failed: The refund was refused by the card issuer.");
    const parts = screen.getByRole("table", { name: "Refunds at the payment gateway" });
    expect(within(parts).getByText("INV-41")).toBeInTheDocument();
    expect(within(parts).getByText("ch_test_abc")).toBeInTheDocument();
    expect(screen.getByText("Sam Admin")).toBeInTheDocument();
    expect(await screen.findByText(/Retry the refund, or return it by hand/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    await userEvent.click(await screen.findByRole("button", { name: "Retry refund" }));
    await waitFor(() => expect(requests).toContainEqual({ path: "/change_requests/21/retry_refund", method: "PATCH" }));
  });

  it("says so when approval cancelled the policy but the gateway refused the refund, instead of 'Success!'", async () => {
    const { requests } = renderRequest(request(), "super_admin", failed);
    await userEvent.click(await screen.findByRole("button", { name: "Approve" }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(requests).toContainEqual({ path: "/change_requests/21/approve", method: "PATCH" }));
    expect(await screen.findByText("Refund of $84.15 failed: The refund was refused by the card issuer.")).toBeInTheDocument();
    expect(screen.queryByText("Success!")).toBeNull();
  });

  it("lets an agent read it, without approve, decline or retry", async () => {
    renderRequest(failed, "agent");
    expect(await screen.findByRole("status", { name: "Refund" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Retry refund" })).toBeNull();
    expect(screen.queryByText(/Retry the refund, or return it by hand/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
  });
});
