import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { staffUser } from "../test/fixtures";
import { createMemoryDataProvider } from "../test/memoryDataProvider";
import { renderInAdmin } from "../test/TestAdmin";
import { browser, NewPlatformBanner, newPlatformLink } from "./NewPlatformBanner";

const TEXT = "Our new platform has launched! Tap here to see it.";

afterEach(() => {
  delete window.__COVERDESK_CONFIG__;
  vi.restoreAllMocks();
});

describe("new-platform banner (document 1 section 1)", () => {
  it("appends the session-persist token, or opens without it when the call fails (and logs)", async () => {
    expect(await newPlatformLink("https://next.example.com/app", async () => "s3cr3t")).toBe("https://next.example.com/app?token=s3cr3t");
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await newPlatformLink("https://next.example.com/app", () => Promise.reject(new Error("down")))).toBe("https://next.example.com/app");
    expect(log).toHaveBeenCalled();
  });

  it("is hidden without a configured address", async () => {
    renderInAdmin(<NewPlatformBanner />, {
      dataProvider: createMemoryDataProvider({}),
      user: staffUser("agent"),
      url: "/dashboard/leads",
      path: "/dashboard/leads",
    });
    await screen.findByTestId("location");
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  it("shows the spec's text and opens the address with the token on tap", async () => {
    window.__COVERDESK_CONFIG__ = { newPlatformUrl: "https://next.example.com/" };
    const sessionPersist = vi.fn(async () => "tok123");
    const open = vi.spyOn(browser, "open").mockImplementation(() => undefined);
    renderInAdmin(<NewPlatformBanner />, {
      dataProvider: createMemoryDataProvider({}, { sessionPersist }),
      user: staffUser("agent"),
      url: "/dashboard/leads",
      path: "/dashboard/leads",
    });
    fireEvent.click(await screen.findByRole("button", { name: TEXT }));
    await waitFor(() => expect(open).toHaveBeenCalledWith("https://next.example.com/?token=tok123"));
    expect(sessionPersist).toHaveBeenCalledTimes(1);
  });
});
