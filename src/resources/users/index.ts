import PeopleIcon from "@mui/icons-material/People";
import type { User } from "../../dataProvider/types";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import { userName } from "./userName";

const profileSorts = { "profile_attributes.full_name": "profile.full_name" };

/** Customers (document 3): users/browse, users/view/{id}, users/view/{id}/edit. */
export default defineResource({
  name: "users",
  api: { path: "users", list: "get", one: "data", body: "user", sorts: profileSorts },
  access,
  icon: PeopleIcon,
  recordRepresentation: (record: User) => userName(record),
  list: lazyView(() => import("./UserList"), "UserList"),
  show: lazyView(() => import("./UserShow"), "UserShow"),
  edit: lazyView(() => import("./UserEdit"), "UserEdit"),
});
