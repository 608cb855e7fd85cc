import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { appSecrets } from "../db/schema";

/**
 * A secret the platform makes for itself the first time it is asked for and then keeps (app_secrets): every later
 * start, and every process on the same database, gets the same value. The first writer wins a race.
 */
export async function keptSecret(db: Db, name: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: randomBytes(32).toString("hex") }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row.value;
}
