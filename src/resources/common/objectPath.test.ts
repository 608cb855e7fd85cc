import { describe, expect, it } from "vitest";
import { relativeToBasename } from "./navigation";
import { getPath, hasActiveFilters, setPath, unsetPath } from "./objectPath";

describe("filter paths", () => {
  it("sets and unsets nested values without touching the others", () => {
    const filters = { profile: { contact_email: { like: "a" } }, enabled: "true" };
    const next = setPath(filters, "profile.full_name", { like: "ann" });
    expect(next).toEqual({ profile: { contact_email: { like: "a" }, full_name: { like: "ann" } }, enabled: "true" });
    expect(filters).toEqual({ profile: { contact_email: { like: "a" } }, enabled: "true" });
    expect(unsetPath(unsetPath(next, "profile.full_name"), "profile.contact_email")).toEqual({ enabled: "true" });
    expect(setPath(next, "accounts.id", [])).toEqual(next);
    expect(getPath(next, "profile.full_name.like")).toBe("ann");
  });

  it("knows when filters are active", () => {
    expect(hasActiveFilters({})).toBe(false);
    expect(hasActiveFilters({ profile: {}, accounts: { id: [] }, t_code: "" })).toBe(false);
    expect(hasActiveFilters({ organizable_type: "Account" })).toBe(true);
    expect(hasActiveFilters({ profile: { full_name: { like: "x" } } })).toBe(true);
  });

  it("turns a console URL into one relative to <Admin basename>", () => {
    expect(relativeToBasename("/dashboard/users/view/1", "/dashboard")).toBe("/users/view/1");
    expect(relativeToBasename("/auth/login", "/dashboard")).toBe("/auth/login");
    expect(relativeToBasename("/dashboard/users/view/1", "")).toBe("/dashboard/users/view/1");
  });
});
