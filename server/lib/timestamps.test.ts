import { describe, expect, it } from "vitest";
import { isoTimestamp } from "./timestamps";

describe("isoTimestamp", () => {
  it("answers what Date answers, for PostgreSQL's text in UTC and every other form", () => {
    const inputs = [
      "2026-06-15 10:00:00.123456+00",
      "2026-06-15 10:00:00.123956+00",
      "2026-06-15 10:00:00.1+00",
      "2026-06-15 10:00:00.12+00",
      "2026-06-15 10:00:00.999999+00",
      "2026-06-15 10:00:00+00",
      "2026-01-01 00:00:00.000001+00",
      "2024-02-29 23:59:59.5+00",
      "2026-06-15 10:00:00.123456+05:30",
      "2026-06-15 10:00:00-08",
      "2026-06-15T10:00:00.123Z",
      "2026-06-15T10:00:00Z",
    ];
    for (const input of inputs) expect(isoTimestamp(input), input).toBe(new Date(input).toISOString());
    const date = new Date("2026-06-15T10:00:00.123Z");
    expect(isoTimestamp(date)).toBe("2026-06-15T10:00:00.123Z");
  });

  it("reads a timestamp PostgreSQL answers as the API always did", () => {
    expect(isoTimestamp("2026-06-15 10:00:00.123456+00")).toBe("2026-06-15T10:00:00.123Z");
    expect(isoTimestamp("2026-06-15 10:00:00+00")).toBe("2026-06-15T10:00:00.000Z");
  });
});
