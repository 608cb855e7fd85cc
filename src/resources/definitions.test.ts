import { describe, expect, it } from "vitest";
import { NOT_YET_DEFINED, registry } from "../dataProvider/registry";
import { ACCESS_RULES } from "../domain/access";
import { ROLES } from "../domain/roles";
import { NOT_BUILT_ROUTES, remainingNotBuilt } from "../custom/pages/notBuiltRoutes";
import { RESOURCES, routesOf } from ".";

const folders = import.meta.glob<{ default: unknown }>("./*/access.ts", { eager: true });
const accessOf = (name: string) => folders[`./${name}/access.ts`]?.default;

describe("resource definitions (src/resources/<name>/index.ts)", () => {
  it("finds every resource folder, each named like its folder", () => {
    expect(RESOURCES.map((r) => r.name)).toEqual(["accounts", "agencies", "agents", "audit", "branding_profiles", "carriers", "change-requests", "email-history", "insurable", "integrations", "invoices", "leads", "leases", "master-policies", "payments", "policies", "staff", "tracking-url", "users"]);
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

describe("not-built screens beside the built resources", () => {
  it("keeps the not-built screens under a built resource that it does not declare", () => {
    const { routes, redirects } = remainingNotBuilt(RESOURCES.map((r) => ({ name: r.name, paths: routesOf(r).map(({ path }) => path) })));
    // Built screens give way to their resources; every other placeholder stays.
    const built = ["leads/*", "email-history", "tracking-url/*", "carriers/browse", "carriers/view/:id/*", "insurable/communities", "insurable/buildings", "insurable/units", "insurable/create", "insurable/updates", "insurable/view/:id/*", "leases", "leases/import", "accounts/browse", "accounts/view/:id/*", "agencies/view/:id/*", "invoices/*", "payments/*"];
    expect(routes).toEqual(NOT_BUILT_ROUTES.filter(({ path }) => !built.includes(path)));
    // Invoices and Payments are built at their area's root (their "" route), which replaces "invoices/*" and "payments/*".
    expect(routes.map(({ path }) => path)).not.toContain("invoices/*");
    expect(routes.map(({ path }) => path)).not.toContain("payments/*");
    // Every area with a redirect is built now: the resources' roots redirect to their lists themselves.
    expect(redirects.map(({ path }) => path)).toEqual([]);
  });

  it("lets a newly built resource replace its not-built screens and its area redirect", () => {
    const { routes, redirects } = remainingNotBuilt([{ name: "accounts", paths: ["browse", "view/:accountId", "create"] }]);
    const paths = routes.map(({ path }) => path);
    expect(paths).not.toContain("accounts/browse");
    expect(paths).not.toContain("accounts/view/:id/*");
    expect(paths).toContain("agencies/view/:id/*");
    expect(redirects.map(({ path }) => path)).not.toContain("accounts");
    const agencies = remainingNotBuilt([{ name: "agencies", paths: ["", "view/:id/*"] }]).routes.map(({ path }) => path);
    expect(agencies).not.toContain("agencies");
    expect(agencies).toContain("invoices/*");
  });
});
