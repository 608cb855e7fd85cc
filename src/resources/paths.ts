/**
 * The console's real URLs for a resource (document 1 section 2.2): browse, view/{id}, view/{id}/edit.
 * react-admin's own "/:id/show" paths are not used; every link goes through here.
 */
const ROUTE_OF: Record<string, string> = {
  users: "users",
  staff: "staff",
  policies: "policies",
  accounts: "accounts",
  agencies: "agencies",
  carriers: "carriers",
  insurable: "insurable",
  leases: "leases",
};

export function routeOf(resource: string): string {
  return ROUTE_OF[resource] ?? resource;
}

export const resourcePath = {
  browse: (resource: string) => `/dashboard/${routeOf(resource)}/browse`,
  view: (resource: string, id: string | number) => `/dashboard/${routeOf(resource)}/view/${id}`,
  edit: (resource: string, id: string | number) => `/dashboard/${routeOf(resource)}/view/${id}/edit`,
  create: (resource: string) => `/dashboard/${routeOf(resource)}/create`,
};
