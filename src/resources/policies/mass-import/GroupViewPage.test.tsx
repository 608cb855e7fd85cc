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
