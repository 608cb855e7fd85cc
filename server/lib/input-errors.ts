import type { FastifySchemaCompiler } from "fastify";
import { z } from "zod";
import { ValidationError } from "./errors";
import { findUnsafeText } from "./input";
import { MESSAGES } from "./validators";

/**
 * The one error map: every refused field is named in the product's words (document 1 section 5, document 3
 * section 5), never zod's English ("Invalid input: expected string, received undefined"). Messages a schema states
 * itself (`must be a valid email address`) win over these.
 */
function wrongType(expected: string, input: unknown): string {
  if (input === undefined || input === null) return MESSAGES.requiredShort;
  switch (expected) {
    case "string":
      return MESSAGES.text;
    case "number":
    case "int":
    case "bigint":
      return MESSAGES.number;
    case "boolean":
      return MESSAGES.boolean;
    case "array":
      return MESSAGES.list;
    case "object":
    case "record":
      return MESSAGES.object;
    default:
      return MESSAGES.invalid;
  }
}

export const productErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      return wrongType(issue.expected, issue.input);
    case "invalid_union": {
      // No branch took the value's type at all: name the first type the field takes ("must be text").
      const first = issue.errors.map((branch) => branch[0]);
      if (first.length && first.every((i) => i?.code === "invalid_type")) return wrongType((first[0] as z.core.$ZodIssueInvalidType).expected, issue.input);
      return MESSAGES.invalid;
    }
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? MESSAGES.requiredShort : MESSAGES.tooShort(Number(issue.minimum));
      if (issue.origin === "array" || issue.origin === "set") return MESSAGES.tooFew(Number(issue.minimum));
      return MESSAGES.min(Number(issue.minimum));
    case "too_big":
      if (issue.origin === "string") return MESSAGES.tooLong(Number(issue.maximum));
      if (issue.origin === "array" || issue.origin === "set") return MESSAGES.tooMany(Number(issue.maximum));
      return MESSAGES.max(Number(issue.maximum));
    case "invalid_format":
      if (issue.format === "email") return MESSAGES.email;
      return MESSAGES.invalid;
    case "not_multiple_of":
      return MESSAGES.wholeNumber;
    case "invalid_value":
      return MESSAGES.notInList;
    case "unrecognized_keys":
      return MESSAGES.notPermitted;
    default:
      return MESSAGES.invalid;
  }
};

/** `["policy", "users", 0, "email"]` → "policy.users.0.email"; the whole input is named by its part ("body"). */
const fieldName = (path: PropertyKey[], whole: string) => (path.length ? path.map(String).join(".") : whole);

/** Zod issues → `{field: message}`, first message per field; unknown keys are named one by one. */
export function fieldErrors(issues: z.core.$ZodIssue[], whole = "body"): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) errors[fieldName([...issue.path, key], whole)] ??= issue.message;
    } else {
      errors[fieldName(issue.path, whole)] ??= issue.message;
    }
  }
  return errors;
}

/** Parses input no route schema saw (multipart forms), with the same messages; a 422 on failure. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown, whole = "body"): z.output<S> {
  const unsafe = findUnsafeText(data);
  if (unsafe) throw new ValidationError({ [fieldName(unsafe, whole)]: MESSAGES.unsafeText });
  const result = schema.safeParse(data, { error: productErrorMap });
  if (!result.success) throw new ValidationError(fieldErrors(result.error.issues, whole));
  return result.data;
}

/**
 * The routes' validator (fastify-type-provider-zod's, with the error map and the text rule): any string of a body,
 * query, params or headers holding a NUL byte or a lone surrogate is refused, also under `z.any()`. Runs after the
 * session check (registerSignedInArea), so a caller without a session learns nothing about the schema.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  // A form its handler reads part by part (files are streamed, never held): the schema documents it.
  if (schema.meta()?.["x-multipart"]) return (data) => ({ value: data });
  return (data) => {
    const whole = httpPart === "querystring" ? "query" : (httpPart ?? "body");
    const unsafe = findUnsafeText(data);
    if (unsafe) return { error: new ValidationError({ [fieldName(unsafe, whole)]: MESSAGES.unsafeText }) };
    const result = schema.safeParse(data, { error: productErrorMap });
    if (!result.success) return { error: new ValidationError(fieldErrors(result.error.issues, whole)) };
    return { value: result.data };
  };
};
