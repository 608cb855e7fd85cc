import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError, type DataProvider } from "react-admin";
import { describe, expect, it, vi } from "vitest";
import { renderInAdmin } from "../../test/TestAdmin";
import { staffUser } from "../../test/fixtures";
import { AcceptInvitationPage } from "./AcceptInvitationPage";
import { ResetPasswordPage } from "./ResetPasswordPage";

const tooCommon = () => new HttpError("Unprocessable", 422, { errors: { password: "is too common" } });

describe("ResetPasswordPage", () => {
  it("says the length rule and the mismatch as the user types, and keeps both fields when the server refuses", async () => {
    const resetPassword = vi.fn().mockRejectedValue(tooCommon());
    renderInAdmin(<ResetPasswordPage />, { dataProvider: { resetPassword } as unknown as DataProvider, user: staffUser("super_admin"), url: "/auth/reset-password/tok", path: "/auth/reset-password/:token" });
    const password = await screen.findByLabelText(/New password/);
    const confirmation = screen.getByLabelText(/Password confirmation/);
    const submit = screen.getByRole("button", { name: "Reset password" });
    await userEvent.type(password, "short");
    expect(screen.getByText("must be at least 10 characters")).toBeInTheDocument();
    await userEvent.type(password, "-but-long-now");
    await userEvent.type(confirmation, "other-text!");
    expect(screen.getByText("Password confirmation does not match")).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await userEvent.clear(confirmation);
    await userEvent.type(confirmation, "short-but-long-now");
    await userEvent.click(submit);
    expect(resetPassword).toHaveBeenCalledWith({ password: "short-but-long-now", password_confirmation: "short-but-long-now", reset_password_token: "tok" });
    expect(await screen.findByText("is too common")).toBeInTheDocument();
    expect(password).toHaveValue("short-but-long-now");
    expect(confirmation).toHaveValue("short-but-long-now");
  });
});

describe("AcceptInvitationPage", () => {
  it("greets the invitee and sends the token with the chosen password", async () => {
    const acceptInvitation = vi.fn().mockRejectedValue(tooCommon());
    const dataProvider = { describeInvitation: vi.fn().mockResolvedValue({ email: "new@coverdesk.test", full_name: "Nia New" }), acceptInvitation } as unknown as DataProvider;
    renderInAdmin(<AcceptInvitationPage />, { dataProvider, user: staffUser("super_admin"), url: "/auth/accept-invitation/abc", path: "/auth/accept-invitation/:token" });
    expect(await screen.findByText("Welcome, Nia New. Choose a password to sign in as new@coverdesk.test.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Password \*?$/), "a-long-password");
    await userEvent.type(screen.getByLabelText(/Password confirmation/), "a-long-password");
    await userEvent.click(screen.getByRole("button", { name: "Set password and sign in" }));
    await waitFor(() => expect(acceptInvitation).toHaveBeenCalledWith({ invitation_token: "abc", password: "a-long-password", password_confirmation: "a-long-password" }));
    expect(await screen.findByText("is too common")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/auth/login");
  });
});
