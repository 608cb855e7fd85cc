import type { ResourceDefinition } from "./definition";

/**
 * Every resource of the console: the default export of each `src/resources/<name>/index.ts`, named like its folder
 * (common/ holds shared parts, not a resource). Adding a folder is all it takes to mount a resource; see the README,
 * "How to add a resource".
 */
const found = import.meta.glob<ResourceDefinition | undefined>(["./*/index.ts", "!./common/index.ts"], { eager: true, import: "default" });

export const RESOURCES: ResourceDefinition[] = Object.keys(found)
  .sort()
  .map((path) => {
    const definition = found[path];
    if (definition?.name === undefined || path !== `./${definition.name}/index.ts`) {
      throw new Error(`src/resources/${path.slice(2)} must default-export defineResource({ name: <its folder's name>, … })`);
    }
    return definition;
  });

export { defineResource, lazyView, routesOf, VIEW_PATHS, type ResourceDefinition, type ResourceRoute, type View } from "./definition";
