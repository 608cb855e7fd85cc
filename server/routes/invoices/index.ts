import { defineModule } from "../../lib/server-module";
import { invoiceRoutes } from "./invoices.routes";

/** A policy's invoices and charging them (document 2 section 2). */
export default defineModule({ name: "invoices", routes: [invoiceRoutes] });
