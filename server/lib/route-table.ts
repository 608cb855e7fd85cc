import type { FastifyInstance, RouteOptions } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /** Every route as registered (method, url, schema, config): the route matrix and the fuzzer walk it. */
    routeTable: RouteOptions[];
  }
}

/** Starts recording the routes; call before any route is registered. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteOptions[] = [];
  app.decorate("routeTable", table);
  app.addHook("onRoute", (route) => {
    table.push(route);
  });
}
