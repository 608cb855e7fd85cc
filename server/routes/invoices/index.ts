import { defineModule } from "../../lib/server-module";
import { invoiceListSpec } from "./invoices.list";
import { invoiceRoutes } from "./invoices.routes";

/** Invoices (document 1 section 2.2; document 2 section 2): browse, one invoice, and charging them. */
export default defineModule({ name: "invoices", routes: [invoiceRoutes], lists: { invoices: invoiceListSpec } });
