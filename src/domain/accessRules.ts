import type { Role } from "./roles";

/**
 * The shape of the permission table's rows (domain/access.ts assembles them). A resource folder declares its own rows
 * in `src/resources/<name>/access.ts`; this module holds only types and verb lists, so those files never import the
 * table they are part of.
 */
export type Action = "list" | "show" | "create" | "edit" | "delete" | "export" | string;

export interface Rule {
  resource: string;
  actions: readonly Action[] | "*";
  /** The staff permission key the actions need (document 1 section 3; reference section 2.1). */
  key?: string;
}

/** Rows per role; a role a file does not name gets nothing from it (deny by default). */
export type AccessRules = Partial<Record<Role, readonly Rule[]>>;

export const READ = ["list", "show"] as const;
export const WRITE = ["list", "show", "create", "edit"] as const;
