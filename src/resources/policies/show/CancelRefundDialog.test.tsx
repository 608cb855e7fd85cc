import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { staffUser } from "../../../test/fixtures";
import { createMemoryDataProvider } from "../../../test/memoryDataProvider";
import { renderInAdmin } from "../../../test/TestAdmin";
import { CancelRefundDialog, type RefundTarget } from "./CancelRefundDialog";

const policy: RefundTarget = { id: 7, number: "POL-7", primary_user: { id: 1, full_name: "Ann Lee", email: "ann@example.com" }, effective_date: "2026-01-01", expiration_date: "2027-01-01" };
const ALREADY = "A cancellation request of this type is already pending for this policy";

function renderDialog() {
  const sent: unknown[] = [];
  const dataProvider = createMemoryDataProvider(
    {},
    {
      async request(path: string, init?: { body?: unknown }) {
        sent.push({ path, body: init?.body });
        throw Object.assign(new Error(ALREADY), { status: 422, body: { message: ALREADY, errors: { customized_action: ALREADY } } });
      },
    },
  );
  renderInAdmin(<CancelRefundDialog policy={policy} onClose={() => undefined} onDone={() => undefined} />, { dataProvider, user: staffUser("agent"), url: "/dashboard/x", path: "/dashboard/x" });
  return { sent };
}

afterEach(() => vi.restoreAllMocks());

describe("CancelRefundDialog", () => {
  it("limits the date to the policy term and keeps SUBMIT off outside it", async () => {
    renderDialog();
    const dialog = await screen.findByRole("dialog");
    const date = within(dialog).getByLabelText(/Choose Cancellation Date/);
    expect(date).toHaveAttribute("min", "2026-01-01");
    expect(date).toHaveAttribute("max", "2027-01-01");
    expect(within(dialog).getByText("Within the policy term: January 1, 2026 to January 1, 2027")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Type" }));
    await userEvent.click(await screen.findByRole("option", { name: "Cancel (Insured Request)" }));
    fireEvent.change(date, { target: { value: "2027-01-02" } });
    expect(within(dialog).getByRole("button", { name: "SUBMIT" })).toBeDisabled();
    fireEvent.change(date, { target: { value: "2026-04-11" } });
    expect(within(dialog).getByRole("button", { name: "SUBMIT" })).toBeEnabled();
  });

  it("shows the server's reason when the request is refused, and stays open", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { sent } = renderDialog();
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Type" }));
    await userEvent.click(await screen.findByRole("option", { name: "Cancel (Full Refund)" }));
    fireEvent.change(within(dialog).getByLabelText(/Choose Cancellation Date/), { target: { value: "2026-04-11" } });
    await userEvent.click(within(dialog).getByRole("button", { name: "SUBMIT" }));
    expect(await screen.findByText(ALREADY)).toBeInTheDocument();
    expect(screen.queryByText("Something went wrong!")).toBeNull();
    expect(sent).toEqual([{ path: "/change_requests/refund", body: { change_request: { changeable_id: 7, customized_action: "cancel_full_refund", cancellation_date: "2026-04-11" } } }]);
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "SUBMIT" })).toBeEnabled());
  });
});
