import { defineModule } from "../../lib/server-module";
import { dmrRoutes } from "./dmr.routes";

/** The DMR review queue of uploaded PDFs. */
export default defineModule({ name: "dmr", routes: [dmrRoutes] });
