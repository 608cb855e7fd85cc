import PeopleIcon from "@mui/icons-material/People";
import type { User } from "../../dataProvider/types";
import { UserEdit } from "./UserEdit";
import { UserList } from "./UserList";
import { userName } from "./userName";
import { UserShow } from "./UserShow";

/** Customers (document 3): users/browse, users/view/{id}, users/view/{id}/edit. */
export default {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: (record: User) => userName(record),
};
