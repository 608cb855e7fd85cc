import type { CardConnectProvider } from "../billing/card-connect";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../app";
import type { PaymentGateway } from "../billing";
import { type Database, openPglite, openPostgres } from "../db/client";
import { testEnv } from "../env";
import { testDatabaseUrl } from "./database-url";
import { type FileStore, localFileStore } from "../files/store";
import { createMailer, type Mailer, type OutgoingMail } from "../mail/mailer";

/**
 * A test database: a copy of the migrated PGlite image, or, in `npm run test:pg` (testDatabaseUrl), a copy of the migrated
 * template database on that PostgreSQL server (made by globalSetup), dropped afterwards.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = testDatabaseUrl();
  if (!url) {
    const dump = readFileSync(inject("pgliteDump"));
    return openPglite("memory://", new Blob([dump]));
  }
  const name = `coverdesk_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplate")}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString());
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    // Let connections still finishing (a job queue's pool, a request's last query) end by themselves first: one
    // killed by FORCE while checked out surfaces as an unhandled error in whichever test runs next.
    for (let i = 0; i < 50; i++) {
      const { rows } = await dropper.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return database;
}

/** The real mailer without SMTP (every mail lands in sent_emails), also keeping what it sent for assertions. */
export function recordingMailer(db: Database["db"], files?: FileStore): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  const real = createMailer(db, { from: "Coverdesk <no-reply@test.dev>", files });
  return {
    sent,
    async send(mail) {
      sent.push(mail);
      return real.send(mail);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  mailer: ReturnType<typeof recordingMailer>;
  files: FileStore;
  /** The folder `files` keeps its bytes in. */
  filesDir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream; gateway?: PaymentGateway; cardConnect?: CardConnectProvider } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const filesDir = mkdtempSync(join(tmpdir(), "coverdesk-files-"));
  const files = localFileStore(filesDir);
  const mailer = recordingMailer(database.db, files);
  const app = await buildApp({ database, env: testEnv({ STATIC_DIR: "./no-console-in-tests", ...envOverrides }), mailer, files, logStream: options.logStream, gateway: options.gateway, cardConnect: options.cardConnect });
  await app.ready();
  return {
    app,
    database,
    mailer,
    files,
    filesDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export type AuthHeaders = Record<"access-token" | "client" | "uid" | "token-type" | "expiry", string>;

/** Signs in through the real endpoint and returns the headers later calls send. */
export async function signInAs(app: FastifyInstance, email: string, password = "secret-pass"): Promise<AuthHeaders> {
  const res = await app.inject({ method: "POST", url: "/v2/staff/auth/sign_in", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign in as ${email} failed: ${res.statusCode} ${res.body}`);
  const h = res.headers;
  return {
    "access-token": String(h["access-token"]),
    client: String(h.client),
    uid: String(h.uid),
    "token-type": String(h["token-type"]),
    expiry: String(h.expiry),
  };
}
