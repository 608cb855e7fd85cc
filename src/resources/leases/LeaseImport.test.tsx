import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AppRequestInit } from "../../dataProvider/types";
import { uploadForm } from "../../dataProvider/upload";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { LeaseForm } from "./LeaseForm";
import { LeaseImport } from "./LeaseImport";
import { LeaseList } from "./LeaseList";

const LEASE = {
  id: 1,
  reference: "L-1",
  status: "current",
  start_date: "2026-01-01",
  end_date: "2026-12-31",
  covered: true,
  lease_type_id: 1,
  unit: { id: 3, title: "101" },
  building: { id: 2, title: "Building A" },
  community: { id: 1, title: "Maple Court" },
  lease_users: [{ id: 1, user_id: 8, email: "ann@example.com", full_name: "Ann Lee", primary: true }],
};
// The browser's upload (XMLHttpRequest) is not in jsdom: the shared uploadForm is replaced, and what it was given read back.
vi.mock("../../dataProvider/upload", () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);
beforeEach(() => upload.mockReset());

/** `statuses`: the upload job's answers to successive polls (the last one repeats). */
const provider = (statuses: object[] = [], polled: string[] = []) =>
  createMemoryDataProvider(
    {
      leases: [LEASE],
      insurable: [
        { id: 2, title: "Building A", insurable_id: 1, insurable_type_id: 7 },
        { id: 3, title: "101", insurable_id: 2, insurable_type_id: 4 },
        { id: 4, title: "102", insurable_id: 2, insurable_type_id: 4 },
      ],
    },
    {
      searchCommunities: async () => [{ id: 1, title: "Maple Court", account_id: 5 }],
      async request<T>(path: string, _init?: AppRequestInit) {
        polled.push(path);
        return { json: (statuses.length > 1 ? statuses.shift() : statuses[0]) as T, headers: new Headers() };
      },
    },
  );

describe("LeaseList (leases)", () => {
  it("shows unit, community, status, dates and tenants, 20 a page, newest start first", async () => {
    const dataProvider = provider();
    const { i18nProvider } = renderInAdmin(<LeaseList />, { dataProvider, user: staffUser("staff"), url: "/dashboard/leases", path: "/dashboard/leases" });
    const row = (await screen.findByText("Ann Lee")).closest("tr") as HTMLElement;
    expect(within(row).getByText("101")).toBeInTheDocument();
    expect(within(row).getByText("Maple Court")).toBeInTheDocument();
    expect(within(row).getByText("Current")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Import Leases" })).toHaveAttribute("href", "/dashboard/leases/import");
    expect(dataProvider.calls.find((c) => c.method === "getList")?.params).toMatchObject({ pagination: { perPage: 20 }, sort: { field: "start_date", order: "DESC" } });
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });
});

describe("LeaseForm location pickers", () => {
  it("community first, then building (skippable), then its units; changing the community clears the rest", async () => {
    renderInAdmin(<LeaseForm />, { dataProvider: provider(), user: staffUser("staff"), url: "/dashboard/leases/create", path: "/dashboard/leases/create" });
    expect(screen.getByLabelText("Unit")).toBeDisabled();
    expect(screen.getByText("Select Building Or Unit")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText("Community"));
    fireEvent.click(await screen.findByRole("option", { name: "Maple Court" }));
    expect(await screen.findByText("You can skip selecting Building, select Unit of Community")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText("Building"));
    fireEvent.click(await screen.findByRole("option", { name: "Building A" }));
    await waitFor(() => expect(screen.getByLabelText("Unit")).toBeEnabled());
    fireEvent.mouseDown(screen.getByLabelText("Unit"));
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["101", "102"]);
  });
});

describe("LeaseImport (leases/import)", () => {
  it("reads the CSV in the browser and lists each bad row before anything is sent", async () => {
    renderInAdmin(<LeaseImport />, { dataProvider: provider(), user: staffUser("staff"), url: "/dashboard/leases/import", path: "/dashboard/leases/import" });
    const csv = [
      "start_date,end_date,status,lease_type,unit,tenant_one_email,tenant_one_first_name,tenant_one_last_name,tenant_one_birthday",
      "01/01/2026,12/31/2026,current,Residential,101,ann@example.com,Ann,Lee,04/02/1990",
      "02/30/2026,12/31/2026,current,Residential,102,kid@example.com,Kid,Lee,01/01/2020",
    ].join("\n");
    const file = new File([csv], "leases.csv", { type: "text/csv" });
    fireEvent.change(screen.getByLabelText("Choose CSV file"), { target: { files: [file] } });
    expect(await screen.findByText("Fix these rows and choose the file again")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Fix these rows and choose the file again" });
    expect(within(table).getByText("3")).toBeInTheDocument();
    expect(within(table).getByText("start_date must be a date MM/DD/YYYY; tenant_one must be over 18")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Import" })).toBeDisabled();
  });
});

describe("LeaseImport sends the file as a background job", () => {
  const CSV = [
    "start_date,end_date,status,lease_type,unit,tenant_one_email,tenant_one_first_name,tenant_one_last_name,tenant_one_birthday",
    "01/01/2026,12/31/2026,current,Residential,101,ann@example.com,Ann,Lee,04/02/1990",
    "01/01/2026,12/31/2026,current,Residential,909,bo@example.com,Bo,Lee,04/02/1990",
  ].join("\n");
  const job = (extra: object) => ({ id: 9, kind: "leases", file_name: "leases.csv", total_rows: 2, processed_rows: 0, error: null, result_file: false, counts: null, errors: [], ...extra });

  async function sendFile(statuses: object[]) {
    const polled: string[] = [];
    const view = renderInAdmin(<LeaseImport />, { dataProvider: provider(statuses, polled), user: staffUser("agent"), url: "/dashboard/leases/import", path: "/dashboard/leases/import" });
    fireEvent.mouseDown(screen.getByLabelText("Community"));
    fireEvent.click(await screen.findByRole("option", { name: "Maple Court" }));
    fireEvent.change(screen.getByLabelText("Choose CSV file"), { target: { files: [new File([CSV], "leases.csv", { type: "text/csv" })] } });
    expect(await screen.findByText("2 leases ready to import")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    return { ...view, polled };
  }

  it("to /csv_imports with its community, shows the job's progress, then its counts and the result file", async () => {
    upload.mockResolvedValue({ status: 202, json: { id: 9, kind: "leases", status: "queued" } });
    const { polled, i18nProvider } = await sendFile([job({ status: "running", processed_rows: 1 }), job({ status: "done", processed_rows: 2, result_file: true, counts: { created: 2, existed: 0, updated: 0, error: 0, not_imported: 0 } })]);
    const [[path, form]] = upload.mock.calls;
    expect(path).toBe("/csv_imports");
    expect((form as FormData).get("kind")).toBe("leases");
    expect((form as FormData).get("community_id")).toBe("1");
    expect(((form as FormData).get("file") as File).name).toBe("leases.csv");
    expect(await screen.findByText("Importing row 1 of 2…")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "50");
    expect(await screen.findByText("2 created", { exact: false }, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByText(/The file was imported/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download the result file" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the leases" })).toHaveAttribute("href", "/dashboard/leases");
    expect(screen.getByRole("button", { name: "Import" })).toBeDisabled();
    expect(polled).toEqual(["/csv_imports/9", "/csv_imports/9"]);
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });

  it("lists the rows the job refused, with the result file, and imports nothing", async () => {
    upload.mockResolvedValue({ status: 202, json: { id: 9, kind: "leases", status: "queued" } });
    await sendFile([job({ status: "failed", result_file: true, errors: [{ row: 3, message: "unit 909 does not exist in this community" }] })]);
    expect(await screen.findByText("Row 3: unit 909 does not exist in this community")).toBeInTheDocument();
    expect(screen.getByText(/Nothing from the file was imported/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download the result file" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Go to the leases" })).not.toBeInTheDocument();
  });

  it("shows a refusal of the upload itself", async () => {
    upload.mockResolvedValue({ status: 422, json: { message: "Max file size is 5 MB", errors: { file: "Max file size is 5 MB" } } });
    await sendFile([]);
    expect(await screen.findByText("Max file size is 5 MB")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar", { name: "Import progress" })).not.toBeInTheDocument();
  });
});
