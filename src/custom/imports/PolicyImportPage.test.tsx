import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { AppRequestInit } from "../../dataProvider/types";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { PolicyImportPage } from "./PolicyImportPage";

const INTEGRATION = { id: 3, provider: "yardi", account: { id: 11, title: "Lakeshore Living" } };

function renderPage(role: "staff" | "agent" | "super_admin", answers: { integrations?: unknown[] | Promise<never>; start?: () => unknown; statuses?: unknown[] } = {}) {
  const calls: Array<{ path: string; init?: AppRequestInit }> = [];
  const statuses = [...(answers.statuses ?? [])];
  const dataProvider = createMemoryDataProvider(
    // The agency picker asks for `with_subagencies` (a server flag the memory provider reads as a field to match).
    { agencies: [{ id: 5, title: "Summit Agency", with_subagencies: true }], accounts: [{ id: 11, title: "Lakeshore Living", agency_id: 5 }] },
    {
      async request<T>(path: string, init?: AppRequestInit) {
        calls.push({ path, init });
        if (path === "/integrations") {
          const data = await (answers.integrations ?? [INTEGRATION]);
          return { json: { data, meta: { total: (data as unknown[]).length } } as T, headers: new Headers() };
        }
        if (path === "/public/policies/import_legacy_policies") return { json: (await answers.start!()) as T, headers: new Headers() };
        if (path.startsWith("/policies/legacy_imports/")) return { json: (statuses.length > 1 ? statuses.shift() : statuses[0]) as T, headers: new Headers() };
        throw new Error(`unexpected ${path}`);
      },
    } as never,
  );
  const view = renderInAdmin(<PolicyImportPage />, { dataProvider, user: staffUser(role), url: "/dashboard/policies/policy-import", path: "/dashboard/policies/policy-import" });
  return { ...view, calls };
}

async function pickIntegration(name: string | RegExp) {
  const picker = await screen.findByRole("combobox", { name: "Integration" });
  await waitFor(() => expect(picker).not.toHaveAttribute("aria-disabled"));
  fireEvent.mouseDown(picker);
  fireEvent.click(await screen.findByRole("option", { name }));
}

const finished = { id: 9, status: "done", success: true, total_rows: 3, processed_rows: 3, created_count: 3, skipped_count: 0, error_count: 0, errors: [], error: null, result_file: true };

describe("PolicyImportPage (/dashboard/policies/policy-import)", () => {
  it("shows staff the spec's texts, requires integration and file URL, imports and says 'Import completed successfully'", async () => {
    const { calls, i18nProvider } = renderPage("staff", {
      start: () => ({ ...finished, status: "queued", success: null }),
      statuses: [{ ...finished, status: "running", success: null, processed_rows: 1 }, finished],
    });
    expect(await screen.findByText("Import Policies")).toBeInTheDocument();
    expect(screen.getByText("Import legacy policies from external systems")).toBeInTheDocument();
    expect(screen.queryByLabelText("Agency")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Integration selection is required")).toBeInTheDocument();
    expect(screen.getByText("File URL is required")).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/public/policies/import_legacy_policies")).toBe(false);

    await pickIntegration("Yardi — Lakeshore Living (#3)");
    fireEvent.change(screen.getByLabelText("File URL"), { target: { value: " https://files.example.com/export.csv?sig=1 " } });
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Import completed successfully", {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByText("3 created, 0 already known, 0 in error")).toBeInTheDocument();
    const start = calls.find((c) => c.path === "/public/policies/import_legacy_policies")!;
    expect(start.init).toMatchObject({ method: "POST", body: { integration_id: 3, file_url: "https://files.example.com/export.csv?sig=1", account_id: 11 } });
    expect((start.init!.body as Record<string, unknown>).agency_id).toBeUndefined();
    expect(calls.filter((c) => c.path === "/policies/legacy_imports/9").length).toBeGreaterThanOrEqual(2);
    expect([...i18nProvider.missingKeys]).toEqual([]);
  }, 15_000);

  it("says 'Import finished with errors' with the rows, and shows the server's message when the start is refused", async () => {
    let refuse = true;
    renderPage("agent", {
      start: () => {
        if (refuse) throw Object.assign(new Error("422"), { status: 422, body: { message: "The file URL points to an internal address; use a public link to the file", errors: { file_url: "The file URL points to an internal address; use a public link to the file" } } });
        return { ...finished, status: "queued" };
      },
      statuses: [{ ...finished, success: false, created_count: 2, error_count: 1, errors: [{ row: 4, number: "LEG-3", result: "error", message: "unit NOPE of property P1 was not found" }] }],
    });
    await pickIntegration(/Yardi/);
    fireEvent.change(screen.getByLabelText("File URL"), { target: { value: "http://127.0.0.1/x.csv" } });
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findAllByText("The file URL points to an internal address; use a public link to the file")).not.toHaveLength(0);
    refuse = false;
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Import finished with errors", {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByText("Row 4 (LEG-3): unit NOPE of property P1 was not found")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download the result file" })).toBeInTheDocument();
  }, 15_000);

  it("shows 'Import failed. Please try again.' when the server gives no message", async () => {
    renderPage("staff", { start: () => Promise.reject(Object.assign(new Error("500"), { status: 500, body: {} })) });
    await pickIntegration(/Yardi/);
    fireEvent.change(screen.getByLabelText("File URL"), { target: { value: "https://files.example.com/x.csv" } });
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Import failed. Please try again.")).toBeInTheDocument();
  });

  it("makes a super admin choose agency and account before the integrations load", async () => {
    const { calls } = renderPage("super_admin");
    expect(await screen.findByText("No integrations available. Please select an account first.")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Integration" })).toHaveAttribute("aria-disabled", "true");
    expect(calls.some((c) => c.path === "/integrations")).toBe(false);
    expect(screen.getByLabelText("Account")).toBeDisabled();
    // The agency picker's hint (document 2 section 8), until a missing agency is named instead.
    expect(screen.getByText("You can search agency by entering name in the field above.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    // The policies area's short required text (readings C-18), under each of the two pickers.
    await waitFor(() => expect(screen.getAllByText("This field is required")).toHaveLength(2));
    expect(screen.queryByText(/field is required\./)).toBeNull();
    expect(screen.queryByText("You can search agency by entering name in the field above.")).toBeNull();
  });

  it("says 'Loading integrations...' while they load", async () => {
    renderPage("staff", { integrations: new Promise<never>(() => undefined) });
    expect(await screen.findByText("Loading integrations...")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Integration" })).toHaveAttribute("aria-disabled", "true"));
  });

  it("lets a super admin pick the agency, then its account; the integrations are that account's and the import names both", async () => {
    const { calls } = renderPage("super_admin", {
      start: () => ({ ...finished, status: "queued", success: null }),
      statuses: [finished],
    });
    const agency = await screen.findByRole("combobox", { name: "Agency" });
    fireEvent.keyDown(agency, { key: "ArrowDown" });
    fireEvent.click(await screen.findByRole("option", { name: "Summit Agency" }));
    const account = screen.getByRole("combobox", { name: "Account" });
    await waitFor(() => expect(account).toBeEnabled());
    fireEvent.keyDown(account, { key: "ArrowDown" });
    fireEvent.click(await screen.findByRole("option", { name: "Lakeshore Living" }));
    await pickIntegration("Yardi — Lakeshore Living (#3)");
    expect(calls.find((c) => c.path === "/integrations")?.init?.query).toMatchObject({ filter: { account_id: 11 } });
    fireEvent.change(screen.getByLabelText("File URL"), { target: { value: "https://files.example.com/export.csv" } });
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Import completed successfully", {}, { timeout: 6000 })).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/public/policies/import_legacy_policies")?.init?.body).toEqual({
      integration_id: 3,
      file_url: "https://files.example.com/export.csv",
      account_id: 11,
      agency_id: 5,
    });
  }, 15_000);

  it("shows the wait, the rows' progress, then the job's own failure text when the file could not be imported", async () => {
    renderPage("staff", {
      start: () => ({ ...finished, status: "queued", success: null, total_rows: null, processed_rows: 0, created_count: 0, result_file: false }),
      statuses: [
        { ...finished, status: "queued", success: null, total_rows: null, processed_rows: 0, result_file: false },
        { ...finished, status: "running", success: null, total_rows: 4, processed_rows: 1, result_file: false },
        { ...finished, status: "failed", success: false, error: "The file is not a Yardi policy export: the column PolicyNumber is missing", result_file: false },
      ],
    });
    await pickIntegration(/Yardi/);
    fireEvent.change(screen.getByLabelText("File URL"), { target: { value: "https://files.example.com/x.csv" } });
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Waiting for the import to start…")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Importing…" })).toBeDisabled();
    expect(await screen.findByText("1 of 4 rows imported", {}, { timeout: 6000 })).toBeInTheDocument();
    expect(await screen.findByText("The file is not a Yardi policy export: the column PolicyNumber is missing", {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.queryByText("Import completed successfully")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download the result file" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Import" })).toBeEnabled();
  }, 20_000);
});
