import { defineModule } from "../../lib/server-module";
import { authRoutes } from "./auth.routes";

/** Sign-in, session, password reset (document 1 section 4): open routes, each checks what it needs. */
export default defineModule({ name: "auth", publicRoutes: [authRoutes] });
