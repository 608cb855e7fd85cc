import { defineModule } from "../../lib/server-module";
import { masterPolicyListSpec } from "./master-policies.list";
import { masterPolicyRoutes } from "./master-policies.routes";

/** Master policies (document 3 section 7; reference section 4.10). */
export default defineModule({ name: "master-policies", routes: [masterPolicyRoutes], lists: { "master-policies": masterPolicyListSpec } });
