import { defineModule } from "../../lib/server-module";
import { assignmentListSpec } from "./assignments.list";
import { assignmentRoutes } from "./assignments.routes";

/** Property managers assigned to communities (issue 13 section 3); the limit they put on a scope is in lib/scope.ts. */
export default defineModule({ name: "assignments", routes: [assignmentRoutes], lists: { assignments: assignmentListSpec } });
