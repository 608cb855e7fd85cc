import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectRefusedError, type CardConnectProvider } from "../../billing/card-connect";
import { accounts, histories } from "../../db/schema";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";

/** A provider that answers like the real one, for the configured case: codes starting "ok" connect. */
const fakeProvider: CardConnectProvider = {
  name: "stripe",
  configured: true,
  authorizeUrl: (state, redirectUri) => `https://provider.test/authorize?state=${encodeURIComponent(state)}&redirect_uri=${encodeURIComponent(redirectUri)}`,
  async exchangeCode(code) {
    if (!code.startsWith("ok")) throw new ConnectRefusedError("This authorization code has already been used.");
    return { accountId: `acct_${code}` };
  },
};

let bare: TestApp;
let configured: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
let cworld: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
const cas: Record<string, AuthHeaders> = {};

beforeAll(async () => {
  bare = await createTestApp();
  world = await buildWorld(bare.database.db);
  as.staffA = await signInAs(bare.app, "staff.a@test.dev");
  as.superAdmin = await signInAs(bare.app, "super.admin@test.dev");
  configured = await createTestApp({}, { cardConnect: fakeProvider });
  cworld = await buildWorld(configured.database.db);
  cas.staffA = await signInAs(configured.app, "staff.a@test.dev");
  cas.agentB = await signInAs(configured.app, "agent.b@test.dev");
  cas.agentA = await signInAs(configured.app, "agent.a@test.dev");
}, 60_000);
afterAll(async () => {
  await bare?.close();
  await configured?.close();
});

describe("without provider credentials", () => {
  it("button_link and connect answer 503 'The card payment provider is not configured', changing nothing", async () => {
    const link = await bare.app.inject({ method: "GET", url: "/v2/staff_account/stripe/button_link", headers: as.staffA });
    expect(link.statusCode).toBe(503);
    expect(link.json()).toEqual({ error: "provider_not_configured", message: "The card payment provider is not configured" });
    const connect = await bare.app.inject({ method: "GET", url: `/v2/staff_super_admin/stripe/connect/?code=abc&account_id=${world.accounts.A.id}`, headers: as.superAdmin });
    expect(connect.statusCode).toBe(503);
    const [row] = await bare.database.db.select().from(accounts).where(eq(accounts.id, world.accounts.A.id));
    expect(row.stripe_account_id).toBeNull();
  });

  it("still checks the account first: another tenant's is a 404, none named a 422", async () => {
    expect((await bare.app.inject({ method: "GET", url: `/v2/staff_account/stripe/button_link?account_id=${world.accounts.B.id}`, headers: as.staffA })).statusCode).toBe(404);
    const res = await bare.app.inject({ method: "GET", url: "/v2/staff_super_admin/stripe/button_link", headers: as.superAdmin });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ account_id: "The account field is required." });
  });
});

describe("with a provider", () => {
  it("gives staff the link for their account; the code coming back with its state connects that account, with history", async () => {
    const link = await configured.app.inject({ method: "GET", url: "/v2/staff_account/stripe/button_link", headers: cas.staffA });
    expect(link.statusCode).toBe(200);
    expect(link.json()).toMatchObject({ provider: "stripe", connected: false });
    const url = new URL(link.json().link);
    const state = url.searchParams.get("state")!;
    expect(state.startsWith(`${cworld.accounts.A.id}.`)).toBe(true);
    expect(url.searchParams.get("redirect_uri")).toMatch(new RegExp(`/dashboard/accounts/view/${cworld.accounts.A.id}$`));
    const done = await configured.app.inject({ method: "GET", url: `/v2/staff_account/stripe/connect/?code=ok123&state=${encodeURIComponent(state)}`, headers: cas.staffA });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: "Card payment provider connected", account_id: cworld.accounts.A.id, connected: true });
    const [row] = await configured.database.db.select().from(accounts).where(eq(accounts.id, cworld.accounts.A.id));
    expect(row.stripe_account_id).toBe("acct_ok123");
    const history = await configured.database.db.select().from(histories).where(eq(histories.recordable_id, cworld.accounts.A.id));
    expect(history.some((h) => h.recordable_type === "Account" && JSON.stringify(h.data).includes("acct_ok123"))).toBe(true);
    expect((await configured.app.inject({ method: "GET", url: "/v2/staff_account/stripe/button_link", headers: cas.staffA })).json().connected).toBe(true);
  });

  it("refuses a forged state, another tenant's account and a code the provider refuses, with the provider's reason", async () => {
    const forged = await configured.app.inject({ method: "GET", url: `/v2/staff_agency/stripe/connect?code=ok1&state=${cworld.accounts.A.id}.forged`, headers: cas.agentA });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors.state).toMatch(/not valid/);
    const link = await configured.app.inject({ method: "GET", url: `/v2/staff_agency/stripe/button_link?account_id=${cworld.accounts.A.id}`, headers: cas.agentA });
    const state = new URL(link.json().link).searchParams.get("state")!;
    expect((await configured.app.inject({ method: "GET", url: `/v2/staff_agency/stripe/connect?code=ok1&state=${encodeURIComponent(state)}`, headers: cas.agentB })).statusCode).toBe(404);
    const refused = await configured.app.inject({ method: "GET", url: `/v2/staff_agency/stripe/connect?code=used&state=${encodeURIComponent(state)}`, headers: cas.agentA });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("The card payment provider refused the connection: This authorization code has already been used.");
    const missing = await configured.app.inject({ method: "GET", url: `/v2/staff_agency/stripe/connect?state=${encodeURIComponent(state)}`, headers: cas.agentA });
    expect(missing.statusCode).toBe(422);
  });
});
