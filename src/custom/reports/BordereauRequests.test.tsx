import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AppRequestInit } from "../../dataProvider/types";
import type { Role } from "../../domain/roles";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { AgencyShow } from "../../resources/agencies/AgencyShow";
import type { BordereauRequest } from "./BordereauRequests";

const AGENCY = { id: 5, title: "Acme Agency", enabled: true, agency_id: null, parent: null, agencies: [], addresses: [], contact_info: {}, owner: null };
const SENT: BordereauRequest = {
  id: 41,
  status: "ready",
  progress: 100,
  period: { from: "2026-01-01", to: "2026-03-31" },
  carrier: { id: 4, title: "Acme Mutual" },
  requested_by: { id: 13, email: "superadmin@coverdesk.test", full_name: "Sam Admin" },
  created_at: "2026-11-20T17:00:00.000Z",
  sent_at: "2026-11-20T17:00:05.000Z",
  mail: { id: 77, status: "recorded", to: "superadmin@coverdesk.test" },
  formats: ["xlsx"],
  summary: { policies: 12, premium: 345_600 },
};
const QUEUED: BordereauRequest = { ...SENT, id: 42, status: "queued", progress: 0, carrier: null, sent_at: null, mail: null, formats: [], summary: null, created_at: "2026-11-27T17:00:00.000Z" };

function setup(role: Role, url = "/dashboard/agencies/view/5/bordereaux") {
  const requests: Array<{ path: string } & AppRequestInit> = [];
  const dataProvider = createMemoryDataProvider(
    { agencies: [AGENCY], carriers: [{ id: 4, title: "Acme Mutual" }] },
    {
      async request<T>(path: string, init: AppRequestInit = {}) {
        requests.push({ path, ...init });
        if (path === "/reports/bordereau_reports" && init.method === "POST") return { json: { message: "Report were sent" } as T, headers: new Headers() };
        if (path === "/reports/bordereau_reports") return { json: [QUEUED, SENT] as T, headers: new Headers({ "total-entries": "2" }) };
        return { json: [] as T, headers: new Headers({ "total-entries": "0" }) };
      },
    },
  );
  const view = renderInAdmin(<AgencyShow />, { dataProvider, user: staffUser(role), url, path: "/dashboard/agencies/view/:id/*" });
  return { ...view, requests };
}

describe("the agency page's Bordereau Reports tab", () => {
  it("lists every request with status, period, carrier, who asked, when it was sent, the XLSX and the mail", async () => {
    const { i18nProvider, requests } = setup("super_admin");
    const table = await screen.findByRole("table", { name: "Bordereau Reports" });
    expect(screen.getByRole("tab", { name: "Bordereau Reports" })).toHaveAttribute("aria-selected", "true");
    const sent = (await within(table).findByText("Acme Mutual")).closest("tr") as HTMLElement;
    expect(within(sent).getByText("Ready")).toBeInTheDocument();
    expect(within(sent).getByText("Sam Admin")).toBeInTheDocument();
    expect(within(sent).getByText(/January 1, 2026 – March 31, 2026/)).toBeInTheDocument();
    expect(within(sent).getByText("12 policies, $3,456.00 written")).toBeInTheDocument();
    expect(within(sent).getByRole("button", { name: "XLSX" })).toBeInTheDocument();
    expect(within(sent).getByRole("link", { name: "Mail" })).toHaveAttribute("href", "/dashboard/email-history/view/77");
    const queued = within(table).getByText("All carriers").closest("tr") as HTMLElement;
    expect(within(queued).getByText("Queued")).toBeInTheDocument();
    expect(within(queued).queryByRole("button", { name: "XLSX" })).not.toBeInTheDocument();
    expect(within(queued).queryByRole("link", { name: "Mail" })).not.toBeInTheDocument();
    expect(requests.find((r) => r.path === "/reports/bordereau_reports")).toMatchObject({ query: { pagination: { page: 1 } } });
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });

  it("a new request from the tab reads the list again", async () => {
    const { requests } = setup("super_admin");
    await screen.findByRole("table", { name: "Bordereau Reports" });
    fireEvent.click(await screen.findByRole("button", { name: "Request a bordereau report" }));
    const dialog = await screen.findByRole("dialog", { name: "Request a bordereau report" });
    fireEvent.change(within(dialog).getByLabelText(/From/), { target: { value: "2026-01-01" } });
    fireEvent.change(within(dialog).getByLabelText(/To/), { target: { value: "2026-01-31" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(requests.filter((r) => r.path === "/reports/bordereau_reports" && r.method !== "POST")).toHaveLength(2));
    expect(requests.find((r) => r.method === "POST")).toMatchObject({ body: { from: "2026-01-01", to: "2026-01-31" } });
  });

  it("agents have no such tab: the bordereau covers every agency's premium", async () => {
    const { requests } = setup("agent", "/dashboard/agencies/view/5/bordereaux");
    expect(await screen.findByRole("tab", { name: "Details" })).toHaveAttribute("aria-selected", "true");
    expect(screen.queryByRole("tab", { name: "Bordereau Reports" })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === "/reports/bordereau_reports")).toBe(false);
  });
});
