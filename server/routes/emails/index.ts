import { defineModule } from "../../lib/server-module";
import { emailListSpec, emailRoutes } from "./emails.routes";

/** Email History: every message sent, as recorded. */
export default defineModule({ name: "emails", routes: [emailRoutes], lists: { sent_emails: emailListSpec } });
