import { describe, expect, it } from "vitest";
import { i18nProvider } from "../i18n";
import { attributeName, email, json, maxValue, minLength, phone, pickedFromList, required, zip } from "./validators";

type Message = string | { message: string; args?: Record<string, unknown> } | undefined | null;
const text = (result: Message) =>
  !result ? result : typeof result === "string" ? i18nProvider.translate(result) : i18nProvider.translate(result.message, result.args);
const run = (validator: (...args: never[]) => unknown, value: unknown, source = "profile_attributes.first_name") =>
  text((validator as (v: unknown, all: unknown, props: unknown) => Message)(value, {}, { source }));

describe("validators (document 3 section 5)", () => {
  it("required names the attribute like the server: 'The first name field is required.'", () => {
    expect(run(required(), "")).toBe("The first name field is required.");
    expect(run(required(), "  ")).toBe("The first name field is required.");
    expect(run(required("account"), null)).toBe("The account field is required.");
    expect(run(required(), "Ann")).toBeUndefined();
    expect(required().isRequired).toBe(true);
    expect(attributeName("address_attributes.zip_code")).toBe("zip code");
  });

  it("email, phone and zip masks", () => {
    expect(run(email(), "nope")).toBe("must be a valid email address");
    expect(run(email(), "ann@example.com")).toBeUndefined();
    expect(run(email(), "")).toBeUndefined();
    expect(run(phone(), "12")).toBe("must be a valid phone number");
    expect(run(phone(), "(555) 010-0000")).toBeUndefined();
    expect(run(zip(), "1234")).toBe("must be a valid zip");
    expect(run(zip(), "73301")).toBeUndefined();
  });

  it("lengths, bounds, JSON and pickers keep the spec's wording (readings Part C)", () => {
    expect(run(minLength(8), "short")).toBe("must be at least 8 characters");
    expect(run(maxValue(10), 11)).toBe("max value is 10 number");
    expect(run(json(), "{bad")).toBe("must be valid JSON");
    expect(run(json(), '{"ok":true}')).toBeUndefined();
    expect(run(pickedFromList(), "typed text", "account")).toBe("Select account from the drop-down list");
    expect(run(pickedFromList(), { id: 3 }, "account")).toBeUndefined();
  });
});
