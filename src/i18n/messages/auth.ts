/** Sign-in, session and password-reset texts (document 1 sections 2.1, 4 and 8). */
export const authMessages = {
  login: {
    title: "Sign in",
    email: "Email",
    password: "Password",
    sign_in: "Sign in",
    forgot_password: "Forgot password?",
    back_to_login: "Back to sign in",
  },
  reset: {
    request_title: "Reset your password",
    request_hint: "Enter your email and we will send you a link to reset your password.",
    request_submit: "Send reset link",
    request_sent: "If this email has an account, we have sent instructions to reset the password.",
    new_password_title: "Choose a new password",
    new_password: "New password",
    password_confirmation: "Password confirmation",
    submit: "Reset password",
    done: "Your password has been successfully updated.",
    mismatch: "Password confirmation does not match",
  },
  invitation: {
    title: "Accept your invitation",
    greeting: "Welcome, %{name}. Choose a password to sign in as %{email}.",
    loading: "Loading...",
    link_invalid: "This invitation link %{error}. Ask the person who invited you to send it again.",
    password: "Password",
    password_confirmation: "Password confirmation",
    submit: "Set password and sign in",
  },
  invalid_credentials: "Invalid login credentials. Please try again.",
  /** Readings Part C: no final period. */
  token_expired: "Your authentication token is expired. Please log in",
  close: "Close",
} as const;
