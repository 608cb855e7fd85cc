import { defineModule } from "../../lib/server-module";
import { csvImportListSpec } from "./csv-imports.list";
import { csvImportRoutes } from "./csv-imports.routes";

/** CSV uploads of every kind: the leases, tracking-URL and insurable-updates imports as jobs, and the list of past uploads (issue 16). */
export default defineModule({ name: "csv-imports", routes: [csvImportRoutes], lists: { csv_imports: csvImportListSpec } });
