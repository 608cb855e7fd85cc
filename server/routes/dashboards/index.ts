import { defineModule } from "../../lib/server-module";
import { dashboardRoutes } from "./dashboards.routes";

/** Dashboards (document 2, "Policies dashboard (total)"; reference 4.8): the policies dashboard's totals and graphs. */
export default defineModule({ name: "dashboards", routes: [dashboardRoutes] });
