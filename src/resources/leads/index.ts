import TrendingUpIcon from "@mui/icons-material/TrendingUp";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import type { Lead } from "./types";

/** Leads (document 3): the landing dashboard at /dashboard/leads and one lead at leads/view/{id}. */
export default defineResource({
  name: "leads",
  api: { path: "leads", list: "post_list", one: "bare", body: "lead" },
  access,
  icon: TrendingUpIcon,
  recordRepresentation: (record: Lead) => record.email,
  show: lazyView(() => import("./LeadShow"), "LeadShow"),
  routes: { "": lazyView(() => import("./LeadList"), "LeadList") },
});
