import { useTranslate } from "react-admin";

/** Booleans display as Yes or No (document 1 section 1). */
export const YesNo = ({ value }: { value: unknown }) => {
  const translate = useTranslate();
  return <>{translate(value ? "ra.boolean.true" : "ra.boolean.false")}</>;
};
