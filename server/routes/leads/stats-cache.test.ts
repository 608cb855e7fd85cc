import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { cachedStats, leadEventsChanged, STATS_TTL_MS } from "./leads.stats";

/** The leads statistics cache (reference 4.9: 5 minutes per scope, window and filters) belongs to its database. */
describe("cachedStats", () => {
  const dbA = {} as Db;
  const dbB = {} as Db;
  const key = ["stats", { kind: "all" }, { start: "2026-11-01", end: "2026-11-07" }];

  it("answers from the cache for 5 minutes, then computes again", async () => {
    let runs = 0;
    const compute = async () => ++runs;
    expect(await cachedStats(dbA, key, compute, 1_000)).toBe(1);
    expect(await cachedStats(dbA, key, compute, 1_000 + STATS_TTL_MS - 1)).toBe(1);
    expect(await cachedStats(dbA, key, compute, 1_000 + STATS_TTL_MS)).toBe(2);
  });

  it("never answers one database's figures for another's, and a new event drops only its own database's", async () => {
    const now = 10 * STATS_TTL_MS;
    expect(await cachedStats(dbA, key, async () => "A", now)).toBe("A");
    expect(await cachedStats(dbB, key, async () => "B", now)).toBe("B");
    leadEventsChanged(dbA);
    expect(await cachedStats(dbA, key, async () => "A2", now)).toBe("A2");
    expect(await cachedStats(dbB, key, async () => "B2", now)).toBe("B");
  });
});
