import { defineModule } from "../../lib/server-module";
import { reportRoutes } from "./reports.routes";

/** Reports: compliance reports of accounts, agencies and properties, and the bordereau (issue 13 §1, issue 14 §2). */
export default defineModule({ name: "reports", routes: [reportRoutes] });
