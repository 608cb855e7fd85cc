import SupportAgentIcon from "@mui/icons-material/SupportAgent";
import type { Staff } from "../../dataProvider/types";
import { defineResource, lazyView } from "../definition";
import { staffName } from "../staff/staffAccess";
import access from "./access";

/**
 * Agents (document 3 section 2: agents; issue 13 section 3): the staff of agencies, read and written through the
 * staff calls (GET /staffs with organizable_type Agency), under their own URLs and permission key.
 */
export default defineResource({
  name: "agents",
  api: { path: "staffs", list: "get", one: "bare", body: "staff", sorts: { "profile_attributes.full_name": "profile.full_name" } },
  access,
  icon: SupportAgentIcon,
  recordRepresentation: (record: Staff) => staffName(record),
  list: lazyView(() => import("./AgentList"), "AgentList"),
  show: lazyView(() => import("./AgentViews"), "AgentShow"),
  edit: lazyView(() => import("./AgentViews"), "AgentEdit"),
  create: lazyView(() => import("./AgentCreate"), "AgentCreate"),
});
