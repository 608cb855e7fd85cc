import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { LocationProbe, renderInAdmin } from "../../test/TestAdmin";
import { BrandingEditor } from "./BrandingEditor";
import { BrandingPage } from "./BrandingPage";

const PROFILE = {
  id: 7,
  profileable_type: "Agency",
  profileable_id: 5,
  agency_id: 5,
  agency_title: "Acme Agency",
  url: null,
  enabled: true,
  primary_color: "#1d4e89",
  secondary_color: "#0f766e",
  contact_phone: "(415) 555-0100",
  contact_email: "hello@acme.example",
  footer_text: "Acme, since 1990",
  logo: null,
  logo_url: null,
  updated_at: "2026-11-01T10:00:00Z",
};

const header = () => screen.getByTestId("preview-header");

describe("BrandingEditor (branding-editor/{type}/{id}/branding/{brandingId})", () => {
  it("previews colours and texts live as they are typed, keeping the last whole colour while one is half typed, and saves", async () => {
    const dataProvider = createMemoryDataProvider({ branding_profiles: [PROFILE] });
    const { i18nProvider } = renderInAdmin(
      <>
        <BrandingEditor />
        <LocationProbe />
      </>,
      { dataProvider, user: staffUser("agent"), url: "/dashboard/branding-editor/Agency/5/branding/7", path: "/dashboard/branding-editor/:profileableType/:profileableId/branding/:brandingId" },
    );
    const primary = await screen.findByLabelText("Primary Colour");
    expect(header()).toHaveStyle({ backgroundColor: "#1d4e89" });
    expect(screen.getByTestId("preview-footer")).toHaveTextContent("Acme, since 1990");

    fireEvent.change(primary, { target: { value: "#aa3300" } });
    await waitFor(() => expect(header()).toHaveStyle({ backgroundColor: "#aa3300" }));
    fireEvent.change(primary, { target: { value: "#aa" } });
    await waitFor(() => expect(header()).toHaveStyle({ backgroundColor: "#1d4e89" }));
    fireEvent.change(primary, { target: { value: "#AA3300" } });
    fireEvent.change(screen.getByLabelText("Footer / Contact Text"), { target: { value: "Call Acme today" } });
    await waitFor(() => expect(screen.getByTestId("preview-footer")).toHaveTextContent("Call Acme today"));
    expect(header()).toHaveStyle({ backgroundColor: "#aa3300" });

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/agencies/5/branding/7"));
    const saved = await dataProvider.getOne("branding_profiles", { id: 7 });
    expect(saved.data).toMatchObject({ primary_color: "#AA3300", footer_text: "Call Acme today" });
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("refuses a colour that is not hex beside the field", async () => {
    const dataProvider = createMemoryDataProvider({ branding_profiles: [PROFILE] });
    renderInAdmin(<BrandingEditor />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/branding-editor/Agency/5/branding/7", path: "/dashboard/branding-editor/:profileableType/:profileableId/branding/:brandingId" });
    fireEvent.change(await screen.findByLabelText("Secondary Colour"), { target: { value: "teal" } });
    expect(await screen.findByText("must be a hex colour such as #1d4e89")).toBeInTheDocument();
  });
});

describe("BrandingPage (agencies/{agencyId}/branding/{brandingId})", () => {
  it("shows what is set with the preview and Edit for an agent; another agency's id in the URL is not shown", async () => {
    const dataProvider = createMemoryDataProvider({ branding_profiles: [PROFILE] });
    renderInAdmin(<BrandingPage />, { dataProvider, user: staffUser("agent"), url: "/dashboard/agencies/5/branding/7", path: "/dashboard/agencies/:agencyId/branding/:brandingId" });
    expect(await screen.findByText("#0f766e")).toBeInTheDocument();
    expect(screen.getByText("No logo yet")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Preview" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Edit" })).toHaveAttribute("href", "/dashboard/branding-editor/Agency/5/branding/7");
  });

  it("does not show a profile under another agency's URL", async () => {
    const dataProvider = createMemoryDataProvider({ branding_profiles: [PROFILE] });
    renderInAdmin(<BrandingPage />, { dataProvider, user: staffUser("agent"), url: "/dashboard/agencies/9/branding/7", path: "/dashboard/agencies/:agencyId/branding/:brandingId" });
    expect(await screen.findByText("This branding profile does not belong to this agency.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Preview" })).not.toBeInTheDocument();
  });
});
