import type { Validator } from "react-admin";

/**
 * Field validators with the spec's messages (document 1 section 5, document 3 section 5), as react-admin validators.
 * Messages are i18n keys of app.errors.validation. The `:attribute` of 'The :attribute field is required.' is the
 * field's name with underscores as spaces (`first_name` → "first name"), as the server writes it too.
 * The patterns match the server's (server/lib/validators.ts); both belong in src/domain one day.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
export const ZIP_PATTERN = /^\d{5}$/;
const URL_PATTERN = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

const KEY = "app.errors.validation";

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);

/** "profile_attributes.first_name" → "first name". */
export function attributeName(source: string | undefined): string {
  const last = (source ?? "").split(".").pop() ?? "";
  return last.replace(/_/g, " ").trim() || "this";
}

type RequiredValidator = Validator & { isRequired: boolean };

/** 'The :attribute field is required.'; the attribute defaults to the input's source. */
export function required(attribute?: string): RequiredValidator {
  const validator = ((value: unknown, _values: unknown, props?: { source?: string }) =>
    isEmpty(value) ? { message: `${KEY}.required`, args: { attribute: attribute ?? attributeName(props?.source) } } : undefined) as unknown as RequiredValidator;
  validator.isRequired = true;
  return validator;
}

/** The short form 'This field is required' (readings C-18). */
export function requiredShort(): RequiredValidator {
  const validator = ((value: unknown) => (isEmpty(value) ? `${KEY}.required_short` : undefined)) as unknown as RequiredValidator;
  validator.isRequired = true;
  return validator;
}

const pattern =
  (regex: RegExp, message: string): Validator =>
  (value: unknown) =>
    isEmpty(value) || regex.test(String(value).trim()) ? undefined : `${KEY}.${message}`;

export const email = (): Validator => pattern(EMAIL_PATTERN, "email");
export const phone = (): Validator => pattern(PHONE_PATTERN, "phone");
export const zip = (): Validator => pattern(ZIP_PATTERN, "zip");
export const url = (): Validator => pattern(URL_PATTERN, "url");

export const minLength =
  (min: number): Validator =>
  (value: unknown) =>
    isEmpty(value) || String(value).length >= min ? undefined : { message: `${KEY}.min_length`, args: { min } };

export const minValue =
  (min: number): Validator =>
  (value: unknown) =>
    isEmpty(value) || Number(value) >= min ? undefined : { message: `${KEY}.min_value`, args: { min } };

export const maxValue =
  (max: number): Validator =>
  (value: unknown) =>
    isEmpty(value) || Number(value) <= max ? undefined : { message: `${KEY}.max_value`, args: { max } };

export const json = (): Validator => (value: unknown) => {
  if (isEmpty(value) || typeof value !== "string") return undefined;
  try {
    JSON.parse(value);
    return undefined;
  } catch {
    return `${KEY}.json`;
  }
};

/** An object field (picker) must hold a picked object with an id: 'Select :attribute from the drop-down list'. */
export function pickedFromList(attribute?: string): Validator {
  return (value: unknown, _values: unknown, props?: { source?: string }) =>
    isEmpty(value) || (typeof value === "object" && value !== null && "id" in value) || typeof value === "number"
      ? undefined
      : { message: `${KEY}.pick_from_list`, args: { attribute: attribute ?? attributeName(props?.source) } };
}
