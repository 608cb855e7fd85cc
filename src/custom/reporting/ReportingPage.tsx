import DownloadIcon from "@mui/icons-material/Download";
import { Alert, Box, Button, Card, CardContent, MenuItem, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { useDataProvider, useStore, useTranslate } from "react-admin";
import { ColumnsChooser } from "../../resources/common/gridKit/ColumnsChooser";
import { useSearchParams } from "react-router-dom";
import { REPORTABLE_TYPES, type ReportableType } from "../../domain/coverageSnapshots";
import type { AppDataProvider } from "../../dataProvider/types";
import { PageHeader } from "../../layout/PageHeader";
import { CoveredShareSection } from "../compliance/CoveredShare";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { type DataSpan, flatten, type TimeSeries, toCsv } from "./types";

const ComplianceTrendChart = lazy(() => import("./ReportingCharts").then((m) => ({ default: m.ComplianceTrendChart })));
const UnitsByCoverageChart = lazy(() => import("./ReportingCharts").then((m) => ({ default: m.UnitsByCoverageChart })));
const t = (key: string) => `resources.coverage_snapshots.${key}`;

/** The fields the screens read: compliance, the unit classes and the table's columns. */
const FIELDS = [
  "total_units",
  "percent_units",
  "total_units_ho4",
  "total_units_ho4_internal",
  "total_units_ho4_external",
  "total_units_ho4_both",
  "total_units_master",
  "total_units_unknown",
  "total_units_none",
  "total_units_unoccupied",
  "total_units_excluded",
];
const TABLE_COLUMNS = ["total_units", "percent_units", "total_units_ho4", "total_units_master", "total_units_unknown", "total_units_none", "total_units_unoccupied", "total_units_excluded"];
/** The table's shown columns (the grid kit's column chooser, kept per browser like every grid's). */
const TABLE_STORE_KEY = "coverage_snapshots.table.hiddenColumns";
/**
 * Where the table has less room than its every column needs, the rarer classes start hidden (then Master and None),
 * so it fits its card without sideways scrolling; the chooser shows them again. By the card's width, not the window's:
 * a pinned side menu takes 260 px of a 600 px window.
 */
const DEFAULT_HIDDEN: Array<{ below: number; hidden: string[] }> = [
  { below: 400, hidden: ["total_units_master", "total_units_unknown", "total_units_none", "total_units_unoccupied", "total_units_excluded"] },
  { below: 630, hidden: ["total_units_unknown", "total_units_unoccupied", "total_units_excluded"] },
];
const NO_COLUMNS: string[] = [];
const hiddenFor = (width: number | null) => (width === null ? NO_COLUMNS : (DEFAULT_HIDDEN.find((d) => width < d.below)?.hidden ?? NO_COLUMNS));

/** The width of an element, followed as it changes (null until measured). */
function useWidth<E extends HTMLElement>(): [(node: E | null) => void, number | null] {
  const [width, setWidth] = useState<number | null>(null);
  const [node, setNode] = useState<E | null>(null);
  useEffect(() => {
    if (!node || typeof ResizeObserver === "undefined") return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  return [setNode, width];
}
/** Staff and agents report on their accounts and those accounts' communities (document 3 section 6). */
const OFFICE_TYPES: ReportableType[] = ["Account", "Insurable"];

/**
 * Coverage reports (/dashboard/reporting; document 3 sections 3 and 7; readings C-42): the compliance trend of one
 * reportable (the System, an account, a community, a state or an integration) over the snapshot dates, its units by
 * coverage class, the table beside, and the same rows as CSV. The choice is kept in the address.
 */
export function ReportingPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const superAdmin = user?.role === "super_admin";
  const types = superAdmin ? [...REPORTABLE_TYPES] : OFFICE_TYPES;
  const askedType = params.get("type") as ReportableType | null;
  const type: ReportableType = askedType && types.includes(askedType) ? askedType : superAdmin ? "System" : "Account";
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  const span = useQuery({
    queryKey: ["coverage_snapshots", "span", type],
    enabled: !!user,
    queryFn: async () => (await dataProvider.request<DataSpan>("/compound_coverage_snapshots/data_span", { method: "POST", body: { reportable_type: type } })).json,
  });
  const series = useQuery({
    queryKey: ["coverage_snapshots", "series", type],
    enabled: !!user,
    queryFn: async () =>
      (await dataProvider.request<TimeSeries>("/compound_coverage_snapshots/time_series", { method: "POST", body: { reportable_type: type, reportable_ids: "all", fields: FIELDS } })).json,
  });
  const ids = series.data?.meta.reportable_ids ?? [];
  const askedId = Number(params.get("id"));
  const id = ids.includes(askedId) ? askedId : ids[0];
  const title = (rid: number) => series.data?.meta.titles[String(rid)] ?? String(rid);

  const download = () => {
    if (!series.data || id === undefined) return;
    const blob = new Blob([toCsv(flatten(series.data, id))], { type: "text/csv" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `coverage-${type.toLowerCase()}-${id}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.reporting"
        actions={
          <Button startIcon={<DownloadIcon />} onClick={download} disabled={!series.data || id === undefined}>
            {translate(t("download"))}
          </Button>
        }
      />
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", mb: 2 }}>
        <TextField select size="small" sx={{ minWidth: 200 }} label={translate(t("report_by"))} value={type} onChange={(e) => set({ type: e.target.value, id: null })}>
          {types.map((rt) => (
            <MenuItem key={rt} value={rt}>
              {translate(t(`types.${rt}`))}
            </MenuItem>
          ))}
        </TextField>
        {type !== "System" && ids.length > 0 && (
          <TextField select size="small" sx={{ minWidth: 280 }} label={translate(t(`types.${type}`))} value={id ?? ""} onChange={(e) => set({ id: e.target.value })}>
            {ids.map((rid) => (
              <MenuItem key={rid} value={rid}>
                {title(rid)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      {span.data?.start_date ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="coverage-span">
          {translate(t("span"), { start: span.data.start_date, end: span.data.end_date, count: span.data.report_dates_count })}
        </Typography>
      ) : null}
      {series.isError || span.isError ? <Alert severity="warning">{translate(t("failed"))}</Alert> : null}
      {series.isPending ? <Skeleton variant="rectangular" height={260} /> : null}
      {series.data && id === undefined ? <Alert severity="info">{translate(t("no_data"))}</Alert> : null}
      {series.data && id !== undefined ? (
        <Box sx={{ display: "grid", gap: 2 }}>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "repeat(2, minmax(0, 1fr))" } }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="subtitle1" component="h2">
                  {translate(t("compliance_trend"))} · {title(id)}
                </Typography>
                <Suspense fallback={<Skeleton variant="rectangular" height={260} />}>
                  <ComplianceTrendChart series={series.data} id={id} />
                </Suspense>
              </CardContent>
            </Card>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="subtitle1" component="h2">
                  {translate(t("units_by_coverage"))}
                </Typography>
                <Suspense fallback={<Skeleton variant="rectangular" height={300} />}>
                  <UnitsByCoverageChart series={series.data} id={id} />
                </Suspense>
              </CardContent>
            </Card>
          </Box>
          <SnapshotTable series={series.data} id={id} />
        </Box>
      ) : null}
      {/* The snapshots look back; the forecast looks ahead from the cover known today (issue 17 section 3). */}
      <Box sx={{ mt: 3 }}>
        <CoveredShareSection />
      </Box>
    </>
  );
}

/**
 * The snapshot table under the charts, across the page: its headers wrap, and a column chooser hides and orders the
 * unit classes, so it reads without sideways scrolling at common widths and every field stays reachable.
 */
function SnapshotTable({ series, id }: { series: TimeSeries; id: number }) {
  const translate = useTranslate();
  const [measure, width] = useWidth<HTMLDivElement>();
  const defaultHidden = hiddenFor(width);
  const [hidden] = useStore<string[]>(TABLE_STORE_KEY, defaultHidden);
  const [ranks] = useStore<number[] | undefined>(`${TABLE_STORE_KEY}_columnRanks`);
  const order = [...(ranks ?? []).filter((r) => r < TABLE_COLUMNS.length), ...TABLE_COLUMNS.map((_, i) => i).filter((i) => !ranks?.includes(i))];
  const shown = order.map((i) => TABLE_COLUMNS[i]).filter((c) => !hidden.includes(c));
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {translate(t("table"))}
          </Typography>
          <ColumnsChooser storeKey={TABLE_STORE_KEY} columns={TABLE_COLUMNS.map((c) => ({ id: c, label: translate(t(`columns.${c}`)) }))} defaultHidden={defaultHidden} />
        </Box>
        <TableContainer ref={measure} sx={{ overflowX: "auto" }} data-testid="coverage-table">
          <Table size="small" aria-label={translate(t("table"))} sx={{ "& th, & td": { px: 1 }, "& th": { whiteSpace: "normal", verticalAlign: "bottom", lineHeight: 1.3 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(t("fields.report_date"))}</TableCell>
                {shown.map((c) => (
                  <TableCell key={c} align="right">
                    {translate(t(`columns.${c}`))}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {series.meta.report_dates.map((date, i) => (
                <TableRow key={date} data-testid={`coverage-row-${date}`}>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{date}</TableCell>
                  {shown.map((c) => {
                    const v = series.data[c]?.[String(id)]?.[i];
                    return (
                      <TableCell key={c} align="right">
                        {v === null || v === undefined ? "—" : c === "percent_units" ? `${v}%` : v.toLocaleString("en-US")}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}
