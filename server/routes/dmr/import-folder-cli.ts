import { resolve } from "node:path";
import { openDatabase } from "../../db/client";
import { migrate } from "../../db/migrate";
import { loadEnv } from "../../env";
import { localFileStore } from "../../files/store";
import { importFolder } from "./import-folder";

/** `npm run dmr:import -- <folder>`: queues the folder's PDFs for DMR review in DATA_DIR's database (or DATABASE_URL's). */
const folder = process.argv[2];
if (!folder) {
  console.error("Usage: npm run dmr:import -- <folder with PDF files>");
  process.exit(2);
}
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrate(database);
  const result = await importFolder(database.db, localFileStore(resolve(env.DATA_DIR, "files")), resolve(folder), (name, outcome) => console.log(`  ${name}: ${outcome}`));
  console.log(`Queued ${result.added.length}, already queued ${result.duplicates.length}, refused ${result.refused.length}.`);
  process.exitCode = result.refused.length ? 1 : 0;
} finally {
  await database.close();
}
