import { HttpError } from "react-admin";
import { SNACK_LONG, SNACK_SHORT } from "../domain/constants";
import { errorMessages } from "../i18n/messages/errors";

/**
 * The error catalogue (document 1 section 8, document 3 section 8, readings C-01 and C-19), in one module:
 * the status → text mapping, the generic HTTP toast, and the session rules for 401 answers. Texts are i18n keys
 * (app.errors.*, app.auth.*); durations come from domain/constants.
 *
 * | situation                                   | shown                                                  | then                          |
 * |---------------------------------------------|--------------------------------------------------------|-------------------------------|
 * | any failed call (view level)                | 'Status: {status} {statusText or Something went wrong!}', 3 s, CLOSE | -                  |
 * | 5xx or status 0 (view level)                | the mapped text, 5 s                                   | -                             |
 * | 401 {error: permission_not_enabled}         | 'Permission Not Enabled', 3 s                          | navigate to /dashboard/profile |
 * | other 401 (not sign_in, not validate_token) | 'Your session is expired', 3 s, CLOSE                  | logout to /auth/login?return_url=… |
 * | validate_token refused                      | 'Your authentication token is expired. Please log in', 5 s, Close | logged out         |
 * | sign-in refused                             | 'Invalid login credentials. Please try again.' (or the server's errors[0]) | -         |
 */

export type NotificationKind = "error" | "success" | "info" | "warning";

/** A notification the console shows: message key, its arguments, duration and an optional close button label key. */
export interface NotificationSpec {
  message: string;
  messageArgs?: Record<string, string | number>;
  type: NotificationKind;
  autoHideDuration: number;
  closeLabel?: string;
}

export const PROFILE_PATH = "/dashboard/profile";
export const LOGIN_PATH = "/auth/login";

/** The HttpError every call rejects with: react-admin's, plus what the catalogue needs (statusText, url). */
export class ApiError extends HttpError {
  readonly statusText: string;
  readonly url: string;
  readonly method: string;

  constructor(message: string, status: number, body: unknown, extra: { statusText?: string; url?: string; method?: string } = {}) {
    super(message, status, body);
    // react-admin's HttpError resets the prototype to its own; keep this class's.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = "HttpError";
    this.statusText = extra.statusText ?? "";
    this.url = extra.url ?? "";
    this.method = extra.method ?? "GET";
  }
}

type StatusKey = keyof typeof errorMessages.status;

/** The mapped-text table: 404, 401, 0, other 4xx, otherwise. */
export function statusKey(status: number): StatusKey {
  if (status === 404) return "not_found";
  if (status === 401) return "session_expired";
  if (status === 0) return "network";
  if (status >= 400 && status < 500) return "client_error";
  return "server_error";
}

export const statusMessageKey = (status: number) => `app.errors.status.${statusKey(status)}`;
export const statusMessageText = (status: number) => errorMessages.status[statusKey(status)];

/**
 * The server's own text in an error body: `errors[0]` (for `{errors: {field: text}}` the first field's text, which
 * says more than the 422's generic "Validation failed"), else `message`.
 */
export function serverMessage(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const { errors, message } = body as { errors?: unknown; message?: unknown };
  if (Array.isArray(errors) && typeof errors[0] === "string" && errors[0]) return errors[0];
  if (errors && typeof errors === "object" && !Array.isArray(errors)) {
    const first = Object.values(errors as Record<string, unknown>).find((v) => typeof v === "string" && v);
    if (typeof first === "string") return first;
  }
  if (typeof message === "string" && message) return message;
  return null;
}

/** HttpError.message: the body's `errors[0]`, else its `message`, else the mapped text. */
export function messageFromBody(body: unknown, status: number): string {
  return serverMessage(body) ?? statusMessageText(status);
}

interface ErrorLike {
  status?: number;
  statusText?: string;
  body?: unknown;
  url?: string;
  message?: string;
}

const asErrorLike = (error: unknown): ErrorLike => (error && typeof error === "object" ? (error as ErrorLike) : {});

/** The view-level toast for a failed call: mapped text for 5 s on 5xx / network, the generic toast otherwise. */
export function httpErrorNotification(error: unknown): NotificationSpec {
  const { status, statusText } = asErrorLike(error);
  const code = typeof status === "number" ? status : 0;
  if (code === 0 || code >= 500) {
    return { message: statusMessageKey(code), type: "error", autoHideDuration: SNACK_LONG };
  }
  return statusText
    ? { message: "app.errors.http_toast", messageArgs: { status: code, statusText }, type: "error", autoHideDuration: SNACK_SHORT, closeLabel: "app.errors.close" }
    : { message: "app.errors.http_toast_fallback", messageArgs: { status: code }, type: "error", autoHideDuration: SNACK_SHORT, closeLabel: "app.errors.close" };
}

/** A confirmation-dialog failure (document 3 section 8): the server's text or 'Something went wrong', 3 s, CLOSE. */
export function actionFailureNotification(error: unknown): NotificationSpec {
  const { body, status } = asErrorLike(error);
  const fromServer = typeof status === "number" && status > 0 && status < 500 ? serverMessage(body) : null;
  return {
    message: fromServer ?? "app.errors.something_went_wrong",
    type: "error",
    autoHideDuration: SNACK_SHORT,
    closeLabel: "app.errors.close",
  };
}

export const successNotification: NotificationSpec = { message: "app.errors.success", type: "success", autoHideDuration: SNACK_SHORT };

export const permissionNotEnabledNotification: NotificationSpec = {
  message: "app.errors.permission_not_enabled",
  type: "error",
  autoHideDuration: SNACK_SHORT,
};

export const sessionExpiredNotification: NotificationSpec = {
  message: "app.errors.session_expired",
  type: "error",
  autoHideDuration: SNACK_SHORT,
  closeLabel: "app.errors.close",
};

export const tokenExpiredNotification: NotificationSpec = {
  message: "app.auth.token_expired",
  type: "error",
  autoHideDuration: SNACK_LONG,
  closeLabel: "app.auth.close",
};

const SESSION_CALLS = ["/staff/auth/sign_in", "/staff/auth/validate_token"];

export type AuthFailure = "permission_not_enabled" | "session_expired" | null;

/**
 * What a failed call means for the session (readings C-19): permission_not_enabled first; a 401 from sign-in or
 * validate_token is handled by those screens; any other 401 ends the session. Everything else is the view's business.
 */
export function classifyAuthFailure(error: unknown): AuthFailure {
  const { status, body, url } = asErrorLike(error);
  if (status !== 401) return null;
  if ((body as { error?: unknown } | undefined)?.error === "permission_not_enabled") return "permission_not_enabled";
  if (url && SESSION_CALLS.some((path) => url.includes(path))) return null;
  return "session_expired";
}

/** `/auth/login`, with the page to come back to (document 1 section 2.1). */
export function loginPath(returnUrl?: string | null): string {
  if (!returnUrl || returnUrl.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?return_url=${encodeURIComponent(returnUrl)}`;
}

/** A return_url is followed only when it is a path of this site (never another origin). */
export function safeReturnUrl(search: string): string | null {
  const value = new URLSearchParams(search).get("return_url");
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (value.startsWith(LOGIN_PATH)) return null;
  return value;
}
