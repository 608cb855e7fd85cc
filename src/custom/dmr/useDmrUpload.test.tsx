import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { AdminContext, memoryStore } from "react-admin";
import { describe, expect, it, vi } from "vitest";
import { AppNotification } from "../../authProvider/AppNotification";
import { createTestI18nProvider } from "../../i18n";
import { screen } from "@testing-library/react";
import { useDmrUpload } from "./useDmrUpload";

// The upload itself is an XMLHttpRequest (for its progress events); here only what the hook makes of the answer.
const answer = vi.hoisted(() => ({ current: { status: 201, json: {} as Record<string, unknown> } }));
vi.mock("../../dataProvider/upload", () => ({ uploadForm: async () => answer.current }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <AdminContext i18nProvider={createTestI18nProvider()} store={memoryStore()}>
    {children}
    <AppNotification />
  </AdminContext>
);

const pdfFile = (name: string) => new File(["%PDF-1.4"], name, { type: "application/pdf" });

describe("useDmrUpload", () => {
  it("reports how many files were queued and how many were already there, then reloads", async () => {
    answer.current = { status: 201, json: { data: [{}, {}], duplicates: [{}] } };
    const onDone = vi.fn();
    const { result } = renderHook(() => useDmrUpload(onDone), { wrapper });
    await act(() => result.current.send([pdfFile("a.pdf"), pdfFile("b.pdf"), pdfFile("c.pdf")]));
    expect(await screen.findByText("2 file(s) queued, 1 already in the queue")).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("names the refused file and says that none was queued", async () => {
    answer.current = { status: 422, json: { message: "Not Allowed File extension", errors: { files: "Not Allowed File extension" }, file_name: "scan.pdf" } };
    const onDone = vi.fn();
    const { result } = renderHook(() => useDmrUpload(onDone), { wrapper });
    await act(() => result.current.send([pdfFile("good.pdf"), pdfFile("scan.pdf")]));
    expect(await screen.findByText("scan.pdf: Not Allowed File extension. No file was queued.")).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});
