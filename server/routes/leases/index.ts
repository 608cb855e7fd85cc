import { defineModule } from "../../lib/server-module";
import { leaseListSpec } from "./leases.list";
import { leaseRoutes } from "./leases.routes";

/** Leases (document 3). */
export default defineModule({ name: "leases", routes: [leaseRoutes], lists: { leases: leaseListSpec } });
