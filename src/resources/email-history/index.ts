import EmailIcon from "@mui/icons-material/Email";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import type { SentEmail } from "./types";

/** Email History (document 1 section 3 menus; document 3 section 2): /dashboard/email-history and one mail at view/{id}. */
export default defineResource({
  name: "email-history",
  api: { path: "sent_emails", list: "get", one: "bare" },
  access,
  icon: EmailIcon,
  recordRepresentation: (record: SentEmail) => record.subject,
  show: lazyView(() => import("./EmailShow"), "EmailShow"),
  routes: { "": lazyView(() => import("./EmailHistoryList"), "EmailHistoryList") },
});
