import { defineModule } from "../../lib/server-module";
import { emailRoutes } from "./emails.routes";

/** Email History: every message sent, as recorded. */
export default defineModule({ name: "emails", routes: [emailRoutes] });
