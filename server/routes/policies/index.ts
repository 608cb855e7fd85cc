import { defineModule } from "../../lib/server-module";
import { policyListSpec } from "./policies.list";
import { policyListRoutes } from "./policies.routes";
import { policyDetailRoutes } from "./policy-detail.routes";
import { policyLookupRoutes } from "./policy-lookups.routes";

/** Policies (document 2): the grid and its exports, the policy page and its tabs, the pickers its forms use. */
export default defineModule({
  name: "policies",
  routes: [policyListRoutes, policyDetailRoutes, policyLookupRoutes],
  lists: { policies: policyListSpec },
});
