import HomeWorkIcon from "@mui/icons-material/HomeWork";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import type { Insurable } from "./types";

/**
 * Properties (document 3): communities, buildings and units at /dashboard/insurable/{communities,buildings,units},
 * a property at insurable/view/{id} (the policy page's Covered Unit), its edit page, and Add a Property.
 */
export default defineResource({
  name: "insurable",
  api: { path: "insurables", list: "get", one: "bare", body: "insurable", sorts: { account_title: "account.title", parent_title: "parent.title" } },
  access,
  icon: HomeWorkIcon,
  recordRepresentation: (record: Insurable) => record.title,
  show: lazyView(() => import("./InsurableShow"), "InsurableShow"),
  edit: lazyView(() => import("./InsurableEdit"), "InsurableEdit"),
  create: lazyView(() => import("./InsurableCreate"), "InsurableCreate"),
  routes: {
    "": lazyView(() => import("./InsurableList"), "ToCommunities"),
    communities: lazyView(() => import("./InsurableList"), "CommunityList"),
    buildings: lazyView(() => import("./InsurableList"), "BuildingList"),
    units: lazyView(() => import("./InsurableList"), "UnitList"),
    updates: lazyView(() => import("./InsurableUpdates"), "InsurableUpdates"),
  },
});
