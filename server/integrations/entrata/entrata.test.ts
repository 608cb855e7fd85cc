import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FAKE_NETWORK, type FakeAnswer, type FakeProvider, type FakeRequest, fixture, startFakeProvider } from "../../test/fake-provider";
import { ProviderError } from "../provider";
import { providerFor } from "../registry";
import { entrataBase, entrataDate, entrataProvider } from ".";

/** The Entrata adapter against a fake Entrata on loopback serving recorded-shape answers (no network). */
let fake: FakeProvider;
const methodOf = (r: FakeRequest) => (JSON.parse(r.body) as { method: { name: string } }).method.name;
/** Answers each method with its fixture, unless the test overrides one. */
let overrides: Record<string, FakeAnswer> = {};
const credentials = () => ({ url: fake.url, username: "coverdesk_api", password: "s3cret-Pa55", database: "acme" });
const adapter = () => entrataProvider(credentials(), FAKE_NETWORK);

beforeAll(async () => {
  fake = await startFakeProvider((r) => {
    const method = methodOf(r);
    return overrides[method] ?? { body: fixture("entrata", `${method}.json`) };
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  overrides = {};
  fake.requests.length = 0;
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  const message = (error as Error).message;
  // The provider's message, never the credentials.
  expect(message).not.toContain("s3cret-Pa55");
  return message;
}

describe("Entrata adapter", () => {
  it("sends JSON-RPC calls to /api/v1/<service> with basic credentials", async () => {
    await adapter().checkCredentials();
    const [request] = fake.requests;
    expect(request.path).toBe("/api/v1/status");
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("coverdesk_api:s3cret-Pa55").toString("base64")}`);
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({ auth: { type: "basic" }, method: { name: "getStatus", version: "r1", params: {} } });
    expect(typeof body.requestId).toBe("string");
  });

  it("lists the client's properties and AR codes", async () => {
    expect(await adapter().listProperties()).toEqual([
      { code: "101776", title: "Harbor View Apartments", units_count: 0 },
      { code: "101777", title: "Cedar Point Lofts", units_count: 0 },
    ]);
    expect(await adapter().chargeCodes()).toEqual([
      { code: "RENT", description: "Rent" },
      { code: "RINS", description: "Renters Insurance" },
    ]);
  });

  it("reads a property's units, customers and leases into one portfolio", async () => {
    const portfolio = await adapter().fetchProperty("101776");
    expect(fake.requests.map((r) => `${r.path} ${methodOf(r)}`)).toEqual([
      "/api/v1/properties getProperties",
      "/api/v1/propertyunits getPropertyUnits",
      "/api/v1/customers getCustomers",
      "/api/v1/leases getLeases",
    ]);
    expect(JSON.parse(fake.requests[3].body).method.params).toEqual({ propertyId: "101776", leaseStatusTypeIds: "3,4,5" });
    expect(portfolio.property.title).toBe("Harbor View Apartments");
    expect(portfolio.units).toEqual([
      { code: "9001", title: "101", building: "Building A" },
      { code: "9002", title: "102", building: "Building A" },
      { code: "9003", title: "201", building: "Building B" },
    ]);
    expect(portfolio.residents).toContainEqual({ code: "55002", email: "liam.silva@residents.example", first_name: "Liam", last_name: "Silva" });
    expect(portfolio.leases).toEqual([
      {
        code: "77001",
        unit_code: "9001",
        start_date: "2026-02-01",
        end_date: "2027-01-31",
        residents: [
          { code: "55001", primary: true, moved_out_on: null },
          { code: "55002", primary: false, moved_out_on: "2026-06-15" },
        ],
      },
      // Dates from the lease interval; a list of one customer sent as the object itself.
      { code: "77002", unit_code: "9003", start_date: "2026-03-15", end_date: "2027-03-14", residents: [{ code: "55003", primary: true, moved_out_on: null }] },
    ]);
  });

  it("pushes policies and reports the ones Entrata refused", async () => {
    const policy = { carrier: "Acme Mutual", unit_code: "9001", effective_date: "2026-02-01", expiration_date: "2027-02-01", liability_cents: 10_000_000, status: "active" };
    const result = await adapter().pushPolicies("101776", [
      { ...policy, number: "RI-1001", resident_code: "55001" },
      { ...policy, number: "RI-1002", resident_code: "55009" },
    ]);
    expect(result).toEqual({ pushed: 1, errors: [{ number: "RI-1002", message: "Customer 55009 is not on a lease at this property." }] });
    const params = JSON.parse(fake.requests[0].body).method.params;
    expect(params.propertyId).toBe("101776");
    expect(params.policies.policy[0]).toMatchObject({ customerId: "55001", policyNumber: "RI-1001", liabilityLimit: "100000.00" });
  });

  it("turns a 401 into a refusal of the credentials", async () => {
    overrides.getStatus = { status: 401, body: fixture("entrata", "error-auth.json") };
    expect(await refusal(adapter().checkCredentials())).toBe("Entrata refused the credentials: Authorization Failed: invalid username or password.");
  });

  it("turns Entrata's error answer (HTTP 200) into its message", async () => {
    overrides.getProperties = { body: fixture("entrata", "error-auth.json") };
    expect(await refusal(adapter().listProperties())).toBe("Entrata refused the credentials: Authorization Failed: invalid username or password.");
  });

  it("turns a 500 into the provider's message", async () => {
    overrides.getLeases = { status: 500, body: fixture("entrata", "error-500.json") };
    expect(await refusal(adapter().fetchProperty("101776"))).toBe("Entrata answered 500 to getLeases: Internal error while processing getLeases.");
  });

  it("gives up on a call that does not answer", async () => {
    overrides.getCustomers = "hang";
    expect(await refusal(adapter().fetchProperty("101776"))).toBe("Entrata did not answer within 1 s");
  });

  it("refuses malformed answers: not JSON, or not the expected shape", async () => {
    overrides.getProperties = { body: "<html>Service unavailable</html>", contentType: "text/html" };
    expect(await refusal(adapter().listProperties())).toBe("Entrata sent a malformed answer to getProperties");
    overrides = { getLeases: { body: fixture("entrata", "malformed-leases.json") } };
    expect(await refusal(adapter().fetchProperty("101776"))).toBe("Entrata sent a malformed answer to getLeases");
  });

  it("reaches only https and public addresses unless the operator allows more", async () => {
    expect(await refusal(entrataProvider(credentials()).checkCredentials())).toBe("Entrata cannot be reached: the endpoint must start with https://");
    expect(await refusal(entrataProvider({ ...credentials(), url: fake.url.replace("http:", "https:") }, { timeoutMs: 400 }).checkCredentials())).toBe(
      "Entrata cannot be reached: the address is internal",
    );
    expect(fake.requests).toEqual([]);
  });

  it("is the adapter the registry picks for an Entrata endpoint", async () => {
    await providerFor("entrata", credentials(), FAKE_NETWORK).listProperties();
    expect(fake.requests.map((r) => r.path)).toEqual(["/api/v1/properties"]);
    // Without an endpoint, the client's subdomain on entrata.com (never called from a test: offline).
    expect(entrataBase({ ...credentials(), url: "" })).toBe("https://acme.entrata.com");
    expect(entrataBase({ ...credentials(), url: "https://acme.entrata.com/api/v1/" })).toBe("https://acme.entrata.com");
    expect(await refusal(providerFor("entrata", { ...credentials(), url: "" }, { offline: true }).checkCredentials())).toBe(
      "Entrata cannot be reached: calls to providers are off in this environment",
    );
  });

  it("reads Entrata's dates", () => {
    expect(entrataDate("2/1/2026")).toBe("2026-02-01");
    expect(entrataDate("31/31/2026")).toBe("2026-31-31");
    expect(entrataDate("soon")).toBe("soon");
  });
});
