import { loadEnv } from "../env";
import { openDatabase } from "./client";
import { migrate } from "./migrate";

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await migrate(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
