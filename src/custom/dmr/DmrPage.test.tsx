import { HttpError } from "react-admin";
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { DmrPage } from "./DmrPage";

const file = (id: number, processed = false) => ({
  id,
  name: `proof-${id}.pdf`,
  processed,
  outcome: processed ? "archived" : null,
  updated_at: "2026-11-20T15:30:00.000Z",
  policy_id: id === 3 ? 77 : null,
  policy_number: id === 3 ? "LP-77" : null,
  s3_url: `/v2/files/token-${id}`,
  // File 2 is open in another reviewer's REVIEW.
  claimed_by: id === 2 ? { id: 999, name: "Dana Reviewer", expires_at: "2026-11-20T15:35:00.000Z" } : null,
});

const TAKEN = "This item is being reviewed by Dana Reviewer. Try another one.";

function renderDmr() {
  const requests: Array<{ path: string; init?: { method?: string; query?: Record<string, unknown>; body?: unknown } }> = [];
  const dataProvider = createMemoryDataProvider({}, {
    async request<T>(path: string, init?: { method?: string; query?: Record<string, unknown>; body?: unknown }) {
      requests.push({ path, init });
      if (path === "/dmr/checked_files") return { json: { data: [file(1), file(2), file(3, true)], meta: { total: 23 } } as T, headers: new Headers() };
      if (path === "/dmr/checked_files/2/mark_processed") throw new HttpError("taken", 409, { error: "conflict", message: TAKEN });
      if (path.endsWith("/mark_processed")) return { json: { message: "File has been archived" } as T, headers: new Headers() };
      const body = (init as { body?: { take_over?: boolean } } | undefined)?.body;
      if (path === "/dmr/checked_files/2/claim" && init?.method === "POST" && !body?.take_over) throw new HttpError(TAKEN, 409, { message: TAKEN, holder: { id: 999, name: "Dana Reviewer" } });
      if (path.endsWith("/claim") && init?.method === "DELETE") return { json: null as T, headers: new Headers() };
      if (path.endsWith("/claim")) return { json: { expires_at: "2026-11-20T15:40:00.000Z", release_token: "tok" } as T, headers: new Headers() };
      if (path.endsWith("/extract")) return { json: { text_found: false, fields: null, suggested_reasons: [] } as T, headers: new Headers() };
      if (path === "/policy-types") return { json: [] as T, headers: new Headers() };
      if (path === "/accounts_index") return { json: [] as T, headers: new Headers() };
      throw new Error(path);
    },
  });
  const view = renderInAdmin(<DmrPage />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/dmr", path: "/dashboard/dmr" });
  return { ...view, requests };
}

/** A file's row: the spec's columns leave the name to the row's tooltip. */
async function rowOf(name: string) {
  await waitFor(() => expect(document.querySelector(`tr[title="${name}"]`)).not.toBeNull());
  return document.querySelector(`tr[title="${name}"]`) as HTMLElement;
}

describe("DMR page", { timeout: 45_000 }, () => {
  it("lists unprocessed files 10 per page, newest first, with exactly the spec's columns and filters", async () => {
    const { requests, i18nProvider } = renderDmr();
    const table = await screen.findByRole("table", { name: "DMR" });
    await waitFor(() => expect(table.querySelectorAll("tbody tr")).toHaveLength(3));
    expect(requests[0].init?.query).toMatchObject({ filter: { status: "unprocessed" }, pagination: { page: 1, per: 10 }, sort: { column: "updated_at", direction: "desc" } });
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Policy ID", "Processed", "Updated At", "Actions"]);
    // A processed file names its policy by id, and offers no REVIEW.
    const processed = screen.getByRole("link", { name: "77" });
    expect(processed).toHaveAttribute("href", "/dashboard/policies/view/77");
    const processedRow = processed.closest("tr") as HTMLElement;
    expect(within(processedRow).queryByRole("button", { name: "REVIEW" })).not.toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "REVIEW" })).toHaveLength(2);
    const range = screen.getByRole("group", { name: "Update Date Range" });
    expect(within(range).getByLabelText("Start Date")).toBeInTheDocument();
    expect(within(range).getByLabelText("End Date")).toBeInTheDocument();
    expect(screen.getAllByText(/^November 20, 2026/)).toHaveLength(3);
    expect(screen.getByText("1–10 of 23")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /last page/i })).toBeInTheDocument();
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });

  it("archives a file after the 300 px confirmation and reloads", async () => {
    const { requests } = renderDmr();
    const row = await rowOf("proof-1.pdf");
    fireEvent.click(within(row).getByRole("button", { name: "Archive" }));
    expect(await screen.findByText("Are you sure want to archive this policy? This action cannot be undone.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "ARCHIVE" }));
    await waitFor(() => expect(requests.some((r) => r.path === "/dmr/checked_files/1/mark_processed" && r.init?.method === "PATCH")).toBe(true));
    expect(await screen.findByText("File has been archived")).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.path === "/dmr/checked_files")).toHaveLength(2));
  });

  it("refuses to archive a file someone holds, naming them", async () => {
    renderDmr();
    const row = await rowOf("proof-2.pdf");
    fireEvent.click(within(row).getByRole("button", { name: "Archive" }));
    fireEvent.click(await screen.findByRole("button", { name: "ARCHIVE" }));
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(screen.queryByText("Something went wrong")).not.toBeInTheDocument();
  });

  it("shows who holds a file; REVIEW opens it read-only with their name until a super admin takes it over; closing releases it", async () => {
    const { requests } = renderDmr();
    const row = await rowOf("proof-2.pdf");
    expect(within(row).getByText("Taken by Dana Reviewer")).toBeInTheDocument();
    expect(screen.getAllByText(/^Taken by/)).toHaveLength(1);
    fireEvent.click(within(row).getByRole("button", { name: "REVIEW" }));
    expect(await screen.findByText("Being reviewed by Dana Reviewer")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Save" })).toBeDisabled();
    expect(screen.getByLabelText(/^Policy Number/)).toBeDisabled();

    fireEvent.click(screen.getByRole("button", { name: "Take over" }));
    await waitFor(() => expect(screen.queryByText("Being reviewed by Dana Reviewer")).not.toBeInTheDocument());
    expect(requests.filter((r) => r.path === "/dmr/checked_files/2/claim" && r.init?.method === "POST").map((r) => r.init?.body)).toEqual([{}, { take_over: true }]);
    expect(screen.getByLabelText(/^Policy Number/)).not.toBeDisabled();
    // The expiration date waits for the effective date (DMR-19); the DMR form edits system_purchased and enabled.
    expect(screen.getByLabelText(/^Expiration Date/)).toBeDisabled();
    expect(screen.getByText("Enter the effective date first")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Effective Date/), { target: { value: "2026-09-01" } });
    await waitFor(() => expect(screen.getByLabelText(/^Expiration Date/)).not.toBeDisabled());
    expect(screen.getByRole("checkbox", { name: "System Purchased" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Enabled" })).toBeChecked();
    // Save says why it waits, in the spec's words.
    const waits = screen.getByRole("status", { name: "Why Save is disabled" });
    expect(waits).toHaveTextContent("The agency field is required.");
    expect(waits).toHaveTextContent("The account field is required.");

    // Closing the dialog (Escape; the PDF pane's close button does the same).
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(requests.some((r) => r.path === "/dmr/checked_files/2/claim" && r.init?.method === "DELETE")).toBe(true));
  });

  it("flags an end date before the start date", async () => {
    renderDmr();
    await rowOf("proof-1.pdf");
    fireEvent.change(screen.getByLabelText("Start Date"), { target: { value: "2026-11-10" } });
    fireEvent.change(screen.getByLabelText("End Date"), { target: { value: "2026-11-01" } });
    expect(await screen.findByText("End date must be later than Start date")).toBeInTheDocument();
  });
});
