import { defineModule } from "../../lib/server-module";
import { auditListSpec } from "./audit.list";
import { auditRoutes } from "./audit.routes";

/** The audit log (issue 17 section 4). */
export default defineModule({ name: "audit", routes: [auditRoutes], lists: { audit_events: auditListSpec } });
