import { describe, expect, it } from "vitest";
import { collectFolders } from "../../server/lib/collect-folders";
import { loadModules } from "../../server/routes";
import { ACCESS_RULES, type AccessRules } from "../../src/domain/access";
import { RESOURCE_ACCESS } from "../../src/domain/resourceAccess";
import { ROLES } from "../../src/domain/roles";

describe("the permission table assembled from the resource folders", () => {
  it("reads the same rows on the server (folders on disk) as the console (vite's glob)", async () => {
    const onDisk = await collectFolders<AccessRules>(new URL("../../src/resources/", import.meta.url), "access.ts");
    expect(onDisk.map(({ folder }) => folder)).toEqual(Object.keys(RESOURCE_ACCESS).sort());
    for (const { folder, value } of onDisk) expect(value, folder).toEqual(RESOURCE_ACCESS[folder]);
  });

  it("never grants one (role, resource, action) twice, so assembly order cannot change a decision", () => {
    for (const role of ROLES) {
      const seen = new Set<string>();
      for (const rule of ACCESS_RULES[role]) {
        const actions = rule.actions === "*" ? ["*"] : rule.actions;
        for (const action of actions) {
          const key = `${rule.resource}:${action}`;
          expect(seen.has(key), `${role} ${key}`).toBe(false);
          seen.add(key);
        }
      }
    }
  });

  it("refuses a folder without the file when every folder must declare one", async () => {
    await expect(collectFolders(new URL("../../server/", import.meta.url), "no-such-file.ts", { required: true })).rejects.toThrow(/is missing/);
  });
});

describe("server modules (server/routes/<area>/index.ts)", () => {
  it("finds one module per folder, named like it", async () => {
    const modules = await loadModules();
    expect(modules.map((m) => m.name)).toEqual(expect.arrayContaining(["auth", "change-requests", "policies", "staffs", "users"]));
    expect(modules.find((m) => m.name === "auth")?.publicRoutes).toHaveLength(1);
  });

  it("declares lists whose default sort and tie-breaker are usable", async () => {
    const lists = (await loadModules()).flatMap((m) => Object.entries(m.lists ?? {}));
    expect(lists.map(([name]) => name)).toEqual(expect.arrayContaining(["users", "staffs", "policies", "change-requests"]));
    for (const [name, spec] of lists) {
      expect(Object.keys(spec.sorts), name).toContain(spec.defaultSort.column);
      expect(spec.tieBreaker, name).toBeDefined();
    }
  });
});
