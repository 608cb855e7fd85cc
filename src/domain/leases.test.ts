import { describe, expect, it } from "vitest";
import { ageOn, leaseStatus, parseLeaseFile, usDate } from "./leases";

describe("lease rules", () => {
  it("status follows the dates", () => {
    expect(leaseStatus("2026-07-01", "2027-06-30", "2026-06-15")).toBe("pending");
    expect(leaseStatus("2026-01-01", "2026-06-14", "2026-06-15")).toBe("expired");
    expect(leaseStatus("2026-01-01", "2026-06-15", "2026-06-15")).toBe("current");
    expect(leaseStatus("2026-01-01", null, "2030-01-01")).toBe("current");
  });

  it("reads MM/DD/YYYY real days only, and ages in whole years", () => {
    expect(usDate("4/2/1990")).toBe("1990-04-02");
    expect(usDate("02/29/2025")).toBeNull();
    expect(usDate("2025-02-01")).toBeNull();
    expect(ageOn("2008-06-16", "2026-06-15")).toBe(17);
    expect(ageOn("2008-06-15", "2026-06-15")).toBe(18);
  });

  it("reads a file with an optional second tenant and numbers rows as a spreadsheet does", () => {
    const header = "start_date,end_date,status,lease_type,unit,tenant_one_email,tenant_one_first_name,tenant_one_last_name,tenant_one_birthday,tenant_two_email,tenant_two_first_name,tenant_two_last_name,tenant_two_birthday";
    const { leases, errors } = parseLeaseFile(
      [header, "01/01/2026,12/31/2026,current,Residential,101,A@x.com,A,B,01/01/1990,c@x.com,C,D,01/01/1991", "01/01/2026,01/01/2026,,Boat,,a@x,A,,01/01/1990,,,,", ""].join("\r\n"),
      "2026-06-15",
    );
    expect(leases).toEqual([
      { row: 2, start_date: "2026-01-01", end_date: "2026-12-31", lease_type_id: 1, unit: "101", tenants: [expect.objectContaining({ email: "a@x.com" }), expect.objectContaining({ email: "c@x.com", birth_date: "1991-01-01" })] },
    ]);
    expect(errors).toEqual([
      { row: 3, message: "End date must be later than Start date; lease_type must be Residential or Commercial; unit is required; tenant_one_email must be a valid email address; tenant_one_last_name is required" },
    ]);
    expect(parseLeaseFile("a,b\n1,2", "2026-06-15").errors[0].message).toMatch(/^Missing columns: start_date/);
  });
});
