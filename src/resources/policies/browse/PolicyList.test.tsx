import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router-dom";
import type { Role } from "../../../domain/roles";
import { staffUser } from "../../../test/fixtures";
import { createMemoryDataProvider } from "../../../test/memoryDataProvider";
import { renderInAdmin } from "../../../test/TestAdmin";
import { prune, readGridMemory } from "./gridMemory";
import { PolicyList } from "./PolicyList";
import { forgetPolicyTypes } from "./usePolicyTypes";
import { policyRow } from "./policyRow.fixture";

const row = policyRow;

const POLICY_TYPES = [
  { id: 1, title: "Residential", master: false, master_coverage: false },
  { id: 2, title: "Master Policy", master: true, master_coverage: false },
  { id: 3, title: "Master Policy Coverage", master: false, master_coverage: true },
  { id: 5, title: "Rent Guarantee", master: false, master_coverage: false },
];

function renderGrid({ url = "/dashboard/policies/browse", role = "agent" as Role, policies = [row(1), row(2, { policy_in_system: false, status: "EXTERNAL_VERIFIED" })], deleteFails = false } = {}) {
  const requests: Array<{ path: string; init?: unknown }> = [];
  const dataProvider = createMemoryDataProvider(
    { policies, accounts: [{ id: 5, title: "Sunrise Apartments" }] },
    {
      async request<T>(path: string, init?: unknown) {
        requests.push({ path, init });
        if (path === "/policy-types") return { json: POLICY_TYPES as T, headers: new Headers() };
        if (path === "/exports") return { json: [] as T, headers: new Headers() };
        if (path === "/policies/export") return { json: { success: true, message: "Export is in process, we'll email you once it's processed" } as T, headers: new Headers() };
        if (path === "/policies/external/delete" && deleteFails) throw Object.assign(new Error("Conflict"), { status: 409, body: { error: "conflict", message: "This policy has documents under review" } });
        if (path === "/policies/external/delete") return { json: { success: true } as T, headers: new Headers() };
        throw new Error(`unexpected ${path}`);
      },
    },
  );
  const view = renderInAdmin(<PolicyList />, {
    dataProvider,
    user: staffUser(role),
    url,
    path: "/dashboard/policies/browse",
    routes: <Route path="/dashboard/policies/view/:id" element={<p>policy detail page</p>} />,
  });
  const lastList = () =>
    [...dataProvider.calls].reverse().find((call) => call.method === "getList" && call.resource === "policies")?.params as {
      filter: Record<string, unknown>;
      pagination: { page: number; perPage: number };
      sort: { field: string; order: string };
    };
  return { ...view, dataProvider, lastList, requests };
}

// The grid kit's selection column (bulk Resend Documents) has a checkbox and no title: not one of the spec's columns.
const headers = () =>
  screen
    .getAllByRole("columnheader")
    .filter((cell) => !cell.querySelector("input[type=checkbox]"))
    .map((cell) => cell.textContent?.trim() ?? "");
const location = () => decodeURIComponent(screen.getByTestId("location").textContent ?? "");

afterEach(() => {
  sessionStorage.clear();
  forgetPolicyTypes();
});

describe("PolicyList (policies/browse)", () => {
  it("shows every column an agent may see, with long dates, Yes/No and readable statuses; 50 per page", async () => {
    const { lastList, i18nProvider } = renderGrid();
    expect(await screen.findByText("POL-1")).toBeInTheDocument();
    const first = screen.getByText("POL-1").closest("tr") as HTMLElement;
    for (const cell of ["Bound with warning", "T1", "Oak Park", "Building A", "Unit 4", "Get Covered", "January 5, 2026", "January 5, 2027", "Ann Lee", "ann@example.com", "Residential", "Monthly", "Yes"]) {
      expect(within(first).getByText(cell)).toBeInTheDocument();
    }
    expect(within(screen.getByText("POL-2").closest("tr") as HTMLElement).getByText("No")).toBeInTheDocument();
    expect(headers()).toEqual([
      "Number", "Status", "T Code", "Community", "Building", "Unit", "Agency", "Effective Date", "Expiration Date",
      "Customer", "Email", "Policy Type", "Billing Strategy", "Updated At", "In System", "",
    ]);
    expect(lastList()).toMatchObject({ pagination: { page: 1, perPage: 50 }, sort: { field: "updated_at", order: "DESC" } });
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });

  it("hides account and agency columns from super admins and shows both to staff", async () => {
    const admin = renderGrid({ role: "super_admin" });
    await screen.findByText("POL-1");
    expect(headers()).not.toContain("Account");
    expect(headers()).not.toContain("Agency");
    admin.unmount();
    renderGrid({ role: "staff" });
    await screen.findByText("POL-1");
    expect(headers()).toEqual(expect.arrayContaining(["Account", "Agency"]));
  });

  it("restores filters, page and page size from the address and writes changes back", async () => {
    const url = `/dashboard/policies/browse?filters=${encodeURIComponent(JSON.stringify({ status: "BOUND" }))}&page=2&pageSize=10`;
    const policies = Array.from({ length: 15 }, (_, i) => row(i + 1, { status: "BOUND" }));
    const { lastList } = renderGrid({ url, policies });
    await waitFor(() => expect(lastList()).toMatchObject({ filter: { status: "BOUND" }, pagination: { page: 2, perPage: 10 } }));
    expect(await screen.findByText("POL-11")).toBeInTheDocument();
    await waitFor(() => expect(location()).toContain('filters={"status":"BOUND"}&page=2&pageSize=10'));

    fireEvent.mouseDown(screen.getByLabelText("Search by"));
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["Policy Number", "User Name", "Login Email", "Contact Email", "T Code"]);
    fireEvent.click(screen.getByRole("option", { name: "T Code" }));
    await userEvent.type(screen.getByLabelText("Keyword"), "T3{Enter}");
    await waitFor(() => expect(lastList().filter).toEqual({ status: "BOUND", tcode: { like: "T3" } }));
    await waitFor(() => expect(location()).toContain('filters={"status":"BOUND","tcode":{"like":"T3"}}&page=1&pageSize=10'));
  });

  it("offers the policy types without master types, the eight statuses and the three sources", async () => {
    renderGrid();
    await screen.findByText("POL-1");
    fireEvent.mouseDown(screen.getByLabelText("Policy Type"));
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["Any", "Residential", "Rent Guarantee"]);
    fireEvent.keyDown(screen.getByRole("listbox"), { key: "Escape" });
    fireEvent.mouseDown(screen.getByLabelText("Status"));
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([
      "Any",
      "Archived",
      "Bound",
      "Bound with warning",
      "Cancelled",
      "External rejected",
      "External unverified",
      "External verified",
      "Expired",
    ]);
    fireEvent.keyDown(screen.getByRole("listbox"), { key: "Escape" });
    fireEvent.mouseDown(screen.getByLabelText("Policy Source"));
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["All", "Internal Policy", "External Policy"]);
  });

  it("says 'No results found with your filters' and clears them", async () => {
    const url = `/dashboard/policies/browse?filters=${encodeURIComponent(JSON.stringify({ number: { like: "nothing" } }))}`;
    const { lastList } = renderGrid({ url });
    expect(await screen.findByText("No results found with your filters")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    await waitFor(() => expect(lastList().filter).toEqual({}));
    expect(await screen.findByText("POL-1")).toBeInTheDocument();
  });

  it("opens a policy on click and remembers it as the last clicked row of this route", async () => {
    renderGrid();
    fireEvent.click(await screen.findByText("POL-2"));
    expect(await screen.findByText("policy detail page")).toBeInTheDocument();
    expect(readGridMemory("/dashboard/policies/browse")?.lastId).toBe("2");
  });

  it("offers Delete policy only on external rows, with the spec's confirmation", async () => {
    const { requests } = renderGrid();
    await screen.findByText("POL-1");
    expect(within(screen.getByText("POL-1").closest("tr") as HTMLElement).queryByLabelText("Policy actions")).toBeNull();
    fireEvent.click(within(screen.getByText("POL-2").closest("tr") as HTMLElement).getByLabelText("Policy actions"));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Delete policy" }));
    expect(await screen.findByText("Are you sure want to delete this policy? This action cannot be undone.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(requests.find((r) => r.path === "/policies/external/delete")?.init).toEqual({ method: "POST", body: { policy: { id: 2 } } }));
  });

  it("shows a refused delete's reason with CLOSE, like every other error message", async () => {
    renderGrid({ deleteFails: true });
    await screen.findByText("POL-2");
    fireEvent.click(within(screen.getByText("POL-2").closest("tr") as HTMLElement).getByLabelText("Policy actions"));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Delete policy" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes" }));
    expect(await screen.findByText("This policy has documents under review")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "CLOSE" }));
    await waitFor(() => expect(screen.queryByText("This policy has documents under review")).toBeNull());
  });

  it("lets super admins export every row of the current filters, with the spec's notice", async () => {
    const { requests } = renderGrid({ role: "super_admin", url: `/dashboard/policies/browse?filters=${encodeURIComponent(JSON.stringify({ status: "BOUND" }))}` });
    fireEvent.click(await screen.findByRole("button", { name: "Download CSV" }));
    expect(await screen.findByText("Export is in process, we'll email you once it's processed")).toBeInTheDocument();
    expect(requests.find((r) => r.path === "/policies/export")?.init).toEqual({ query: { filter: { status: "BOUND" }, sort: { column: "updated_at", direction: "desc" } } });
  });

  it("shows Upload External Policy to agents with policies.coverage_proof, never to staff", async () => {
    const agent = renderGrid();
    expect(await screen.findByRole("link", { name: "Upload External Policy" })).toHaveAttribute("href", "/dashboard/policies/upload-coverage-proof");
    agent.unmount();
    renderGrid({ role: "staff" });
    await screen.findByText("POL-1");
    expect(screen.queryByRole("link", { name: "Upload External Policy" })).toBeNull();
  });
});

describe("grid memory", () => {
  it("prunes the oldest routes once the stored text passes the cap", () => {
    const store = { "/a": { lastId: "1", at: 1 }, "/b": { lastId: "2", at: 2 }, "/c": { lastId: "3", at: 3 } };
    const cap = JSON.stringify({ "/b": store["/b"], "/c": store["/c"] }).length;
    expect(Object.keys(prune(store, cap))).toEqual(["/b", "/c"]);
    expect(prune(store, 10_000)).toBe(store);
  });
});
