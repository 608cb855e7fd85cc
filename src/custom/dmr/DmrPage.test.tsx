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

function renderDmr() {
  const requests: Array<{ path: string; init?: { method?: string; query?: Record<string, unknown> } }> = [];
  const dataProvider = createMemoryDataProvider({}, {
    async request<T>(path: string, init?: { method?: string; query?: Record<string, unknown> }) {
      requests.push({ path, init });
      if (path === "/dmr/checked_files") return { json: { data: [file(1), file(2), file(3)], meta: { total: 23 } } as T, headers: new Headers() };
      if (path.endsWith("/mark_processed")) return { json: { message: "File has been archived" } as T, headers: new Headers() };
      if (path === "/dmr/checked_files/2/claim") throw new HttpError("This item is being reviewed by Dana Reviewer. Try another one.", 409, { message: "This item is being reviewed by Dana Reviewer. Try another one." });
      if (path.endsWith("/claim")) return { json: { expires_at: "2026-11-20T15:40:00.000Z" } as T, headers: new Headers() };
      throw new Error(path);
    },
  });
  const view = renderInAdmin(<DmrPage />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/dmr", path: "/dashboard/dmr" });
  return { ...view, requests };
}

describe("DMR page", () => {
  it("lists unprocessed files 10 per page, newest first, with the spec's columns", async () => {
    const { requests, i18nProvider } = renderDmr();
    expect(await screen.findByText("proof-1.pdf")).toBeInTheDocument();
    expect(requests[0].init?.query).toMatchObject({ filter: { status: "unprocessed" }, pagination: { page: 1, per: 10 }, sort: { column: "updated_at", direction: "desc" } });
    for (const header of ["Policy ID", "Processed", "Updated At", "Actions"]) expect(screen.getByRole("columnheader", { name: header })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "LP-77" })).toHaveAttribute("href", "/dashboard/policies/view/77");
    expect(screen.getAllByText(/^November 20, 2026/)).toHaveLength(3);
    expect(screen.getByText("1–10 of 23")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /last page/i })).toBeInTheDocument();
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });

  it("archives a file after the 300 px confirmation and reloads", async () => {
    const { requests } = renderDmr();
    const row = (await screen.findByText("proof-2.pdf")).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Archive" }));
    expect(await screen.findByText("Are you sure want to archive this policy? This action cannot be undone.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "ARCHIVE" }));
    await waitFor(() => expect(requests.some((r) => r.path === "/dmr/checked_files/2/mark_processed" && r.init?.method === "PATCH")).toBe(true));
    expect(await screen.findByText("File has been archived")).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.path === "/dmr/checked_files")).toHaveLength(2));
  });

  it("shows who holds a file, and REVIEW of a held file claims it, then warns with the server's message", async () => {
    const { requests } = renderDmr();
    const row = (await screen.findByText("proof-2.pdf")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Taken by Dana Reviewer")).toBeInTheDocument();
    expect(screen.getAllByText(/^Taken by/)).toHaveLength(1);
    fireEvent.click(within(row).getByRole("button", { name: "REVIEW" }));
    expect(await screen.findByText("This item is being reviewed by Dana Reviewer. Try another one.")).toBeInTheDocument();
    expect(requests.some((r) => r.path === "/dmr/checked_files/2/claim" && r.init?.method === "POST")).toBe(true);
  });

  it("flags an end date before the start date", async () => {
    renderDmr();
    await screen.findByText("proof-1.pdf");
    fireEvent.change(screen.getByLabelText("Updated from"), { target: { value: "2026-11-10" } });
    fireEvent.change(screen.getByLabelText("Updated to"), { target: { value: "2026-11-01" } });
    expect(await screen.findByText("End date must be later than Start date")).toBeInTheDocument();
  });
});
