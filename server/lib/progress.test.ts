import { expect, it } from "vitest";
import { batchedProgress, PROGRESS_EVERY_MS, PROGRESS_EVERY_ROWS } from "./progress";

it("writes a job's progress once per batch of rows, or once the time has passed, and always the last row", async () => {
  let clock = 0;
  const writes: Array<[number, number]> = [];
  const after: number[] = [];
  const progress = batchedProgress(
    async (processed, total) => {
      writes.push([processed, total]);
    },
    { now: () => clock, written: async (processed) => void after.push(processed) },
  );
  for (let row = 1; row <= 250; row++) await progress.report(row, 1000);
  expect(writes).toEqual([
    [PROGRESS_EVERY_ROWS, 1000],
    [2 * PROGRESS_EVERY_ROWS, 1000],
  ]);
  // Slow rows: the time, not the rows, brings the next write.
  clock += PROGRESS_EVERY_MS - 1;
  await progress.report(251, 1000);
  expect(writes).toHaveLength(2);
  clock += 1;
  await progress.report(252, 1000);
  expect(writes.at(-1)).toEqual([252, 1000]);
  // The last row is written at once; a count reported again, or lower, is not.
  await progress.report(1000, 1000);
  await progress.report(1000, 1000);
  await progress.report(900, 1000);
  expect(writes.map(([processed]) => processed)).toEqual([100, 200, 252, 1000]);
  expect(after).toEqual([100, 200, 252, 1000]);
});
