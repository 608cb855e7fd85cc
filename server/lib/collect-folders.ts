import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface FolderExport<T> {
  folder: string;
  value: T;
}

/**
 * The default export of `<dir>/<folder>/<file>` for each folder of `dir`, in name order. This is how the server
 * finds its modules (server/routes/<area>/index.ts) and the resources' access rows (src/resources/<name>/access.ts)
 * with no list to keep in step; the console does the same with vite's import.meta.glob. `required`: every folder
 * must have the file (a forgotten index.ts fails the start instead of silently serving nothing).
 */
export async function collectFolders<T>(dir: URL, file: string, options: { required?: boolean } = {}): Promise<Array<FolderExport<T>>> {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const found: Array<FolderExport<T>> = [];
  for (const folder of folders) {
    const url = new URL(`${folder}/${file}`, dir);
    if (!existsSync(url)) {
      if (options.required) throw new Error(`${fileURLToPath(url)} is missing: every folder of ${fileURLToPath(dir)} declares one`);
      continue;
    }
    const module = (await import(pathToFileURL(fileURLToPath(url)).href)) as { default?: T };
    if (module.default === undefined) throw new Error(`${fileURLToPath(url)} has no default export`);
    found.push({ folder, value: module.default });
  }
  return found;
}
