import { defineModule } from "../../lib/server-module";
import { masterPolicyListSpec } from "./master-policies.list";
import { masterPolicyRoutes } from "./master-policies.routes";
import { communityListSpec, coverageListSpec, topInsurableListSpec, unitListSpec } from "./master-policies.units";

/** Master policies (document 3 section 7; reference section 4.10): browse, create, edit, communities, unit coverages. */
export default defineModule({
  name: "master-policies",
  routes: [masterPolicyRoutes],
  lists: {
    "master-policies": masterPolicyListSpec,
    "master-policy-communities": communityListSpec,
    "master-policy-available-insurables": topInsurableListSpec,
    "master-policy-available-units": unitListSpec,
    "master-policy-coverages": coverageListSpec,
  },
});
