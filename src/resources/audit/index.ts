import ManageSearchIcon from "@mui/icons-material/ManageSearch";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import type { AuditEvent } from "./types";

/** The audit log (issue 17 section 4): /dashboard/audit, every change and audit event, read-only. */
export default defineResource({
  name: "audit",
  api: { path: "audit_events", list: "get", one: "bare" },
  access,
  icon: ManageSearchIcon,
  recordRepresentation: (record: AuditEvent) => `${record.record_type} ${record.record_number ?? ""}`.trim(),
  routes: { "": lazyView(() => import("./AuditList"), "AuditList") },
});
