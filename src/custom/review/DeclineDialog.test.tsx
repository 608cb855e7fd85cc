import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminContext } from "react-admin";
import { i18nProvider } from "../../i18n";
import { DeclineDialog } from "./DeclineDialog";
import { declineTexts, declineValid } from "./declineReasons";

describe("decline dialog (document 2 sections 2 and 5)", () => {
  it("needs a reason, or Other with text; sends the texts with Other trimmed last", async () => {
    const onDecline = vi.fn();
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <DeclineDialog title="Decline Policy" onCancel={() => undefined} onDecline={onDecline} nextItemExists />
      </AdminContext>,
    );
    const submit = screen.getByRole("button", { name: "YES, DECLINE" });
    expect(screen.getByText("Please select decline reasons")).toBeInTheDocument();
    expect(screen.getAllByRole("checkbox")).toHaveLength(11);
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByLabelText("Other Reason"));
    expect(submit).toBeDisabled();
    const other = screen.getByLabelText(/^Reason/);
    await userEvent.type(other, "   ");
    await userEvent.tab();
    expect(screen.getByText("This field is required")).toBeInTheDocument();
    await userEvent.type(other, " Unsigned ");
    await userEvent.click(screen.getByLabelText("Incorrect address"));
    expect(screen.getByLabelText("Move to next item in queue after submitting")).toBeChecked();
    await userEvent.click(submit);
    expect(onDecline).toHaveBeenCalledWith(["Incorrect address", "Unsigned"], true);
  });

  it("keeps the fixed order of reasons", () => {
    const label = (key: string) => key.toUpperCase();
    expect(declineTexts({ reasons: ["r5", "r1"], other: false, otherText: "" }, label)).toEqual(["R1", "R5"]);
    expect(declineValid({ reasons: [], other: true, otherText: " x " })).toBe(true);
    expect(declineValid({ reasons: ["r1"], other: true, otherText: " " })).toBe(false);
  });
});
