import FilterListIcon from "@mui/icons-material/FilterList";
import { Alert, Autocomplete, Box, Button, Card, CardContent, Collapse, MenuItem, Skeleton, TextField, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { useDataProvider, useTranslate } from "react-admin";
import {
  DASHBOARD_END_DATE_DEBOUNCE_MS,
  DASHBOARD_PERIODS,
  DASHBOARD_PRODUCTS,
  DASHBOARD_ALL_PRODUCTS,
  type DashboardPeriod,
  type DashboardPoint,
  type DashboardTotals,
  netPremiumToCarrier,
  periodWindow,
} from "../../domain/dashboard";
import { formatDateTime } from "../../domain/format";
import { formatCents } from "../../domain/money";
import type { AppDataProvider } from "../../dataProvider/types";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { type DashboardFilter, useDashboardFilter, usePoliciesDashboard } from "./usePoliciesDashboard";

const DashboardChart = lazy(() => import("./DashboardChart"));
const t = (key: string) => `resources.policies_dashboard.${key}`;

type Tile = { key: string; value: (totals: DashboardTotals) => number; money?: boolean; superAdmin?: boolean };
/** The totals tiles, in the order of document 2. */
const TILES: Tile[] = [
  { key: "all_policies_count", value: (x) => x.all_policies_count },
  { key: "bound", value: (x) => x.bound },
  { key: "cancelled", value: (x) => x.cancelled },
  { key: "total_premium_paid", value: (x) => x.total_premium_paid, money: true },
  { key: "average_premium_paid", value: (x) => x.average_premium_paid, money: true },
  { key: "net_premium_to_carrier", value: netPremiumToCarrier, money: true },
  { key: "agencies_commissions", value: (x) => x.agencies_commissions, money: true },
  { key: "get_covered_commissions", value: (x) => x.get_covered_commissions ?? 0, money: true, superAdmin: true },
];

/** The small charts, in the order of document 2. */
const CHARTS: Array<{ series: keyof DashboardPoint; superAdmin?: boolean }> = [
  { series: "current_added_policies" },
  { series: "total_new_policies" },
  { series: "premium_collected" },
  { series: "get_covered_commissions", superAdmin: true },
  { series: "agencies_commissions" },
  { series: "carriers_commissions" },
];

/** The period a window is, if it is one (so the select shows it after a reload). */
function periodOf(filter: DashboardFilter): DashboardPeriod | "" {
  const found = (Object.keys(DASHBOARD_PERIODS) as DashboardPeriod[]).find((p) => {
    const w = periodWindow(p);
    return w.start === filter.start && w.end === filter.end;
  });
  return found ?? "";
}

/** Agencies for the super admin's picker: every agency with its sub-agencies (GET /agencies/sub_agencies). */
function useAgencies(enabled: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ["policies_dashboard", "agencies"],
    enabled,
    queryFn: async () => (await dataProvider.getSubAgencies()).flatMap((a) => [{ id: a.id, title: a.title }, ...(a.agencies ?? []).map((s) => ({ id: s.id, title: s.title }))]),
  });
}

const DashboardFilters = ({ filter, setFilter, superAdmin }: { filter: DashboardFilter; setFilter: (f: DashboardFilter) => void; superAdmin: boolean }) => {
  const translate = useTranslate();
  const agencies = useAgencies(superAdmin);
  // The end date is typed into a local field and sent 250 ms after the last keystroke (document 2 section 9).
  const [end, setEnd] = useState(filter.end);
  useEffect(() => setEnd(filter.end), [filter.end]);
  useEffect(() => {
    if (end === filter.end || !/^\d{4}-\d{2}-\d{2}$/.test(end)) return undefined;
    const timer = setTimeout(() => setFilter({ ...filter, end }), DASHBOARD_END_DATE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [end, filter, setFilter]);
  const period = periodOf(filter);
  const agency = agencies.data?.find((a) => a.id === filter.agency_id) ?? null;
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))", alignItems: "start", mb: 2 }} data-testid="dashboard-filters">
      <TextField
        type="date"
        size="small"
        label={translate(t("filters.start"))}
        value={filter.start}
        onChange={(e) => /^\d{4}-\d{2}-\d{2}$/.test(e.target.value) && setFilter({ ...filter, start: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        label={translate(t("filters.end"))}
        value={end}
        onChange={(e) => setEnd(e.target.value)}
        error={filter.end < filter.start}
        helperText={filter.end < filter.start ? translate(t("filters.end_before_start")) : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {superAdmin && (
        <Autocomplete
          size="small"
          options={agencies.data ?? []}
          loading={agencies.isPending}
          value={agency}
          getOptionLabel={(o) => o.title}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_e, value) => setFilter({ ...filter, agency_id: value?.id })}
          renderInput={(params) => (
            <TextField {...params} label={translate(t("filters.agency"))} placeholder={translate(t("filters.all_agencies"))} helperText={translate("app.shell.agency_picker.hint")} />
          )}
        />
      )}
      <TextField
        select
        size="small"
        label={translate(t("filters.product"))}
        value={filter.policy_type_id}
        onChange={(e) => setFilter({ ...filter, policy_type_id: Number(e.target.value) })}
      >
        <MenuItem value={DASHBOARD_ALL_PRODUCTS}>{translate(t("filters.all_products"))}</MenuItem>
        {DASHBOARD_PRODUCTS.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.title}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate(t("filters.period"))}
        value={period}
        onChange={(e) => setFilter({ ...filter, ...periodWindow(e.target.value as DashboardPeriod) })}
        slotProps={{ select: { displayEmpty: true, renderValue: (v) => (v ? translate(t(`periods.${String(v)}`)) : translate(t("filters.custom_period"))) } }}
      >
        {(Object.keys(DASHBOARD_PERIODS) as DashboardPeriod[]).map((p) => (
          <MenuItem key={p} value={p}>
            {translate(t(`periods.${p}`))}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
};

/**
 * The policies dashboard (document 2 "Policies dashboard (total)"; readings C-06, C-43): a toggleable filter panel,
 * the totals tiles and six small charts of the caller's scope. Staff reach the page but see no content and no call
 * is made for them; GetCovered's tile and chart are the super admin's.
 */
export function PoliciesDashboardPage() {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const [filter, setFilter] = useDashboardFilter();
  const [open, setOpen] = useState(true);
  const showContent = !!user && user.role !== "staff";
  const superAdmin = user?.role === "super_admin";
  const { totals, graphs } = usePoliciesDashboard(filter, showContent);
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.policies_dashboard"
        crumbs={[{ label: translate("app.shell.titles.dashboards") }]}
        crumb={translate(t("crumb"))}
        actions={
          showContent ? (
            <Button startIcon={<FilterListIcon />} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
              {translate(t("filters.toggle"))}
            </Button>
          ) : undefined
        }
      />
      {showContent && (
        <Box component="section" aria-label={translate(t("name"))}>
          <Collapse in={open}>
            <DashboardFilters filter={filter} setFilter={setFilter} superAdmin={superAdmin} />
          </Collapse>
          {totals.isError || graphs.isError ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translate(t("failed"))}
            </Alert>
          ) : null}
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(170px, 1fr))", mb: 2 }}>
            {TILES.filter((tile) => superAdmin || !tile.superAdmin).map((tile) => (
              <Card key={tile.key} variant="outlined" data-testid={`dashboard-tile-${tile.key}`}>
                <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 } }}>
                  <Typography variant="body2" color="text.secondary">
                    {translate(t(`tiles.${tile.key}`))}
                  </Typography>
                  <Typography variant="h5" component="p">
                    {totals.data ? (tile.money ? formatCents(tile.value(totals.data)) : tile.value(totals.data).toLocaleString("en-US")) : totals.isPending ? <Skeleton width={80} /> : "—"}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
          {totals.data?.computed_at && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: -1, mb: 2 }} data-testid="dashboard-computed-at">
              {translate(t("computed_at"), { time: formatDateTime(new Date(totals.data.computed_at)) })}
            </Typography>
          )}
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(320px, 1fr))" }}>
            {CHARTS.filter((c) => superAdmin || !c.superAdmin).map(({ series }) => (
              <Card key={series} variant="outlined" data-testid={`dashboard-chart-${series}`}>
                <CardContent>
                  <Typography variant="subtitle1" component="h2">
                    {translate(t(`charts.${series}`))}
                    {graphs.data ? ` · ${translate(t(graphs.data.bucket === "month" ? "charts.monthly" : "charts.daily"))}` : ""}
                  </Typography>
                  {graphs.data ? (
                    <Suspense fallback={<Skeleton variant="rectangular" height={180} />}>
                      <DashboardChart graphs={graphs.data} series={series} title={translate(t(`charts.${series}`))} />
                    </Suspense>
                  ) : (
                    <Skeleton variant="rectangular" height={180} />
                  )}
                </CardContent>
              </Card>
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}
