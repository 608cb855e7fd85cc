import ApartmentIcon from "@mui/icons-material/Apartment";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import type { Account } from "./types";

/** Accounts, the property managers (document 3): browse, view with tabs, edit and create. */
export default defineResource({
  name: "accounts",
  api: { path: "accounts", list: "post_index", one: "bare", body: "account" },
  access,
  icon: ApartmentIcon,
  recordRepresentation: (record: Account) => record.title,
  list: lazyView(() => import("./AccountList"), "AccountList"),
  show: lazyView(() => import("./AccountShow"), "AccountShow"),
  edit: lazyView(() => import("./AccountEdit"), "AccountEdit"),
  create: lazyView(() => import("./AccountCreate"), "AccountCreate"),
});
