import { defineModule } from "../../lib/server-module";
import { userListSpec } from "./users.list";
import { userRoutes } from "./users.routes";

/** Customers (document 3: Users). */
export default defineModule({ name: "users", routes: [userRoutes], lists: { users: userListSpec } });
