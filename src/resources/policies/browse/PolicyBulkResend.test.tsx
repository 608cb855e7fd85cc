import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router-dom";
import type { BulkJob } from "../../../domain/bulk";
import type { Role } from "../../../domain/roles";
import { staffUser } from "../../../test/fixtures";
import { createMemoryDataProvider } from "../../../test/memoryDataProvider";
import { renderInAdmin } from "../../../test/TestAdmin";
import { PolicyList } from "./PolicyList";
import { forgetPolicyTypes } from "./usePolicyTypes";
import { policyRow } from "./policyRow.fixture";

/** The policies grid's bulk bar (issue 17 section 5): Resend Documents on picked policies or on all matching ones. */
const row = (id: number) => policyRow(id, { status: "BOUND" });

type Answer = (path: string, body: unknown) => unknown;

function renderGrid({ count = 3, role = "agent" as Role, answer }: { count?: number; role?: Role; answer: Answer }) {
  const requests: Array<{ path: string; body?: unknown }> = [];
  const dataProvider = createMemoryDataProvider(
    { policies: Array.from({ length: count }, (_, i) => row(i + 1)) },
    {
      async request<T>(path: string, init?: { body?: unknown }) {
        if (path === "/policy-types") return { json: [{ id: 1, title: "Residential", master: false, master_coverage: false }] as T, headers: new Headers() };
        if (path === "/exports") return { json: [] as T, headers: new Headers() };
        requests.push({ path, body: init?.body });
        return { json: (await answer(path, init?.body)) as T, headers: new Headers() };
      },
    },
  );
  renderInAdmin(<PolicyList />, {
    dataProvider,
    user: staffUser(role),
    url: "/dashboard/policies/browse",
    path: "/dashboard/policies/browse",
    routes: <Route path="/dashboard/policies/view/:id" element={<p>policy detail page</p>} />,
  });
  return { requests };
}

const rowOf = (number: string) => screen.getByText(number).closest("tr") as HTMLElement;
const bulkButton = () => screen.getAllByRole("button", { name: "Resend Documents" }).find((b) => b.getAttribute("data-bulk-action") === "resend_documents")!;

describe("PolicyList bulk Resend Documents", () => {
  beforeEach(() => {
    forgetPolicyTypes();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("resends the picked policies after a confirmation naming their count, in one call with their ids, with 'Successfully sent!'", { timeout: 60_000 }, async () => {
    const { requests } = renderGrid({ answer: (_path, body) => ({ done: (body as { ids: number[] }).ids, failed: [] }) });
    await screen.findByText("POL-1");
    fireEvent.click(within(rowOf("POL-1")).getByRole("checkbox"));
    fireEvent.click(within(rowOf("POL-3")).getByRole("checkbox"));
    fireEvent.click(bulkButton());
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText("Resend Documents: 2 selected")).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Successfully sent!")).toBeInTheDocument();
    const results = await screen.findByRole("list", { name: "Resend Documents: 2 done, 0 failed" });
    expect(within(results).getByText("POL-1")).toBeInTheDocument();
    expect(within(results).getByText("POL-3")).toBeInTheDocument();
    expect(requests).toEqual([
      { path: "/policies/bulk_resend_documents", body: { ids: [1, 3] } },
    ]);
  });

  it("names picked policies of another page by their number too, as the grid showed them", { timeout: 60_000 }, async () => {
    renderGrid({ count: 60, answer: (_path, body) => ({ done: (body as { ids: number[] }).ids, failed: [] }) });
    await screen.findByText("POL-1");
    fireEvent.click(within(rowOf("POL-1")).getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "Go to page 2" }));
    await screen.findByText("POL-55");
    fireEvent.click(within(rowOf("POL-55")).getByRole("checkbox"));
    fireEvent.click(bulkButton());
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm" }));
    const results = await screen.findByRole("list", { name: "Resend Documents: 2 done, 0 failed" });
    expect(within(results).getByText("POL-1")).toBeInTheDocument();
    expect(within(results).getByText("POL-55")).toBeInTheDocument();
    expect(within(results).queryByText("#1")).toBeNull();
  });

  it("names a refused policy by its number with the server's reason, keeps it picked and says 'Something went wrong'", { timeout: 60_000 }, async () => {
    renderGrid({
      answer: (_path, body) => {
        const { ids } = body as { ids: number[] };
        return { done: ids.filter((id) => id !== 2), failed: ids.filter((id) => id === 2).map((id) => ({ id, label: "POL-2", reason: "The policy has no documents" })) };
      },
    });
    await screen.findByText("POL-1");
    fireEvent.click(within(rowOf("POL-1")).getByRole("checkbox"));
    fireEvent.click(within(rowOf("POL-2")).getByRole("checkbox"));
    fireEvent.click(bulkButton());
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Something went wrong")).toBeInTheDocument();
    const results = await screen.findByRole("list", { name: "Resend Documents: 1 done, 1 failed" });
    const failed = within(results).getByText("Failed: The policy has no documents").closest("li") as HTMLElement;
    expect(failed).toHaveAttribute("data-row-result", "failed");
    expect(within(failed).getByText("POL-2")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(within(rowOf("POL-2")).getByRole("checkbox")).toBeChecked();
    expect(within(rowOf("POL-1")).getByRole("checkbox")).not.toBeChecked();
  });

  it("all matching beyond the page runs as a background job: progress on screen until done, then the count done and each failed policy by its number", { timeout: 60_000 }, async () => {
    const job = (over: Partial<BulkJob>): BulkJob => ({
      id: 41,
      action: "policies.resend_documents",
      status: "running",
      total: 60,
      processed: 0,
      done_count: 0,
      failed_count: 0,
      failed: [],
      error: null,
      created_at: "2026-11-28T05:00:00.000Z",
      finished_at: null,
      ...over,
    });
    const polls = [
      job({ processed: 30, done_count: 30 }),
      job({ status: "done", processed: 60, done_count: 59, failed_count: 1, failed: [{ id: 57, label: "POL-57", reason: "Documents are sent for in-system policies only" }] }),
    ];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { requests } = renderGrid({
      count: 60,
      answer: (path) => {
        if (path === "/policies/bulk_resend_documents") return job({ status: "queued" });
        return gate.then(() => polls.shift());
      },
    });
    await screen.findByText("POL-1");
    fireEvent.click(screen.getAllByRole("checkbox", { name: "Select all" })[0]);
    fireEvent.click(await screen.findByRole("button", { name: "Select all 60 matching rows" }));
    expect(await screen.findByText("All 60 matching rows are selected")).toBeInTheDocument();
    fireEvent.click(bulkButton());
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText("Resend Documents: 60 selected")).toBeInTheDocument();
    expect(within(confirm).getByText(/every row matching the grid's filter/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    // Queued on the server: the dialog says how far it got while the console polls.
    expect(await within(confirm).findByText("Resend Documents: 0 of 60…")).toBeInTheDocument();
    expect(within(confirm).getByRole("progressbar", { name: /0 of 60 rows finished/ })).toBeInTheDocument();
    release();
    expect(await within(confirm).findByText("Resend Documents: 30 of 60…", undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(await screen.findByText("Something went wrong", undefined, { timeout: 5_000 })).toBeInTheDocument();
    const results = await screen.findByRole("list", { name: "Resend Documents: 59 done, 1 failed" });
    expect(within(results).getByText("59 rows done")).toBeInTheDocument();
    const failed = within(results).getByText("Failed: Documents are sent for in-system policies only").closest("li") as HTMLElement;
    // Policy 57 is beyond the page: named by the server as the grid names it, not '#57'.
    expect(within(failed).getByText("POL-57")).toBeInTheDocument();
    expect(requests).toEqual([
      { path: "/policies/bulk_resend_documents", body: { all_matching: true, filter: {} } },
      { path: "/bulk_jobs/41", body: undefined },
      { path: "/bulk_jobs/41", body: undefined },
    ]);
  });

  it("thousands of refusals read as a count per reason, the first rows named and the rest summed up", { timeout: 60_000 }, async () => {
    const failed = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, label: `POL-${i + 1}`, reason: i < 45 ? "Documents are sent for in-system policies only" : "The policy has no documents" }));
    renderGrid({ count: 60, answer: () => ({ done: [], failed }) });
    await screen.findByText("POL-1");
    fireEvent.click(screen.getAllByRole("checkbox", { name: "Select all" })[0]);
    fireEvent.click(await screen.findByRole("button", { name: "Select all 60 matching rows" }));
    fireEvent.click(bulkButton());
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm" }));
    const results = await screen.findByRole("list", { name: "Resend Documents: 0 done, 60 failed" });
    expect(within(results).getByText("45 rows failed: Documents are sent for in-system policies only")).toBeInTheDocument();
    expect(within(results).getByText("15 rows failed: The policy has no documents")).toBeInTheDocument();
    expect(within(results).getByText("POL-50")).toBeInTheDocument();
    expect(within(results).queryByText("POL-51")).toBeNull();
    expect(within(results).getByText("…and 10 more failed rows (still selected)")).toBeInTheDocument();
  });

  it("offers no bulk bar to policy support, who may not resend documents", async () => {
    renderGrid({ role: "policy_support", answer: () => ({ done: [], failed: [] }) });
    await screen.findByText("POL-1");
    expect(screen.queryByRole("checkbox", { name: "Select all" })).toBeNull();
  });
});
