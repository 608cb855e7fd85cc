import { defineModule } from "../../lib/server-module";
import { paymentListSpec } from "./payments.list";
import { paymentRoutes } from "./payments.routes";

/** Payments (document 1 section 2.2): the charges and refunds made through the payment gateway, read-only. */
export default defineModule({ name: "payments", routes: [paymentRoutes], lists: { payments: paymentListSpec } });
