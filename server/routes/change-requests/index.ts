import { defineModule } from "../../lib/server-module";
import { changeRequestListSpec } from "./change-requests.rows";
import { changeRequestRoutes } from "./change-requests.routes";

/** Cancellation and refund requests (document 2 section 2, document 3 "Requests"). */
export default defineModule({ name: "change-requests", routes: [changeRequestRoutes], lists: { "change-requests": changeRequestListSpec } });
