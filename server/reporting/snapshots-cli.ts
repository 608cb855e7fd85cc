import { isCalendarDate } from "../lib/input";
import { loadEnv } from "../env";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { daysBefore, reportToday } from "../../src/domain/leads";
import { backfillDates, writeSnapshots } from "./snapshots";

/**
 * `npm run snapshots -- --date 2026-11-01` writes (or rewrites) the coverage snapshot of one date;
 * `--months 12` backfills the first of each of the last 12 months and yesterday. Without arguments: yesterday.
 */
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}
const yesterday = daysBefore(reportToday(), 1);
const date = arg("--date");
const months = arg("--months");
if (date !== undefined && !isCalendarDate(date)) {
  console.error("--date must be a calendar date, e.g. --date 2026-11-01");
  process.exit(2);
}
if (months !== undefined && !(Number.isInteger(Number(months)) && Number(months) > 0 && Number(months) <= 120)) {
  console.error("--months must be a whole number from 1 to 120");
  process.exit(2);
}
const dates = months ? backfillDates(date ?? yesterday, Number(months)) : [date ?? yesterday];
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrate(database);
  const started = Date.now();
  const rows = await writeSnapshots(database.db, dates, (d, n, ms) => console.log(`  ${d}: ${n.toLocaleString("en-US")} rows in ${(ms / 1000).toFixed(1)} s`));
  console.log(`${dates.length} date(s), ${rows.toLocaleString("en-US")} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
