import { useCallback, useEffect, useRef, useState } from "react";
import { useDataProvider } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { CLAIM_HEARTBEAT_MS } from "../../domain/constants";

/** A claim that failed for want of an answer is asked again this often, this many times, before it is shown failed. */
const CLAIM_RETRY_MS = 2_000;
const CLAIM_RETRIES = 3;
import { serverMessage } from "../../resources/policies/show/useApi";

/** Where the claim calls of one kind of item go (docs/API.md "Policy Review" and "DMR additions"). */
export interface ClaimCalls {
  /** POST claims or renews; DELETE releases the caller's own claim. */
  claim: { path: string; body?: Record<string, unknown> };
  release: string;
}

export type ClaimState =
  | { status: "idle" }
  | { status: "claiming" }
  | { status: "held"; expiresAt: string }
  /** Someone else holds the item: the server's message names them. */
  | { status: "taken"; message: string; holder: { id: number; name: string } | null };

/** Where a closing tab sends its release tokens (no session headers: `navigator.sendBeacon`). */
export const BEACON_PATH = "/v2/review_claims/release";

/** What the claim, the heartbeat and the release need from the browser; tests give their own. */
export interface ClaimEnvironment {
  sendBeacon?: (url: string, data: string) => boolean;
}

/**
 * Claims follow attention (issue 10): the item open on screen is claimed, its claim renewed every
 * CLAIM_HEARTBEAT_MS while it stays open, and released when the reviewer moves on (another item, closing it, leaving
 * the page) or closes the tab (a beacon with the release token). `calls` null means nothing is open.
 * `takeOver` (DMR, super admins) moves a colleague's claim to the caller.
 */
export function useClaim(calls: ClaimCalls | null, environment: ClaimEnvironment = {}) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [state, setState] = useState<ClaimState>({ status: "idle" });
  const token = useRef<string | null>(null);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const key = calls ? `${calls.claim.path}|${JSON.stringify(calls.claim.body ?? {})}|${calls.release}` : null;
  // The current calls, read by callbacks without re-running the claim effect on every render.
  const current = useRef(calls);
  current.current = calls;
  const beacon = useRef(environment.sendBeacon);
  beacon.current = environment.sendBeacon;

  const claim = useCallback(
    async (extra: Record<string, unknown> = {}, live: () => boolean = () => true, attempt = 0): Promise<void> => {
      const target = current.current;
      if (!target) return;
      try {
        const { json } = await dataProvider.request<{ expires_at: string; release_token?: string }>(target.claim.path, {
          method: "POST",
          body: { ...(target.claim.body ?? {}), ...extra },
        });
        if (!live()) return;
        token.current = json?.release_token ?? token.current;
        setState({ status: "held", expiresAt: json?.expires_at ?? "" });
      } catch (error) {
        if (!live()) return;
        const status = (error as { status?: number }).status;
        // A dropped connection, a busy server or a throttled call says nothing about who holds the item: the reviewer
        // is not shut out until the next heartbeat, the claim is asked again shortly (a decision is checked by the
        // server anyway). Only the server's refusal (409 taken, 404 gone, 403) marks the item as not theirs.
        if (status === undefined || status === 0 || status === 429 || status >= 500) {
          if (attempt < CLAIM_RETRIES) {
            retry.current = setTimeout(() => void claim(extra, live, attempt + 1), CLAIM_RETRY_MS);
            return;
          }
        }
        token.current = null;
        const body = (error as { body?: { holder?: { id: number; name: string } } }).body;
        setState({ status: "taken", message: serverMessage(error) ?? "", holder: body?.holder ?? null });
      }
    },
    [dataProvider],
  );

  useEffect(() => {
    if (!key) {
      setState({ status: "idle" });
      return;
    }
    let live = true;
    const alive = () => live;
    const release = current.current!.release;
    setState({ status: "claiming" });
    token.current = null;
    void claim({}, alive);
    // The heartbeat renews only a claim the caller holds; a colleague's claim is asked again, in case it lapsed.
    const heartbeat = setInterval(() => void claim({}, alive), CLAIM_HEARTBEAT_MS);
    const onPageHide = () => {
      const send = beacon.current ?? (typeof navigator !== "undefined" && navigator.sendBeacon ? navigator.sendBeacon.bind(navigator) : undefined);
      if (token.current && send) send(BEACON_PATH, token.current);
      token.current = null;
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      live = false;
      clearInterval(heartbeat);
      clearTimeout(retry.current);
      window.removeEventListener("pagehide", onPageHide);
      if (token.current) dataProvider.request(release, { method: "DELETE" }).catch(() => undefined);
      token.current = null;
    };
  }, [key, claim, dataProvider]);

  const takeOver = useCallback(() => claim({ take_over: true }), [claim]);
  return { state, takeOver };
}
