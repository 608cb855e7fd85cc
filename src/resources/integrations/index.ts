import SyncAltIcon from "@mui/icons-material/SyncAlt";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import type { IntegrationRow } from "./types";

/** Property-management integrations (document 3): browse (integrations_index), an integration's page, connect one. */
export default defineResource({
  name: "integrations",
  api: { path: "integrations", list: "post_index", one: "bare" },
  access,
  icon: SyncAltIcon,
  recordRepresentation: (record: IntegrationRow) => record.account?.title ?? String(record.id),
  list: lazyView(() => import("./IntegrationList"), "IntegrationList"),
  show: lazyView(() => import("./IntegrationShow"), "IntegrationShow"),
  create: lazyView(() => import("./IntegrationCreate"), "IntegrationCreate"),
});
