import LocalShippingIcon from "@mui/icons-material/LocalShipping";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import type { Carrier } from "./types";

/** Carriers (document 3): browse, view (with the configuration tabs), edit and create. */
export default defineResource({
  name: "carriers",
  api: { path: "carriers", list: "get", one: "bare", body: "carrier" },
  access,
  icon: LocalShippingIcon,
  recordRepresentation: (record: Carrier) => record.title,
  list: lazyView(() => import("./CarrierList"), "CarrierList"),
  show: lazyView(() => import("./CarrierShow"), "CarrierShow"),
  edit: lazyView(() => import("./CarrierEdit"), "CarrierEdit"),
  create: lazyView(() => import("./CarrierCreate"), "CarrierCreate"),
});
