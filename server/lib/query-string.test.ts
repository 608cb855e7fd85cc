import { describe, expect, it } from "vitest";
import { flattenFilter } from "./list";
import { parseBracketQuery, parseBracketQueryStrict, parseJsonStrict, refusedParam } from "./query-string";

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

describe("forbidden keys", () => {
  it("builds objects without a prototype, so no key can reach Object.prototype", () => {
    const parsed = parseBracketQuery("filter[a][b]=1");
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.getPrototypeOf(parsed.filter)).toBeNull();
  });

  it("records the first forbidden parameter and leaves it out", () => {
    const parsed = parseBracketQuery("x=1&__proto__[agency_id]=9&filter[constructor]=2");
    expect(refusedParam(parsed)).toBe("__proto__[agency_id]");
    expect({ ...parsed }).toEqual({ x: "1" });
    expect(({} as Record<string, unknown>).agency_id).toBeUndefined();
    expect(refusedParam(parseBracketQuery("x=1"))).toBeUndefined();
  });

  it("throws a 422 where parsing happens inside a handler, and for JSON at any depth", () => {
    expect(() => parseBracketQueryStrict("policy[prototype][x]=1")).toThrow(/not allowed/);
    expect(() => parseJsonStrict('{"a": [{"b": {"__proto__": {"x": 1}}}]}')).toThrow(/not allowed/);
    expect(parseJsonStrict('{"a": [1, {"b": "c"}]}')).toEqual({ a: [1, { b: "c" }] });
  });

  it("still refuses broken JSON and forbidden keys once pdfjs-dist's legacy build (proof extraction) has replaced JSON.parse", async () => {
    await import("pdfjs-dist/legacy/build/pdf.mjs");
    // The polyfill is process-wide (the API tests share a process, so another file may have loaded it first): a server
    // that has read one proof PDF parses every later body through it, and its reviver path takes "{" for {}.
    expect(JSON.parse("{", (_key, value: unknown) => value)).toEqual({});
    expect(() => parseJsonStrict("{")).toThrow(SyntaxError);
    expect(() => parseJsonStrict('{"a": {"constructor": {"prototype": {"x": 1}}}}')).toThrow(/not allowed/);
    expect(parseJsonStrict('{"a": [1, {"b": "c"}]}')).toEqual({ a: [1, { b: "c" }] });
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
