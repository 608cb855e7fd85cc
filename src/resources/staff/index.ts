import BadgeIcon from "@mui/icons-material/Badge";
import type { Staff } from "../../dataProvider/types";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import { staffName } from "./staffAccess";

const profileSorts = { "profile_attributes.full_name": "profile.full_name" };

/** Staff and agents (document 3): staff/browse, staff/view/{id} (details, communities, history), edit and create. */
export default defineResource({
  name: "staff",
  api: { path: "staffs", list: "get", one: "bare", body: "staff", sorts: profileSorts },
  access,
  icon: BadgeIcon,
  recordRepresentation: (record: Staff) => staffName(record),
  list: lazyView(() => import("./StaffList"), "StaffList"),
  show: lazyView(() => import("./StaffShow"), "StaffShow"),
  edit: lazyView(() => import("./StaffEdit"), "StaffEdit"),
  create: lazyView(() => import("./StaffCreate"), "StaffCreate"),
});
