export { PolicyShow } from "./PolicyShow";
