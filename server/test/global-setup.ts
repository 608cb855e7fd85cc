import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../db/client";
import { migrate } from "../db/migrate";
import { ensureReferenceData } from "../db/reference-data";
import { testDatabaseUrl } from "./database-url";

/**
 * Migrates one embedded database and dumps it, so each API test file starts from a copy in ~1 s instead of a
 * fresh initdb (~5 s; stack.md pitfall 8). In `npm run test:pg` (testDatabaseUrl), also migrates one template
 * database on that server: each test database is a copy of it (`CREATE DATABASE … TEMPLATE`, ~0.3 s) instead of
 * running every migration again (~3 s each, and the suite opens well over a hundred).
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

  const url = testDatabaseUrl();
  if (!url) return;
  const template = `coverdesk_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE ${template}`);
  const target = new URL(url);
  target.pathname = `/${template}`;
  const migrated = openPostgres(target.toString());
  await migrate(migrated);
  await ensureReferenceData(migrated.db);
  // A template must have no connections while it is copied.
  await migrated.close();
  project.provide("pgTemplate", template);
  return async () => {
    await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}

async function adminQuery(url: string, statement: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
    /** The migrated template database on the test:pg server (testDatabaseUrl). */
    pgTemplate: string;
  }
}
