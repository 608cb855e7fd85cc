import { loadEnv } from "../../env";
import { openDatabase } from "../client";
import { migrate } from "../migrate";
import { seedScale } from "./scale";

/**
 * `npm run seed:scale -- --policies 1000000`: a benchmark-sized portfolio in DATA_DIR's embedded database, or in
 * DATABASE_URL's. Adds to what is there (ids continue after the current maximum).
 */
function policiesArg(): number {
  const i = process.argv.indexOf("--policies");
  const value = i > 0 ? Number(process.argv[i + 1]) : 100_000;
  if (!Number.isInteger(value) || value < 1) {
    console.error("--policies must be a positive whole number, e.g. --policies 1000000");
    process.exit(2);
  }
  return value;
}

const policies = policiesArg();
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrate(database);
  console.log(`Seeding ${policies.toLocaleString("en-US")} policies into ${database.kind === "pglite" ? `embedded PostgreSQL in ${env.DATA_DIR}` : "PostgreSQL (DATABASE_URL)"}…`);
  const summary = await seedScale(database, {
    policies,
    onProgress: (step, rows, ms) => console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${step}${rows ? ` ${rows.toLocaleString("en-US")}` : ""}`),
  });
  const { elapsedMs, ...counts } = summary;
  console.log(`Done in ${(elapsedMs / 1000).toFixed(1)} s:`, counts);
} finally {
  await database.close();
}
