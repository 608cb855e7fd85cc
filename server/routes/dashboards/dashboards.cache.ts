import type { Scope } from "../../lib/scope";
import type { DashboardQuery } from "./dashboards.service";

/**
 * The policies dashboard's numbers, kept a short while per process (issue 16: they were computed again on every
 * request, and the console asks for the totals and the graphs of the same filters at once). An entry is keyed by
 * everything the numbers depend on — the caller's scope (kind, account and community ids, agency ids), the window and
 * the product — so one tenant's numbers are never answered to another; who may see GetCovered's share is decided
 * after, on every answer. The key also holds the scope's data version (migrations 0040 and 0048: every write to
 * policies, their invoices or the commission settings advances the version of the agencies it touched, or of all), so
 * a change is seen at the next request in every process, not up to `ttlMs` later, and a write in one tenant leaves the
 * others' entries in place. Entries live `ttlMs` at most; a computation in flight is shared by the requests that ask for it
 * meanwhile, and a failed one is not kept.
 */
export type DashboardCacheKey = Pick<DashboardQuery, "scope" | "window" | "policyTypeId"> & { version?: string };

export interface DashboardCache {
  get<T>(q: DashboardCacheKey, compute: () => Promise<T>): Promise<{ value: T; computedAt: Date }>;
  readonly size: number;
}

/** Most entries kept: past it the oldest goes (a cache of a few filters per tenant, not of every window ever asked). */
const MAX_ENTRIES = 1000;

const sorted = (ids: readonly number[] | undefined) => (ids ? [...ids].sort((a, b) => a - b) : null);

/** The key of a scope: its kind and every id that bounds it, in a fixed order. */
export function scopeKey(scope: Scope): string {
  switch (scope.kind) {
    case "all":
    case "none":
      return scope.kind;
    case "account":
      return `account:${scope.accountId}:${JSON.stringify(sorted(scope.communityIds))}`;
    case "agencies":
      return `agencies:${JSON.stringify(sorted(scope.agencyIds))}`;
  }
}

export function dashboardCacheKey(q: DashboardCacheKey): string {
  return JSON.stringify([scopeKey(q.scope), q.window.start, q.window.end, q.policyTypeId ?? 0, q.version ?? ""]);
}

export function createDashboardCache(options: { ttlMs: number; now?: () => number }): DashboardCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; value: Promise<{ value: unknown; computedAt: Date }> }>();
  return {
    get size() {
      return entries.size;
    },
    async get<T>(q: DashboardCacheKey, compute: () => Promise<T>) {
      if (options.ttlMs <= 0) return { value: await compute(), computedAt: new Date(now()) };
      const key = dashboardCacheKey(q);
      const at = now();
      const kept = entries.get(key);
      if (kept && at - kept.at < options.ttlMs) return kept.value as Promise<{ value: T; computedAt: Date }>;
      entries.delete(key);
      const value = compute().then((v) => ({ value: v, computedAt: new Date(at) }));
      entries.set(key, { at, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      for (const [old, entry] of entries) {
        if (entries.size <= MAX_ENTRIES && at - entry.at < options.ttlMs) break;
        entries.delete(old);
      }
      return value as Promise<{ value: T; computedAt: Date }>;
    },
  };
}
