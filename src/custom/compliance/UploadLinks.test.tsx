import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AppRequestInit } from "../../dataProvider/types";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { UploadLinks, type UploadLinkStatus } from "./UploadLinks";

const link = (id: number, state: UploadLinkStatus["state"], extra: Partial<UploadLinkStatus> = {}): UploadLinkStatus => ({
  id,
  state,
  reason: "uninsured",
  created_at: "2026-11-02T17:00:00Z",
  sent_email_id: 70 + id,
  expires_at: "2026-12-02T17:00:00Z",
  used_at: null,
  revoked_at: null,
  policy_id: null,
  lease_id: 5,
  lease_reference: "L-5",
  unit: { id: 40, title: "12B" },
  user: { id: 60 + id, name: `Resident ${id}`, email: `r${id}@example.com` },
  ...extra,
});

/** The lease's links as the server answers them; Revoke turns the link revoked, as the API does. */
function linksServer() {
  const sent: Array<{ path: string; init: AppRequestInit }> = [];
  const rows = [link(1, "open"), link(2, "used", { used_at: "2026-11-03T17:00:00Z", policy_id: 900 }), link(3, "lease_ended")];
  const request = async (path: string, init: AppRequestInit = {}) => {
    sent.push({ path, init });
    const revoke = /^\/upload-links\/(\d+)\/revoke$/.exec(path);
    if (revoke) {
      const row = rows.find((r) => r.id === Number(revoke[1]))!;
      Object.assign(row, { state: "revoked", revoked_at: "2026-11-04T17:00:00Z" });
      return { json: row as never, headers: new Headers() };
    }
    return { json: rows.map((r) => ({ ...r })) as never, headers: new Headers() };
  };
  return { sent, request };
}

describe("UploadLinks (lease and resident pages)", () => {
  it("shows each link's state and times; Revoke asks first, then posts and reloads", async () => {
    const server = linksServer();
    const { i18nProvider } = renderInAdmin(<UploadLinks of={{ lease_id: 5 }} />, {
      dataProvider: createMemoryDataProvider({}, { request: server.request as never }),
      user: staffUser("staff"),
      url: "/dashboard/leases/view/5",
      path: "/dashboard/leases/view/:id",
    });
    const first = (await screen.findByRole("link", { name: "Resident 1" })).closest("tr") as HTMLElement;
    expect(within(first).getByText("Open")).toBeInTheDocument();
    const used = screen.getByRole("link", { name: "Resident 2" }).closest("tr") as HTMLElement;
    expect(within(used).getByText("Used")).toBeInTheDocument();
    expect(within(used).queryByRole("button", { name: "Revoke" })).not.toBeInTheDocument();
    expect(within(screen.getByRole("link", { name: "Resident 3" }).closest("tr") as HTMLElement).getByText("Lease ended")).toBeInTheDocument();
    expect(server.sent[0]).toMatchObject({ path: "/upload-links", init: { query: { lease_id: 5 } } });
    // Only the open link can be revoked, and only after confirming.
    expect(screen.getAllByRole("button", { name: "Revoke" })).toHaveLength(1);
    fireEvent.click(within(first).getByRole("button", { name: "Revoke" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/Resident 1 will no longer be able to send a proof of insurance/)).toBeInTheDocument();
    expect(server.sent.some((s) => s.path.endsWith("/revoke"))).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("The upload link was revoked")).toBeInTheDocument();
    expect(server.sent.find((s) => s.path.endsWith("/revoke"))).toMatchObject({ path: "/upload-links/1/revoke", init: { method: "POST" } });
    await waitFor(() => expect(within(screen.getByRole("link", { name: "Resident 1" }).closest("tr") as HTMLElement).getByText("Revoked")).toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Revoke" })).not.toBeInTheDocument();
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });

  it("on a resident's page names each link's unit and lease; policy support sees no panel", async () => {
    const server = linksServer();
    renderInAdmin(<UploadLinks of={{ user_id: 61 }} />, { dataProvider: createMemoryDataProvider({}, { request: server.request as never }), user: staffUser("agent"), url: "/dashboard/users/view/61", path: "/dashboard/users/view/:id" });
    expect((await screen.findAllByRole("link", { name: "L-5" })).length).toBe(3);
    expect(screen.getByRole("columnheader", { name: "Unit and lease" })).toBeInTheDocument();
    const support = linksServer();
    const { container } = renderInAdmin(<UploadLinks of={{ user_id: 61 }} />, { dataProvider: createMemoryDataProvider({}, { request: support.request as never }), user: staffUser("policy_support"), url: "/x", path: "/x" });
    await new Promise((r) => setTimeout(r, 50));
    expect(support.sent).toEqual([]);
    expect(container.querySelector("table")).toBeNull();
  });
});
