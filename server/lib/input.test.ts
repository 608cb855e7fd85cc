import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError } from "./errors";
import { cents, cleanFileName, date, email, findUnsafeText, id, isCalendarDate, isTimestamp, text } from "./input";
import { parseInput } from "./input-errors";

const errorsOf = (schema: z.ZodType, data: unknown) => {
  try {
    parseInput(schema, data);
  } catch (error) {
    if (error instanceof ValidationError) return error.body.errors;
    throw error;
  }
  return null;
};

describe("input primitives", () => {
  it("takes ids as positive 32-bit integers, from JSON numbers or digits, nothing else", () => {
    expect(id.parse(12)).toBe(12);
    expect(id.parse("2147483647")).toBe(2147483647);
    for (const bad of [0, -1, 2147483648, "2147483648", "99999999999999999999", 1.5, "1e3", " 12", "0x10", "", true, null, [5]]) {
      expect(id.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it("takes only dates that exist on the calendar", () => {
    expect(date.parse("2024-02-29")).toBe("2024-02-29");
    for (const bad of ["2026-02-30", "2023-02-29", "1900-02-29", "0000-01-01", "2026-13-01", "2026-00-10", "2026-1-1", "2026-01-01T00:00:00Z"]) {
      expect(date.safeParse(bad).success, bad).toBe(false);
    }
    expect(isCalendarDate("2000-02-29")).toBe(true);
    expect(isTimestamp("2026-05-01T10:00:00Z")).toBe(true);
    expect(isTimestamp("0000-01-01T00:00:00Z")).toBe(false);
    expect(isTimestamp("+275760-09-13T00:00:00Z")).toBe(false);
    expect(isTimestamp("2026-02-30T10:00:00Z")).toBe(false);
  });

  it("bounds money and text, refuses NUL bytes and lone surrogates", () => {
    expect(cents.parse("150000")).toBe(150000);
    expect(cents.safeParse(-1).success).toBe(false);
    expect(cents.safeParse(1e12).success).toBe(false);
    expect(text(10).safeParse("x".repeat(11)).success).toBe(false);
    expect(text().safeParse("a\u0000b").success).toBe(false);
    expect(text().safeParse("a\uD800b").success).toBe(false);
    expect(text().safeParse("emoji 😀 ok").success).toBe(true);
    expect(findUnsafeText({ policy: { users: [{ email: "x\u0000" }] } })).toEqual(["policy", "users", "0", "email"]);
    expect(findUnsafeText({ ok: ["fine", 1, null] })).toBeNull();
  });

  it("cleans uploaded file names instead of refusing the file", () => {
    expect(cleanFileName("C:\\Users\\ann\\proof.pdf")).toBe("proof.pdf");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("déclaration–Ωμέγα 保险.pdf")).toBe("déclaration–Ωμέγα 保险.pdf");
    expect(cleanFileName("bad\u0000\r\nname\uD800.pdf")).toBe("badname.pdf");
    expect(cleanFileName("")).toBe("document");
    const long = cleanFileName(`${"a".repeat(400)}.pdf`);
    expect(long).toHaveLength(255);
    expect(long.endsWith(".pdf")).toBe(true);
  });
});

describe("the error map", () => {
  it("names every refused field in the product's words", () => {
    const schema = z.object({
      name: text(5),
      email,
      when: date,
      id,
      kind: z.enum(["a", "b"]),
      tags: z.array(text()).min(1),
      nested: z.object({ flag: z.boolean() }).strict(),
    });
    expect(errorsOf(schema, { name: "toolong", email: "nope", when: "2026-02-30", id: "x", kind: "c", tags: [], nested: { flag: "yes", extra: 1 } })).toEqual({
      name: "must be at most 5 characters",
      email: "must be a valid email address",
      when: "must be a date (yyyy-MM-dd)",
      id: "must be a valid id",
      kind: "is not included in the list",
      tags: "must have at least 1 items",
      "nested.flag": "must be true or false",
      "nested.extra": "is not permitted",
    });
    expect(errorsOf(schema, {})).toMatchObject({ name: "This field is required", email: "This field is required", id: "must be a valid id" });
    expect(errorsOf(z.object({ a: z.record(z.string(), z.any()) }), { a: { b: "x\u0000" } })).toEqual({ "a.b": "contains characters that are not allowed" });
  });

  it("never answers with zod's own English", () => {
    const schema = z.object({ a: z.string(), b: z.number().max(3), c: z.union([z.string(), z.number()]), d: z.literal("x") });
    const errors = errorsOf(schema, { a: 1, b: 9, c: true, d: "y" }) as Record<string, string>;
    for (const message of Object.values(errors)) expect(message).not.toMatch(/Invalid|expected|received|Too big|Too small/);
  });
});
