import { LineChart } from "@mui/x-charts/LineChart";
import { ScatterChart } from "@mui/x-charts/ScatterChart";
import { DASHBOARD_MONEY_SERIES, type DashboardGraphs, type DashboardPoint } from "../../domain/dashboard";
import { formatCents } from "../../domain/money";

const label = (key: string, bucket: "day" | "month") => {
  const date = new Date(`${key}T00:00:00Z`);
  return bucket === "month"
    ? date.toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" })
    : date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
};

/**
 * The value axis: a series of zeros (GetCovered's commission in a quiet week) gets 0 to 1, since an axis over [0, 0]
 * drew one cut-off tick ("0.0…") in the middle of the chart; otherwise the chart's own.
 */
export const valueAxis = (values: number[]) => [values.every((v) => v === 0) ? { min: 0, max: 1 } : {}];

/** Room on the right for the last date's label, which the chart otherwise cut ("No…" for Nov 27). */
const MARGIN = { left: 8, right: 28 };

/**
 * One small chart of the dashboard (document 2): money in dollars, counts as they are (readings C-43); a window of a
 * single point is drawn as a scatter plot, since a line needs two.
 */
export const DashboardChart = ({ graphs, series, title }: { graphs: DashboardGraphs; series: keyof DashboardPoint; title: string }) => {
  const keys = Object.keys(graphs.graphs);
  const money = DASHBOARD_MONEY_SERIES.has(series);
  const values = keys.map((k) => {
    const v = graphs.graphs[k][series] ?? 0;
    return money ? v / 100 : v;
  });
  const valueFormatter = (v: number | null) => (v === null ? "" : money ? formatCents(Math.round(v * 100)) : v.toLocaleString("en-US"));
  if (keys.length === 1) {
    return (
      <ScatterChart
        height={180}
        skipAnimation
        xAxis={[{ min: -1, max: 1, tickInterval: [0], valueFormatter: () => label(keys[0], graphs.bucket) }]}
        series={[{ id: series, label: title, data: [{ id: keys[0], x: 0, y: values[0] }], valueFormatter: (v) => valueFormatter(v?.y ?? null) }]}
        yAxis={valueAxis(values)}
        hideLegend
        margin={MARGIN}
      />
    );
  }
  return (
    <LineChart
      height={180}
      skipAnimation
      xAxis={[{ scaleType: "point", data: keys.map((k) => label(k, graphs.bucket)) }]}
      series={[{ id: series, label: title, data: values, curve: "linear" as const, valueFormatter, showMark: keys.length <= 31 }]}
      yAxis={valueAxis(values)}
      hideLegend
      margin={MARGIN}
    />
  );
};

export default DashboardChart;
