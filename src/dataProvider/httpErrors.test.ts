import { describe, expect, it } from "vitest";
import { HttpError } from "react-admin";
import { i18nProvider } from "../i18n";
import {
  actionFailureNotification,
  ApiError,
  classifyAuthFailure,
  httpErrorNotification,
  loginPath,
  safeReturnUrl,
  statusMessageText,
  tokenExpiredNotification,
  permissionNotEnabledNotification,
  sessionExpiredNotification,
  type NotificationSpec,
} from "./httpErrors";

const show = (spec: NotificationSpec) => i18nProvider.translate(spec.message, { _: spec.message, ...spec.messageArgs });

describe("error catalogue (document 1 section 8)", () => {
  it("maps statuses to the spec's texts", () => {
    expect(statusMessageText(404)).toBe("Not found");
    expect(statusMessageText(401)).toBe("Your session is expired");
    expect(statusMessageText(0)).toBe("Something is wrong with network");
    expect(statusMessageText(403)).toBe("Client Error");
    expect(statusMessageText(422)).toBe("Client Error");
    expect(statusMessageText(500)).toBe("Server error");
    expect(statusMessageText(503)).toBe("Server error");
  });

  it("generic toast: 'Status: {status} {statusText or Something went wrong!}', 3 s with CLOSE", () => {
    const withText = httpErrorNotification(new ApiError("x", 404, {}, { statusText: "Not Found" }));
    expect(show(withText)).toBe("Status: 404 Not Found");
    expect(withText).toMatchObject({ autoHideDuration: 3000, closeLabel: "app.errors.close" });
    expect(i18nProvider.translate("app.errors.close")).toBe("CLOSE");
    const withoutText = httpErrorNotification(new HttpError("x", 403, {}));
    expect(show(withoutText)).toBe("Status: 403 Something went wrong!");
  });

  it("5xx and network failures show the mapped text for 5 s", () => {
    const server = httpErrorNotification(new ApiError("x", 502, {}, { statusText: "Bad Gateway" }));
    expect(show(server)).toBe("Server error");
    expect(server.autoHideDuration).toBe(5000);
    expect(show(httpErrorNotification(new ApiError("x", 0, null)))).toBe("Something is wrong with network");
  });

  it("session messages keep the spec's wording and durations", () => {
    expect(show(tokenExpiredNotification)).toBe("Your authentication token is expired. Please log in");
    expect(tokenExpiredNotification.autoHideDuration).toBe(5000);
    expect(i18nProvider.translate(tokenExpiredNotification.closeLabel as string)).toBe("Close");
    expect(show(permissionNotEnabledNotification)).toBe("Permission Not Enabled");
    expect(permissionNotEnabledNotification.autoHideDuration).toBe(3000);
    expect(show(sessionExpiredNotification)).toBe("Your session is expired");
  });

  it("confirmation failures show the server's text or 'Something went wrong', 3 s", () => {
    const fromServer = actionFailureNotification(new HttpError("x", 422, { message: "Validation failed", errors: { staff: "Already activated" } }));
    expect(show(fromServer)).toBe("Already activated");
    expect(fromServer.autoHideDuration).toBe(3000);
    expect(show(actionFailureNotification(new HttpError("x", 500, { message: "Server error" })))).toBe("Something went wrong");
    expect(show(actionFailureNotification(new Error("boom")))).toBe("Something went wrong");
  });

  it("classifies 401s: permission first, session calls left to their screens", () => {
    expect(classifyAuthFailure(new ApiError("x", 401, { error: "permission_not_enabled" }, { url: "/v2/staff_agency/users" }))).toBe("permission_not_enabled");
    expect(classifyAuthFailure(new ApiError("x", 401, { errors: ["…"] }, { url: "/v2/staff_agency/users" }))).toBe("session_expired");
    expect(classifyAuthFailure(new ApiError("x", 401, {}, { url: "/v2/staff/auth/sign_in" }))).toBeNull();
    expect(classifyAuthFailure(new ApiError("x", 401, {}, { url: "/v2/staff/auth/validate_token" }))).toBeNull();
    expect(classifyAuthFailure(new ApiError("x", 403, { error: "forbidden" }))).toBeNull();
  });

  it("builds the login path with an encoded return_url and only follows same-site return URLs", () => {
    expect(loginPath("/dashboard/users/browse?page=2")).toBe("/auth/login?return_url=%2Fdashboard%2Fusers%2Fbrowse%3Fpage%3D2");
    expect(loginPath()).toBe("/auth/login");
    expect(loginPath("/auth/login?return_url=x")).toBe("/auth/login");
    expect(safeReturnUrl("?return_url=%2Fdashboard%2Fstaff%2Fbrowse")).toBe("/dashboard/staff/browse");
    expect(safeReturnUrl("?return_url=https%3A%2F%2Fevil.test")).toBeNull();
    expect(safeReturnUrl("?return_url=%2F%2Fevil.test")).toBeNull();
    expect(safeReturnUrl("")).toBeNull();
  });
});
