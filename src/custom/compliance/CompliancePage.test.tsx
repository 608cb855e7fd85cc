import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { CompliancePage } from "./CompliancePage";

const figure = (days: number, share: number) => ({ days, date: "2026-11-27", occupied: 4, covered: 3, lapsing: 0, expected: 3, share });
const FORECAST = {
  today: "2026-11-27",
  renewal: { ended: 10, renewed: 4, rate: 0.4 },
  total: [figure(0, 0.75), figure(30, 0.5), figure(60, 0.5), figure(90, 0.25)],
  accounts: [],
  communities: [],
  units: [
    { unit_id: 1, title: "1A", community_title: "Oak Park", state: { 0: "covered", 30: "uncovered", 60: "uncovered", 90: "uncovered" } },
    { unit_id: 2, title: "2B", community_title: "Oak Park", state: { 0: "uncovered", 30: "uncovered", 60: "lapsing", 90: "uncovered" } },
    { unit_id: 3, title: "3C", community_title: "Oak Park", state: { 0: "covered", 30: "covered", 60: "covered", 90: "uncovered" } },
  ],
};

describe("CompliancePage forecast", () => {
  it("opens on the units behind the figure the address names (?days=30), as the Home and leads tiles link to it", async () => {
    const dataProvider = createMemoryDataProvider({}, { request: (async () => ({ json: FORECAST, headers: new Headers() })) as never });
    renderInAdmin(<CompliancePage />, { dataProvider, user: staffUser("staff"), url: "/dashboard/compliance?view=forecast&days=30", path: "/dashboard/compliance" });
    const behind = (await screen.findByText(/^Units not certainly covered in 30 days: 2/)).parentElement as HTMLElement;
    expect(within(behind).getByRole("link", { name: "Oak Park · 1A" })).toHaveAttribute("href", "/dashboard/insurable/view/1/timeline");
    expect(within(behind).getByRole("link", { name: "Oak Park · 2B" })).toBeInTheDocument();
    expect(within(behind).queryByRole("link", { name: "Oak Park · 3C" })).toBeNull();
  });
});
