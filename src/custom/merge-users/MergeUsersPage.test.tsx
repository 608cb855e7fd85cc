import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Identifier } from "react-admin";
import type { UserMergePreview } from "../../dataProvider/types";
import type { MergeField } from "../../domain/userMerge";
import { customer, staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { MergeUsersPage } from "./MergeUsersPage";

const ANN = customer(1, { full_name: "Ann Lee", email: "ann.lee@example.com" });
const ANN_AGAIN = customer(2, { full_name: "Ann Lee", email: "a.lee@example.com" });

const PREVIEW: UserMergePreview = {
  survivor: ANN,
  merged: [ANN_AGAIN],
  moves: { accounts: 1, policies: 2, leases: 1, leads: 0 },
  fields: [
    { field: "email", values: [{ user_id: 1, value: "ann.lee@example.com" }, { user_id: 2, value: "a.lee@example.com" }], kept_user_id: null },
    { field: "first_name", values: [{ user_id: 1, value: "Ann" }], kept_user_id: 1 },
  ],
};

function renderPage(url: string) {
  const merges: Array<{ survivor: Identifier; ids: Identifier[]; choices: Partial<Record<MergeField, number>> }> = [];
  const previewUserMerge = vi.fn(async () => PREVIEW);
  const dataProvider = createMemoryDataProvider(
    { users: [ANN, ANN_AGAIN] },
    {
      previewUserMerge,
      async mergeUsers(survivor, ids, choices) {
        merges.push({ survivor, ids, choices });
        return { id: Number(survivor), merged: [{ id: 2, email: ANN_AGAIN.email }], moved: { policies: 2 } };
      },
    },
  );
  const view = renderInAdmin(<MergeUsersPage />, { dataProvider, user: staffUser("super_admin"), url, path: "/dashboard/merge-users" });
  return { ...view, merges, previewUserMerge, dataProvider };
}

describe("MergeUsersPage (/dashboard/merge-users)", () => {
  it("asks for a second user when only the survivor is chosen", async () => {
    const { i18nProvider, previewUserMerge } = renderPage("/dashboard/merge-users?ids=1&survivor=1");
    expect(await screen.findByRole("radio", { name: "Keep Ann Lee" })).toBeChecked();
    expect(screen.getByText("Add at least one more user to merge.")).toBeInTheDocument();
    expect(previewUserMerge).not.toHaveBeenCalled();
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("shows what moves, needs a choice per differing field, confirms, merges and opens the survivor", async () => {
    const { merges, previewUserMerge, i18nProvider } = renderPage("/dashboard/merge-users?ids=1,2&survivor=1");
    const moves = await screen.findByRole("list", { name: "What moves to the user kept" });
    expect(previewUserMerge).toHaveBeenCalledWith(1, [2]);
    expect(within(moves).getByText("Policies: 2")).toBeInTheDocument();
    // Only differing fields get a choice; the first name is the same on both.
    expect(screen.queryByRole("group", { name: "First Name" })).not.toBeInTheDocument();
    const merge = screen.getByRole("button", { name: "Merge" });
    expect(merge).toBeDisabled();
    fireEvent.click(within(screen.getByRole("group", { name: "Login Email" })).getByLabelText("a.lee@example.com (#2)"));
    expect(merge).toBeEnabled();
    fireEvent.click(merge);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/Merge 1 user\(s\) into Ann Lee\?/)).toBeInTheDocument();
    expect(merges).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/users/view/1"));
    expect(merges).toEqual([{ survivor: 1, ids: [2], choices: { email: 2 } }]);
    expect(await screen.findByText("Success")).toBeInTheDocument();
    expect(i18nProvider.missingKeys.size).toBe(0);
  });

  it("choosing another survivor asks the server again with the roles swapped", async () => {
    const { previewUserMerge } = renderPage("/dashboard/merge-users?ids=1,2&survivor=1");
    await screen.findByRole("list", { name: "What moves to the user kept" });
    fireEvent.click(screen.getAllByRole("radio", { name: "Keep Ann Lee" })[1]);
    await waitFor(() => expect(previewUserMerge).toHaveBeenLastCalledWith(2, [1]));
    expect(screen.getByTestId("location")).toHaveTextContent("survivor=2");
  });
});
