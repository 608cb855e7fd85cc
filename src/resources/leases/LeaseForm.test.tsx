import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { LeaseForm } from "./LeaseForm";
import type { Lease } from "./types";

const LEASE: Lease = {
  id: 1,
  reference: "L0100000",
  status: "current",
  start_date: "2026-02-19",
  end_date: "2027-02-18",
  sign_date: null,
  month_to_month: false,
  covered: true,
  lease_type_id: 1,
  insurable_id: 21,
  account_id: 5,
  account_title: "Maple",
  unit: { id: 21, title: "101" },
  building: null,
  community: { id: 5, title: "Cedar Village" },
  lease_users: [
    { id: 7, user_id: 70, email: "pat@example.com", full_name: "Pat Torres", first_name: "Pat", last_name: "Torres", birth_date: null, primary: true, lessee: true, moved_in_at: "2026-02-19T00:00:00.000Z", moved_out_at: null },
    { id: 8, user_id: 80, email: "kid@example.com", full_name: "Sam Torres", first_name: "Sam", last_name: "Torres", birth_date: null, primary: false, lessee: false, moved_in_at: "2026-03-01T00:00:00.000Z", moved_out_at: null },
  ],
} as Lease;

type Sent = { users: Array<{ primary: boolean; lessee: boolean; moved_in_at: string | null; moved_out_at: string | null; user: { email: string } }> };

describe("lease form: tenants (issue 14 section 3: primary, lessee, moved in/out)", () => {
  it("keeps each tenant's lessee flag and move dates when a lease is saved, and sets a move-out", async () => {
    const dataProvider = createMemoryDataProvider({ leases: [LEASE], insurable: [] }, { searchCommunities: async () => [] as never });
    renderInAdmin(<LeaseForm lease={LEASE} />, { dataProvider, user: staffUser("staff"), url: "/dashboard/leases/view/1/edit", path: "/dashboard/leases/view/:id/edit" });
    const sam = await screen.findByRole("group", { name: "kid@example.com" });
    expect(within(sam).getByLabelText("Lessee")).not.toBeChecked();
    expect(within(sam).getByLabelText("Moved In")).toHaveValue("2026-03-01");
    fireEvent.change(within(sam).getByLabelText("Moved Out"), { target: { value: "2026-06-30" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(dataProvider.calls.some((c) => c.method === "update")).toBe(true));
    const sent = (dataProvider.calls.find((c) => c.method === "update")!.params as { data: Sent }).data;
    expect(sent.users.map(({ user, ...rest }) => ({ email: user.email, ...rest }))).toEqual([
      { email: "pat@example.com", primary: true, lessee: true, moved_in_at: "2026-02-19", moved_out_at: null },
      { email: "kid@example.com", primary: false, lessee: false, moved_in_at: "2026-03-01", moved_out_at: "2026-06-30" },
    ]);
  });

  it("a new tenant is a lessee until unticked", async () => {
    const dataProvider = createMemoryDataProvider({ leases: [], insurable: [] }, { searchCommunities: async () => [] as never });
    renderInAdmin(<LeaseForm />, { dataProvider, user: staffUser("staff"), url: "/dashboard/leases/create", path: "/dashboard/leases/create" });
    expect(await screen.findByLabelText("Lessee")).toBeChecked();
    expect(screen.getByLabelText("Moved In")).toHaveValue("");
  });
});
