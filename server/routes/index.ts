import type { FastifyInstance } from "fastify";
import { collectFolders } from "../lib/collect-folders";
import { registerSignedInArea } from "../lib/role-routes";
import type { ServerModule } from "../lib/server-module";

/** Every folder here is one module: its index.ts default-exports a ServerModule named like the folder. */
export async function loadModules(): Promise<ServerModule[]> {
  const found = await collectFolders<ServerModule>(new URL("./", import.meta.url), "index.ts", { required: true });
  return found.map(({ folder, value }) => {
    if (value.name !== folder) throw new Error(`server/routes/${folder}/index.ts declares the module "${value.name}"`);
    return value;
  });
}

/** Mounts every module's routes: public ones under /v2, the rest behind the session and permission checks. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  for (const module of await loadModules()) {
    for (const routes of module.publicRoutes ?? []) await app.register(routes, { prefix: "/v2" });
    for (const routes of module.routes ?? []) registerSignedInArea(app, routes);
    for (const routes of module.apiRoutes ?? []) registerSignedInArea(app, routes, "/api");
  }
}
