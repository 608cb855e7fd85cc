import type { AccessRules } from "./accessRules";

/**
 * The access rows every resource folder declares (src/resources/<name>/access.ts), by folder name. The console and
 * the tests run under vite, which collects them with import.meta.glob; the server runs under tsx, which has no glob,
 * so there the same folders are read at start (server/lib/collect-folders.ts; the path is hidden from vite so the
 * console bundle never holds it). tests/api/access-table.test.ts checks that both ways find the same rows.
 */
async function readOnServer(): Promise<Record<string, AccessRules>> {
  const collector = "../../server/lib/collect-folders.ts";
  const { collectFolders } = (await import(/* @vite-ignore */ collector)) as typeof import("../../server/lib/collect-folders");
  const found = await collectFolders<AccessRules>(new URL("../resources/", import.meta.url), "access.ts");
  return Object.fromEntries(found.map(({ folder, value }) => [folder, value]));
}

function byFolder(modules: Record<string, AccessRules>): Record<string, AccessRules> {
  return Object.fromEntries(Object.entries(modules).map(([path, rules]) => [path.split("/").at(-2) as string, rules]));
}

export const RESOURCE_ACCESS: Record<string, AccessRules> = import.meta.env
  ? byFolder(import.meta.glob<AccessRules>("../resources/*/access.ts", { eager: true, import: "default" }))
  : await readOnServer();
