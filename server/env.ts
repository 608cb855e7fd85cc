import { isIP } from "node:net";
import { z } from "zod";

/**
 * The only module that reads process.env. A bad value stops the start with a message naming the variable.
 * Every variable is documented in README.md ("Configuration").
 */
const booleanFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

const duration = z
  .string()
  .regex(/^\d+[smhd]?$/, "must be a number of seconds or a duration such as 30m, 12h, 14d")
  .transform((v) => {
    const n = Number.parseInt(v, 10);
    const unit = v.at(-1);
    const factor = unit === "m" ? 60 : unit === "h" ? 3600 : unit === "d" ? 86400 : 1;
    return n * factor;
  });

/**
 * The proxies whose X-Forwarded-* headers are believed (Fastify's trustProxy): addresses, CIDR ranges or proxy-addr's
 * names (loopback, linklocal, uniquelocal), comma-separated. Unset: none, so the client address is the socket's and
 * no header can change it.
 */
const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];
const trustProxy = z
  .string()
  .optional()
  .transform((v) => (v ?? "").split(",").map((p) => p.trim()).filter(Boolean))
  .refine((list) => list.every((p) => PROXY_NAMES.includes(p) || isIP(p.split("/")[0]) !== 0), {
    message: "must list proxy addresses or ranges, e.g. 127.0.0.1,10.0.0.0/8 (or loopback)",
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SEED_DEMO: booleanFlag,
  TOKEN_TTL: duration.default(14 * 86400),
  SMTP_URL: z.string().optional().or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().default("Coverdesk <no-reply@coverdesk.test>"),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#]+(\/[^?#]*)?$/, "must be an http(s) URL such as https://coverdesk.example.com")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  TRUST_PROXY: trustProxy,
  NEW_PLATFORM_URL: z.string().url("must be a URL").optional().or(z.literal("").transform(() => undefined)),
  /**
   * The card-payment provider accounts connect to (GET /stripe/button_link, /stripe/connect). Both unset: the provider
   * is not configured, and the console and the API say so (server/billing/card-connect.ts).
   */
  STRIPE_CLIENT_ID: z.string().max(200).optional().or(z.literal("").transform(() => undefined)),
  STRIPE_SECRET_KEY: z.string().max(500).optional().or(z.literal("").transform(() => undefined)),
  SUPPORT_EMAIL: z.string().email("must be an email address").default("support@coverdesk.test"),
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  SIGN_IN_WINDOW: duration.default(15 * 60),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STATIC_DIR: z.string().default("./dist"),
  /**
   * Signs download links (server/files/signed-links.ts). Unset: one is made at the first start and kept in the
   * database (app_secrets), so links outlive restarts. Required with several processes or S3 (refined below).
   */
  FILES_SECRET: z.string().min(16, "must be at least 16 characters").optional().or(z.literal("").transform(() => undefined)),
  /**
   * Encrypts integration credentials at rest (server/integrations/credentials.ts). Unset: one is made at the first
   * start and kept in the database (app_secrets).
   */
  INTEGRATION_KEY: z.string().min(16, "must be at least 16 characters").optional().or(z.literal("").transform(() => undefined)),
  /**
   * How long a process keeps the policies dashboard's numbers of one scope and filter (server/routes/dashboards/
   * dashboards.cache.ts); 0 computes them on every request.
   */
  DASHBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** How many API processes serve this database (docs/DEPLOY.md); above 1, shared settings must be given, not made. */
  API_PROCESSES: z.coerce.number().int().min(1).default(1),
  /** Where file bytes live: a folder (default DATA_DIR/files) or `s3://bucket/prefix` (server/files/s3-store.ts). */
  FILES_URL: z
    .string()
    .refine((v) => !v.startsWith("s3:") || /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/.test(v), "must be a folder or s3://bucket/prefix")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** An S3-compatible service other than AWS (MinIO, R2, s3rver): its base URL; path-style addressing is used then. */
  S3_ENDPOINT: z.string().url("must be a URL such as http://127.0.0.1:9000").optional().or(z.literal("").transform(() => undefined)),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional().or(z.literal("").transform(() => undefined)),
  S3_SECRET_ACCESS_KEY: z.string().optional().or(z.literal("").transform(() => undefined)),
  /**
   * The legacy import fetches the file a caller names by URL (server/files/strict-fetch.ts): https only unless this is
   * set (tests, a local object store), and never an internal address unless the host is listed in
   * IMPORT_FETCH_ALLOW_HOSTS (comma-separated host names the operator trusts, such as an in-house MinIO).
   */
  IMPORT_FETCH_ALLOW_HTTP: booleanFlag,
  IMPORT_FETCH_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((v) => (v ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean)),
  /**
   * The Yardi and Entrata adapters call the endpoint an account's integration names (server/integrations/http.ts):
   * https only unless INTEGRATION_ALLOW_HTTP is set, and never an internal address unless its host is listed in
   * INTEGRATION_ALLOW_HOSTS (comma-separated: an in-house gateway the operator trusts).
   */
  INTEGRATION_ALLOW_HTTP: booleanFlag,
  INTEGRATION_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((v) => (v ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean)),
  /**
   * Connections each process keeps to DATABASE_URL (and as many to DATABASE_READ_URL): requests beyond wait for one
   * (server/db/client.ts). 20 measured best with `npm run load` (50 clients on 2 cores); mind the server's
   * max_connections across processes (docs/DEPLOY.md).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(20),
  /** A read replica for list pages (docs/DEPLOY.md); writes and everything else use DATABASE_URL. */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

/**
 * Several processes (or processes on several machines reading one bucket) must sign and check download links with
 * one key: a key each process made for itself would break links served by the others (issue 11).
 */
const checkedSchema = envSchema.superRefine((env, ctx) => {
  const s3 = env.FILES_URL?.startsWith("s3://") ?? false;
  if (!env.FILES_SECRET && (env.API_PROCESSES > 1 || s3)) {
    ctx.addIssue({
      code: "custom",
      path: ["FILES_SECRET"],
      message: `must be set (16+ characters, the same for every process) when ${s3 ? "FILES_URL is an S3 bucket" : "API_PROCESSES > 1"}`,
    });
  }
  if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
    ctx.addIssue({ code: "custom", path: ["DATABASE_READ_URL"], message: "needs DATABASE_URL (a replica of the embedded database makes no sense)" });
  }
});

export type Env = z.infer<typeof envSchema>;

/** The environment the app runs with: FILES_SECRET always known (given, or the one kept in the database). */
export type AppEnv = Env & { FILES_SECRET: string };

export class EnvError extends Error {}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = checkedSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** The environment tests build apps with: no SMTP, quiet logs. */
export function testEnv(overrides: Partial<Record<string, string>> = {}): Env {
  return loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...overrides });
}
