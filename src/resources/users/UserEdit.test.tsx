import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpError } from "react-admin";
import { Route } from "react-router-dom";
import { customer, staffUser } from "../../test/fixtures";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { renderInAdmin } from "../../test/TestAdmin";
import { UserEdit } from "./UserEdit";

const ANN = customer(1, {
  full_name: "Ann Lee",
  email: "ann.lee@example.com",
  address_attributes: { id: 40, street_number: "12", street_name: "Oak St", city: "Austin", state: "TX", zip_code: "73301", full: "12 Oak St, Austin TX 73301" },
  policies: [],
  leases: [],
});

function renderEdit() {
  const dataProvider = createMemoryDataProvider({ users: [ANN] });
  const view = renderInAdmin(<UserEdit />, {
    dataProvider,
    user: staffUser("agent"),
    url: "/dashboard/users/view/1/edit",
    path: "/dashboard/users/view/:id/edit",
    routes: <Route path="/dashboard/users/view/:id" element={<p>user detail page</p>} />,
  });
  return { ...view, dataProvider };
}

const field = (label: string) => screen.getByLabelText(label, { exact: false });

describe("UserEdit (users/view/{id}/edit)", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("saves only the editable fields and returns to the detail page", async () => {
    const { dataProvider } = renderEdit();
    await waitFor(() => expect(field("First Name")).toHaveValue("First"));
    await userEvent.clear(field("Contact Email"));
    await userEvent.type(field("Contact Email"), "ann@new.example.com");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("user detail page")).toBeInTheDocument();
    expect(screen.getByTestId("location").textContent).toBe("/dashboard/users/view/1");
    const update = dataProvider.calls.find((call) => call.method === "update")?.params as { id: unknown; data: unknown };
    expect(update.data).toEqual({
      email: "ann.lee@example.com",
      profile_attributes: {
        first_name: "First",
        middle_name: null,
        last_name: "Customer 1",
        contact_email: "ann@new.example.com",
        contact_phone: "555-010-0000",
        birth_date: null,
      },
      address_attributes: { street_number: "12", street_name: "Oak St", street_two: null, city: "Austin", state: "TX", zip_code: "73301" },
    });
  });

  it("checks fields with the spec's messages before sending anything", async () => {
    const { dataProvider } = renderEdit();
    await waitFor(() => expect(field("First Name")).toHaveValue("First"));
    await userEvent.clear(field("First Name"));
    await userEvent.clear(field("Login Email"));
    await userEvent.type(field("Login Email"), "not-an-email");
    await userEvent.clear(field("Phone"));
    await userEvent.type(field("Phone"), "12");
    await userEvent.clear(field("Zip Code"));
    await userEvent.type(field("Zip Code"), "123");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The first name field is required.")).toBeInTheDocument();
    expect(screen.getByText("must be a valid email address")).toBeInTheDocument();
    expect(screen.getByText("must be a valid phone number")).toBeInTheDocument();
    expect(screen.getByText("must be a valid zip")).toBeInTheDocument();
    expect(dataProvider.calls.some((call) => call.method === "update")).toBe(false);
  });

  it("shows the server's field errors next to the fields and keeps what was typed", async () => {
    const { dataProvider } = renderEdit();
    dataProvider.update = () =>
      Promise.reject(new HttpError("Validation failed", 422, { message: "Validation failed", errors: { email: "has already been taken", "address_attributes.state": "is not a valid state" } }));
    await waitFor(() => expect(field("Login Email")).toHaveValue("ann.lee@example.com"));
    await userEvent.clear(field("Login Email"));
    await userEvent.type(field("Login Email"), "bob.stone@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("has already been taken")).toBeInTheDocument();
    expect(screen.getByText("is not a valid state")).toBeInTheDocument();
    expect(field("Login Email")).toHaveValue("bob.stone@example.com");
    expect(screen.getByTestId("location").textContent).toBe("/dashboard/users/view/1/edit");
  });
});
