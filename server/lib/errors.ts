/**
 * Errors services throw; one error handler (server/app.ts) maps them to the status codes of DESIGN.md section 3.
 * Services never build HTTP answers themselves.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(
      typeof body.message === "string"
        ? body.message
        : String(body.error ?? statusCode),
    );
  }
}

export const NOT_SIGNED_IN =
  "You need to sign in or sign up before continuing.";

/** 401: not signed in, or a bad or expired token. */
export class NotAuthenticatedError extends AppError {
  constructor(message = NOT_SIGNED_IN) {
    super(401, { errors: [message] });
  }
}

/** 401 with the code the console reacts to by moving the user to the profile page. */
export class PermissionNotEnabledError extends AppError {
  constructor() {
    super(401, {
      error: "permission_not_enabled",
      message: null,
      payload: null,
    });
  }
}

/** 403: wrong role, or an action the caller's scope does not allow. */
export class ForbiddenError extends AppError {
  constructor(message = "You are not allowed to do this.") {
    super(403, { error: "forbidden", message });
  }
}

/** The records a 404 names. A 404 says "<Record> not found", so callers name the record, never the sentence. */
export type RecordName =
  | "Record"
  | "Account"
  | "Agency"
  | "Billing strategy"
  | "Carrier"
  | "Carrier agency"
  | "Carrier insurable profile"
  | "Change request"
  | "Commission"
  | "Community"
  | "Fee"
  | "Insurable"
  | "Integration"
  | "Lease"
  | "Document"
  | "Email"
  | "File"
  | "Invoice"
  | "Lead"
  | "Master policy"
  | "Policy"
  | "Refund"
  | "Report"
  | "Revision"
  | "Tracking URL"
  | "Upload link"
  | "Staff"
  | "User";

export const notFoundMessage = (what: RecordName) => `${what} not found`;

/**
 * 404: missing, or outside the caller's scope (never reveal that it exists). `new NotFoundError("Policy")` says
 * "Policy not found"; the rare 404 that is not about a missing record gives its whole sentence as `{message}`.
 */
export class NotFoundError extends AppError {
  constructor(what: RecordName | { message: string } = "Record") {
    super(404, {
      error: "not_found",
      message: typeof what === "string" ? notFoundMessage(what) : what.message,
    });
  }
}

/** 422: field errors react-admin forms show next to the fields. */
export class ValidationError extends AppError {
  constructor(errors: Record<string, string>, message = "Validation failed") {
    super(422, { message, errors });
  }
}

/** 429 with, when known, how many seconds to wait (`retry_after`, also sent as the Retry-After header). */
export class TooManyRequestsError extends AppError {
  constructor(message: string, readonly retryAfter?: number) {
    super(429, { error: "too_many_requests", message, ...(retryAfter ? { retry_after: retryAfter } : {}) });
  }
}

/**
 * 409: the item was taken by someone else first (a DMR file submitted, a queue item claimed), or changed since the
 * caller read it; `details` say by whom (`holder`, `decided`), for consoles that show more than the message.
 */
export class ConflictError extends AppError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(409, { ...details, error: "conflict", message });
  }
}
