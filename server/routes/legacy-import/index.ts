import { defineModule } from "../../lib/server-module";
import { legacyImportRoutes } from "./legacy-import.routes";

/** Legacy policy import (document 2, Legacy import): a provider's policy export fetched by URL, imported by a job. */
export default defineModule({ name: "legacy-import", routes: [legacyImportRoutes] });
