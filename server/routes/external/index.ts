import { defineModule } from "../../lib/server-module";
import { externalPolicyRoutes } from "./external.routes";
import { policyFormRoutes } from "./policy-form.routes";
import { revisionRoutes } from "./revisions.routes";

/** Proofs of coverage, their revisions and the review form's calls (document 2 section 6, document 1 section 7). */
export default defineModule({
  name: "external",
  routes: [externalPolicyRoutes, revisionRoutes, policyFormRoutes],
  apiRoutes: [policyFormRoutes],
});
