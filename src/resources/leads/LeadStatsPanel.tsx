import { lazy, Suspense } from "react";
import { Alert, Box, Card, CardContent, Skeleton, Typography } from "@mui/material";
import { useListContext, useTranslate } from "react-admin";
import { LEAD_STATS, type LeadStat } from "../../domain/leads";
import { useLeadStats } from "./useLeadsApi";

const LeadStatsChart = lazy(() => import("./LeadStatsChart"));
const s = (key: string) => `resources.leads.stats.${key}`;

const formatStat = (stat: LeadStat, value: number) => (stat === "conversions" ? `${value.toLocaleString("en-US")}%` : value.toLocaleString("en-US"));

/**
 * The dashboard on top of the leads grid (reference 4.9): one tile per statistic over the chosen window, then their
 * series in a chart. It follows the grid's filters, so the URL holds both.
 */
export const LeadStatsPanel = () => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const { data, isPending, isError } = useLeadStats(filterValues ?? {});
  return (
    <Box sx={{ px: 2, pb: 2 }} component="section" aria-label={translate(s("title"))}>
      {isError ? <Alert severity="warning">{translate(s("failed"))}</Alert> : null}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(128px, 1fr))", mb: 2 }}>
        {LEAD_STATS.map((stat) => (
          <Card key={stat} variant="outlined" data-testid={`lead-stat-${stat}`}>
            <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 } }}>
              <Typography variant="body2" color="text.secondary">
                {translate(s(stat))}
              </Typography>
              <Typography variant="h5" component="p">
                {data ? <bdi>{formatStat(stat, data[stat])}</bdi> : isPending ? <Skeleton width={60} /> : "—"}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      {data ? (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle1" component="h2">
              {translate(s("chart"))} · {translate(s(data.bucket === "month" ? "monthly" : "daily"))}
            </Typography>
            <Suspense fallback={<Skeleton variant="rectangular" height={260} />}>
              <LeadStatsChart stats={data} />
            </Suspense>
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
};
