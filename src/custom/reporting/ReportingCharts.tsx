import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { useTranslate } from "react-admin";
import type { TimeSeries } from "./types";

export const COVERAGE_CLASSES = ["ho4_internal", "ho4_external", "ho4_both", "master", "unknown", "none", "unoccupied", "excluded"] as const;

/**
 * One colour per class, in the unit timeline's colours where it has the class (own cover green, external blue, master
 * purple, none red, vacant grey): the chart palette has seven colours, so the eighth class (Excluded) took the first's
 * (HO4 internal) and the two could not be told apart.
 */
export const COVERAGE_CLASS_COLOR: Record<(typeof COVERAGE_CLASSES)[number], string> = {
  ho4_internal: "#2e7d32",
  ho4_external: "#0288d1",
  ho4_both: "#00897b",
  master: "#7b1fa2",
  unknown: "#f9a825",
  none: "#d32f2f",
  unoccupied: "#bdbdbd",
  excluded: "#5d4037",
};

const label = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const values = (series: TimeSeries, field: string, id: number) => series.meta.report_dates.map((_d, i) => series.data[field]?.[String(id)]?.[i] ?? null);

/** The compliance rate over the report dates (MUI X line chart). */
export const ComplianceTrendChart = ({ series, id }: { series: TimeSeries; id: number }) => {
  const translate = useTranslate();
  return (
    <LineChart
      height={260}
      skipAnimation
      xAxis={[{ scaleType: "point", data: series.meta.report_dates.map(label) }]}
      yAxis={[{ min: 0, max: 100 }]}
      series={[{ id: "percent_units", label: translate("resources.coverage_snapshots.columns.percent_units"), data: values(series, "percent_units", id), curve: "linear", valueFormatter: (v) => (v === null ? "" : `${v}%`) }]}
      margin={{ left: 8, right: 40 }}
    />
  );
};

/** Units by coverage class on each report date, stacked (MUI X bar chart). */
export const UnitsByCoverageChart = ({ series, id }: { series: TimeSeries; id: number }) => {
  const translate = useTranslate();
  return (
    <BarChart
      height={300}
      skipAnimation
      xAxis={[{ scaleType: "band", data: series.meta.report_dates.map(label) }]}
      series={COVERAGE_CLASSES.map((c) => ({ id: c, label: translate(`resources.coverage_snapshots.classes.${c}`), data: values(series, `total_units_${c}`, id), stack: "units", color: COVERAGE_CLASS_COLOR[c] }))}
      margin={{ left: 8, right: 40 }}
    />
  );
};

