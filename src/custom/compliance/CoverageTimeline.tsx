import { Alert, Box, Chip, CircularProgress, Link, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { dayCount as days, gapSplit } from "../../domain/coverageGaps";
import { formatLongDate } from "../../domain/format";
import { resourcePath } from "../../resources/paths";
import { useLoaded } from "../../resources/common/useRequest";

type SegmentKind = "own" | "external" | "master" | "none" | "vacant";

export interface TimelineAnswer {
  today: string;
  from: string;
  to: string;
  gap_days: number;
  upcoming_gap_days: number;
  unit?: { id: number; title: string };
  segments: Array<{ start: string; end: string; kind: SegmentKind; lease_ids: number[]; policy_ids: number[]; gap: boolean }>;
  leases: Array<{ lease_id: number; reference: string; start: string; end: string | null; residents: Array<{ id: number; name: string }> }>;
  policies: Array<{ policy_id: number; number: string; kind: string; start: string; end: string | null; status: string }>;
}

const k = (key: string) => `app.compliance.timeline.${key}`;
export const KIND_COLOR: Record<SegmentKind, string> = { own: "#2e7d32", external: "#0288d1", master: "#7b1fa2", none: "#d32f2f", vacant: "#bdbdbd" };

/**
 * A gap's label counted as the banners count it: a past gap its days, a current one its days through today (and how
 * many lie ahead), a future one only as days ahead.
 */
export function gapLabel(translate: (key: string, options?: object) => string, gap: { start: string; end: string }, today: string): string {
  const { so_far, ahead } = gapSplit(gap, today);
  if (so_far === 0) return translate(k("gap_ahead"), { smart_count: ahead });
  if (ahead === 0) return translate(k("gap"), { smart_count: so_far });
  return `${translate(k("gap_so_far"), { smart_count: so_far })}, ${translate(k("gap_more_ahead"), { smart_count: ahead })}`;
}

/** One timeline: a bar of its pieces to scale (today marked), the legend, and the pieces with who and what. */
export function TimelineView({ timeline }: { timeline: TimelineAnswer }) {
  const translate = useTranslate();
  const total = days(timeline.from, timeline.to);
  const todayAt = timeline.today >= timeline.from && timeline.today <= timeline.to ? ((days(timeline.from, timeline.today) - 1) / total) * 100 : null;
  const leases = new Map(timeline.leases.map((l) => [l.lease_id, l]));
  const policies = new Map(timeline.policies.map((p) => [p.policy_id, p]));
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      {timeline.gap_days > 0 ? (
        <Alert severity="warning">{translate(k("gaps"), { smart_count: timeline.gap_days })}</Alert>
      ) : (
        <Alert severity="success">{translate(k("no_gaps"))}</Alert>
      )}
      {timeline.upcoming_gap_days > 0 && <Alert severity="info">{translate(k("upcoming_gaps"), { smart_count: timeline.upcoming_gap_days })}</Alert>}
      <Box sx={{ position: "relative", display: "flex", height: 28, borderRadius: 1, overflow: "hidden", border: 1, borderColor: "divider" }} role="img" aria-label={translate(k("bar"))}>
        {timeline.segments.map((s) => (
          <Tooltip key={s.start} title={`${formatLongDate(s.start)} – ${formatLongDate(s.end)}: ${translate(k(`kinds.${s.kind}`))}`}>
            <Box data-kind={s.kind} sx={{ width: `${(days(s.start, s.end) / total) * 100}%`, bgcolor: KIND_COLOR[s.kind], minWidth: 2, ...(s.gap ? { backgroundImage: "repeating-linear-gradient(45deg, transparent 0 4px, rgba(255,255,255,.35) 4px 8px)" } : {}) }} />
          </Tooltip>
        ))}
        {todayAt !== null && <Box sx={{ position: "absolute", left: `${todayAt}%`, top: 0, bottom: 0, width: 2, bgcolor: "text.primary" }} title={translate(k("today"))} />}
      </Box>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
        <Typography variant="caption" color="text.secondary">
          {`${formatLongDate(timeline.from)} – ${formatLongDate(timeline.to)}`}
        </Typography>
        {(Object.keys(KIND_COLOR) as SegmentKind[]).map((kind) => (
          <Chip key={kind} size="small" label={translate(k(`kinds.${kind}`))} sx={{ bgcolor: KIND_COLOR[kind], color: kind === "vacant" ? "text.primary" : "#fff" }} />
        ))}
      </Box>
      <Table size="small" aria-label={translate(k("title"))}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(k("from"))}</TableCell>
            <TableCell>{translate(k("to"))}</TableCell>
            <TableCell>{translate(k("cover"))}</TableCell>
            <TableCell>{translate(k("residents"))}</TableCell>
            <TableCell>{translate(k("policies"))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {timeline.segments.map((s) => (
            <TableRow key={s.start} data-kind={s.kind} sx={s.gap ? { bgcolor: "rgba(211,47,47,0.08)" } : undefined}>
              <TableCell>{formatLongDate(s.start)}</TableCell>
              <TableCell>{formatLongDate(s.end)}</TableCell>
              <TableCell>
                <Typography variant="body2" color={s.gap ? "error" : undefined} fontWeight={s.gap ? 600 : undefined}>
                  {translate(k(`kinds.${s.kind}`))}
                  {s.gap ? ` — ${gapLabel(translate, s, timeline.today)}` : ""}
                </Typography>
              </TableCell>
              <TableCell>
                {s.lease_ids.length === 0
                  ? "—"
                  : s.lease_ids.map((id) => (
                      <div key={id}>
                        <Link component={RouterLink} to={resourcePath.view("leases", id)}>
                          {leases.get(id)?.reference ?? id}
                        </Link>
                        {`: ${(leases.get(id)?.residents ?? []).map((r) => r.name).join(", ") || "—"}`}
                      </div>
                    ))}
              </TableCell>
              <TableCell>
                {s.policy_ids.length === 0
                  ? "—"
                  : s.policy_ids.map((id, i) => (
                      <span key={id}>
                        {i > 0 ? ", " : ""}
                        <Link component={RouterLink} to={resourcePath.view("policies", id)}>
                          {policies.get(id)?.number ?? id}
                        </Link>
                      </span>
                    ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * The coverage timeline of a unit or a lease (issue 17 section 2): who lived there and what covered them — their own
 * policy, an uploaded proof, the master coverage, or nothing (a gap).
 */
export function CoverageTimeline({ path }: { path: string }) {
  const translate = useTranslate();
  const { rows: timeline, failed } = useLoaded<TimelineAnswer>(path);
  if (failed) return <Alert severity="error">{translate(k("failed"))}</Alert>;
  if (!timeline) return <CircularProgress size={24} />;
  return (
    <Box data-testid="coverage-timeline">
      <TimelineView timeline={timeline} />
    </Box>
  );
}

/** A resident's timelines, one per lease. */
export function ResidentTimelines({ userId }: { userId: number }) {
  const translate = useTranslate();
  const { rows, failed } = useLoaded<{ leases: Array<TimelineAnswer & { lease_id: number }> }>(`/users/${userId}/coverage_timeline`);
  if (failed) return <Alert severity="error">{translate(k("failed"))}</Alert>;
  if (!rows) return <CircularProgress size={24} />;
  if (rows.leases.length === 0) return <Typography color="text.secondary">{translate(k("no_leases"))}</Typography>;
  return (
    <Box sx={{ display: "grid", gap: 3 }} data-testid="coverage-timeline">
      {rows.leases.map((timeline) => (
        <Box key={timeline.lease_id}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {translate(k("lease_title"), { unit: timeline.unit?.title ?? "", reference: timeline.leases.find((l) => l.lease_id === timeline.lease_id)?.reference ?? timeline.lease_id })}
          </Typography>
          <TimelineView timeline={timeline} />
        </Box>
      ))}
    </Box>
  );
}
