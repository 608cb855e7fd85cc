import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import type { AppRequestInit } from "../../dataProvider/types";
import { previewCsv, withServerErrors } from "./csvRows";
import { TrackingUrlList } from "./TrackingUrlList";
import type { TrackingUrl } from "./types";

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
  function renderList() {
    const requests: Array<{ path: string } & AppRequestInit> = [];
    const dataProvider = createMemoryDataProvider(
      { "tracking-url": [url(1), url(2, { archived: true, campaign_name: "Old one" })] },
      {
        async request<T>(path: string, init?: AppRequestInit) {
          requests.push({ path, ...init });
          if (path === "/tracking_urls/agency_filters") return { json: [{ agency_id: 5, title: "Acme Agency" }] as T, headers: new Headers() };
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
