import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import type { AppRequestInit } from "../../dataProvider/types";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { UploadPropertiesForm } from "./UploadPropertiesForm";

// The browser's upload (XMLHttpRequest) is not in jsdom; the server's answer to it is what matters here.
vi.mock("../../dataProvider/upload", () => ({ uploadForm: vi.fn(async () => ({ status: 202, json: { id: 7, title: "Insurables File Uploaded" } })) }));

describe("UploadPropertiesForm", () => {
  it("uploads the file, shows the import's progress while it runs, then its result", async () => {
    const answers = [
      { id: 7, status: "running", total_rows: 40, processed_rows: 10, result: null, error: null },
      { id: 7, status: "done", total_rows: 40, processed_rows: 40, result: { communities: 1, buildings: 2, units: 40, skipped: 0, errors: [] }, error: null },
    ];
    const paths: string[] = [];
    const dataProvider = createMemoryDataProvider(
      {},
      {
        async request<T>(path: string, _init?: AppRequestInit) {
          paths.push(path);
          return { json: (answers.shift() ?? answers[0]) as T, headers: new Headers() };
        },
      },
    );
    const { i18nProvider } = renderInAdmin(<UploadPropertiesForm />, { dataProvider, user: staffUser("agent"), url: "/dashboard/insurable/create", path: "/dashboard/insurable/create" });
    fireEvent.change(screen.getByLabelText("Choose file"), { target: { files: [new File(["a"], "props.csv", { type: "text/csv" })] } });
    fireEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText("Imported 10 of 40 rows")).toBeInTheDocument();
    expect(await screen.findByText("1 communities, 2 buildings and 40 units created; 0 units already existed", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(paths).toEqual(["/insurables/imports/7", "/insurables/imports/7"]);
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });
});
