import { type ProviderNetwork, postToProvider, providerNetwork } from "../http";
import {
  type ChargeCode,
  type PropertyManagementProvider,
  type ProviderCredentials,
  ProviderError,
  type ProviderLease,
  type ProviderPortfolio,
  type ProviderProperty,
  type ProviderResident,
  type ProviderUnit,
  type PushedPolicy,
} from "../provider";

/**
 * Entrata's API (issue 15 section 2): JSON-RPC style, one POST per call to `https://<client>.entrata.com/api/v1/<service>`
 * with `{auth, requestId, method: {name, version, params}}` and HTTP basic credentials. Answers come back as
 * `{response: {code, result}}`, or `{response: {code, error: {code, message}}}` when Entrata refuses the call (often with
 * HTTP 200). Lists are `{<plural>: {<singular>: [...]}}`, and a list of one may arrive as the object itself; some fields
 * carry their values under `@attributes`. Dates are MM/DD/YYYY.
 */
const NAME = "Entrata";

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
/** A list that may be one object, an array, or absent. */
const listOf = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : isObject(v) ? [v] : []);
/** The record with its `@attributes` lifted to the top. */
const flat = (v: Json): Json => (isObject(v["@attributes"]) ? { ...(v["@attributes"] as Json), ...v } : v);
const str = (v: unknown): string | null => (typeof v === "string" ? v.trim() || null : typeof v === "number" && Number.isFinite(v) ? String(v) : null);
const first = (record: Json, ...keys: string[]) => {
  for (const key of keys) {
    const value = str(record[key]);
    if (value !== null) return value;
  }
  return null;
};

/** MM/DD/YYYY (Entrata's) to yyyy-MM-dd; anything else is passed on as sent, for the sync to report. */
export function entrataDate(value: string | null): string | null {
  if (value === null) return null;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (m) return `${m[3]}-${m[1].padStart(2, "0")}-${m[2].padStart(2, "0")}`;
  return value;
}

/** The base of the client's API: the endpoint given, or the client's subdomain on entrata.com. */
export function entrataBase(credentials: ProviderCredentials): string {
  const given = credentials.url.trim().replace(/\/+$/, "").replace(/\/api\/v1$/i, "");
  return given || `https://${credentials.database}.entrata.com`;
}

export function entrataProvider(credentials: ProviderCredentials, network: ProviderNetwork = providerNetwork()): PropertyManagementProvider {
  let requestId = 0;
  const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;

  /** One call; answers `response.result` or throws ProviderError with Entrata's own message. */
  async function call(service: string, method: string, params: Json = {}, version = "r1"): Promise<Json> {
    const id = String(++requestId);
    const res = await postToProvider(NAME, `${entrataBase(credentials)}/api/v1/${service}`, {
      headers: { "content-type": "application/json; charset=utf-8", accept: "application/json", authorization },
      body: JSON.stringify({ auth: { type: "basic" }, requestId: id, method: { name: method, version, params } }),
    }, network);
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      body = undefined;
    }
    const response = isObject(body) && isObject(body.response) ? body.response : undefined;
    const error = response && isObject(response.error) ? response.error : undefined;
    const message = error ? str(error.message) : null;
    if (res.status === 401 || res.status === 403) throw new ProviderError(`${NAME} refused the credentials${message ? `: ${message}` : ""}`);
    if (res.status < 200 || res.status >= 300) throw new ProviderError(`${NAME} answered ${res.status} to ${method}${message ? `: ${message}` : ""}`);
    if (error) {
      const code = str(error.code);
      // Entrata's authentication failures come as error codes in a 200 answer.
      if (code === "301" || code === "302" || /auth/i.test(message ?? "")) throw new ProviderError(`${NAME} refused the credentials${message ? `: ${message}` : ""}`);
      throw new ProviderError(`${NAME}: ${message ?? `error ${code ?? "without a message"}`} (${method})`);
    }
    if (!response || !isObject(response.result)) throw new ProviderError(`${NAME} sent a malformed answer to ${method}`);
    return response.result;
  }

  const properties = async (): Promise<ProviderProperty[]> => {
    const result = await call("properties", "getProperties");
    const physical = isObject(result.PhysicalProperty) ? result.PhysicalProperty : undefined;
    if (!physical) throw new ProviderError(`${NAME} sent a malformed answer to getProperties`);
    return listOf(physical.Property).flatMap((raw) => {
      const p = flat(raw);
      const code = first(p, "PropertyID", "propertyId", "Id");
      if (!code) return [];
      return [{ code, title: first(p, "MarketingName", "PropertyName", "name") ?? code, units_count: Number(str(p.NumberOfUnits)) || 0 }];
    });
  };

  return {
    async checkCredentials() {
      await call("status", "getStatus");
    },
    listProperties: properties,
    async chargeCodes(): Promise<ChargeCode[]> {
      const result = await call("arcodes", "getArCodes");
      const arcodes = isObject(result.arcodes) ? result.arcodes : undefined;
      if (!arcodes) throw new ProviderError(`${NAME} sent a malformed answer to getArCodes`);
      return listOf(arcodes.arcode).flatMap((raw) => {
        const c = flat(raw);
        const code = first(c, "code", "id");
        return code ? [{ code, description: first(c, "name", "description") ?? code }] : [];
      });
    },
    async fetchProperty(code) {
      const property = (await properties()).find((p) => p.code === code);
      if (!property) throw new ProviderError(`Property ${code} not found`);
      // Units, then customers, then leases: all of it is read before the sync writes anything.
      const unitsResult = await call("propertyunits", "getPropertyUnits", { propertyIds: code });
      const unitProperties = isObject(unitsResult.properties) ? listOf(unitsResult.properties.property) : null;
      if (!unitProperties) throw new ProviderError(`${NAME} sent a malformed answer to getPropertyUnits`);
      const units: ProviderUnit[] = unitProperties
        .flatMap((p) => (isObject(flat(p).units) ? listOf((flat(p).units as Json).unit) : []))
        .flatMap((raw) => {
          const u = flat(raw);
          const unitCode = first(u, "unitSpaceId", "id", "unitId");
          if (!unitCode) return [];
          return [{ code: unitCode, title: first(u, "unitNumber", "unitSpace", "name") ?? unitCode, building: first(u, "buildingName") }];
        });

      const customersResult = await call("customers", "getCustomers", { propertyId: code });
      const customersList = isObject(customersResult.Customers) ? listOf(customersResult.Customers.Customer) : null;
      if (!customersList) throw new ProviderError(`${NAME} sent a malformed answer to getCustomers`);
      const residents = new Map<string, ProviderResident>();
      for (const raw of customersList) {
        const c = flat(raw);
        const id = first(c, "Id", "id");
        if (id) residents.set(id, { code: id, email: first(c, "Email", "email", "EmailAddress"), first_name: first(c, "FirstName", "firstName"), last_name: first(c, "LastName", "lastName") });
      }

      const leasesResult = await call("leases", "getLeases", { propertyId: code, leaseStatusTypeIds: "3,4,5" }, "r2");
      const leaseList = isObject(leasesResult.leases) ? listOf(leasesResult.leases.lease) : null;
      if (!leaseList) throw new ProviderError(`${NAME} sent a malformed answer to getLeases`);
      const leases: ProviderLease[] = leaseList.flatMap((raw) => {
        const l = flat(raw);
        const leaseCode = first(l, "id", "leaseId");
        if (!leaseCode) return [];
        const interval = listOf(isObject(l.leaseIntervals) ? (l.leaseIntervals as Json).leaseInterval : undefined).map(flat)[0] ?? {};
        const tenants = listOf(isObject(l.customers) ? (l.customers as Json).customer : undefined).map(flat);
        return [
          {
            code: leaseCode,
            unit_code: first(l, "unitSpaceId", "unitId") ?? "",
            start_date: entrataDate(first(l, "startDate", "leaseStartDate") ?? first(interval, "startDate")),
            end_date: entrataDate(first(l, "endDate", "leaseEndDate") ?? first(interval, "endDate")),
            residents: tenants.flatMap((t) => {
              const id = first(t, "id", "customerId");
              if (!id) return [];
              // A customer the lease names but getCustomers did not list still becomes a resident (with what the lease says).
              if (!residents.has(id)) residents.set(id, { code: id, email: first(t, "email", "emailAddress"), first_name: first(t, "firstName"), last_name: first(t, "lastName") });
              return [{ code: id, primary: /primary/i.test(first(t, "customerType", "relationshipName") ?? ""), moved_out_on: entrataDate(first(t, "moveOutDate")) }];
            }),
          },
        ];
      });
      const portfolio: ProviderPortfolio = { property, units, residents: [...residents.values()], leases };
      return portfolio;
    },
    async pushPolicies(propertyCode: string, policies: PushedPolicy[]) {
      if (!policies.length) return { pushed: 0, errors: [] };
      const result = await call("customers", "sendRentersInsurancePolicies", {
        propertyId: propertyCode,
        policies: {
          policy: policies.map((p) => ({
            customerId: p.resident_code,
            policyNumber: p.number,
            carrierName: p.carrier ?? "",
            effectiveDate: p.effective_date,
            endDate: p.expiration_date ?? "",
            liabilityLimit: p.liability_cents === null ? "" : (p.liability_cents / 100).toFixed(2),
            status: p.status,
          })),
        },
      });
      const refused = isObject(result.policies) ? listOf(result.policies.policy).map(flat).filter((p) => first(p, "status") === "error" || first(p, "error")) : [];
      const errors = refused.map((p) => ({ number: first(p, "policyNumber") ?? "", message: first(p, "error", "message") ?? "Refused by Entrata" }));
      return { pushed: policies.length - errors.length, errors };
    },
  };
}
