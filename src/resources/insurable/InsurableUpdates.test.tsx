import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { uploadForm } from "../../dataProvider/upload";
import { InsurableUpdates } from "./InsurableUpdates";

// The browser's upload (XMLHttpRequest) is not in jsdom; what the server answers is what the page shows.
vi.mock("../../dataProvider/upload", () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);

describe("InsurableUpdates (insurable/updates)", () => {
  it("shows the dry run's changes before Apply is offered, and each wrong row of a bad file", async () => {
    upload.mockResolvedValueOnce({
      status: 200,
      json: { dry_run: true, plan: [{ row: 2, action: "merge", insurable: { id: 5, title: "101-dup" }, target: { id: 4, title: "101" }, policies: 2, leases: 1, children: 0 }] },
    });
    const { i18nProvider } = renderInAdmin(<InsurableUpdates />, { dataProvider: createMemoryDataProvider({}), user: staffUser("super_admin"), url: "/dashboard/insurable/updates", path: "/dashboard/insurable/updates" });
    fireEvent.change(screen.getByLabelText("Choose CSV file"), { target: { files: [new File(["x"], "u.csv")] } });
    expect(screen.getByRole("button", { name: "Apply" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Dry run" }));
    expect(await screen.findByText("Merge 101-dup (#5) into 101 (#4)")).toBeInTheDocument();
    expect(screen.getByText("2 policies, 1 leases, 0 children")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Apply" })).toBeEnabled();
    expect((upload.mock.calls[0][1] as FormData).get("dry_run")).toBe("true");

    upload.mockResolvedValueOnce({ status: 422, json: { error: "Bad file", content: [{ row: 3, message: "insurable 9 does not exist" }] } });
    fireEvent.click(screen.getByRole("button", { name: "Dry run" }));
    expect(await screen.findByText("Row 3: insurable 9 does not exist")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Apply" })).toBeDisabled();
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });
});
