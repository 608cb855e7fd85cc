export { PolicyList } from "./PolicyList";
