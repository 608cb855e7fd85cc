import AssignmentIcon from "@mui/icons-material/Assignment";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import type { Lease } from "./types";

/** Leases (document 3): list at /dashboard/leases, view/edit/create, and the CSV import at leases/import (readings C-41). */
export default defineResource({
  name: "leases",
  // The form sends `{lease, users}` itself (reference section 4.12), so no body wrapper.
  api: { path: "leases", list: "get", one: "bare", sorts: { "unit.title": "unit.title", "community.title": "community.title" } },
  access,
  icon: AssignmentIcon,
  recordRepresentation: (record: Lease) => record.reference,
  show: lazyView(() => import("./LeaseShow"), "LeaseShow"),
  edit: lazyView(() => import("./LeaseEdit"), "LeaseEdit"),
  create: lazyView(() => import("./LeaseEdit"), "LeaseCreate"),
  routes: {
    "": lazyView(() => import("./LeaseList"), "LeaseList"),
    import: lazyView(() => import("./LeaseImport"), "LeaseImport"),
  },
});
