import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInFailures, throttleHits } from "../../db/schema";
import { backoffSeconds } from "../../lib/throttle";
import { buildWorld, PASSWORD } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/helpers";
import { RESET_REQUESTS_PER_ADDRESS } from "./auth.service";

/**
 * Sign-in throttling per (email, client address) with backoff, reset requests per address, and forwarded headers
 * believed only from TRUST_PROXY (issue 9, hole 8).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_FAILURES: "3" });
  await buildWorld(t.database.db);
});
afterAll(() => t.close());

const signIn = (email: string, password: string, remoteAddress = "203.0.113.1", headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/v2/staff/auth/sign_in", payload: { email, password }, remoteAddress, headers });

/** Moves every recorded failure of `email` back in time, as if the caller had waited. */
const age = (email: string, seconds: number) =>
  t.database.db.execute(sql`UPDATE sign_in_failures SET created_at = created_at - make_interval(secs => ${seconds}) WHERE email = ${email}`);

describe("backoff", () => {
  it("is free for the first failures, then doubles up to the cap", () => {
    expect([0, 2, 3, 4, 5].map((n) => backoffSeconds(n, 3, 900))).toEqual([0, 0, 15, 30, 60]);
    expect(backoffSeconds(30, 3, 900)).toBe(900);
  });
});

describe("sign-in", () => {
  it("throttles the guessing address, even with the right password, with a retry hint", async () => {
    for (let i = 0; i < 3; i++) expect((await signIn("agent.b@test.dev", "nope")).statusCode).toBe(401);
    const res = await signIn("agent.b@test.dev", PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: "too_many_requests", retry_after: 15 });
    expect(res.json().message).toBe("Too many failed sign-in attempts. Please try again in 15 seconds.");
    expect(res.headers["retry-after"]).toBe("15");
  });

  it("never locks the real user out from another address", async () => {
    const res = await signIn("agent.b@test.dev", PASSWORD, "198.51.100.7");
    expect(res.statusCode).toBe(200);
  });

  it("lets the guessing address try again once the wait is over, with a longer wait after each new failure", async () => {
    await age("agent.b@test.dev", 16);
    expect((await signIn("agent.b@test.dev", "still-wrong")).statusCode).toBe(401);
    const res = await signIn("agent.b@test.dev", PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json().retry_after).toBe(30);
    await age("agent.b@test.dev", 31);
    expect((await signIn("agent.b@test.dev", PASSWORD)).statusCode).toBe(200);
    // a success forgives this address's failures only
    expect(await t.database.db.select().from(signInFailures).where(eq(signInFailures.email, "agent.b@test.dev"))).toHaveLength(0);
  });

  it("ignores X-Forwarded-For when no proxy is trusted", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await signIn("staff.b@test.dev", "nope", "203.0.113.9", { "x-forwarded-for": `10.9.9.${i}` })).statusCode).toBe(401);
    }
    const res = await signIn("staff.b@test.dev", PASSWORD, "203.0.113.9", { "x-forwarded-for": "10.9.9.200" });
    expect(res.statusCode).toBe(429);
    const rows = await t.database.db.select().from(signInFailures).where(eq(signInFailures.email, "staff.b@test.dev"));
    expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(["203.0.113.9"]));
  });

  it("slows one address trying many emails (password spraying)", async () => {
    for (let i = 0; i < 30; i++) expect((await signIn(`nobody${i}@test.dev`, "Winter2026!", "192.0.2.50")).statusCode).toBe(401);
    const res = await signIn("agent.a1@test.dev", PASSWORD, "192.0.2.50");
    expect(res.statusCode).toBe(429);
    expect((await signIn("agent.a1@test.dev", PASSWORD, "192.0.2.51")).statusCode).toBe(200);
  });
});

describe("password reset requests", () => {
  const ask = (remoteAddress: string, headers: Record<string, string> = {}, email = "staff.a@test.dev") =>
    t.app.inject({ method: "POST", url: "/v2/staff/auth/password", payload: { email }, remoteAddress, headers });

  it("are limited per address, whatever the emails and forwarded headers", async () => {
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++) {
      expect((await ask("203.0.113.20", { "x-forwarded-for": `10.0.0.${i}` }, `someone${i}@test.dev`)).statusCode).toBe(200);
    }
    const sent = t.mailer.sent.length;
    const res = await ask("203.0.113.20", { "x-forwarded-for": "10.0.0.99" });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe("Too many password reset requests. Please try again in 15 minutes.");
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(800);
    expect(t.mailer.sent.length).toBe(sent);
    expect((await ask("203.0.113.21")).statusCode).toBe(200);
  });

  it("count again once the window has passed", async () => {
    await t.database.db.execute(sql`UPDATE throttle_hits SET created_at = created_at - interval '16 minutes' WHERE key = '203.0.113.20'`);
    expect((await ask("203.0.113.20")).statusCode).toBe(200);
    expect((await t.database.db.select().from(throttleHits).where(eq(throttleHits.key, "203.0.113.20"))).length).toBe(1);
  });
});

describe("behind a proxy named in TRUST_PROXY", () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ SIGN_IN_MAX_FAILURES: "2", TRUST_PROXY: "10.0.0.0/8" });
    await buildWorld(proxied.database.db);
  });
  afterAll(() => proxied.close());
  const viaProxy = (password: string, client: string, remoteAddress = "10.1.2.3") =>
    proxied.app.inject({ method: "POST", url: "/v2/staff/auth/sign_in", payload: { email: "agent.a@test.dev", password }, remoteAddress, headers: { "x-forwarded-for": client } });

  it("throttles the client the proxy names, not the proxy", async () => {
    for (let i = 0; i < 2; i++) expect((await viaProxy("nope", "198.51.100.1")).statusCode).toBe(401);
    expect((await viaProxy(PASSWORD, "198.51.100.1")).statusCode).toBe(429);
    expect((await viaProxy(PASSWORD, "198.51.100.2")).statusCode).toBe(200);
    const rows = await proxied.database.db.select().from(signInFailures);
    expect(rows.map((r) => r.ip)).toEqual(["198.51.100.1", "198.51.100.1"]);
  });

  it("still ignores the header from an address that is not a trusted proxy", async () => {
    for (let i = 0; i < 2; i++) expect((await viaProxy("nope", `198.51.100.${50 + i}`, "203.0.113.77")).statusCode).toBe(401);
    expect((await viaProxy(PASSWORD, "198.51.100.99", "203.0.113.77")).statusCode).toBe(429);
  });
});
