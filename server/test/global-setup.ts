import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite } from "../db/client";
import { migrate } from "../db/migrate";
import { ensureReferenceData } from "../db/reference-data";

/**
 * Migrates one embedded database and dumps it, so each API test file starts from a copy in ~1 s instead of a
 * fresh initdb (~5 s; stack.md pitfall 8).
 */
export default async function setup(project: TestProject) {
  const database = await openPglite("memory://");
  await migrate(database);
  await ensureReferenceData(database.db);
  const dump = await database.pglite!.dumpDataDir("none");
  const file = join(mkdtempSync(join(tmpdir(), "coverdesk-test-")), "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteDump", file);
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}
