import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { LeaseForm } from "./LeaseForm";
import { LeaseImport } from "./LeaseImport";
import { LeaseList } from "./LeaseList";

const LEASE = {
  id: 1,
  reference: "L-1",
  status: "current",
  start_date: "2026-01-01",
  end_date: "2026-12-31",
  covered: true,
  lease_type_id: 1,
  unit: { id: 3, title: "101" },
  building: { id: 2, title: "Building A" },
  community: { id: 1, title: "Maple Court" },
  lease_users: [{ id: 1, user_id: 8, email: "ann@example.com", full_name: "Ann Lee", primary: true }],
};
const provider = () =>
  createMemoryDataProvider(
    {
      leases: [LEASE],
      insurable: [
        { id: 2, title: "Building A", insurable_id: 1, insurable_type_id: 7 },
        { id: 3, title: "101", insurable_id: 2, insurable_type_id: 4 },
        { id: 4, title: "102", insurable_id: 2, insurable_type_id: 4 },
      ],
    },
    { searchCommunities: async () => [{ id: 1, title: "Maple Court", account_id: 5 }] },
  );

describe("LeaseList (leases)", () => {
  it("shows unit, community, status, dates and tenants, 20 a page, newest start first", async () => {
    const dataProvider = provider();
    const { i18nProvider } = renderInAdmin(<LeaseList />, { dataProvider, user: staffUser("staff"), url: "/dashboard/leases", path: "/dashboard/leases" });
    const row = (await screen.findByText("Ann Lee")).closest("tr") as HTMLElement;
    expect(within(row).getByText("101")).toBeInTheDocument();
    expect(within(row).getByText("Maple Court")).toBeInTheDocument();
    expect(within(row).getByText("Current")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Import Leases" })).toHaveAttribute("href", "/dashboard/leases/import");
    expect(dataProvider.calls.find((c) => c.method === "getList")?.params).toMatchObject({ pagination: { perPage: 20 }, sort: { field: "start_date", order: "DESC" } });
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });
});

describe("LeaseForm location pickers", () => {
  it("community first, then building (skippable), then its units; changing the community clears the rest", async () => {
    renderInAdmin(<LeaseForm />, { dataProvider: provider(), user: staffUser("staff"), url: "/dashboard/leases/create", path: "/dashboard/leases/create" });
    expect(screen.getByLabelText("Unit")).toBeDisabled();
    expect(screen.getByText("Select Building Or Unit")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText("Community"));
    fireEvent.click(await screen.findByRole("option", { name: "Maple Court" }));
    expect(await screen.findByText("You can skip selecting Building, select Unit of Community")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText("Building"));
    fireEvent.click(await screen.findByRole("option", { name: "Building A" }));
    await waitFor(() => expect(screen.getByLabelText("Unit")).toBeEnabled());
    fireEvent.mouseDown(screen.getByLabelText("Unit"));
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["101", "102"]);
  });
});

describe("LeaseImport (leases/import)", () => {
  it("reads the CSV in the browser and lists each bad row before anything is sent", async () => {
    renderInAdmin(<LeaseImport />, { dataProvider: provider(), user: staffUser("staff"), url: "/dashboard/leases/import", path: "/dashboard/leases/import" });
    const csv = [
      "start_date,end_date,status,lease_type,unit,tenant_one_email,tenant_one_first_name,tenant_one_last_name,tenant_one_birthday",
      "01/01/2026,12/31/2026,current,Residential,101,ann@example.com,Ann,Lee,04/02/1990",
      "02/30/2026,12/31/2026,current,Residential,102,kid@example.com,Kid,Lee,01/01/2020",
    ].join("\n");
    const file = new File([csv], "leases.csv", { type: "text/csv" });
    fireEvent.change(screen.getByLabelText("Choose CSV file"), { target: { files: [file] } });
    expect(await screen.findByText("Fix these rows and choose the file again")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Fix these rows and choose the file again" });
    expect(within(table).getByText("3")).toBeInTheDocument();
    expect(within(table).getByText("start_date must be a date MM/DD/YYYY; tenant_one must be over 18")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Import" })).toBeDisabled();
  });
});
