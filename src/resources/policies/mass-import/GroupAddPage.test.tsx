import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { uploadForm } from "../../../dataProvider/upload";
import { IMPORT_MAX_BYTES, WRONG_FILE, oneYearLater } from "../../../domain/rentGuarantee";
import { staffUser } from "../../../test/fixtures";
import { createMemoryDataProvider } from "../../../test/memoryDataProvider";
import { renderInAdmin } from "../../../test/TestAdmin";
import { GroupAddPage } from "./GroupAddPage";
import { localToday } from "./massImportRules";

// The browser's upload (XMLHttpRequest) is not in jsdom; what the page does with each answer is what is tested here.
vi.mock("../../../dataProvider/upload", () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const sheet = (name = "applications.xlsx", size?: number) => {
  const file = new File(["PK"], name, { type: name.endsWith(".xlsx") ? XLSX : "application/pdf" });
  if (size !== undefined) Object.defineProperty(file, "size", { value: size });
  return file;
};

function renderAdd() {
  const view = renderInAdmin(<GroupAddPage />, { dataProvider: createMemoryDataProvider({}), user: staffUser("staff"), url: "/dashboard/policies/import/add", path: "/dashboard/policies/import/add" });
  const start = () => screen.getByRole("button", { name: "START IMPORTING" });
  const choose = (file: File) => fireEvent.change(screen.getByLabelText("Spreadsheet (xlsx)"), { target: { files: [file] } });
  const effective = () => screen.getByLabelText(/Effective Date/) as HTMLInputElement;
  return { ...view, start, choose, effective };
}

beforeEach(() => upload.mockReset());

describe("GroupAddPage ('Import a Policy Application Group')", () => {
  it("starts at today with the expiration one year later and disabled, and needs an xlsx file before START IMPORTING", async () => {
    const { start, choose, effective, i18nProvider } = renderAdd();
    expect(await screen.findByRole("heading", { name: "Import a Policy Application Group" })).toBeInTheDocument();
    const today = localToday();
    expect(effective().value).toBe(today);
    const expiration = screen.getByLabelText("Expiration Date") as HTMLInputElement;
    expect(expiration.value).toBe(oneYearLater(today));
    expect(expiration).toBeDisabled();
    expect(screen.getByText("No file chosen")).toBeInTheDocument();
    expect(start()).toBeDisabled();
    // The expiration follows the effective date.
    fireEvent.change(effective(), { target: { value: "2099-02-10" } });
    expect(expiration.value).toBe("2100-02-10");
    choose(sheet());
    expect(screen.getByText("applications.xlsx")).toBeInTheDocument();
    expect(start()).toBeEnabled();
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });

  it("refuses an effective date before today with the spec's text", async () => {
    const { start, choose, effective } = renderAdd();
    choose(sheet());
    fireEvent.change(effective(), { target: { value: "2020-01-01" } });
    expect(await screen.findByText("The effective date should be greater or equals today")).toBeInTheDocument();
    expect(start()).toBeDisabled();
    fireEvent.change(effective(), { target: { value: "" } });
    expect(screen.getByText("This field is required")).toBeInTheDocument();
    expect(start()).toBeDisabled();
    fireEvent.submit(start().closest("form")!);
    expect(upload).not.toHaveBeenCalled();
  });

  it("refuses a file that is not an xlsx, and one over 100 MB", async () => {
    const { start, choose } = renderAdd();
    choose(sheet("applications.pdf"));
    expect(await screen.findByText("Only xlsx files are accepted")).toBeInTheDocument();
    expect(start()).toBeDisabled();
    choose(sheet("big.xlsx", IMPORT_MAX_BYTES + 1));
    expect(await screen.findByText("Max file size is 100 MB")).toBeInTheDocument();
    expect(start()).toBeDisabled();
    choose(sheet("exact.xlsx", IMPORT_MAX_BYTES));
    await waitFor(() => expect(start()).toBeEnabled());
    expect(screen.queryByText("Max file size is 100 MB")).not.toBeInTheDocument();
  });

  it("lists the server's row errors under 'Error! Please fix the errors bellow and try to upload file again', keeping the form", async () => {
    upload.mockResolvedValueOnce({
      status: 422,
      json: { content: [{ message: "Row 2: applicant must be at least 18 years old (ann@example.com)" }, { message: "Row 5: state 'XX' is not a US state" }] },
    });
    const { start, choose, effective } = renderAdd();
    fireEvent.change(effective(), { target: { value: "2099-02-10" } });
    choose(sheet());
    fireEvent.click(start());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Error! Please fix the errors bellow and try to upload file again");
    expect(alert).toHaveTextContent("Row 2: applicant must be at least 18 years old (ann@example.com)");
    expect(alert).toHaveTextContent("Row 5: state 'XX' is not a US state");
    expect(effective().value).toBe("2099-02-10");
    expect(screen.getByText("applications.xlsx")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/policies/import/add");
  });

  it("shows the single error of a refused file, or 'Something went wrong' when the server says nothing", async () => {
    upload.mockResolvedValueOnce({ status: 422, json: { error: WRONG_FILE, message: WRONG_FILE } });
    upload.mockResolvedValueOnce({ status: 500, json: null });
    const { start, choose } = renderAdd();
    choose(sheet());
    fireEvent.click(start());
    expect(await screen.findByRole("alert")).toHaveTextContent(WRONG_FILE);
    fireEvent.click(start());
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong"));
  });

  it("sends the four common attributes and the file, then opens the new group's view", async () => {
    upload.mockResolvedValueOnce({ status: 200, json: { id: 42, status: "in_progress" } });
    const { start, choose, effective } = renderAdd();
    fireEvent.change(effective(), { target: { value: "2099-02-10" } });
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Auto Renew" }));
    fireEvent.click(await screen.findByRole("option", { name: "No" }));
    const file = sheet();
    choose(file);
    fireEvent.click(start());
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/policies/import/view/42"));
    const [path, form] = upload.mock.calls[0];
    expect(path).toBe("/policy-application-groups");
    const common = "policy_application_group[common_attributes]";
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k.startsWith(common)))).toEqual({
      [`${common}[effective_date]`]: "2099-02-10",
      [`${common}[expiration_date]`]: "2100-02-10",
      [`${common}[auto_pay]`]: "true",
      [`${common}[auto_renew]`]: "false",
    });
    expect((form.get("input_file") as File).name).toBe("applications.xlsx");
  });
});
