import { US_STATES } from "../../src/domain/usStates";

/** Field checks with the spec's messages (document 1 section 5, document 3 section 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
export const ZIP_PATTERN = /^\d{5}$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const MESSAGES = {
  email: "must be a valid email address",
  emailTaken: "has already been taken",
  phone: "must be a valid phone number",
  zip: "must be a valid zip",
  required: (attribute: string) => `The ${attribute} field is required.`,
  state: "is not a valid state",
  date: "must be a date (yyyy-MM-dd)",
};

export function isUsState(value: string): boolean {
  return (US_STATES as readonly string[]).includes(value);
}
