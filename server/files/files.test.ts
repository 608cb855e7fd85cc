import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, expect, it, vi } from "vitest";
import type { Database } from "../db/client";
import { openTestDatabase } from "../test/helpers";
import { attachDocument } from "./documents";
import { signDocumentLink } from "./signed-links";
import { localFileStore } from "./store";

const dir = mkdtempSync(join(tmpdir(), "coverdesk-files-test-"));
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One start of the API as main.ts makes it: the modules loaded afresh, so nothing is remembered in memory. */
async function start(db: Database) {
  vi.resetModules();
  const { buildApp } = await import("../app");
  const { testEnv } = await import("../env");
  const app = await buildApp({ database: db, env: testEnv({ STATIC_DIR: "./no-console-in-tests" }), files: localFileStore(dir) });
  await app.ready();
  return app;
}

it("keeps the link-signing key without FILES_SECRET: a link mailed before a restart still downloads after it", async () => {
  database = await openTestDatabase();
  const first = await start(database);
  const doc = await attachDocument(first.db, first.files, { type: "Export", id: 1 }, { filename: "a.csv", contentType: "text/csv", body: Readable.from(["id\r\n1\r\n"]) });
  const link = signDocumentLink(doc.id, first.env.FILES_SECRET, 7 * 86400);
  expect((await first.inject({ url: link })).body).toBe("id\r\n1\r\n");
  await first.close();

  const second = await start(database);
  const res = await second.inject({ url: link });
  expect(res.statusCode).toBe(200);
  expect(res.body).toBe("id\r\n1\r\n");
  await second.close();
});

it("refuses to start with several processes or an S3 store unless FILES_SECRET is given, naming it", async () => {
  const { EnvError, loadEnv } = await import("../env");
  expect(() => loadEnv({ API_PROCESSES: "2" })).toThrow(EnvError);
  expect(() => loadEnv({ API_PROCESSES: "2" })).toThrow(/FILES_SECRET: must be set .* when API_PROCESSES > 1/);
  expect(() => loadEnv({ FILES_URL: "s3://coverdesk-files/prod" })).toThrow(/FILES_SECRET: must be set .* when FILES_URL is an S3 bucket/);
  expect(loadEnv({ API_PROCESSES: "2", FILES_SECRET: "x".repeat(32) }).API_PROCESSES).toBe(2);
  expect(loadEnv({ FILES_URL: "s3://coverdesk-files/prod", FILES_SECRET: "x".repeat(32) }).FILES_URL).toBe("s3://coverdesk-files/prod");
  expect(loadEnv({}).FILES_SECRET).toBeUndefined();
});
