import { describe, expect, it } from "vitest";
import { NOT_YET_DEFINED, registry } from "../dataProvider/registry";
import { ACCESS_RULES } from "../domain/access";
import { ROLES } from "../domain/roles";
import { RESOURCES, routesOf } from ".";

const folders = import.meta.glob<{ default: unknown }>("./*/access.ts", { eager: true });
const accessOf = (name: string) => folders[`./${name}/access.ts`]?.default;

describe("resource definitions (src/resources/<name>/index.ts)", () => {
  it("finds every resource folder, each named like its folder", () => {
    expect(RESOURCES.map((r) => r.name)).toEqual(["accounts", "agencies", "agents", "audit", "branding_profiles", "carriers", "change-requests", "csv-imports", "email-history", "insurable", "integrations", "invoices", "leads", "leases", "master-policies", "payments", "policies", "staff", "tracking-url", "users"]);
  });

  it("declares the rows of its own access.ts, which the permission table holds", () => {
    for (const resource of RESOURCES) {
      expect(resource.access, resource.name).toBe(accessOf(resource.name));
      for (const role of ROLES) {
        for (const rule of resource.access[role] ?? []) expect(ACCESS_RULES[role], `${resource.name} ${role}`).toContain(rule);
      }
    }
  });

  it("gives the dataProvider its api entry, no longer declared among the areas without a folder", () => {
    for (const resource of RESOURCES) {
      expect(registry[resource.name]).toBe(resource.api);
      expect(Object.keys(NOT_YET_DEFINED), `move ${resource.name}'s entry out of registry.ts`).not.toContain(resource.name);
    }
  });

  it("mounts its standard views at the spec's URLs, then its own routes", () => {
    const users = RESOURCES.find((r) => r.name === "users")!;
    expect(routesOf(users).map(({ path }) => path)).toEqual(["browse", "view/:id/*", "view/:id/edit"]);
    const policies = RESOURCES.find((r) => r.name === "policies")!;
    expect(routesOf(policies).map(({ path }) => path)).toEqual(["browse", "view/:id/*", "upload-coverage-proof", "import", "import/add", "import/view/:id"]);
  });
});
