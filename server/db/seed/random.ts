/**
 * A seeded PRNG (mulberry32) with the few draws the seeds need. A fixed seed makes the demo portfolio identical on
 * every machine and every run; Math.random is never used.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    /** An integer in [min, max], both included. */
    int,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    /** A key of `weights`, drawn in proportion to its weight. */
    weighted<K extends string>(weights: Readonly<Partial<Record<K, number>>>): K {
      const entries = Object.entries(weights) as Array<[K, number]>;
      let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [key, weight] of entries) {
        roll -= weight;
        if (roll < 0) return key;
      }
      return entries[entries.length - 1][0];
    },
    /** `length` lowercase hex digits. */
    hex: (length: number) => Array.from({ length }, () => int(0, 15).toString(16)).join(""),
  };
}

export type Random = ReturnType<typeof createRandom>;
