import { defineModule } from "../../lib/server-module";
import { bordereauListSpec } from "./bordereau.list";
import { reportRoutes } from "./reports.routes";

/** Reports: compliance reports of accounts, agencies and properties, and the bordereau (issue 13 §1, issue 14 §2). */
export default defineModule({ name: "reports", routes: [reportRoutes], lists: { bordereau_reports: bordereauListSpec } });
