import { lazy, type ComponentType } from "react";
import type { ResourceProps } from "react-admin";
import type { ResourceConfig } from "../dataProvider/registry";
import type { AccessRules } from "../domain/accessRules";

/** A screen: a component taking no props, usually `lazyView(...)` so it ships in its own chunk. */
export type View = ComponentType;

/** Where the standard views live under /dashboard/<name>/ (document 1 section 2.2); the show page's tabs go below it. */
export const VIEW_PATHS = { list: "browse", show: "view/:id/*", edit: "view/:id/edit", create: "create" } as const;

/**
 * One resource of the console, declared by `src/resources/<name>/index.ts` and found by src/resources/index.ts.
 * App.tsx mounts it as a react-admin <Resource> at /dashboard/<name>, the dataProvider learns its `api`, and the
 * permission table (domain/access.ts) holds its `access` rows for the console and the server alike.
 */
export interface ResourceDefinition {
  /** react-admin's resource name: the URL segment, the dataProvider's and the access table's resource. */
  name: string;
  /** How the dataProvider calls its API (src/dataProvider/registry.ts says what each field means). */
  api: ResourceConfig;
  /** Its rows of the permission table: the default export of ./access.ts (the server reads that file too). */
  access: AccessRules;
  icon?: ResourceProps["icon"];
  recordRepresentation?: ResourceProps["recordRepresentation"];
  list?: View;
  show?: View;
  edit?: View;
  create?: View;
  /** Other screens under /dashboard/<name>/, by react-router path; "" is /dashboard/<name> itself. */
  routes?: Record<string, View>;
}

export const defineResource = (definition: ResourceDefinition): ResourceDefinition => definition;

/**
 * A view loaded on first use, in its own chunk: `lazyView(() => import("./UserList"), "UserList")`. Until it
 * arrives, the layout's Suspense shows react-admin's Loading.
 */
export function lazyView<K extends string, M extends Record<K, ComponentType<never>>>(load: () => Promise<M>, name: K): View {
  return lazy(async () => ({ default: (await load())[name] as unknown as View }));
}

export interface ResourceRoute {
  /** Relative to /dashboard/<name>/. */
  path: string;
  view: View;
}

/** A definition's screens: the standard views at VIEW_PATHS, then its own routes. */
export function routesOf(definition: ResourceDefinition): ResourceRoute[] {
  const standard = (Object.keys(VIEW_PATHS) as Array<keyof typeof VIEW_PATHS>).flatMap((view) => {
    const component = definition[view];
    return component ? [{ path: VIEW_PATHS[view], view: component }] : [];
  });
  const own = Object.entries(definition.routes ?? {}).map(([path, view]) => ({ path, view }));
  return [...standard, ...own];
}
