import { describe, expect, it } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { AppRequestInit } from "../../dataProvider/types";
import type { Role } from "../../domain/roles";
import { PERMISSION_KEYS } from "../../domain/permissions";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { AgencyShow } from "./AgencyShow";

const AGENCY = {
  id: 5,
  title: "Acme Agency",
  enabled: true,
  agency_id: null,
  parent: null,
  producer_code: "ACME-1",
  contact_info: { contact_phone: "(415) 555-0100", contact_email: "hello@acme.example" },
  agencies: [{ id: 8, title: "Acme North", enabled: false }],
  addresses: [{ id: 1, street_number: "1", street_name: "Main St", city: "Austin", state: "TX", zip_code: "73301", full: "1 Main St, Austin, TX 73301" }],
  owner: { id: 12, email: "agent@coverdesk.test", full_name: "Alex Morgan", enabled: true },
  global_permission: { permissions: PERMISSION_KEYS.map((key) => ({ key, value: key !== "policies.claims" })) },
};

const PAIRS = [
  {
    id: 41,
    carrier_id: 3,
    carrier_title: "QBE Insurance Corporation",
    agency_id: 5,
    agency_title: "Acme Agency",
    policy_types: [{ id: 1, policy_type_id: 1, title: "Residential", commission_strategy_id: 7, commission_strategy_title: "Acme 10" }],
  },
];

function renderShow(role: Role, path = "", user = staffUser(role)) {
  const requests: Array<{ path: string } & AppRequestInit> = [];
  const dataProvider = createMemoryDataProvider(
    { agencies: [AGENCY] },
    {
      request: async <T,>(path: string, init: AppRequestInit = {}) => {
        requests.push({ path, ...init });
        if (path === "/carrier-agencies") return { status: 200, headers: new Headers({ "total-entries": "1" }), json: PAIRS as T, body: "" };
        throw new Error(`${path} is not faked`);
      },
    },
  );
  return { requests, ...renderInAdmin(<AgencyShow />, { dataProvider, user, url: `/dashboard/agencies/view/5${path}`, path: "/dashboard/agencies/view/:id/*" }) };
}

describe("AgencyShow (agencies/view/{id})", () => {
  it("shows the agency's details; an agent may edit but not disable it", async () => {
    const { i18nProvider } = renderShow("agent");
    expect(await screen.findByRole("heading", { level: 1, name: "Acme Agency" })).toBeInTheDocument();
    expect(screen.getByText("ACME-1")).toBeInTheDocument();
    expect(screen.getByText("Alex Morgan")).toBeInTheDocument();
    expect(screen.getByText("1 Main St, Austin, TX 73301")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Edit" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Disable" })).not.toBeInTheDocument();
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("a super admin may disable it; the sub-agencies and permissions tabs list what the agency holds", async () => {
    renderShow("super_admin", "/subagencies");
    expect(await screen.findByRole("button", { name: "Disable" })).toBeInTheDocument();
    const subs = await screen.findByRole("table", { name: "Sub-Agencies" });
    expect(within(subs).getByText("Acme North")).toBeInTheDocument();
    expect(within(subs).getByText("No")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("tab", { name: "Permissions" }));
    const claims = (await screen.findByText("Claims")).closest("tr") as HTMLElement;
    expect(within(claims).getByText("No")).toBeInTheDocument();
  });

  it("the carriers tab lists the carriers assigned to the agency (GET /carrier-agencies by agency), each opening its page", async () => {
    const { requests } = renderShow("agent", "/carriers");
    const table = await screen.findByRole("table", { name: "Carriers" });
    const row = within(table).getByText("QBE Insurance Corporation").closest("tr") as HTMLElement;
    expect(within(row).getByText("Residential (Acme 10)")).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ path: "/carrier-agencies", query: { filter: { agency_id: 5 } } });
  });

  it("has no carriers tab for an agent whose agencies.carriers key is off", async () => {
    const keys = [
      { key: "agencies.details", value: true },
      { key: "agencies.agents", value: true },
      { key: "agencies.carriers", value: false },
    ];
    renderShow("agent", "", staffUser("agent", keys));
    expect(await screen.findByRole("tab", { name: "Details" })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Carriers" })).not.toBeInTheDocument();
  });
});
