import { defineModule } from "../../lib/server-module";
import { groupListSpec } from "./groups.service";
import { groupRoutes } from "./groups.routes";

/** Rent-guarantee mass import (document 2; reference section 4.7): policy application groups from an xlsx sheet. */
export default defineModule({ name: "policy-application-groups", routes: [groupRoutes], lists: { policy_application_groups: groupListSpec } });
