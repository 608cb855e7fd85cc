import { LineChart } from "@mui/x-charts/LineChart";
import { useTranslate } from "react-admin";
import type { LeadStats } from "./types";

const SERIES = ["site_visits", "visitors", "leads", "applications", "customers"] as const;

const label = (key: string, bucket: "day" | "month") => {
  const date = new Date(`${key}T00:00:00Z`);
  return bucket === "month"
    ? date.toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" })
    : date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
};

/** The statistics per day (or per month over two months or more), one line each (MUI X Charts). */
export const LeadStatsChart = ({ stats }: { stats: LeadStats }) => {
  const translate = useTranslate();
  const keys = Object.keys(stats.stats_by);
  return (
    <LineChart
      height={260}
      skipAnimation
      xAxis={[{ scaleType: "point", data: keys.map((k) => label(k, stats.bucket)) }]}
      series={SERIES.map((s) => ({ id: s, label: translate(`resources.leads.stats.${s}`), data: keys.map((k) => stats.stats_by[k][s]), curve: "linear" as const }))}
      margin={{ left: 8, right: 32 }}
    />
  );
};

export default LeadStatsChart;
