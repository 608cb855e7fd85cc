export type { Account } from "../../dataProvider/types";
