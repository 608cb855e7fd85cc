import type { Env } from "../env";

/**
 * The origin every link in mail starts with (password reset, invitation, export, policy documents): PUBLIC_URL, or
 * without it the configured HOST:PORT. Never the request's Host or X-Forwarded-Host, which a caller can set to their
 * own server to receive someone's reset token (issue 9, hole 3).
 */
export function publicOrigin(env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, "");
  const anyInterface = env.HOST === "0.0.0.0" || env.HOST === "::";
  const host = anyInterface ? "localhost" : env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${env.PORT}`;
}
