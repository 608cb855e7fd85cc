/**
 * Errors services throw; one error handler (server/app.ts) maps them to the status codes of DESIGN.md section 3.
 * Services never build HTTP answers themselves.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === "string" ? body.message : String(body.error ?? statusCode));
  }
}

export const NOT_SIGNED_IN = "You need to sign in or sign up before continuing.";

/** 401: not signed in, or a bad or expired token. */
export class NotAuthenticatedError extends AppError {
  constructor(message = NOT_SIGNED_IN) {
    super(401, { errors: [message] });
  }
}

/** 401 with the code the console reacts to by moving the user to the profile page. */
export class PermissionNotEnabledError extends AppError {
  constructor() {
    super(401, { error: "permission_not_enabled", message: null, payload: null });
  }
}

/** 403: wrong role, or an action the caller's scope does not allow. */
export class ForbiddenError extends AppError {
  constructor(message = "You are not allowed to do this.") {
    super(403, { error: "forbidden", message });
  }
}

/** 404: missing, or outside the caller's scope (never reveal that it exists). */
export class NotFoundError extends AppError {
  constructor(what = "Record") {
    super(404, { error: "not_found", message: `${what} not found` });
  }
}

/** 422: field errors react-admin forms show next to the fields. */
export class ValidationError extends AppError {
  constructor(errors: Record<string, string>, message = "Validation failed") {
    super(422, { message, errors });
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(429, { error: "too_many_requests", message });
  }
}

/** 409: the item was taken by someone else first (a DMR file submitted, a queue item claimed). */
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, { error: "conflict", message });
  }
}
