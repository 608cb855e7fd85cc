import { createHash } from "node:crypto";
import { type ChargeCode, type PropertyManagementProvider, type ProviderCredentials, ProviderError, type ProviderLease, type ProviderPortfolio, type ProviderProperty, type PushedPolicy } from "./provider";

/**
 * The sandbox provider: a deterministic portfolio from local data, no network (issue 15 section 2). The endpoint
 * `sandbox://<portfolio>?properties=3&units=12` names the portfolio (the same name always gives the same
 * properties, units, residents and leases) and its size; the password `wrong` is refused as bad credentials.
 * Tests and the demo steer it further with `sandboxScenario` (a later day's changes, failures, malformed records).
 */
export interface SandboxScenario {
  /** 2: three leases end a month later and one resident of a two-resident lease moves out. */
  revision?: number;
  /** Reading this property's leases times out (after its units were read). */
  timeoutProperty?: string;
  /** One lease names a unit that does not exist and one resident has no email. */
  malformed?: boolean;
  /** The first property's first N leases are no longer listed (their residents left), nor their residents. */
  droppedLeases?: number;
  /** Pushed policies whose number is listed are refused with the sandbox's message. */
  refusePolicies?: string[];
}

const scenarios = new Map<string, SandboxScenario>();

const pushes = new Map<string, Array<{ property: string; policies: PushedPolicy[] }>>();

/** What was pushed to the sandbox portfolio `name` (property by property, in order); `clear` forgets it. */
export function sandboxPushes(name: string, opts: { clear?: boolean } = {}) {
  const list = pushes.get(name) ?? [];
  if (opts.clear) pushes.delete(name);
  return list;
}

/** Changes what the sandbox portfolio `name` answers from now on (tests, the demo). */
export function sandboxScenario(name: string, scenario: SandboxScenario | null) {
  if (scenario) scenarios.set(name, scenario);
  else scenarios.delete(name);
}

const STREETS = ["Maple Grove", "Harbor View", "Cedar Point", "Willow Creek", "Aspen Ridge", "Lakeside", "Stone Bridge", "Juniper Court", "Falcon Heights", "Bayview"];
const FIRST = ["Ava", "Liam", "Mia", "Noah", "Zoe", "Ethan", "Nora", "Owen", "Ruby", "Felix", "Iris", "Hugo", "Lena", "Jude", "Maya", "Theo"];
const LAST = ["Park", "Silva", "Novak", "Reyes", "Bauer", "Okafor", "Lind", "Moreau", "Tanaka", "Quinn", "Hale", "Ibsen", "Costa", "Varga"];

/** A number in [0, n) that depends only on the text. */
const pick = (text: string, n: number) => createHash("sha256").update(text).digest().readUInt32BE(0) % n;

const addDays = (ymd: string, days: number) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export function parseSandboxUrl(url: string): { name: string; properties: number; units: number } | null {
  const match = /^sandbox:\/\/([a-z0-9-]{1,40})(\?.*)?$/i.exec(url.trim());
  if (!match) return null;
  const params = new URLSearchParams((match[2] ?? "").slice(1));
  const int = (key: string, fallback: number, max: number) => Math.min(max, Math.max(1, Number.parseInt(params.get(key) ?? "", 10) || fallback));
  return { name: match[1].toLowerCase(), properties: int("properties", 3, 50), units: int("units", 12, 20_000) };
}

export function sandboxProvider(credentials: ProviderCredentials): PropertyManagementProvider {
  const parsed = parseSandboxUrl(credentials.url);
  if (!parsed) throw new ProviderError("Not a sandbox endpoint");
  const { name } = parsed;
  const scenario = () => scenarios.get(name) ?? {};
  const code = name.toUpperCase().replace(/-/g, "").slice(0, 6);

  const properties = (): ProviderProperty[] =>
    Array.from({ length: parsed.properties }, (_, i) => ({
      code: `${code}-P${i + 1}`,
      title: `${STREETS[(pick(name, STREETS.length) + i) % STREETS.length]}${i >= STREETS.length ? ` ${Math.floor(i / STREETS.length) + 1}` : ""} (${name})`,
      units_count: parsed.units,
    }));

  const portfolio = (property: ProviderProperty, index: number): ProviderPortfolio => {
    const { revision = 1, malformed = false, droppedLeases = 0 } = scenario();
    const last = index === parsed.properties - 1 && parsed.properties > 1;
    const units = Array.from({ length: parsed.units }, (_, u) => {
      const floor = Math.floor(u / 10) + 1;
      const unitTitle = `${floor}${String((u % 10) + 1).padStart(2, "0")}`;
      // The last property has no buildings: its units sit directly under the community.
      const building = last ? null : `Building ${String.fromCharCode(65 + (u % 2))}`;
      return { code: `${property.code}-U${u + 1}`, title: building ? `${unitTitle}${String.fromCharCode(65 + (u % 2))}` : unitTitle, building };
    });
    const residents: ProviderPortfolio["residents"] = [];
    const leases: ProviderLease[] = [];
    units.forEach((unit, u) => {
      // Three units in four are let; every fifth lease has two residents.
      if (pick(`${unit.code}:let`, 4) === 0) return;
      const people = pick(`${unit.code}:people`, 5) === 0 ? 2 : 1;
      const start = addDays("2026-01-05", pick(`${unit.code}:start`, 280));
      const lease: ProviderLease = { code: `${unit.code}-L1`, unit_code: unit.code, start_date: start, end_date: addDays(start, 364), residents: [] };
      for (let r = 0; r < people; r++) {
        const residentCode = `t${code.toLowerCase()}${index + 1}${String(u + 1).padStart(4, "0")}${r}`;
        const first = FIRST[pick(`${residentCode}:f`, FIRST.length)];
        const lastName = LAST[pick(`${residentCode}:l`, LAST.length)];
        residents.push({ code: residentCode, email: `${first}.${lastName}.${residentCode}@residents.sandbox.test`.toLowerCase(), first_name: first, last_name: lastName });
        lease.residents.push({ code: residentCode, primary: r === 0, moved_out_on: null });
      }
      leases.push(lease);
    });
    if (revision >= 2 && index === 0) {
      // A later day: three leases renewed a month longer, one co-resident moved out.
      leases.slice(0, 3).forEach((lease) => (lease.end_date = addDays(lease.end_date!, 30)));
      const shared = leases.find((lease) => lease.residents.length > 1);
      if (shared) shared.residents[1].moved_out_on = addDays(shared.start_date!, 60);
    }
    if (droppedLeases && index === 0) {
      const dropped = leases.splice(0, droppedLeases);
      const gone = new Set(dropped.flatMap((lease) => lease.residents.map((r) => r.code)));
      residents.splice(0, residents.length, ...residents.filter((r) => !gone.has(r.code)));
    }
    if (malformed && index === 0) {
      leases.push({ code: `${property.code}-LX`, unit_code: `${property.code}-U9999`, start_date: "2026-03-01", end_date: "2027-02-28", residents: [] });
      residents.push({ code: `t${code.toLowerCase()}bad0`, email: null, first_name: "No", last_name: "Email" });
      leases.push({ code: `${units[0].code}-L0`, unit_code: units[0].code, start_date: "2026-02-30", end_date: null, residents: [] });
    }
    return { property, units, residents, leases };
  };

  return {
    async checkCredentials() {
      if (credentials.password === "wrong" || !credentials.username) throw new ProviderError("Invalid credentials: the provider refused the user name or password");
    },
    async listProperties() {
      await this.checkCredentials();
      return properties();
    },
    async chargeCodes(): Promise<ChargeCode[]> {
      return [
        { code: "RNTINS", description: "Renters insurance" },
        { code: "MPINS", description: "Master policy premium" },
        { code: "ADMFEE", description: "Administrative fee" },
      ];
    },
    async fetchProperty(propertyCode) {
      await this.checkCredentials();
      const all = properties();
      const index = all.findIndex((p) => p.code === propertyCode);
      if (index < 0) throw new ProviderError(`Property ${propertyCode} not found`);
      const data = portfolio(all[index], index);
      // Units are read first, then leases: a timeout there loses what was read, never half-writes the property.
      if (scenario().timeoutProperty === propertyCode) throw new ProviderError(`Timed out reading the leases of ${propertyCode} after 30 s`);
      return data;
    },
    async pushPolicies(propertyCode, policies) {
      await this.checkCredentials();
      if (!properties().some((p) => p.code === propertyCode)) throw new ProviderError(`Property ${propertyCode} not found`);
      const refused = new Set(scenario().refusePolicies ?? []);
      const errors = policies.filter((p) => refused.has(p.number)).map((p) => ({ number: p.number, message: `Policy ${p.number}: the resident ${p.resident_code} has no current lease` }));
      const accepted = policies.filter((p) => !refused.has(p.number));
      if (accepted.length) pushes.set(name, [...(pushes.get(name) ?? []), { property: propertyCode, policies: accepted }]);
      return { pushed: accepted.length, errors };
    },
  };
}
