import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { DeclineExpiredButton } from "./DeclineExpiredButton";
import { RevisionChanges, type RevisionDetail } from "./RevisionChanges";

const revision: RevisionDetail = {
  id: 31,
  created_at: "2026-11-17T10:00:00.000Z",
  submitted_by: "Casey Rivera",
  diff: [
    { field: "expiration_date", current: "2027-09-13", proposed: "2028-09-13" },
    { field: "coverage.liability", current: "$100,000.00", proposed: "$300,000.00" },
    { field: "address", current: "", proposed: "1459 Willow Street Denver CO 80202" },
  ],
  changes: {},
  location: null,
};

const at = { user: staffUser("policy_support"), url: "/dashboard/policy-support", path: "/dashboard/policy-support" };

describe("pending updates in Policy Review", () => {
  it("shows each changed field with its label, current and proposed value, dates in the long form", () => {
    const { i18nProvider } = renderInAdmin(<RevisionChanges revision={revision} />, { ...at, dataProvider: createMemoryDataProvider({}) });
    expect(screen.getByRole("region", { name: "Pending updates" })).toBeInTheDocument();
    expect(screen.getByText("Submitted by Casey Rivera on November 17, 2026")).toBeInTheDocument();
    const expiration = screen.getByText("Expiration Date").closest("tr") as HTMLElement;
    expect(expiration).toHaveTextContent("September 13, 2027September 13, 2028");
    expect(screen.getByText("Coverage limit: Liability").closest("tr")).toHaveTextContent("$300,000.00");
    expect(screen.getByText("Address").closest("tr")).toHaveTextContent("—1459 Willow Street");
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });

  it("schedules the declination job after a confirmation and says so", async () => {
    const calls: Array<{ path: string; method?: string }> = [];
    let scheduled = 0;
    const dataProvider = createMemoryDataProvider({}, {
      async request<T>(path: string, init?: { method?: string }) {
        calls.push({ path, method: init?.method });
        return { json: { message: "Declination job has been scheduled" } as T, headers: new Headers() };
      },
    });
    renderInAdmin(<DeclineExpiredButton onScheduled={() => scheduled++} />, { ...at, dataProvider });
    fireEvent.click(screen.getByRole("button", { name: "Decline expired proofs" }));
    expect(await screen.findByText(/will be declined with the reason 'Policy has already expired'/)).toBeInTheDocument();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: /confirm/i }));
    await waitFor(() => expect(calls).toEqual([{ path: "/policies/schedule_declination_job", method: "POST" }]));
    expect(await screen.findByText("Declination job has been scheduled")).toBeInTheDocument();
    expect(scheduled).toBe(1);
  });
});
