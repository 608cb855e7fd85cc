import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createDataProvider } from "../../dataProvider/dataProvider";
import { createHttpClient } from "../../dataProvider/httpClient";
import { createFakeFetch, type RecordedRequest } from "../../test/fakeFetch";
import { staffUser } from "../../test/fixtures";
import { createMemoryStorage } from "../../test/memoryStorage";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { CsvImportList } from "./CsvImportList";
import type { CsvImport } from "./types";

const none = { created: 0, existed: 0, updated: 0, error: 0, not_imported: 0 };
const base = { community_id: null, processed_rows: 0, error: null, account_title: "Lakeshore", agency_title: "Agency A", sender: "Pat Manager" };
const UPLOADS: CsvImport[] = [
  { ...base, id: 3, kind: "leases", file_name: "march-leases.csv", status: "failed", total_rows: 3, created_at: "2026-03-03T18:00:00Z", result_file: true, counts: { ...none, error: 2, not_imported: 1 } },
  { ...base, id: 2, kind: "tracking_urls", file_name: "campaigns.csv", status: "done", total_rows: 2, created_at: "2026-03-02T18:00:00Z", result_file: true, counts: { ...none, created: 2 } },
  { ...base, id: 1, kind: "properties", file_name: "units.csv", status: "running", total_rows: null, created_at: "2026-03-01T18:00:00Z", result_file: false, counts: null },
];

afterEach(() => vi.unstubAllGlobals());

describe("CSV Uploads", () => {
  it("lists past uploads with kind, sender, status and counts, filters by kind into the address, and downloads a result file", async () => {
    const dataProvider = createMemoryDataProvider({ "csv-imports": UPLOADS });
    const { i18nProvider } = renderInAdmin(<CsvImportList />, { dataProvider, user: staffUser("agent"), url: "/dashboard/csv-imports", path: "/dashboard/csv-imports" });
    const row = (await screen.findByText("march-leases.csv")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Leases")).toBeInTheDocument();
    expect(within(row).getByText("Pat Manager")).toBeInTheDocument();
    expect(within(row).getByText("Not imported")).toBeInTheDocument();
    expect(within(row).getByText("2 errors · 1 not imported")).toBeInTheDocument();
    for (const header of ["Sent", "Import", "File", "Sent by", "Status", "Rows", "Result"]) expect(screen.getByRole("columnheader", { name: new RegExp(`^${header}$`) })).toBeInTheDocument();
    // An import still running has no result file yet.
    const running = (await screen.findByText("units.csv")).closest("tr") as HTMLElement;
    expect(within(running).getByText("Importing")).toBeInTheDocument();
    expect(within(running).queryByRole("button", { name: "Download the result file" })).not.toBeInTheDocument();

    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      fetched.push(url);
      return new Response("unit,result\n1,error\n", { status: 200 });
    });
    URL.createObjectURL = () => "blob:result";
    URL.revokeObjectURL = () => undefined;
    fireEvent.click(within(row).getByRole("button", { name: "Download the result file" }));
    await waitFor(() => expect(fetched).toEqual(["/v2/csv_imports/3/result"]));

    fireEvent.mouseDown(screen.getByLabelText("Import"));
    fireEvent.click(await screen.findByRole("option", { name: "Tracking URLs" }));
    await waitFor(() => expect(screen.queryByText("march-leases.csv")).not.toBeInTheDocument());
    expect(screen.getByText("campaigns.csv")).toBeInTheDocument();
    expect(screen.getByText("2 created")).toBeInTheDocument();
    expect(decodeURIComponent(screen.getByTestId("location").textContent ?? "")).toContain('"kind":"tracking_urls"');
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("offers in its Import filter only the imports the role sends: staff no tracking URLs or insurable updates", async () => {
    const kinds = async (role: "staff" | "agent" | "super_admin") => {
      const view = renderInAdmin(<CsvImportList />, { dataProvider: createMemoryDataProvider({ "csv-imports": [] }), user: staffUser(role), url: "/dashboard/csv-imports", path: "/dashboard/csv-imports" });
      fireEvent.mouseDown(await screen.findByLabelText("Import"));
      const names = (await screen.findAllByRole("option")).map((o) => o.textContent);
      view.unmount();
      return names.filter((n) => n !== "Any");
    };
    expect(await kinds("staff")).toEqual(["Properties", "Leases"]);
    expect(await kinds("agent")).toEqual(["Properties", "Leases", "Tracking URLs"]);
    expect(await kinds("super_admin")).toEqual(["Properties", "Leases", "Tracking URLs", "Insurable updates"]);
  });

  it("says when a result file cannot be downloaded", async () => {
    const dataProvider = createMemoryDataProvider({ "csv-imports": UPLOADS });
    renderInAdmin(<CsvImportList />, { dataProvider, user: staffUser("agent"), url: "/dashboard/csv-imports", path: "/dashboard/csv-imports" });
    const row = (await screen.findByText("campaigns.csv")).closest("tr") as HTMLElement;
    vi.stubGlobal("fetch", async () => new Response("gone", { status: 404 }));
    fireEvent.click(within(row).getByRole("button", { name: "Download the result file" }));
    expect(await within(row).findByText("The result file could not be downloaded")).toBeInTheDocument();
  });

  it("names each lease file's community through ONE batched lookup for the whole page (POST /insurables/list_by_fields)", async () => {
    // Six lease uploads into four communities, through the console's real dataProvider over a fake server.
    const communities: Record<number, string> = { 11: "Birch Park", 12: "Cedar Court", 13: "Elm Yard", 14: "Oak Row" };
    const leaseUploads: CsvImport[] = [11, 12, 13, 14, 11, 12].map((community, i) => ({
      ...UPLOADS[0],
      id: 10 + i,
      file_name: `leases-${i}.csv`,
      community_id: community,
    }));
    const rows = [...leaseUploads, { ...UPLOADS[1], id: 20 }];
    const route = (request: RecordedRequest) => {
      if (request.url.includes("/insurables/list_by_fields")) {
        const { insurable_ids } = request.body as { insurable_ids: number[] };
        return { body: { data: insurable_ids.map((id) => ({ id, title: communities[id], insurable_type_id: 1 })) } };
      }
      if (request.url.includes("/csv_imports")) return { body: rows, headers: { "total-entries": String(rows.length) } };
      return undefined;
    };
    const fake = createFakeFetch(route);
    const storage = createMemoryStorage({ accessToken: "tok-1", tokenType: "Bearer", client: "cli-1", expiry: "1999999999", uid: "staff@coverdesk.test", user: JSON.stringify(staffUser("staff")) });
    const dataProvider = createDataProvider(createHttpClient({ storage, fetchImpl: fake.fetchImpl }), { storage });
    renderInAdmin(<CsvImportList />, { dataProvider, user: staffUser("staff"), url: "/dashboard/csv-imports", path: "/dashboard/csv-imports" });

    const row = (i: number) => screen.findByText(`leases-${i}.csv`).then((cell) => cell.closest("tr") as HTMLElement);
    expect(await screen.findByRole("columnheader", { name: "Community" })).toBeInTheDocument();
    for (const [i, title] of ["Birch Park", "Cedar Court", "Elm Yard", "Oak Row", "Birch Park", "Cedar Court"].entries()) {
      const link = await within(await row(i)).findByRole("link", { name: title }, { timeout: 3000 });
      expect(link).toHaveAttribute("href", `/dashboard/insurable/view/${leaseUploads[i].community_id}`);
    }
    const tracking = (await screen.findByText("campaigns.csv")).closest("tr") as HTMLElement;
    expect(within(tracking).getByText("—")).toBeInTheDocument();
    const lookups = fake.requests.filter((r) => r.url.includes("/insurables/list_by_fields"));
    expect(lookups).toHaveLength(1);
    expect((lookups[0].body as { insurable_ids: number[] }).insurable_ids.sort()).toEqual([11, 12, 13, 14]);
  });
});
