import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { ProviderCredentials } from "./provider";

/**
 * Credentials are stored encrypted at rest (AES-256-GCM, key from INTEGRATION_KEY or the one kept in the database)
 * and never answered in full: the password never leaves the server, the user name only in part.
 */
const keyOf = (secret: string) => createHash("sha256").update(`integrations:${secret}`).digest();

export function encryptCredentials(credentials: ProviderCredentials, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(credentials), "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), body.toString("base64")].join(".");
}

export function decryptCredentials(stored: string, secret: string): ProviderCredentials {
  const [version, iv, tag, body] = stored.split(".");
  if (version !== "v1") throw new Error("Unknown credentials format");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8")) as ProviderCredentials;
}

const hide = (value: string, shown: number) => (value.length <= shown ? "•".repeat(value.length) : `${value.slice(0, shown)}${"•".repeat(Math.min(8, value.length - shown))}`);

/** What the console may show: the endpoint and database, the user name's first characters, never the password. */
export function maskedCredentials(credentials: ProviderCredentials) {
  return {
    url: credentials.url,
    database: credentials.database,
    username: hide(credentials.username, 2),
    password_set: credentials.password.length > 0,
    ...(credentials.server_name ? { server_name: credentials.server_name } : {}),
    ...(credentials.interface_license ? { license_set: true } : {}),
  };
}
