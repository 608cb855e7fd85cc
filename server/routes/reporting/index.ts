import { defineModule } from "../../lib/server-module";
import { reportingRoutes } from "./reporting.routes";

/** Reporting (document 3, coverage snapshots): the time series and data span of the nightly coverage snapshots. */
export default defineModule({ name: "reporting", routes: [reportingRoutes] });
