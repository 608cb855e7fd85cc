import { TextField } from "@mui/material";
import { useTranslate } from "react-admin";
import { useFilterValue } from "./filters";

/**
 * From and To days of a grid's range filter: `path[start]` / `path[end]` (DESIGN.md section 3, Lists). A date-only
 * column takes the days as they are; a timestamp column (`moments`) the whole of each day in UTC, as the audit log's.
 */
export const DateRangeFilter = ({ path, fromLabel, toLabel, moments = false }: { path: string; fromLabel: string; toLabel: string; moments?: boolean }) => {
  const translate = useTranslate();
  const [value, setValue] = useFilterValue(path);
  const range = (value && typeof value === "object" ? value : {}) as { start?: string; end?: string };
  const edgeValue = (edge: "start" | "end", day: string) => (moments ? `${day}${edge === "start" ? "T00:00:00Z" : "T23:59:59Z"}` : day);
  const set = (edge: "start" | "end", day: string) => {
    const next = { ...range, [edge]: day ? edgeValue(edge, day) : undefined };
    setValue(next.start || next.end ? next : undefined);
  };
  return (
    <>
      {(["start", "end"] as const).map((edge) => (
        <TextField
          key={edge}
          className="filter-field"
          type="date"
          size="small"
          label={translate(edge === "start" ? fromLabel : toLabel)}
          value={range[edge]?.slice(0, 10) ?? ""}
          onChange={(event) => set(edge, event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
    </>
  );
};
