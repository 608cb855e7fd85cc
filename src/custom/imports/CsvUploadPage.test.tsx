import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AppRequestInit } from "../../dataProvider/types";
import { uploadForm } from "../../dataProvider/upload";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { CsvUploadPage } from "./CsvUploadPage";
import { CSV_TARGETS, initialMapping, mappedCsv, readCsv } from "./csvTargets";

// The browser's upload (XMLHttpRequest) is not in jsdom: the shared uploadForm is replaced, and what it was given read back.
vi.mock("../../dataProvider/upload", () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);

const PROPERTIES =
  "Account ID,Account Name,Unit Address,Unit,Unit City,County,State,Zip,Year Built,Community,Display Name,Community Address,Community Address 2,Community City,Community State,Community Zip\n" +
  "11,Lakeshore,,101,,,,,,Harbor View,,1 Harbor Way,,Austin,TX,78701\n" +
  "11,Lakeshore,,102,,,,,,Harbor View,,1 Harbor Way,,Austin,TX,78701\n";

const PROPERTY_STATUSES = [
  { id: 7, status: "running", total_rows: 2, processed_rows: 1, result: null, error: null },
  { id: 7, status: "done", total_rows: 2, processed_rows: 2, result: { communities: 1, buildings: 0, units: 2, skipped: 0, errors: [] }, error: null, result_file: true },
];

function renderPage(statuses: object[] = [...PROPERTY_STATUSES]) {
  const paths: string[] = [];
  const dataProvider = createMemoryDataProvider(
    {},
    {
      async request<T>(path: string, _init?: AppRequestInit) {
        paths.push(path);
        return { json: (statuses.length > 1 ? statuses.shift() : statuses[0]) as T, headers: new Headers() };
      },
    },
  );
  const view = renderInAdmin(<CsvUploadPage />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/csv-upload", path: "/dashboard/csv-upload" });
  return { ...view, paths };
}

const choose = (text: string, name = "file.csv") => fireEvent.change(screen.getByLabelText("Choose CSV file"), { target: { files: [new File([text], name, { type: "text/csv" })] } });

async function selectOption(testId: string, name: string) {
  const input = screen.getByTestId(testId);
  fireEvent.mouseDown(within(input.parentElement as HTMLElement).getByRole("combobox"));
  fireEvent.click(await screen.findByRole("option", { name }));
}

beforeEach(() => {
  window.localStorage.clear();
  upload.mockReset();
});
afterEach(() => window.localStorage.clear());

describe("the CSV targets", () => {
  it("map headers by name, keep a remembered mapping, and rewrite the file in the import's column order", () => {
    const properties = CSV_TARGETS.find((c) => c.key === "properties")!;
    const file = readCsv("zip,account_id,Unit Title,Community\n78701,11,101,Harbor View\n");
    const mapping = initialMapping(properties, file.headers, { community_title: "Community", unit_title: "Gone" });
    expect(mapping).toMatchObject({ account_id: "account_id", zip: "zip", unit_title: "Unit Title", community_title: "Community", county: "" });
    const lines = mappedCsv(properties, file, mapping).split(/\r?\n/);
    expect(lines[0]).toBe(properties.columns.join(","));
    expect(lines[1].split(",")).toEqual(["11", "", "", "101", "", "", "", "78701", "", "Harbor View", "", "", "", "", "", ""]);
  });
});

describe("CsvUploadPage (/dashboard/csv-upload)", () => {
  it("previews a properties file, maps its columns, checks, uploads with progress and shows the import's result", async () => {
    upload.mockResolvedValue({ status: 202, json: { id: 7, title: "Insurables File Uploaded" } });
    const { paths, i18nProvider } = renderPage();
    choose(PROPERTIES, "properties.csv");
    expect(await screen.findByText("Preview: the first 2 of 2 rows")).toBeInTheDocument();
    const preview = screen.getByRole("table", { name: "File preview" });
    expect(within(preview).getAllByText("Harbor View")).toHaveLength(2);
    expect(within(preview).getAllByRole("row")).toHaveLength(3);
    // Headers that do not carry the import's names are mapped by hand; the required ones block the upload until then.
    expect(screen.getByText(/Map the required columns: unit_title, community_title, community_address_1/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload" })).toBeDisabled();
    await selectOption("map-unit_title", "Unit");
    await selectOption("map-community_title", "Community");
    await selectOption("map-community_address_1", "Community Address");
    await selectOption("map-community_city", "Community City");
    await selectOption("map-community_state", "Community State");
    await selectOption("map-community_zip", "Community Zip");
    expect(screen.queryByText(/Map the required columns/)).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem("coverdesk.csv-upload.mapping.properties")!)).toMatchObject({ unit_title: "Unit", community_zip: "Community Zip" });

    fireEvent.click(screen.getByRole("button", { name: "Check the file" }));
    expect(await screen.findByText("No problems found in 2 rows")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText("Imported 1 of 2 rows")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download the result file" })).not.toBeInTheDocument();
    expect(await screen.findByText("1 communities, 0 buildings and 2 units created; 0 units already existed", {}, { timeout: 6000 })).toBeInTheDocument();
    // The result file (each row with its outcome) is fetched with the session headers (the role prefix comes from the stored session).
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      fetched.push(url);
      return new Response("account_id,result\n11,created\n", { status: 200 });
    });
    URL.createObjectURL = () => "blob:result";
    URL.revokeObjectURL = () => undefined;
    try {
      fireEvent.click(screen.getByRole("button", { name: "Download the result file" }));
      await waitFor(() => expect(fetched).toEqual(["/v2/insurables/imports/7/result"]));
    } finally {
      vi.unstubAllGlobals();
    }
    const [path, form] = upload.mock.calls[0];
    expect(path).toBe("/insurables/insurables/upload");
    const sent = await ((form as FormData).get("file") as File).text();
    expect(sent.split(/\r?\n/)[1].split(",").slice(0, 4)).toEqual(["11", "Lakeshore", "", "101"]);
    expect(sent.split(/\r?\n/)[1].split(",").slice(9, 16)).toEqual(["Harbor View", "", "1 Harbor Way", "", "Austin", "TX", "78701"]);
    await waitFor(() => expect(paths).toEqual(["/insurables/imports/7", "/insurables/imports/7"]));
    expect([...i18nProvider.missingKeys]).toEqual([]);
  }, 60_000);

  it("remembers the mapping for the next file of the same import", async () => {
    window.localStorage.setItem("coverdesk.csv-upload.mapping.insurable_updates", JSON.stringify({ insurable_id: "Old", new_insurable_id: "New" }));
    renderPage();
    await selectOption("csv-target", "Insurable updates (merge or move)");
    choose("Old,New\n5,6\n");
    expect(await screen.findByText("Preview: the first 1 of 1 row")).toBeInTheDocument();
    expect(screen.getByTestId("map-insurable_id")).toHaveValue("Old");
    expect(screen.getByTestId("map-new_insurable_id")).toHaveValue("New");
  });

  it("runs the insurable updates' dry run and lists the rows it refuses, and uploads only after a dry run passed", async () => {
    upload.mockResolvedValueOnce({ status: 422, json: { error: "Bad file", content: [{ row: 2, message: "insurable 5 does not exist" }] } });
    const counts = { created: 0, existed: 0, updated: 1, error: 0, not_imported: 0 };
    const { paths } = renderPage([
      { id: 9, kind: "insurable_updates", status: "running", total_rows: 1, processed_rows: 0, counts: null, result_file: false, errors: [] },
      { id: 9, kind: "insurable_updates", status: "done", total_rows: 1, processed_rows: 1, counts, result_file: true, errors: [] },
    ]);
    await selectOption("csv-target", "Insurable updates (merge or move)");
    choose("insurable_id,new_insurable_id,new_parent_id\n5,6,\n");
    await screen.findByText("Preview: the first 1 of 1 row");
    expect(screen.getByRole("button", { name: "Upload" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Dry run" }));
    expect(await screen.findByText("Row 2: insurable 5 does not exist")).toBeInTheDocument();
    expect((upload.mock.calls[0][1] as FormData).get("dry_run")).toBe("true");
    expect(screen.getByRole("button", { name: "Upload" })).toBeDisabled();

    upload.mockResolvedValueOnce({ status: 200, json: { dry_run: true, plan: [{ row: 2 }] } });
    upload.mockResolvedValueOnce({ status: 202, json: { id: 9, kind: "insurable_updates", status: "queued" } });
    fireEvent.click(screen.getByRole("button", { name: "Dry run" }));
    expect(await screen.findByText("Dry run passed: 1 change would be made")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Upload" }));
    // The upload itself goes to the background job, whose progress is polled until it ends.
    expect(await screen.findByText("Importing row 0 of 1…")).toBeInTheDocument();
    expect(await screen.findByText("1 updated", { exact: false }, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByText(/The file was imported/)).toBeInTheDocument();
    // Every upload is then among the past uploads.
    expect(screen.getByRole("link", { name: "Past uploads" })).toHaveAttribute("href", "/dashboard/csv-imports");
    const [path, form] = upload.mock.calls[2];
    expect(path).toBe("/csv_imports");
    expect((form as FormData).get("kind")).toBe("insurable_updates");
    expect((form as FormData).get("dry_run")).toBeNull();
    expect(paths).toContain("/csv_imports/9");
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      fetched.push(url);
      return new Response("insurable_id,result\n5,updated\n", { status: 200 });
    });
    URL.createObjectURL = () => "blob:result";
    URL.revokeObjectURL = () => undefined;
    try {
      fireEvent.click(screen.getByRole("button", { name: "Download the result file" }));
      await waitFor(() => expect(fetched).toEqual(["/v2/csv_imports/9/result"]));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("checks tracking URL rows in the browser with the tracking URL screen's rules", async () => {
    renderPage();
    await selectOption("csv-target", "Tracking URLs");
    choose("landing_page,campaign_name,agency_id\nnowhere,Spring,abc\n");
    await screen.findByText("Preview: the first 1 of 1 row");
    fireEvent.click(screen.getByRole("button", { name: "Check the file" }));
    expect(await screen.findByText("Row 2: landing_page: must be one of rentguarantee, residential, commercial")).toBeInTheDocument();
    expect(screen.getByText(/Row 2: agency_id:/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload" })).toBeDisabled();
    expect(upload).not.toHaveBeenCalled();
  });
});
