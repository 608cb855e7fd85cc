import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FAKE_NETWORK, type FakeAnswer, type FakeProvider, type FakeRequest, fixture, startFakeProvider } from "../../test/fake-provider";
import { ProviderError } from "../provider";
import { providerFor } from "../registry";
import { yardiDate, yardiProvider } from ".";
import { find, parseXml, textOf } from "./xml";

/** The Yardi Voyager adapter against a fake Voyager on loopback serving recorded-shape SOAP answers (no network). */
let fake: FakeProvider;
const operationOf = (r: FakeRequest) => /\/(\w+)"$/.exec(String(r.headers.soapaction))![1];
let overrides: Record<string, FakeAnswer> = {};
const credentials = () => ({
  url: `${fake.url}/21253beta/Webservices/ItfResidentData.asmx`,
  username: "coverdesk_ws",
  password: "s3cret-Pa55",
  database: "afqoml_live",
  server_name: "aspdb04",
  interface_license: "LICENSE-XYZ",
});
const adapter = () => yardiProvider(credentials(), FAKE_NETWORK);
const xml = (body: string) => ({ body, contentType: "text/xml; charset=utf-8" });

beforeAll(async () => {
  fake = await startFakeProvider((r) => overrides[operationOf(r)] ?? xml(fixture("yardi", `${operationOf(r)}.xml`)));
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
  expect(message).not.toContain("s3cret-Pa55");
  expect(message).not.toContain("LICENSE-XYZ");
  return message;
}

describe("Yardi adapter", () => {
  it("sends SOAP calls to the interface's .asmx with the login in the body", async () => {
    await adapter().checkCredentials();
    const [request] = fake.requests;
    expect(request.path).toBe("/21253beta/Webservices/ItfResidentData.asmx");
    expect(request.headers.soapaction).toBe('"http://tempuri.org/YSI.Interfaces.WebServices/ItfResidentData/GetPropertyConfigurations"');
    const call = find(parseXml(request.body), "GetPropertyConfigurations")!;
    expect(call.attrs.xmlns).toBe("http://tempuri.org/YSI.Interfaces.WebServices/ItfResidentData");
    expect(Object.fromEntries(["UserName", "Password", "ServerName", "Database", "Platform", "InterfaceEntity", "InterfaceLicense"].map((k) => [k, textOf(call, k)]))).toEqual({
      UserName: "coverdesk_ws",
      Password: "s3cret-Pa55",
      ServerName: "aspdb04",
      Database: "afqoml_live",
      Platform: "SQL Server",
      InterfaceEntity: "Coverdesk",
      InterfaceLicense: "LICENSE-XYZ",
    });
  });

  it("lists the database's properties and charge types", async () => {
    expect(await adapter().listProperties()).toEqual([
      { code: "mgrove", title: "Maple Grove & Annex", units_count: 3 },
      { code: "lkside", title: "Lakeside", units_count: 0 },
    ]);
    expect(await adapter().chargeCodes()).toEqual([
      { code: "rent", description: "Rent" },
      { code: "rinsur", description: "Renters Insurance" },
    ]);
    expect(fake.requests.at(-1)!.path).toBe("/21253beta/Webservices/ItfResidentTransactions20.asmx");
  });

  it("reads a property's units and resident data (tenants, roommates, leases)", async () => {
    const portfolio = await adapter().fetchProperty("mgrove");
    expect(fake.requests.map(operationOf)).toEqual(["GetPropertyConfigurations", "GetUnitInformation", "GetResidentData"]);
    expect(textOf(find(parseXml(fake.requests[2].body), "GetResidentData"), "YardiPropertyId")).toBe("mgrove");
    expect(portfolio.units).toEqual([
      { code: "101", title: "101", building: "North" },
      { code: "102", title: "102", building: "North" },
      { code: "A-1", title: "Annex 1", building: null },
    ]);
    expect(portfolio.residents).toEqual([
      { code: "t0041201", email: "noah.reyes@residents.example", first_name: "Noah", last_name: "Reyes" },
      { code: "r0041201a", email: "zoe.bauer@residents.example", first_name: "Zoe", last_name: "Bauer" },
      { code: "t0041202", email: "ethan.okafor@residents.example", first_name: "Ethan", last_name: "Okafor" },
    ]);
    expect(portfolio.leases).toEqual([
      {
        code: "t0041201",
        unit_code: "101",
        start_date: "2026-01-05",
        end_date: "2027-01-04",
        residents: [
          { code: "t0041201", primary: true, moved_out_on: null },
          { code: "r0041201a", primary: false, moved_out_on: "2026-07-31" },
        ],
      },
      { code: "t0041202", unit_code: "A-1", start_date: "2026-12-01", end_date: "2027-11-30", residents: [{ code: "t0041202", primary: true, moved_out_on: null }] },
    ]);
  });

  it("pushes verified policies with ImportInsurancePolicies and reports the ones Yardi refused", async () => {
    const policy = { carrier: "Acme <Mutual>", unit_code: "101", effective_date: "2026-02-01", expiration_date: "2027-02-01", liability_cents: 30_000_000, status: "active" };
    const result = await adapter().pushPolicies("mgrove", [
      { ...policy, number: "YP-2001", resident_code: "t0041201" },
      { ...policy, number: "YP-2002", resident_code: "t0099999" },
    ]);
    expect(result).toEqual({ pushed: 1, errors: [{ number: "YP-2002", message: "Policy YP-2002: Tenant t0099999 was not found in property mgrove." }] });
    const [request] = fake.requests;
    expect(request.path).toBe("/21253beta/Webservices/ItfRentersInsurance.asmx");
    expect(request.headers.soapaction).toBe('"http://tempuri.org/YSI.Interfaces.WebServices/ItfRentersInsurance/ImportInsurancePolicies"');
    const sent = parseXml(request.body);
    const first = find(sent, "InsurancePolicy")!;
    expect(textOf(first, "PolicyNumber")).toBe("YP-2001");
    // Escaped on the way out, read back as written.
    expect(textOf(first, "InsurerName")).toBe("Acme <Mutual>");
    expect(find(first, "Identification")!.attrs).toMatchObject({ IDType: "Resident ID", IDValue: "t0041201" });
    expect(textOf(find(first, "PolicyDetails"), "LiabilityAmount")).toBe("300000.00");
  });

  it("turns Yardi's login error (HTTP 200) into a refusal of the credentials", async () => {
    overrides.GetPropertyConfigurations = xml(fixture("yardi", "error-login.xml"));
    expect(await refusal(adapter().checkCredentials())).toBe("Yardi refused the credentials: Invalid Username or Password");
  });

  it("turns a 401 into a refusal of the credentials", async () => {
    overrides.GetPropertyConfigurations = { status: 401, body: "Unauthorized", contentType: "text/plain" };
    expect(await refusal(adapter().listProperties())).toBe("Yardi refused the credentials");
  });

  it("turns a SOAP fault (500) into the provider's message", async () => {
    overrides.GetUnitInformation = { status: 500, ...xml(fixture("yardi", "fault.xml")) };
    expect(await refusal(adapter().fetchProperty("mgrove"))).toBe("Yardi answered 500 to GetUnitInformation: Server was unable to process request. ---> Database 'afqoml_live' is not available.");
  });

  it("gives up on a call that does not answer", async () => {
    overrides.GetResidentData = "hang";
    expect(await refusal(adapter().fetchProperty("mgrove"))).toBe("Yardi did not answer within 1 s");
  });

  it("refuses malformed answers: broken XML, or XML without the result", async () => {
    overrides.GetResidentData = xml(fixture("yardi", "malformed-residents.xml"));
    expect(await refusal(adapter().fetchProperty("mgrove"))).toBe("Yardi sent a malformed answer to GetResidentData");
    overrides = { GetPropertyConfigurations: xml("<?xml version='1.0'?><soap:Envelope xmlns:soap='x'><soap:Body><Other/></soap:Body></soap:Envelope>") };
    expect(await refusal(adapter().listProperties())).toBe("Yardi sent a malformed answer to GetPropertyConfigurations");
    overrides = { GetPropertyConfigurations: xml('<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>') };
    expect(await refusal(adapter().listProperties())).toBe("Yardi sent a malformed answer to GetPropertyConfigurations");
  });

  it("reaches only https and public addresses unless the operator allows more", async () => {
    expect(await refusal(yardiProvider(credentials()).checkCredentials())).toBe("Yardi cannot be reached: the endpoint must start with https://");
    expect(await refusal(yardiProvider({ ...credentials(), url: "https://localhost/Webservices" }).checkCredentials())).toBe("Yardi cannot be reached: the address is internal");
    expect(fake.requests).toEqual([]);
  });

  it("is the adapter the registry picks for a Yardi endpoint", async () => {
    await providerFor("yardi", credentials(), FAKE_NETWORK).listProperties();
    expect(fake.requests.map(operationOf)).toEqual(["GetPropertyConfigurations"]);
  });

  it("reads Yardi's dates", () => {
    expect(yardiDate("2026-01-05T00:00:00")).toBe("2026-01-05");
    expect(yardiDate("1/5/2026")).toBe("2026-01-05");
    expect(yardiDate("n/a")).toBe("n/a");
  });
});
