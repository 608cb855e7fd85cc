import { findRule } from "./access";
import type { Role } from "./roles";

/** The product's CSV imports that run as jobs or are listed among past uploads (issue 16 section 5). */
export const CSV_IMPORT_KINDS = ["properties", "leases", "tracking_urls", "insurable_updates"] as const;
export type CsvImportKind = (typeof CSV_IMPORT_KINDS)[number];

/** Who may send a file to each import: the permission of the import's own call (the API checks it per upload). */
export const CSV_IMPORT_KIND_ACCESS: Record<CsvImportKind, { resource: string; action: "create" }> = {
  properties: { resource: "insurable", action: "create" },
  leases: { resource: "leases", action: "create" },
  tracking_urls: { resource: "tracking-url", action: "create" },
  insurable_updates: { resource: "insurable-updates", action: "create" },
};

/**
 * The imports a role ever sends, whatever its keys: the kinds its list of past uploads can hold (a tenant's uploads are
 * its own members' and, for leases, those into its communities). Staff send no tracking-URL file: tracking URLs are an
 * agency's (document 3 section 2; reference 4.9) and CSV Upload is a super admin tool (document 1 section 6).
 */
export const csvImportKindsOf = (role: Role): CsvImportKind[] =>
  CSV_IMPORT_KINDS.filter((kind) => findRule(role, CSV_IMPORT_KIND_ACCESS[kind].resource, CSV_IMPORT_KIND_ACCESS[kind].action) !== undefined);
