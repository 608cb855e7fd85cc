/**
 * Error and validation texts (document 1 sections 5 and 8, document 3 sections 5 and 8, readings Part C).
 * Spec texts are written exactly as the spec writes them, including their punctuation.
 */
export const errorMessages = {
  status: {
    not_found: "Not found",
    session_expired: "Your session is expired",
    network: "Something is wrong with network",
    client_error: "Client Error",
    server_error: "Server error",
  },
  /** The generic HTTP error toast: 'Status: {status} {statusText or Something went wrong!}'. */
  http_toast: "Status: %{status} %{statusText}",
  http_toast_fallback: "Status: %{status} Something went wrong!",
  permission_not_enabled: "Permission Not Enabled",
  session_expired: "Your session is expired",
  /** Readings Part C: three punctuations for three places. */
  something_went_wrong: "Something went wrong",
  something_went_wrong_bang: "Something went wrong!",
  something_went_wrong_period: "Something went wrong.",
  success: "Success!",
  close: "CLOSE",
  validation: {
    required: "The %{attribute} field is required.",
    required_short: "This field is required",
    email: "must be a valid email address",
    email_taken: "has already been taken",
    min_length: "must be at least %{min} characters",
    min_value: "min value is %{min}",
    max_value: "max value is %{max} number",
    json: "must be valid JSON",
    url: "must be a valid URL and contain http:// or https://",
    phone: "must be a valid phone number",
    zip: "must be a valid zip",
    pick_from_list: "Select %{attribute} from the drop-down list",
    end_after_start: "End date must be later than Start date",
    not_before_today: "must be greater than or equal to today",
    file_extension: "Not Allowed File extension",
    file_size: "Max file size is %{size} MB",
  },
} as const;
