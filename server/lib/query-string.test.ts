import { describe, expect, it } from "vitest";
import { flattenFilter } from "./list";
import { parseBracketQuery } from "./query-string";

describe("parseBracketQuery", () => {
  it("nests bracket keys and collects [] into arrays", () => {
    expect(parseBracketQuery("filter[profile][full_name][like]=ann&filter[id][]=1&filter[id][]=2&pagination[page]=3&agency_id=4")).toEqual({
      filter: { profile: { full_name: { like: "ann" } }, id: ["1", "2"] },
      pagination: { page: "3" },
      agency_id: "4",
    });
  });

  it("decodes values and keeps a plain key as is", () => {
    expect(parseBracketQuery("query=a%20b%26c&x=1")).toEqual({ query: "a b&c", x: "1" });
  });
});

describe("flattenFilter", () => {
  it("turns nested association keys into dotted paths and keeps operator objects", () => {
    expect(flattenFilter({ profile: { full_name: { like: "x" } }, created_at: { start: "2026-01-01", end: "2026-02-01" }, enabled: "true" })).toEqual([
      ["profile.full_name", { like: "x" }],
      ["created_at", { start: "2026-01-01", end: "2026-02-01" }],
      ["enabled", "true"],
    ]);
  });
});
