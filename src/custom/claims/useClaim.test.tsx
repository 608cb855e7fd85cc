import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { CoreAdminContext, HttpError } from "react-admin";
import { CLAIM_HEARTBEAT_MS } from "../../domain/constants";
import { createMemoryDataProvider } from "../../test/memoryDataProvider";
import { BEACON_PATH, type ClaimCalls, useClaim } from "./useClaim";

function setup(answer: (path: string, body: unknown) => unknown) {
  const requests: Array<{ path: string; method?: string; body?: unknown }> = [];
  const dataProvider = createMemoryDataProvider({}, {
    async request<T>(path: string, init?: { method?: string; body?: unknown }) {
      requests.push({ path, method: init?.method, body: init?.body });
      return { json: answer(path, init?.body) as T, headers: new Headers() };
    },
  });
  const wrapper = ({ children }: { children: ReactNode }) => <CoreAdminContext dataProvider={dataProvider}>{children}</CoreAdminContext>;
  return { requests, wrapper };
}

const file = (id: number): ClaimCalls => ({ claim: { path: `/dmr/checked_files/${id}/claim` }, release: `/dmr/checked_files/${id}/claim` });
const flush = () => act(async () => undefined);

afterEach(() => vi.useRealTimers());

describe("useClaim", () => {
  it("claims the open item, renews it every minute, releases it when it closes", async () => {
    vi.useFakeTimers();
    const { requests, wrapper } = setup(() => ({ expires_at: "2026-11-20T15:40:00.000Z", release_token: "tok" }));
    const beacon = vi.fn(() => true);
    const { result, rerender } = renderHook(({ calls }) => useClaim(calls, { sendBeacon: beacon }), { wrapper, initialProps: { calls: file(4) as ClaimCalls | null } });
    await flush();
    expect(result.current.state).toEqual({ status: "held", expiresAt: "2026-11-20T15:40:00.000Z" });
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(1);

    await act(async () => vi.advanceTimersByTime(CLAIM_HEARTBEAT_MS));
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(2);
    await act(async () => vi.advanceTimersByTime(CLAIM_HEARTBEAT_MS - 1));
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(2);

    rerender({ calls: null });
    await flush();
    expect(requests.at(-1)).toMatchObject({ path: "/dmr/checked_files/4/claim", method: "DELETE" });
    // Closed: no more heartbeats, and nothing left for a closing tab to release.
    await act(async () => vi.advanceTimersByTime(CLAIM_HEARTBEAT_MS * 3));
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(2);
    window.dispatchEvent(new Event("pagehide"));
    expect(beacon).not.toHaveBeenCalled();
    expect(result.current.state).toEqual({ status: "idle" });
  });

  it("a closing tab releases by beacon with the token; a colleague's claim is named, and a take-over asks for it", async () => {
    let holder: string | null = "Dana Reviewer";
    const { requests, wrapper } = setup((_path, body) => {
      if (holder && !(body as { take_over?: boolean })?.take_over) throw new HttpError("taken", 409, { message: `This item is being reviewed by ${holder}. Try another one.`, holder: { id: 9, name: holder } });
      return { expires_at: "2026-11-20T15:40:00.000Z", release_token: "tok-7" };
    });
    const beacon = vi.fn(() => true);
    const { result } = renderHook(() => useClaim(file(7), { sendBeacon: beacon }), { wrapper });
    await flush();
    expect(result.current.state).toEqual({ status: "taken", message: "This item is being reviewed by Dana Reviewer. Try another one.", holder: { id: 9, name: "Dana Reviewer" } });
    window.dispatchEvent(new Event("pagehide"));
    expect(beacon).not.toHaveBeenCalled();

    await act(() => result.current.takeOver());
    expect(requests.at(-1)).toMatchObject({ method: "POST", body: { take_over: true } });
    expect(result.current.state.status).toBe("held");
    holder = null;
    window.dispatchEvent(new Event("pagehide"));
    expect(beacon).toHaveBeenCalledWith(BEACON_PATH, "tok-7");
  });
  it("a claim that gets no answer is asked again shortly instead of shutting the reviewer out; a refusal is not", async () => {
    vi.useFakeTimers();
    let failures = 2;
    const { requests, wrapper } = setup(() => {
      if (failures-- > 0) throw new HttpError("Bad Gateway", 502, {});
      return { expires_at: "2026-11-20T15:40:00.000Z", release_token: "tok" };
    });
    const { result } = renderHook(() => useClaim(file(5)), { wrapper });
    await flush();
    expect(result.current.state.status).toBe("claiming");
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(result.current.state.status).toBe("claiming");
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(result.current.state).toEqual({ status: "held", expiresAt: "2026-11-20T15:40:00.000Z" });
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(3);

    const refused = setup(() => {
      throw new HttpError("taken", 409, { message: "This item is being reviewed by Dana Reviewer. Try another one.", holder: { id: 9, name: "Dana Reviewer" } });
    });
    const other = renderHook(() => useClaim(file(6)), { wrapper: refused.wrapper });
    await flush();
    expect(other.result.current.state.status).toBe("taken");
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(refused.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });
});
