import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError, type DataProvider } from "react-admin";
import { describe, expect, it, vi } from "vitest";
import { renderInAdmin } from "../../test/TestAdmin";
import { staffUser } from "../../test/fixtures";
import { ResidentUploadPage } from "./ResidentUploadPage";

const LINK = {
  resident: { name: "Ann Lee" },
  unit: { title: "Unit 4", community: "Maple Court" },
  account: { title: "Harbor Homes" },
  minimum_liability: 10_000_000,
  expires_at: "2026-12-27T00:00:00.000Z",
  branding: { agency_title: "Sunrise Agency", primary_color: "#aa3300", logo_url: null, contact_email: "help@sunrise.test", contact_phone: null, footer_text: "Sunrise Agency, licensed in CA" },
};

const render = (dataProvider: Record<string, unknown>) =>
  renderInAdmin(<ResidentUploadPage />, { dataProvider: dataProvider as unknown as DataProvider, user: staffUser("staff"), url: "/upload/tok.sig", path: "/upload/:token" });

async function fill() {
  await userEvent.type(await screen.findByLabelText(/Insurance company/), "Lemonade");
  await userEvent.type(screen.getByLabelText(/Policy number/), "LM-1");
  await userEvent.type(screen.getByLabelText(/Effective date/), "2026-11-01");
  await userEvent.type(screen.getByLabelText(/Expiration date/), "2027-11-01");
  await userEvent.type(screen.getByLabelText(/Liability limit/), "100,000");
  const input = document.getElementById("upload-file") as HTMLInputElement;
  await userEvent.upload(input, new File(["%PDF-1.4"], "dec.pdf", { type: "application/pdf" }));
}

describe("ResidentUploadPage", () => {
  it("greets the resident with their unit and the agency's branding, and says the minimum liability", async () => {
    render({ describeUploadLink: vi.fn().mockResolvedValue(LINK) });
    expect(await screen.findByText("Hello Ann Lee,")).toBeInTheDocument();
    expect(screen.getByText(/Harbor Homes asks you for proof of renters insurance for Maple Court, Unit 4/)).toBeInTheDocument();
    expect(screen.getByText("The liability limit must be at least $100,000.00.")).toBeInTheDocument();
    expect(screen.getByText("Sunrise Agency")).toBeInTheDocument();
    expect(screen.getByText("Sunrise Agency, licensed in CA")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "help@sunrise.test" })).toHaveAttribute("href", "mailto:help@sunrise.test");
  });

  it("says what is missing without sending, then shows the server's field errors keeping what was typed", async () => {
    const sendUploadLink = vi.fn().mockResolvedValue({ status: 422, json: { errors: { policy_number: "has already been taken" } } });
    render({ describeUploadLink: vi.fn().mockResolvedValue(LINK), sendUploadLink });
    await userEvent.click(await screen.findByRole("button", { name: "Send proof" }));
    expect(screen.getAllByText("This field is required")).toHaveLength(6);
    expect(sendUploadLink).not.toHaveBeenCalled();
    await fill();
    await userEvent.click(screen.getByRole("button", { name: "Send proof" }));
    await waitFor(() => expect(sendUploadLink).toHaveBeenCalledTimes(1));
    const [token, form] = sendUploadLink.mock.calls[0] as [string, FormData];
    expect(token).toBe("tok.sig");
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== "file"))).toEqual({
      carrier: "Lemonade",
      policy_number: "LM-1",
      effective_date: "2026-11-01",
      expiration_date: "2027-11-01",
      liability_limit: "10000000",
    });
    expect((form.get("file") as File).name).toBe("dec.pdf");
    expect(await screen.findByText("has already been taken")).toBeInTheDocument();
    expect(screen.getByLabelText(/Policy number/)).toHaveValue("LM-1");
    expect(screen.getByLabelText(/Insurance company/)).toHaveValue("Lemonade");
    expect(screen.getByText("dec.pdf")).toBeInTheDocument();
  });

  it("thanks the resident once the proof is sent", async () => {
    render({ describeUploadLink: vi.fn().mockResolvedValue(LINK), sendUploadLink: vi.fn().mockResolvedValue({ status: 201, json: {} }) });
    await fill();
    await userEvent.click(screen.getByRole("button", { name: "Send proof" }));
    expect(await screen.findByText("Thank you!")).toBeInTheDocument();
    expect(screen.getByText("Your proof of insurance was sent to Harbor Homes for review. You can close this page.")).toBeInTheDocument();
  });

  it.each([
    [404, "invalid_link", "This link is not valid"],
    [410, "expired_link", "This link has expired"],
    [410, "used_link", "This link was already used"],
    [410, "revoked_link", "This link no longer works"],
    [410, "lease_ended", "This link no longer works"],
  ])("a refused link (%s %s) gets its own page", async (status, error, title) => {
    render({ describeUploadLink: vi.fn().mockRejectedValue(new HttpError("refused", status, { error })) });
    expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send proof" })).not.toBeInTheDocument();
  });

  it("says why a withdrawn link or one whose lease ended no longer works", async () => {
    render({ describeUploadLink: vi.fn().mockRejectedValue(new HttpError("refused", 410, { error: "revoked_link" })) });
    expect(await screen.findByText("Your property manager withdrew this link. Contact them if you still need to send a proof of insurance.")).toBeInTheDocument();
  });
});
