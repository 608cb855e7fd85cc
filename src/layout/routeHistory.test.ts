import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearRouteHistory, recordRoute, usePreviousRoute } from "./routeHistory";

afterEach(() => clearRouteHistory());

describe("route history (document 1 section 2.3)", () => {
  it("offers a previous route only once there is one, sign-in screens excluded", () => {
    const { result } = renderHook(() => usePreviousRoute());
    act(() => recordRoute("/dashboard/leads"));
    expect(result.current).toBeNull();
    act(() => recordRoute("/auth/login?return_url=x"));
    act(() => recordRoute("/dashboard/users/browse"));
    expect(result.current).toBe("/dashboard/leads");
  });

  it("steps back when the previous route is visited again, and lets a redirect take the last place", () => {
    const { result } = renderHook(() => usePreviousRoute());
    act(() => {
      recordRoute("/dashboard/leads");
      recordRoute("/dashboard/users/browse");
      recordRoute("/dashboard/users/view/3");
      recordRoute("/dashboard/users/browse");
    });
    expect(result.current).toBe("/dashboard/leads");
    act(() => recordRoute("/404", true));
    expect(result.current).toBe("/dashboard/leads");
  });
});
