import PaymentsIcon from "@mui/icons-material/Payments";
import { defineResource, lazyView } from "../definition";
import access from "./access";

/** Payments (document 1 section 2.2): the payment gateway's charges and refunds at /dashboard/payments, read-only. */
export default defineResource({
  name: "payments",
  api: { path: "payments", list: "get", one: "bare" },
  access,
  icon: PaymentsIcon,
  routes: { "": lazyView(() => import("./PaymentList"), "PaymentList") },
});
