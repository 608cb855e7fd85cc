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
 * series in a chart. It follows the grid's filters, so the URL holds both, except Archived: archiving tidies the
 * list, it does not undo a visit, so the tiles count archived leads too and say how many, and a line tells what the
 * tiles and the grid below each count (Leads tile = the grid's total with Archived off plus with it on, for a
 * window ending today).
 */
export const LeadStatsPanel = () => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const { data, isPending, isError } = useLeadStats(filterValues ?? {});
  const showsArchived = filterValues?.archived === true || filterValues?.archived === "true";
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
              {stat === "leads" && data ? (
                <Typography variant="caption" color="text.secondary" data-testid="lead-stat-archived">
                  {translate(s("archived_included"), { smart_count: data.archived_leads ?? 0 })}
                </Typography>
              ) : null}
            </CardContent>
          </Card>
        ))}
      </Box>
      {data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="lead-stats-story">
          {translate(s(showsArchived ? "story_archived" : "story_unarchived"), { smart_count: data.archived_leads ?? 0 })}
        </Typography>
      ) : null}
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
