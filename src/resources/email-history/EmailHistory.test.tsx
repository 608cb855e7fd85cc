import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router-dom";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { EmailHistoryList } from "./EmailHistoryList";
import { EmailShow } from "./EmailShow";
import type { SentEmail } from "./types";

const MAILS: SentEmail[] = [
  { id: 1, to: "ann@example.com", subject: "Policy POL-1 cancelled", text: "Your policy was cancelled.", template: "policy_cancelled", related_type: "Policy", related_id: 42, status: "sent", created_at: "2026-03-02T18:00:00Z" },
  { id: 2, to: "bob@example.com", subject: "Reset your password", text: "Use [hidden]", template: "staff_password_reset", related_type: null, related_id: null, status: "failed", error: "550 unknown user", created_at: "2026-03-01T18:00:00Z" },
  {
    id: 4,
    to: "dee@example.com",
    subject: "Your policy documents",
    text: "Attached.",
    template: "policy_documents",
    related_type: "Policy",
    related_id: 42,
    status: "sent",
    created_at: "2026-03-03T18:00:00Z",
    attachments: [{ id: 9, filename: "declarations.pdf", content_type: "application/pdf", byte_size: 30_720 }],
  },
  { id: 3, to: "cy@example.com", subject: "Styled", text: "plain", html: "<p>Hi <b>there</b></p><script>parent.alert(1)</script>", template: "refund_issued", related_type: null, related_id: null, status: "recorded", created_at: "2026-03-01T17:00:00Z" },
];

describe("Email History", () => {
  it("lists the mails with kind, related record and status, filters by status into the address, and opens one", async () => {
    const dataProvider = createMemoryDataProvider({ "email-history": MAILS });
    const { i18nProvider } = renderInAdmin(<EmailHistoryList />, {
      dataProvider,
      user: staffUser("agent"),
      url: "/dashboard/email-history",
      path: "/dashboard/email-history",
      routes: <Route path="/dashboard/email-history/view/:id" element={<p>mail page</p>} />,
    });
    const row = (await screen.findByText("Policy POL-1 cancelled")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Policy cancelled")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Policy 42" })).toHaveAttribute("href", "/dashboard/policies/view/42");
    expect(within(row).getByText("Sent")).toBeInTheDocument();
    for (const header of ["Sent At", "To", "Subject", "Kind", "Related To", "Status"]) expect(screen.getByRole("columnheader", { name: new RegExp(`^${header}`) })).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText("Status"));
    fireEvent.click(await screen.findByRole("option", { name: "Failed" }));
    await waitFor(() => expect(screen.queryByText("Policy POL-1 cancelled")).not.toBeInTheDocument());
    expect(screen.getByText("Reset your password")).toBeInTheDocument();
    expect(decodeURIComponent(screen.getByTestId("location").textContent ?? "")).toContain('"status":"failed"');
    fireEvent.click(screen.getByText("Reset your password"));
    expect(await screen.findByText("mail page")).toBeInTheDocument();
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("shows a text mail as text with its failure, and an HTML mail in a sandboxed frame", async () => {
    const dataProvider = createMemoryDataProvider({ "email-history": MAILS });
    renderInAdmin(<EmailShow />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/email-history/view/2", path: "/dashboard/email-history/view/:id" });
    expect(await screen.findByText("Use [hidden]")).toBeInTheDocument();
    expect(screen.getByText(/550 unknown user/)).toBeInTheDocument();
    expect(screen.getByText("No attachments")).toBeInTheDocument();
  });

  it("renders HTML only inside a frame without scripts", async () => {
    const dataProvider = createMemoryDataProvider({ "email-history": MAILS });
    renderInAdmin(<EmailShow />, { dataProvider, user: staffUser("super_admin"), url: "/dashboard/email-history/view/3", path: "/dashboard/email-history/view/:id" });
    const frame = (await screen.findByTitle("Message")) as HTMLIFrameElement;
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toContain("<b>there</b>");
    expect(screen.queryByText("there")).not.toBeInTheDocument();
    expect(screen.getByText("Recorded only: no mail server was configured when it was sent.")).toBeInTheDocument();
  });

  describe("attachments", () => {
    afterEach(() => vi.restoreAllMocks());

    it("lists each attachment with its size and downloads it through the mail with the session", async () => {
      const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("%PDF-1.4", { status: 200 }));
      const createObjectURL = vi.fn(() => "blob:attachment");
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
      const dataProvider = createMemoryDataProvider({ "email-history": MAILS });
      const { i18nProvider } = renderInAdmin(<EmailShow />, { dataProvider, user: staffUser("staff"), url: "/dashboard/email-history/view/4", path: "/dashboard/email-history/view/:id" });
      const button = await screen.findByRole("button", { name: "Download declarations.pdf" });
      expect(button).toHaveTextContent("declarations.pdf (30 kB)");
      expect(screen.getByText("Policy documents")).toBeInTheDocument();
      expect(screen.queryByText("No attachments")).not.toBeInTheDocument();
      fireEvent.click(button);
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(String(fetchMock.mock.calls[0][0])).toMatch(/^\/v2(\/staff_account)?\/sent_emails\/4\/attachments\/9$/);
      expect(createObjectURL).toHaveBeenCalled();
      expect(i18nProvider.missingKeys.size).toBe(0);
    });

    it("says so when the attachment cannot be downloaded", async () => {
      vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("", { status: 404 }));
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      const dataProvider = createMemoryDataProvider({ "email-history": MAILS });
      renderInAdmin(<EmailShow />, { dataProvider, user: staffUser("staff"), url: "/dashboard/email-history/view/4", path: "/dashboard/email-history/view/:id" });
      fireEvent.click(await screen.findByRole("button", { name: "Download declarations.pdf" }));
      expect(await screen.findByText("The attachment could not be downloaded")).toBeInTheDocument();
    });
  });
});
