import { configureProviderNetwork } from "./integrations/http";
import { type CardConnectProvider, cardConnectFromEnv } from "./billing/card-connect";
import { existsSync, readFileSync } from "node:fs";
import { constants as zlibConstants } from "node:zlib";
import { resolve } from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyMultipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { Database, Db } from "./db/client";
import type { AppEnv, Env } from "./env";
import { keptSecret } from "./lib/kept-secrets";
import { defaultGateway, type PaymentGateway } from "./billing";
import { AppError, TooManyRequestsError } from "./lib/errors";
import { logSerializers } from "./lib/log-redaction";
import { forbiddenKeyError, parseBracketQuery, parseJsonStrict, refusedParam } from "./lib/query-string";
import { validatorCompiler } from "./lib/input-errors";
import { recordRoutes } from "./lib/route-table";
import { registerOpenApi } from "./openapi/openapi";
import { fileRoutes } from "./files/files.routes";
import { malformedFormAnswer } from "./files/multipart";
import { openFileStore } from "./files/open-store";
import type { FileStore } from "./files/store";
import { registerJobHandlers } from "./jobs/handlers";
import { inlineQueue, type JobQueue } from "./jobs/queue";
import { createMailer, type Mailer } from "./mail/mailer";
import { authPlugin } from "./plugins/auth";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { registerModules } from "./routes";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    /** Which database serves `db`: the embedded one has a single connection (jobs/export-policies.ts). */
    databaseKind: Database["kind"];
    env: AppEnv;
    mailer: Mailer;
    files: FileStore;
    jobs: JobQueue;
    gateway: PaymentGateway;
    cardConnect: CardConnectProvider;
  }
}

export interface AppOptions {
  database: Database;
  env: Env;
  mailer?: Mailer;
  /** Where uploaded and generated files live; the one FILES_URL names when omitted (a folder under DATA_DIR). */
  files?: FileStore;
  /** Background jobs; in-process (not persisted) when omitted, as in API tests. main.ts passes pg-boss. */
  jobs?: JobQueue;
  /** Where log lines go (stdout when omitted); tests read them. */
  logStream?: NodeJS.WritableStream;
  /** Where charges and refunds go; the built-in test gateway when omitted (server/billing). */
  gateway?: PaymentGateway;
  /** The card-payment provider accounts connect to; the one the environment configures when omitted. */
  cardConnect?: CardConnectProvider;
}

/** What a 4xx the framework or a plugin raised says, in our words (their own text can name internals). */
const CLIENT_ERRORS: Record<number, { error: string; message: string }> = {
  400: { error: "bad_request", message: "The request could not be read" },
  404: { error: "not_found", message: "Not found" },
  405: { error: "method_not_allowed", message: "This method is not allowed here" },
  406: { error: "not_acceptable", message: "This request must be sent as multipart/form-data" },
  413: { error: "payload_too_large", message: "The request is too large" },
  415: { error: "unsupported_media_type", message: "This content type is not supported" },
};

export async function buildApp({ database, env, mailer, files, jobs, logStream, gateway, cardConnect }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: env.LOG_LEVEL === "silent" ? false : { level: env.LOG_LEVEL, serializers: logSerializers, ...(logStream ? { stream: logStream } : {}) },
    // Forwarded headers are believed only from the proxies TRUST_PROXY names (client address, protocol, host).
    trustProxy: env.TRUST_PROXY.length ? env.TRUST_PROXY : false,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { querystringParser: parseBracketQuery },
  });
  recordRoutes(app);
  refuseForbiddenKeys(app);
  await registerCompression(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", database.db);
  app.decorate("databaseKind", database.kind);
  // Links signed before a restart, or by another process on this database, must still open (issue 9, hole 7).
  app.decorate("env", { ...env, FILES_SECRET: env.FILES_SECRET ?? (await keptSecret(database.db, "files")) });
  const fileStore = files ?? openFileStore(env);
  app.decorate(
    "mailer",
    mailer ?? createMailer(database.db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: (m) => app.log.warn(m), files: fileStore }),
  );
  app.decorate("files", fileStore);
  app.decorate("jobs", jobs ?? inlineQueue());
  // Tests never call a real provider, whatever endpoint a test or the fuzzer names (only hosts they allow).
  configureProviderNetwork({ allowHttp: env.INTEGRATION_ALLOW_HTTP, allowHosts: env.INTEGRATION_ALLOW_HOSTS, offline: env.NODE_ENV === "test" });
  app.decorate("gateway", gateway ?? defaultGateway());
  app.decorate("cardConnect", cardConnect ?? cardConnectFromEnv(env));
  await registerJobHandlers(app);
  // Uploads: files are streamed to the file store part by part; the per-file limits are checked while streaming.
  await app.register(fastifyMultipart, { limits: { fileSize: 110 * 1024 * 1024, files: 50, fields: 200 } });
  await app.register(authPlugin);
  await registerSecurityHeaders(app);
  await registerOpenApi(app);

  // One error handler for the statuses of DESIGN.md section 3; a 5xx never shows internals.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TooManyRequestsError && error.retryAfter) reply.header("retry-after", String(error.retryAfter));
    if (error instanceof AppError) return reply.code(error.statusCode).send(error.body);
    const brokenForm = malformedFormAnswer(error);
    if (brokenForm) return reply.code(brokenForm.statusCode).send(brokenForm.body);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, error.message);
      return reply.code(status).send(CLIENT_ERRORS[status] ?? { error: "client_error", message: "Client Error" });
    }
    request.log.error(error);
    return reply.code(500).send({ error: "internal_error", message: "Server error" });
  });

  // Liveness for load balancers and the browser journeys: answers once the database answers.
  app.get("/v2/health", async () => {
    await database.db.execute(sql`SELECT 1`);
    return { status: "ok" };
  });
  await app.register(fileRoutes, { prefix: "/v2" });
  // Every area of server/routes/<area>/index.ts (server/routes/index.ts finds them).
  await registerModules(app);

  await registerConsole(app, env);
  return app;
}

/**
 * Untrusted input never reaches an object's prototype (DESIGN.md section 3): the query parser records a forbidden
 * key (it must not throw), answered here with a 422 before anything else runs; JSON bodies are parsed by a JSON.parse
 * that refuses the same keys. Multipart field names go through parseBracketQueryStrict where they are read.
 */
function refuseForbiddenKeys(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    const refused = refusedParam(request.query);
    if (refused) throw forbiddenKeyError(refused);
  });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(Object.assign(new Error("The JSON body is empty"), { statusCode: 400 }), undefined);
    try {
      done(null, parseJsonStrict(text));
    } catch (error) {
      if (error instanceof AppError) return done(error, undefined);
      done(Object.assign(new Error("The body is not valid JSON"), { statusCode: 400 }), undefined);
    }
  });
}

export const RUNTIME_CONFIG_PATH = "/runtime-config.js";

/**
 * Every response compressed for a client that accepts it (brotli, else gzip), above 1 KB: JSON lists, the console's
 * HTML, CSV downloads. Brotli at quality 4 costs about what gzip does and is still smaller; the built assets are
 * served precompressed at the highest level instead (registerConsole). Registered before the static files, as
 * @fastify/compress requires. Request bodies are not inflated: a small gzip could otherwise expand past bodyLimit.
 */
async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

/** Built assets whose names carry a content hash (vite's `assets/name-hash.ext`): they never change under one URL. */
const HASHED_ASSET = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9.]+$/;

/**
 * The built console, with real URLs: every non-API path that is not a file answers index.html, which loads the
 * runtime settings the console needs (new-platform address, support email, production flag) from RUNTIME_CONFIG_PATH.
 */
async function registerConsole(app: FastifyInstance, env: Env) {
  const root = resolve(env.STATIC_DIR);
  const indexFile = resolve(root, "index.html");
  const hasConsole = existsSync(indexFile);
  if (hasConsole) {
    // Hashed assets are cached for a year and never revalidated; anything else (favicon, robots.txt) is revalidated
    // on every use, as is the HTML below, so a new release is picked up at once. `.br`/`.gz` siblings written by the
    // build (vite.config.ts) are sent to clients that accept them.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header("cache-control", HASHED_ASSET.test(path) ? "public, max-age=31536000, immutable" : "no-cache"),
    });
  }
  const runtimeConfig = {
    newPlatformUrl: env.NEW_PLATFORM_URL ?? null,
    supportEmail: env.SUPPORT_EMAIL,
    production: env.NODE_ENV === "production",
  };
  // A script file, not an inline one, so the CSP needs no 'unsafe-inline' (it runs before the deferred app module).
  const configJs = `window.__COVERDESK_CONFIG__=${JSON.stringify(runtimeConfig)};\n`;
  app.get(RUNTIME_CONFIG_PATH, async (_request, reply) =>
    reply.header("cache-control", "no-cache").type("text/javascript; charset=utf-8").send(configJs),
  );
  const indexHtml = hasConsole
    ? readFileSync(indexFile, "utf8").replace("</head>", `<script src="${RUNTIME_CONFIG_PATH}"></script></head>`)
    : "";

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    if (path.startsWith("/v2/") || path === "/v2") {
      return reply.code(404).send({ error: "not_found", message: "No such API path" });
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return reply.code(404).send({ error: "not_found", message: "Not found" });
    }
    if (!hasConsole) {
      return reply.code(503).type("text/plain").send("The console is not built. Run `npm run build` (npm start does it for you).");
    }
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
  });
}
