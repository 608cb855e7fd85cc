import { useEffect } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { act, fireEvent, render, screen, waitForElementToBeRemoved } from "@testing-library/react";
import { AdminContext, memoryStore } from "react-admin";
import { ApiError } from "../dataProvider/httpErrors";
import { tokenExpiredNotification } from "../dataProvider/httpErrors";
import { createTestI18nProvider } from "../i18n";
import { AppNotification, useNotifyHttpError } from "./AppNotification";
import { emitAppNotification, forgetCarriedNotifications } from "./notificationBus";

const captured: { notifyHttpError: (error: unknown) => void } = { notifyHttpError: () => undefined };
const Capture = () => {
  const notifyHttpError = useNotifyHttpError();
  useEffect(() => {
    captured.notifyHttpError = notifyHttpError;
  }, [notifyHttpError]);
  return null;
};

const renderNotifications = () =>
  render(
    <AdminContext i18nProvider={createTestI18nProvider()} store={memoryStore()}>
      <Capture />
      <AppNotification />
    </AdminContext>,
  );

describe("AppNotification", () => {
  afterEach(() => forgetCarriedNotifications());

  it("answers false while nothing is mounted, so the authProvider falls back to react-admin's message", () => {
    expect(emitAppNotification(tokenExpiredNotification)).toBe(false);
  });

  it("shows the authProvider's session messages with their Close button", async () => {
    renderNotifications();
    let delivered = false;
    act(() => {
      delivered = emitAppNotification(tokenExpiredNotification);
    });
    expect(delivered).toBe(true);
    expect(await screen.findByText("Your authentication token is expired. Please log in")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitForElementToBeRemoved(() => screen.queryByText("Your authentication token is expired. Please log in"));
  });

  it("carries a session-ending message over to the next screen's notifications", async () => {
    const first = renderNotifications();
    act(() => {
      emitAppNotification(tokenExpiredNotification, { carry: true });
    });
    expect(await screen.findByText("Your authentication token is expired. Please log in")).toBeInTheDocument();
    first.unmount();
    renderNotifications();
    expect(await screen.findByText("Your authentication token is expired. Please log in")).toBeInTheDocument();
  });

  it("shows the generic HTTP toast for a failed call", async () => {
    renderNotifications();
    act(() => captured.notifyHttpError(new ApiError("Not found", 404, {}, { statusText: "Not Found" })));
    expect(await screen.findByText("Status: 404 Not Found")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "CLOSE" })).toBeInTheDocument();
  });
});
