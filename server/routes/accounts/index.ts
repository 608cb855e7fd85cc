import { defineModule } from "../../lib/server-module";
import { accountListSpec } from "./accounts.list";
import { accountRoutes } from "./accounts.routes";

/** Accounts, the property managers (document 3: Accounts). */
export default defineModule({ name: "accounts", routes: [accountRoutes], lists: { accounts: accountListSpec } });
