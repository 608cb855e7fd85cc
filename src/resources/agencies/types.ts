export type { Agency } from "../../dataProvider/types";
