import BadgeIcon from "@mui/icons-material/Badge";
import type { Staff } from "../../dataProvider/types";
import { staffName } from "./staffAccess";
import { StaffList } from "./StaffList";
import { StaffShow } from "./StaffShow";

/** Staff and agents (document 3): staff/browse, staff/view/{id}. */
export default {
  list: StaffList,
  show: StaffShow,
  icon: BadgeIcon,
  recordRepresentation: (record: Staff) => staffName(record),
};
