import AssignmentIcon from "@mui/icons-material/Assignment";
import { defineResource, lazyView } from "../definition";
import access from "./access";

/**
 * Cancellation and refund requests (document 3 sections 2 and 7): change-requests, change-requests/refunds/browse,
 * and one request at change-requests/{id} (issue 10 section 1).
 */
export default defineResource({
  name: "change-requests",
  api: { path: "change_requests", list: "post_list", one: "bare", body: "change_request" },
  access,
  icon: AssignmentIcon,
  routes: {
    "": lazyView(() => import("./ChangeRequestList"), "ChangeRequestList"),
    "refunds/browse": lazyView(() => import("./ChangeRequestList"), "RefundRequestList"),
    ":id": lazyView(() => import("./ChangeRequestShow"), "ChangeRequestShow"),
  },
});
