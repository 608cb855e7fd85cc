export { ChangeRequestList, RefundRequestList } from "./ChangeRequestList";
