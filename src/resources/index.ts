import type { ResourceDefinition } from "./definition";

/**
 * Every resource of the console: the default export of each `src/resources/<name>/index.ts` (common/ holds shared
 * parts, not a resource). Adding a folder is all it takes to mount a resource; see the README, "How to add a resource".
 */
const found = import.meta.glob<ResourceDefinition>(["./*/index.ts", "!./common/index.ts"], { eager: true, import: "default" });

export const RESOURCES: ResourceDefinition[] = Object.keys(found)
  .sort()
  .map((path) => found[path]);

export { defineResource, lazyView, routesOf, VIEW_PATHS, type ResourceDefinition, type ResourceRoute, type View } from "./definition";
