import PolicyIcon from "@mui/icons-material/Policy";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import type { MasterPolicy } from "./types";

/** Master policies (document 3): browse, view with its communities and units, create and edit. */
export default defineResource({
  name: "master-policies",
  api: { path: "master-policies", list: "get", one: "bare" },
  access,
  icon: PolicyIcon,
  recordRepresentation: (record: MasterPolicy) => record.number,
  list: lazyView(() => import("./MasterPolicyList"), "MasterPolicyList"),
  show: lazyView(() => import("./MasterPolicyShow"), "MasterPolicyShow"),
  edit: lazyView(() => import("./MasterPolicyEdit"), "MasterPolicyEdit"),
  create: lazyView(() => import("./MasterPolicyCreate"), "MasterPolicyCreate"),
});
