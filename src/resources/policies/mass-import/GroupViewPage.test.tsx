import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { AppRequestInit } from "../../../dataProvider/types";
import { staffUser } from "../../../test/fixtures";
import { createMemoryDataProvider } from "../../../test/memoryDataProvider";
import { renderInAdmin } from "../../../test/TestAdmin";
import { GroupViewPage } from "./GroupViewPage";
import type { GroupDetail } from "./types";

const invoices = [{ id: 1, number: "RG-7-1", status: "available", due_date: "2099-01-01", subtotal: 1000, total: 2500 }];
const group = (over: Partial<GroupDetail>): GroupDetail => ({
  id: 7,
  status: "awaiting_acceptance",
  effective_date: "2099-01-01",
  expiration_date: "2100-01-01",
  auto_pay: true,
  auto_renew: false,
  created_at: "2026-01-01T00:00:00.000Z",
  policy_applications_count: 3,
  created_policy_applications_count: 3,
  errors_count: 0,
  created_policies_count: 0,
  errors: [],
  policy_group_quote: { total_premium: 3000, invoices },
  ...over,
});

/** The view with the group's answers in turn (the last repeats) and the accept's answer. */
function renderView(answers: GroupDetail[]) {
  const calls: Array<{ path: string; init?: AppRequestInit }> = [];
  const queue = [...answers];
  const dataProvider = createMemoryDataProvider({}, {
    async request<T>(path: string, init?: AppRequestInit) {
      calls.push({ path, init });
      if (path === "/policy-application-groups/7/accept") return { json: { success: true, message: "Rental Guarantee Group #7, has been accepted." } as T, headers: new Headers() };
      if (path === "/policy-application-groups/7") return { json: (queue.length > 1 ? queue.shift() : queue[0]) as T, headers: new Headers() };
      throw new Error(`unexpected ${path}`);
    },
  } as never);
  const view = renderInAdmin(<GroupViewPage />, { dataProvider, user: staffUser("staff"), url: "/dashboard/policies/import/view/7", path: "/dashboard/policies/import/view/:id" });
  return { ...view, calls };
}

describe("GroupViewPage: accepting in the background", () => {
  it("after Accept polls the group while its policies are created, with their progress, until it is accepted", async () => {
    const { calls, i18nProvider } = renderView([
      group({}),
      group({ status: "accepting", created_policies_count: 1 }),
      group({ status: "accepted", created_policies_count: 3 }),
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Accept" }));
    expect(await screen.findByText("1 of 3 policies created")).toBeInTheDocument();
    expect(screen.getByTestId("group-status")).toHaveTextContent("Creating policies");
    await waitFor(() => expect(screen.getByTestId("group-status")).toHaveTextContent("Accepted"), { timeout: 5000 });
    expect(screen.queryByText(/policies created/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/policy-application-groups/7/accept")).toHaveLength(1);
    expect([...i18nProvider.missingKeys]).toEqual([]);
  }, 15_000);

  it("shows a failed creation with its reason and accepts again on Try again", async () => {
    const { calls, i18nProvider } = renderView([
      group({ status: "accept_failed", created_policies_count: 2, errors: [{ id: 4, kind: "policies_were_not_created", information: { errors: ["disk full"] } }] }),
      group({ status: "accepted", created_policies_count: 3 }),
    ]);
    expect(await screen.findByText(/The policies could not all be created/)).toBeInTheDocument();
    expect(screen.getByTestId("group-status")).toHaveTextContent("Policies not created");
    expect(screen.getByText("Policies were not created")).toBeInTheDocument();
    expect(screen.getByText("disk full")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByTestId("group-status")).toHaveTextContent("Accepted"));
    expect(calls.filter((c) => c.path === "/policy-application-groups/7/accept").map((c) => c.init?.method)).toEqual(["PUT"]);
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });
});

describe("GroupViewPage: status, progress, errors and invoice (document 2 sections 2, 4 and 8)", () => {
  it("polls a group in progress every 2000 ms with its progress bar, then shows it awaiting acceptance with the invoice summed", async () => {
    const twoInvoices = [...invoices, { id: 2, number: "RG-7-2", status: "upcoming", due_date: "2099-04-01", subtotal: 1000, total: 3000 }];
    const { calls, i18nProvider } = renderView([
      group({ status: "in_progress", created_policy_applications_count: 1, policy_group_quote: null }),
      group({ status: "in_progress", created_policy_applications_count: 2, policy_group_quote: null }),
      group({ policy_group_quote: { total_premium: 5500, invoices: twoInvoices } }),
    ]);
    expect(await screen.findByText("1 of 3 applications processed")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33");
    expect(screen.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    const gets = () => calls.filter((c) => c.path === "/policy-application-groups/7").length;
    // Not asked again before 2000 ms have passed.
    await new Promise((r) => setTimeout(r, 1500));
    expect(gets()).toBe(1);
    expect(await screen.findByText("2 of 3 applications processed", undefined, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("group-status")).toHaveTextContent("Awaiting acceptance"), { timeout: 4000 });
    expect(screen.queryByText(/applications processed/)).not.toBeInTheDocument();
    // Subtotal and total are both the sum of the invoice totals (readings C-39): $25.00 + $30.00.
    expect(screen.getByTestId("invoice-subtotal")).toHaveTextContent("$55.00");
    expect(screen.getByTestId("invoice-total")).toHaveTextContent("$55.00");
    expect(screen.getByRole("button", { name: "Accept" })).toBeEnabled();
    // Polling stops once the group is no longer in progress.
    await new Promise((r) => setTimeout(r, 2300));
    expect(gets()).toBe(3);
    expect([...i18nProvider.missingKeys]).toEqual([]);
  }, 20_000);

  it("refuses to accept a group whose effective date has passed, with the spec's text, and offers today in the edit form", async () => {
    renderView([group({ effective_date: "2020-01-01", expiration_date: "2021-01-01" })]);
    expect(await screen.findByText("The effective date should be greater or equals today")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept" })).toBeDisabled();
    expect(screen.getByText("Edit the policy application group")).toBeInTheDocument();
    expect(screen.getByLabelText(/Effective Date/)).not.toHaveValue("2020-01-01");
    expect(screen.getByRole("button", { name: "EDIT" })).toBeEnabled();
  });

  it("lists a group in error by applicant email, error kind and details, with no Accept and no invoice", async () => {
    renderView([
      group({
        status: "error",
        errors_count: 1,
        created_policy_applications_count: 2,
        policy_group_quote: null,
        errors: [{ id: 9, kind: "policy_application_was_not_quoted", information: { errors: ["No rate for IL", "Rent too high"], policy_users_params: [{ user_attributes: { email: "casey@example.com" } }] } }],
      }),
    ]);
    expect(await screen.findByText("casey@example.com")).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Applicant email" })).toBeInTheDocument();
    expect(screen.getByText("Policy application was not quoted")).toBeInTheDocument();
    expect(screen.getByText("No rate for IL; Rent too high")).toBeInTheDocument();
    expect(screen.getByTestId("group-status")).toHaveTextContent("Error");
    expect(screen.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("group-invoice")).not.toBeInTheDocument();
  });
});
