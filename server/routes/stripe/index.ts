import { defineModule } from "../../lib/server-module";
import { stripeRoutes } from "./stripe.routes";

/** The card-payment provider link of accounts (document 3: Accounts, "Connect a card payment provider"). */
export default defineModule({ name: "stripe", routes: [stripeRoutes] });
