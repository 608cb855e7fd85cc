import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { uploadForm } from "../../dataProvider/upload";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import type { AppRequestInit } from "../../dataProvider/types";
import { previewCsv, withServerErrors } from "./csvRows";
import { TrackingUrlList } from "./TrackingUrlList";
import { TrackingUrlShow } from "./TrackingUrlShow";
import type { TrackingUrl } from "./types";

// The browser's upload (XMLHttpRequest) is not in jsdom: the shared uploadForm is replaced, and what it was given read back.
vi.mock("../../dataProvider/upload", () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);
beforeEach(() => upload.mockReset());

const MESSAGES = { required: "This field is required", landing_page: "must be one of rentguarantee, residential, commercial", whole_number: "must be a whole number" };

const url = (id: number, extra: Partial<TrackingUrl> = {}): TrackingUrl => ({
  id,
  landing_page: "residential",
  campaign_name: `Campaign ${id}`,
  campaign_source: "google",
  campaign_medium: "cpc",
  campaign_term: null,
  campaign_content: null,
  agency_id: 5,
  agency_title: "Acme Agency",
  branding_profile_id: null,
  archived: false,
  leads_count: 3,
  tracking_url: `http://localhost:3000/residential?agency_id=5&utm_campaign=Campaign+${id}`,
  created_at: "2026-03-01T18:00:00Z",
  ...extra,
});

describe("the CSV preview (papaparse in the browser)", () => {
  it("reads every row and names what the server would refuse", () => {
    const rows = previewCsv("landing_page,campaign_name,agency_id\nresidential,One,5\nmoon,,x\n", MESSAGES);
    expect(rows).toHaveLength(2);
    expect(rows[0].errors).toEqual({});
    expect(rows[1].errors).toEqual({ landing_page: MESSAGES.landing_page, campaign_name: MESSAGES.required, agency_id: MESSAGES.whole_number });
    const merged = withServerErrors(rows, { "rows.1.agency_id": "Select agency from the drop-down list" });
    expect(merged[0].errors).toEqual({ agency_id: "Select agency from the drop-down list" });
  });
});

describe("TrackingUrlList (/dashboard/tracking-url)", () => {
  /** `jobs`: the upload job's answers to successive polls of /csv_imports/9 (the last one repeats). */
  function renderList(jobs: object[] = []) {
    const requests: Array<{ path: string } & AppRequestInit> = [];
    const dataProvider = createMemoryDataProvider(
      { "tracking-url": [url(1), url(2, { archived: true, campaign_name: "Old one" })] },
      {
        async request<T>(path: string, init?: AppRequestInit) {
          requests.push({ path, ...init });
          if (path === "/tracking_urls/agency_filters") return { json: [{ agency_id: 5, title: "Acme Agency" }] as T, headers: new Headers() };
          if (path === "/csv_imports/9") return { json: (jobs.length > 1 ? jobs.shift() : jobs[0]) as T, headers: new Headers() };
          return { json: {} as T, headers: new Headers() };
        },
      },
    );
    const view = renderInAdmin(<TrackingUrlList />, { dataProvider, user: staffUser("agent"), url: "/dashboard/tracking-url", path: "/dashboard/tracking-url" });
    return { ...view, requests };
  }

  it("lists the unarchived URLs with their link, and creates one in the dialog", async () => {
    const { requests, i18nProvider } = renderList();
    const row = (await screen.findByText("Campaign 1")).closest("tr") as HTMLElement;
    expect(screen.queryByText("Old one")).not.toBeInTheDocument();
    expect(within(row).getByText(/utm_campaign=Campaign\+1/)).toBeInTheDocument();
    expect(within(row).getByLabelText("Copy")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Create Tracking URL" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.mouseDown(within(dialog).getByLabelText(/Landing Page/));
    fireEvent.click(await screen.findByRole("option", { name: "Commercial" }));
    fireEvent.change(within(dialog).getByLabelText(/Campaign Name/), { target: { value: "Fall" } });
    fireEvent.mouseDown(within(dialog).getByLabelText(/Agency/));
    fireEvent.click(await screen.findByRole("option", { name: "Acme Agency" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(requests.find((r) => r.path === "/tracking_urls")).toMatchObject({ method: "POST", body: { tracking_url: { landing_page: "commercial", campaign_name: "Fall", agency_id: "5" } } }));
    expect(await screen.findByText("Success!")).toBeInTheDocument();
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("deletes a URL after confirmation", async () => {
    const { requests } = renderList();
    const row = (await screen.findByText("Campaign 1")).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByLabelText("Tracking URL actions"));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    expect(await screen.findByText("Delete this tracking URL?")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(requests.find((r) => r.path === "/tracking_urls/1")).toMatchObject({ method: "DELETE" }));
    expect(await screen.findByText("Success!")).toBeInTheDocument();
  });
});

describe("the tracking-URL CSV upload, sent as a background job", () => {
  const job = (extra: object) => ({ id: 9, kind: "tracking_urls", file_name: "urls.csv", total_rows: 2, processed_rows: 0, error: null, result_file: false, counts: null, errors: [], ...extra });
  const CSV = "landing_page,campaign_name,agency_id\nresidential,One,5\ncommercial,Two,5\n";

  async function sendFile(jobs: object[]) {
    upload.mockResolvedValue({ status: 202, json: { id: 9, kind: "tracking_urls", status: "queued" } });
    const dataProvider = createMemoryDataProvider(
      { "tracking-url": [url(1)] },
      {
        async request<T>(path: string) {
          if (path === "/csv_imports/9") return { json: (jobs.length > 1 ? jobs.shift() : jobs[0]) as T, headers: new Headers() };
          return { json: [] as T, headers: new Headers() };
        },
      },
    );
    const view = renderInAdmin(<TrackingUrlList />, { dataProvider, user: staffUser("agent"), url: "/dashboard/tracking-url", path: "/dashboard/tracking-url" });
    await screen.findByText("Campaign 1");
    fireEvent.click(screen.getByRole("button", { name: "Upload CSV" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Choose CSV file"), { target: { files: [new File([CSV], "urls.csv", { type: "text/csv" })] } });
    expect(await within(dialog).findByText(/2 rows/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Tracking URLs" }));
    return { ...view, dataProvider, dialog };
  }

  it("posts the file to /csv_imports, shows the job's progress, then 'Tracking URLs successfully created', the counts and the result file", async () => {
    const { dataProvider, dialog, i18nProvider } = await sendFile([job({ status: "running", processed_rows: 1 }), job({ status: "done", processed_rows: 2, result_file: true, counts: { created: 2, existed: 0, updated: 0, error: 0, not_imported: 0 } })]);
    const [[path, form]] = upload.mock.calls;
    expect(path).toBe("/csv_imports");
    expect((form as FormData).get("kind")).toBe("tracking_urls");
    expect(await within(dialog).findByText("Importing row 1 of 2…")).toBeInTheDocument();
    const listsBefore = dataProvider.calls.filter((c) => c.method === "getList").length;
    expect(await screen.findByText("Tracking URLs successfully created", {}, { timeout: 6000 })).toBeInTheDocument();
    expect(within(dialog).getByText("2 created", { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Download the result file" })).toBeInTheDocument();
    // The list behind the dialog is read again; the dialog stays open with the outcome until closed.
    await waitFor(() => expect(dataProvider.calls.filter((c) => c.method === "getList").length).toBeGreaterThan(listsBefore));
    expect(within(dialog).queryByRole("table")).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("puts the rows the job refused on the preview, by their line, with the result file", async () => {
    const { dialog } = await sendFile([job({ status: "failed", result_file: true, errors: [{ row: 3, message: "agency_id: Select agency from the drop-down list" }] })]);
    expect(await within(dialog).findByText(/Nothing from the file was imported/)).toBeInTheDocument();
    const cell = await within(within(dialog).getByRole("table")).findByText(/Select agency from the drop-down list/);
    // The second row of the file (its line 3) is the preview's second row.
    expect(within(cell.closest("tr") as HTMLElement).getByText("Two")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Download the result file" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Create Tracking URLs" })).toBeDisabled();
    expect(screen.queryByText("Tracking URLs successfully created")).not.toBeInTheDocument();
  });
});

describe("TrackingUrlShow (/dashboard/tracking-url/view/{id})", () => {
  it("keeps the page of its leads and of its policies in the address", async () => {
    const asked: Array<{ path: string; page: unknown }> = [];
    const lead = (n: number) => ({ id: n, email: `lead${n}@example.com`, first_name: "Lead", last_name: String(n), last_visit: "2026-03-02", last_visited_page: "Quote", site_visits: 1, status: "prospect", archived: false });
    const dataProvider = createMemoryDataProvider(
      { "tracking-url": [url(1)] },
      {
        async request<T>(path: string, init?: AppRequestInit) {
          const page = (init?.query as { pagination?: { page?: number } } | undefined)?.pagination?.page;
          asked.push({ path, page });
          if (path.endsWith("/get_leads")) return { json: [lead(Number(page) * 100)] as T, headers: new Headers({ "total-entries": "25" }) };
          if (path.endsWith("/get_policies")) return { json: [{ id: 7, number: "POL-7", status: "BOUND", effective_date: null, expiration_date: null }] as T, headers: new Headers({ "total-entries": "12" }) };
          return { json: {} as T, headers: new Headers() };
        },
      },
    );
    renderInAdmin(<TrackingUrlShow />, { dataProvider, user: staffUser("agent"), url: "/dashboard/tracking-url/view/1?leads_page=2", path: "/dashboard/tracking-url/view/:id" });
    // Opened on the address's page of leads, the policies on their first.
    expect(await screen.findByText("lead200@example.com")).toBeInTheDocument();
    expect(asked).toContainEqual({ path: "/tracking_urls/1/get_policies", page: 1 });
    const policies = await screen.findByRole("table", { name: "Policies" });
    const policiesPager = policies.nextElementSibling as HTMLElement;
    fireEvent.click(within(policiesPager).getByRole("button", { name: /next page/i }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/tracking-url/view/1?leads_page=2&policies_page=2"));
    await waitFor(() => expect(asked).toContainEqual({ path: "/tracking_urls/1/get_policies", page: 2 }));
    const leads = screen.getByRole("table", { name: "Leads" });
    fireEvent.click(within(leads.nextElementSibling as HTMLElement).getByRole("button", { name: /next page/i }));
    expect(await screen.findByText("lead300@example.com")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("leads_page=3&policies_page=2");
  });
});
