/**
 * What Coverdesk needs from a property-management system (document 3 section 7 Integrations; issue 15 section 2):
 * check the credentials, list the properties (syncable communities) and charge codes, and read one property's
 * buildings, units, residents and leases. Yardi (Voyager resident data) and Entrata adapters implement it against
 * their APIs; the sandbox (sandbox.ts) serves a deterministic portfolio without network, for tests and the demo.
 */
export interface ProviderCredentials {
  /** The provider's endpoint; `sandbox://<portfolio>` selects the sandbox. */
  url: string;
  username: string;
  password: string;
  /** Yardi database / Entrata client subdomain. */
  database: string;
  /** Yardi only: the database server, its platform, and the interface licence Yardi issued to the interface entity. */
  server_name?: string;
  platform?: string;
  interface_entity?: string;
  interface_license?: string;
}

export interface ProviderProperty {
  code: string;
  title: string;
  units_count: number;
}

export interface ProviderUnit {
  code: string;
  title: string;
  /** The building's name, or null for a unit directly under the community. */
  building: string | null;
}

export interface ProviderResident {
  /** The resident's code in the provider: the customer's T code. */
  code: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
}

export interface ProviderLease {
  code: string;
  unit_code: string;
  start_date: string | null;
  end_date: string | null;
  residents: Array<{ code: string; primary: boolean; moved_out_on: string | null }>;
}

export interface ProviderPortfolio {
  property: ProviderProperty;
  units: ProviderUnit[];
  residents: ProviderResident[];
  leases: ProviderLease[];
}

export interface ChargeCode {
  code: string;
  description: string;
}

/** A verified policy of a resident, as pushed back to the provider's renters-insurance record. */
export interface PushedPolicy {
  number: string;
  carrier: string | null;
  /** The provider's resident code (the customer's T code) and the lease's unit. */
  resident_code: string;
  unit_code: string | null;
  effective_date: string;
  expiration_date: string | null;
  /** Personal liability limit in cents, when the policy has one. */
  liability_cents: number | null;
  /** Coverdesk's status words: active, cancelled, expired. */
  status: string;
}

export interface PushResult {
  pushed: number;
  /** A policy the provider refused, with its message. */
  errors: Array<{ number: string; message: string }>;
}

export interface PropertyManagementProvider {
  /** Throws ProviderError when the credentials are refused or the provider cannot be reached. */
  checkCredentials(): Promise<void>;
  listProperties(): Promise<ProviderProperty[]>;
  chargeCodes(): Promise<ChargeCode[]>;
  /** Everything of one property, read in full before anything is written (no half-imported property). */
  fetchProperty(code: string): Promise<ProviderPortfolio>;
  /** Sends one property's verified policies to the provider (sync setting "push policies"). */
  pushPolicies(propertyCode: string, policies: PushedPolicy[]): Promise<PushResult>;
}

/** A provider's refusal or failure, with the provider's message (shown in Integration Health). */
export class ProviderError extends Error {}
