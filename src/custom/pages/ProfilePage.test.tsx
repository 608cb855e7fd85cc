import { fireEvent, screen, waitFor } from "@testing-library/react";
import { HttpError } from "react-admin";
import { describe, expect, it, vi } from "vitest";
import type { UpdateSelfInput } from "../../dataProvider/types";
import { staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { ProfilePage } from "./ProfilePage";

function renderProfile(updateSelf = vi.fn(async (_id: unknown, _staff: UpdateSelfInput) => staffUser("agent"))) {
  const view = renderInAdmin(<ProfilePage />, {
    dataProvider: createMemoryDataProvider({}, { updateSelf }),
    user: staffUser("agent"),
    url: "/dashboard/profile",
    path: "/dashboard/profile",
  });
  return { updateSelf, ...view };
}

describe("profile page (/dashboard/profile)", () => {
  it("shows the personal information and saves name, phone and job title", async () => {
    const { updateSelf, i18nProvider } = renderProfile();
    expect(await screen.findByRole("heading", { name: "My Profile", level: 1 })).toBeInTheDocument();
    expect(await screen.findByText("agent@coverdesk.test")).toBeInTheDocument();
    expect(screen.getByText("Acme Agency")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/First Name/), { target: { value: "Robin" } });
    fireEvent.change(screen.getByLabelText("Job Title"), { target: { value: "Broker" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(updateSelf).toHaveBeenCalledTimes(1));
    expect(updateSelf).toHaveBeenCalledWith(12, { profile_attributes: { first_name: "Robin", last_name: "agent", job_title: "Broker", contact_phone: "" } });
    expect(await screen.findByText("Your profile has been updated.")).toBeInTheDocument();
    expect([...i18nProvider.missingKeys]).toEqual([]);
  });

  it("needs the current password to change the password, and sends all three", async () => {
    const { updateSelf } = renderProfile();
    await screen.findByLabelText("Current Password");
    fireEvent.change(screen.getByLabelText("New Password"), { target: { value: "long-secret-99" } });
    fireEvent.change(screen.getByLabelText("Password Confirmation"), { target: { value: "long-secret-99" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The current password field is required.")).toBeInTheDocument();
    expect(updateSelf).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText("Current Password"), { target: { value: "coverdesk" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(updateSelf).toHaveBeenCalledTimes(1));
    expect(updateSelf.mock.calls[0][1]).toMatchObject({ current_password: "coverdesk", password: "long-secret-99", password_confirmation: "long-secret-99" });
  });

  it("asks for at least 10 characters before sending", async () => {
    const { updateSelf } = renderProfile();
    await screen.findByLabelText("Current Password");
    fireEvent.change(screen.getByLabelText("Current Password"), { target: { value: "coverdesk" } });
    fireEvent.change(screen.getByLabelText("New Password"), { target: { value: "secret99" } });
    fireEvent.change(screen.getByLabelText("Password Confirmation"), { target: { value: "secret99" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("must be at least 10 characters")).toBeInTheDocument();
    expect(updateSelf).not.toHaveBeenCalled();
  });

  it("shows the server's field errors and keeps what was typed", async () => {
    const updateSelf = vi.fn(() => Promise.reject(new HttpError("Unprocessable", 422, { errors: { current_password: "is invalid" } })));
    renderProfile(updateSelf);
    await screen.findByLabelText("Current Password");
    fireEvent.change(screen.getByLabelText("Current Password"), { target: { value: "wrong" } });
    fireEvent.change(screen.getByLabelText("New Password"), { target: { value: "long-secret-99" } });
    fireEvent.change(screen.getByLabelText("Password Confirmation"), { target: { value: "long-secret-99" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("is invalid")).toBeInTheDocument();
    expect(screen.getByLabelText("New Password")).toHaveValue("long-secret-99");
  });
});
