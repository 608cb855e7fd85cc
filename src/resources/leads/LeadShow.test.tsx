import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { LeadShow } from "./LeadShow";
import type { LeadDetail } from "./types";

const LEAD: LeadDetail = {
  id: 7,
  email: "nia.park@example.com",
  first_name: "Nia",
  last_name: "Park",
  agency_id: 1,
  agency_name: "Acme Agency",
  account_id: 5,
  account_title: "Sunrise Apartments",
  branding_profile_id: 11,
  created_at: "2026-03-01T18:00:00Z",
  last_visit: "2026-03-03T18:20:00Z",
  last_visited_page: "Payment Complete",
  site_visits: 3,
  primary_campaign_name: "Spring",
  primary_campaign_source: "google",
  primary_campaign_medium: "cpc",
  premium_total: 36_500,
  billing_strategy: "Monthly",
  interested_product: "Residential",
  tracking_url_id: 3,
  policy_id: 42,
  archived: false,
  status: "converted",
  profile_attributes: { first_name: "Nia", last_name: "Park", full_name: "Nia Park", contact_email: null, contact_phone: "(555) 010-3000" },
  address_attributes: null,
  tracking_url: { id: 3, landing_page: "residential", campaign_name: "Spring", campaign_source: "google", campaign_medium: "cpc", archived: false },
  policy: { id: 42, number: "POL-42", status: "BOUND" },
  lead_events: [
    { id: 2, created_at: "2026-03-03T18:20:00Z", tag: "purchase", policy_type_id: 1, product: "Residential", page: "Payment Complete", premium_total: 36_500 },
    { id: 1, created_at: "2026-03-01T18:00:00Z", tag: "landing", policy_type_id: 1, product: "Residential", page: "Landing Page", premium_total: null },
  ],
  histories: [{ id: 9, author: "Ann Agent", action: "update", process: "console", data: { archived: { previous_value: true, new_value: false } }, created_at: "2026-03-04T18:00:00Z" }],
};

describe("LeadShow (leads/view/{id})", () => {
  it("shows the profile, status, tracking URL, the policy it became, every event and the staff's changes", async () => {
    const dataProvider = createMemoryDataProvider({ leads: [LEAD] });
    const { i18nProvider } = renderInAdmin(<LeadShow />, { dataProvider, user: staffUser("agent"), url: "/dashboard/leads/view/7", path: "/dashboard/leads/view/:id" });
    expect(await screen.findByRole("heading", { level: 1, name: "Nia Park" })).toBeInTheDocument();
    expect(screen.getByText("(555) 010-3000")).toBeInTheDocument();
    expect(screen.getByText("Converted")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "POL-42" })).toHaveAttribute("href", "/dashboard/policies/view/42");
    const events = screen.getByRole("table", { name: "Events" });
    expect(within(events).getAllByRole("row")).toHaveLength(3);
    expect(within(events).getByText("Payment Complete")).toBeInTheDocument();
    expect(within(events).getAllByText("$365.00").length).toBeGreaterThan(0);
    expect(within(screen.getByRole("table", { name: "History" })).getByText("Archived: true → false")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Archive" })).toBeInTheDocument();
    // The branding it came through, opened from here by an agent (who may read the agency's branding).
    expect(await screen.findByRole("link", { name: "Acme Agency branding" })).toHaveAttribute("href", "/dashboard/agencies/1/branding/11");
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("names the branding without a link for property-management staff, and nothing when the lead came without one", async () => {
    const dataProvider = createMemoryDataProvider({ leads: [LEAD, { ...LEAD, id: 8, branding_profile_id: null }] });
    const first = renderInAdmin(<LeadShow />, { dataProvider, user: staffUser("staff"), url: "/dashboard/leads/view/7", path: "/dashboard/leads/view/:id" });
    expect(await screen.findByText("Acme Agency branding")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Acme Agency branding" })).not.toBeInTheDocument();
    first.unmount();
    renderInAdmin(<LeadShow />, { dataProvider, user: staffUser("agent"), url: "/dashboard/leads/view/8", path: "/dashboard/leads/view/:id" });
    expect(await screen.findByRole("heading", { level: 1, name: "Nia Park" })).toBeInTheDocument();
    expect(screen.queryByText("Acme Agency branding")).not.toBeInTheDocument();
  });
});
