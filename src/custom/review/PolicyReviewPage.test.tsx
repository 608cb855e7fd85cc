import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpError } from "react-admin";
import { BEACON_PATH } from "../claims/useClaim";
import { forgetPolicyTypes } from "../../resources/policies/browse/usePolicyTypes";
import type { PolicyDetail } from "../../resources/policies/show/types";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { PolicyReviewPage } from "./PolicyReviewPage";

const item = (id: number) => ({
  id,
  kind: "proof" as const,
  revision: null,
  number: `PRF-${id}`,
  status: "EXTERNAL_UNVERIFIED",
  created_at: `2026-11-0${id}T10:00:00.000Z`,
  customer: `Customer ${id}`,
  account: { id: 5, title: "Sunrise Apartments" },
  agency: null,
  document: null,
  claimed_by: null,
});

const detail = (id: number) =>
  ({
    id,
    number: `PRF-${id}`,
    status: "EXTERNAL_UNVERIFIED",
    policy_in_system: false,
    policy_type_id: 1,
    effective_date: "2026-11-01",
    expiration_date: "2027-11-01",
    cancellation_date: null,
    account: { id: 5, title: "Sunrise Apartments" },
    agency: { id: 2, title: "Summit Risk" },
    carrier: null,
    out_of_system_carrier_title: "Lemonade",
    primary_insurable: { id: 9, title: "Unit 4", parent_building: null, parent_community: { id: 3, title: "Oak Park" } },
    users: [],
    documents: [],
    policy_coverages: { coverage_limits: [], deductibles: [], optional_coverages: [] },
  }) as unknown as PolicyDetail;

type Init = { method?: string; body?: unknown };
const DECIDED = "This item was already accepted by Dana Reviewer at 2:15 PM PST on November 20, 2026";

function renderQueue({ acceptConflict = false, heldByOther = false, url = "/dashboard/policy-support" } = {}) {
  const requests: Array<{ path: string; init?: Init }> = [];
  let decidedElsewhere = false;
  const dataProvider = createMemoryDataProvider({}, {
    async request<T>(path: string, init?: Init) {
      requests.push({ path, init });
      const ok = (json: unknown, headers: Record<string, string> = {}) => ({ json: json as T, headers: new Headers(headers) });
      if (path === "/policy-support/policies_dashboard_index") return decidedElsewhere ? ok([item(2)], { "total-entries": "1" }) : ok([item(1), item(2)], { "total-entries": "2" });
      if (path === "/review_queue/claims") {
        const id = (init?.body as { id: number }).id;
        if (heldByOther) throw new HttpError("taken", 409, { message: "This item is being reviewed by Dana Reviewer. Try another one.", holder: { id: 99, name: "Dana Reviewer" } });
        return ok({ expires_at: "2026-11-20T15:40:00.000Z", release_token: `token-${id}` });
      }
      if (path.startsWith("/review_queue/claims/")) return ok(null);
      if (path === "/review_queue/states") {
        const ids = (init?.body as { ids: number[] }).ids;
        return ok(ids.map((id) => ({ id, pending: false, claimed_by: null, decided: { outcome: "accepted", by: "Dana Reviewer", at: "2026-11-20T23:15:00.000Z", message: DECIDED } })));
      }
      if (/^\/review_queue\/\d+\/extract$/.test(path)) return ok({ text_found: false, fields: null, suggested_reasons: [] });
      if (/^\/policies\/\d+$/.test(path)) return ok(detail(Number(path.split("/")[2])));
      if (path === "/policy-types") return ok([{ id: 1, title: "Residential", master: false, master_coverage: false }]);
      if (path === "/lookups/communities/3/tree") return ok({ id: 3, title: "Oak Park", account_id: 5, address: null, buildings: [], units: [{ id: 9, title: "Unit 4" }] });
      if (path === "/accounts_index") return ok([{ id: 5, title: "Sunrise Apartments" }]);
      if (path === "/policies/external/accept") {
        if (acceptConflict) {
          decidedElsewhere = true;
          throw new HttpError(DECIDED, 409, { error: "conflict", message: DECIDED, decided: { outcome: "accepted", by: "Dana Reviewer", at: "2026-11-20T23:15:00.000Z" } });
        }
        return ok({ message: "Policy has been accepted", policy: detail(1) });
      }
      throw new Error(`unexpected ${path}`);
    },
  });
  const view = renderInAdmin(<PolicyReviewPage />, { dataProvider, user: staffUser("policy_support"), url, path: "/dashboard/policy-support" });
  const calls = (path: string, method?: string) => requests.filter((r) => r.path === path && (!method || r.init?.method === method));
  return { ...view, requests, calls };
}

const press = (key: string, target: Element = document.body) => fireEvent.keyDown(target, { key });

async function openFirst() {
  const queue = await screen.findByRole("list", { name: "Policy Review" });
  await within(queue).findByText("PRF-1");
  press("j");
  expect(await screen.findByRole("heading", { level: 2, name: "PRF-1" })).toBeInTheDocument();
  // The form is there once the policy loaded.
  await screen.findByRole("combobox", { name: /^Status/ });
}

beforeEach(() => forgetPolicyTypes());
afterEach(() => vi.restoreAllMocks());

describe("Policy Review keys", { timeout: 45_000 }, () => {
  it("does nothing when A is pressed inside the Status select; on the page A asks, A again accepts what was read", async () => {
    const { calls, i18nProvider } = renderQueue();
    await openFirst();
    const status = screen.getByRole("combobox", { name: /^Status/ });
    status.focus();
    press("a", status);
    press("a", status);

    // Nor from inside a text input.
    press("a", screen.getByLabelText(/^Policy Number/));
    expect(screen.queryByText(/Press A again/)).not.toBeInTheDocument();
    expect(calls("/policies/external/accept")).toHaveLength(0);

    press("a");
    expect(await screen.findByText("Accept PRF-1? Press A again or Enter to confirm, Esc to cancel.")).toBeInTheDocument();
    press("Escape");
    await waitFor(() => expect(screen.queryByText(/Press A again/)).not.toBeInTheDocument());
    expect(calls("/policies/external/accept")).toHaveLength(0);

    press("a");
    await screen.findByText(/Press A again/);
    press("a");
    await waitFor(() => expect(calls("/policies/external/accept")).toHaveLength(1));
    expect(calls("/policies/external/accept")[0].init?.body).toEqual({ policy: { id: 1, expected_status: "EXTERNAL_UNVERIFIED" } });
    expect(await screen.findByText("Policy has been accepted")).toBeInTheDocument();
    // The next item opens, and the queue is asked again.
    expect(await screen.findByRole("heading", { level: 2, name: "PRF-2" })).toBeInTheDocument();
    await waitFor(() => expect(calls("/policy-support/policies_dashboard_index").length).toBeGreaterThan(1));
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });

  it("asks before J discards unsaved edits", async () => {
    renderQueue();
    await openFirst();
    fireEvent.change(screen.getByLabelText(/^Policy Number/), { target: { value: "PRF-1X" } });
    // react-hook-form reports the form dirty after its own update.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    press("j");
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Discard unsaved changes?");
    expect(dialog).toHaveTextContent("Your edits to PRF-1 are not saved.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep editing" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("heading", { level: 2, name: "PRF-1" })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Policy Number/)).toHaveValue("PRF-1X");

    press("j");
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Discard" }));
    expect(await screen.findByRole("heading", { level: 2, name: "PRF-2" })).toBeInTheDocument();
  });
});

describe("Policy Review claims and conflicts", { timeout: 45_000 }, () => {
  it("claims the open item, releases it when moving on, and a closing tab sends the release token by beacon", async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
    const { calls } = renderQueue();
    await openFirst();
    await waitFor(() => expect(calls("/review_queue/claims", "POST")).toHaveLength(1));
    expect(calls("/review_queue/claims")[0].init?.body).toEqual({ kind: "proof", id: 1 });

    press("j");
    await screen.findByRole("heading", { level: 2, name: "PRF-2" });
    await waitFor(() => expect(calls("/review_queue/claims/1", "DELETE")).toHaveLength(1));
    await waitFor(() => expect(calls("/review_queue/claims", "POST")).toHaveLength(2));

    window.dispatchEvent(new Event("pagehide"));
    expect(beacon).toHaveBeenCalledWith(BEACON_PATH, "token-2");
  });

  it("shows the server's 409 in its words and marks the item decided by the other reviewer", async () => {
    const { calls } = renderQueue({ acceptConflict: true });
    await openFirst();
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect((await screen.findAllByText(DECIDED)).length).toBeGreaterThan(0);
    expect(screen.queryByText("Something went wrong")).not.toBeInTheDocument();
    const queue = screen.getByRole("list", { name: "Policy Review" });
    expect(within(queue).getByText("Already accepted by Dana Reviewer")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept" })).toBeDisabled();
    // The queue asked where the item that left it stands, and keeps it in place, marked.
    await waitFor(() => expect(calls("/review_queue/states")).toHaveLength(1));
    expect(calls("/review_queue/states")[0].init?.body).toEqual({ ids: [1] });
    expect(within(queue).getByText("PRF-1")).toBeInTheDocument();
    expect(within(queue).getByText("Already accepted by Dana Reviewer")).toBeInTheDocument();
  });

  it("an item someone else holds opens read-only, with their name", async () => {
    const { calls } = renderQueue({ heldByOther: true });
    await openFirst();
    expect(await screen.findByText("This item is being reviewed by Dana Reviewer. Try another one.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    press("a");
    expect(screen.queryByText(/Press A again/)).not.toBeInTheDocument();
    expect(calls("/policies/external/accept")).toHaveLength(0);
  });

  it("keeps the open item in the address: a link or a reload reopens it, and moving on rewrites it", async () => {
    const { calls } = renderQueue({ url: "/dashboard/policy-support?kind=proof&item=2" });
    expect(await screen.findByRole("heading", { level: 2, name: "PRF-2" })).toBeInTheDocument();
    await waitFor(() => expect(calls("/review_queue/claims", "POST")[0]?.init?.body).toEqual({ kind: "proof", id: 2 }));
    expect(screen.getByTestId("location").textContent).toBe("/dashboard/policy-support?kind=proof&item=2");
    press("k");
    await screen.findByRole("heading", { level: 2, name: "PRF-1" });
    expect(screen.getByTestId("location").textContent).toBe("/dashboard/policy-support?kind=proof&item=1");
    // Moving on rewrites the address without reloading the queue.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls("/policy-support/policies_dashboard_index")).toHaveLength(1);
  });

  it("a link to an item not on the queue's page says so and holds nothing", async () => {
    const { calls } = renderQueue({ url: "/dashboard/policy-support?item=7" });
    expect(await screen.findByText("The linked item is not on this page of the queue: it may have been decided already.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/dashboard/policy-support"));
    expect(screen.getByText("Choose a policy from the queue to review it.")).toBeInTheDocument();
    expect(calls("/review_queue/claims", "POST")).toHaveLength(0);
  });
});
