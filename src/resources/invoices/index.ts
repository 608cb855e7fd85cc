import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import type { InvoiceRecord } from "./types";

/** Invoices (document 1 section 2.2): the grid at /dashboard/invoices, one invoice at invoices/view/{id}. */
export default defineResource({
  name: "invoices",
  api: { path: "invoices", list: "get", one: "bare" },
  access,
  icon: ReceiptLongIcon,
  recordRepresentation: (record: InvoiceRecord) => record.number,
  show: lazyView(() => import("./InvoiceShow"), "InvoiceShow"),
  routes: { "": lazyView(() => import("./InvoiceList"), "InvoiceList") },
});
