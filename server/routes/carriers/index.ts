import { defineModule } from "../../lib/server-module";
import { carrierAgencyListSpec, carrierListSpec } from "./carriers.list";
import { carrierRoutes } from "./carriers.routes";

/** Carriers (document 3). */
export default defineModule({ name: "carriers", routes: [carrierRoutes], lists: { carriers: carrierListSpec, "carrier-agencies": carrierAgencyListSpec } });
