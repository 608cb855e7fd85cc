import { describe, expect, it } from "vitest";
import { customer } from "../../test/fixtures";
import { userUpdatePayload } from "./userPayload";

describe("userUpdatePayload", () => {
  it("keeps only the fields PUT /users/{id} accepts, trimmed, blanks as null", () => {
    const record = { ...customer(1), email: " ann@example.com ", profile_attributes: { ...customer(1).profile_attributes, id: 9, full_name: "x", middle_name: "  " } };
    const payload = userUpdatePayload(record);
    expect(payload).toEqual({
      email: "ann@example.com",
      profile_attributes: { first_name: "First", middle_name: null, last_name: "Customer 1", contact_email: "contact1@example.com", contact_phone: "555-010-0000", birth_date: null },
    });
    expect(payload).not.toHaveProperty("address_attributes");
  });

  it("sends the address only when it holds something", () => {
    const payload = userUpdatePayload({ ...customer(2), address_attributes: { id: 3, full: "x", street_number: "", street_name: "Oak", city: null, state: "TX", zip_code: "73301" } });
    expect(payload.address_attributes).toEqual({ street_number: null, street_name: "Oak", street_two: null, city: null, state: "TX", zip_code: "73301" });
  });
});
