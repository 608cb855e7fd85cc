import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from "../../src/domain/passwords";
import { US_STATES } from "../../src/domain/usStates";

/** Field checks with the spec's messages (document 1 section 5, document 3 section 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
export const ZIP_PATTERN = /^\d{5}$/;

export const MESSAGES = {
  email: "must be a valid email address",
  emailTaken: "has already been taken",
  phone: "must be a valid phone number",
  zip: "must be a valid zip",
  required: (attribute: string) => `The ${attribute} field is required.`,
  requiredShort: "This field is required",
  state: "is not a valid state",
  date: "must be a date (yyyy-MM-dd)",
  tooShort: (n: number) => `must be at least ${n} characters`,
  tooLong: (n: number) => `must be at most ${n} characters`,
  commonPassword: "is too common: choose a password that is harder to guess",
  min: (n: number) => `min value is ${n}`,
  max: (n: number) => `max value is ${n} number`,
  tooFew: (n: number) => `must have at least ${n} items`,
  tooMany: (n: number) => `must have at most ${n} items`,
  notInList: "is not included in the list",
  amBestRating: "is not an AM Best rating (A++, A+, A, A-, B++, B+, B, B-, C++, C+, C, C-, D, E, F or S)",
  id: "must be a valid id",
  cents: "must be an amount in cents",
  number: "must be a number",
  wholeNumber: "must be a whole number",
  text: "must be text",
  boolean: "must be true or false",
  list: "must be a list",
  object: "must be an object",
  notPermitted: "is not permitted",
  unsafeText: "contains characters that are not allowed",
  fileName: "is not a valid file name",
  invalid: "is invalid",
};

export function isUsState(value: string): boolean {
  return (US_STATES as readonly string[]).includes(value);
}

/** The new-password rule (src/domain/passwords.ts) as a field message, or undefined when the password is fine. */
export function passwordError(password: string): string | undefined {
  switch (passwordProblem(password)) {
    case "too_short":
      return MESSAGES.tooShort(MIN_PASSWORD_LENGTH);
    case "too_long":
      return MESSAGES.tooLong(MAX_PASSWORD_LENGTH);
    case "too_common":
      return MESSAGES.commonPassword;
    default:
      return undefined;
  }
}
