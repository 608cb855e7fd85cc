import ViewSidebarIcon from "@mui/icons-material/ViewSidebarOutlined";
import CloseIcon from "@mui/icons-material/Close";
import { Box, Chip, CircularProgress, Divider, Drawer, IconButton, Link, List, ListItemButton, ListItemText, Tooltip, Typography } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import { useEffect, useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { AppDataProvider } from "../dataProvider";
import type { StaffUser } from "../dataProvider/types";
import { formatLongDate, humanizeEnum } from "../domain/format";
import { isRouteAllowed } from "../domain/routeAccess";
import { useCurrentUser } from "./useCurrentUser";

/** How many entries each list of the panel shows. */
export const QUICK_PANEL_SIZE = 5;

export interface QuickEntry {
  id: number;
  number: string;
  status: string;
  at: string;
  customer?: string | null;
}

interface PanelData {
  recent: QuickEntry[] | null;
  pending: { entries: QuickEntry[]; total: number; to: string } | null;
}

const POLICIES = "/dashboard/policies/browse";
const REVIEW = "/dashboard/policy-support";

/**
 * What the quick panel lists for this user, read when it opens: the policies changed last in their scope, and what
 * waits for review (the Policy Review queue for reviewers, their own proofs of coverage awaiting review for staff and
 * agents). A section the user may not open is left out; a failed read shows the section empty.
 */
async function loadPanel(dataProvider: AppDataProvider, user: StaffUser): Promise<PanelData> {
  const mayBrowse = isRouteAllowed(user, POLICIES);
  const mayReview = isRouteAllowed(user, REVIEW);
  const toEntry = (row: Record<string, unknown>, at: string): QuickEntry => ({
    id: Number(row.id),
    number: String(row.number ?? ""),
    status: String(row.status ?? ""),
    at,
    customer: ((row.primary_user as { full_name?: string } | null)?.full_name ?? (row.customer as string | null)) || null,
  });
  const recent = mayBrowse
    ? dataProvider
        .getList("policies", { pagination: { page: 1, perPage: QUICK_PANEL_SIZE }, sort: { field: "updated_at", order: "DESC" }, filter: {} })
        .then(({ data }) => data.map((row) => toEntry(row, String(row.updated_at))))
        .catch(() => [])
    : Promise.resolve(null);
  const pending = mayReview
    ? dataProvider
        .request<Array<Record<string, unknown>>>("/policy-support/policies_dashboard_index", {
          method: "POST",
          body: { filter: {}, pagination: { page: 1, per: QUICK_PANEL_SIZE } },
        })
        .then(({ json, headers }) => ({
          entries: (json ?? []).map((row) => toEntry(row, String(row.created_at))),
          total: Number(headers.get("total-entries") ?? json?.length ?? 0),
          to: REVIEW,
        }))
        .catch(() => ({ entries: [], total: 0, to: REVIEW }))
    : mayBrowse
      ? dataProvider
          .getList("policies", {
            pagination: { page: 1, perPage: QUICK_PANEL_SIZE },
            sort: { field: "updated_at", order: "ASC" },
            filter: { status: ["EXTERNAL_UNVERIFIED"] },
          })
          .then(({ data, total }) => ({ entries: data.map((row) => toEntry(row, String(row.updated_at))), total: total ?? data.length, to: POLICIES }))
          .catch(() => ({ entries: [], total: 0, to: POLICIES }))
      : Promise.resolve(null);
  return { recent: await recent, pending: await pending };
}

function Section({ title, count, empty, entries, more, onNavigate }: { title: string; count?: ReactNode; empty: string; entries: QuickEntry[]; more?: { to: string; label: string }; onNavigate: () => void }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={title} sx={{ py: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {count}
      </Box>
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {empty}
        </Typography>
      ) : (
        <List dense disablePadding>
          {entries.map((entry) => (
            <ListItemButton key={entry.id} component={RouterLink} to={`/dashboard/policies/view/${entry.id}`} onClick={onNavigate}>
              <ListItemText
                primary={entry.number || `#${entry.id}`}
                secondary={[entry.customer, humanizeEnum(entry.status), formatLongDate(entry.at)].filter(Boolean).join(" · ")}
              />
            </ListItemButton>
          ))}
        </List>
      )}
      {more && (
        <Link component={RouterLink} to={more.to} onClick={onNavigate} underline="hover" variant="body2" sx={{ px: 2 }}>
          {translate(more.label)}
        </Link>
      )}
    </Box>
  );
}

/**
 * The quick panel (document 1 section 2.3), with real content instead of the original's demonstration: recent
 * policies and pending reviews, a drawer from the page's far side.
 */
export function QuickPanel() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [data, setData] = useState<PanelData | null>(null);
  useEffect(() => {
    if (!open || !user) return;
    let live = true;
    setData(null);
    void loadPanel(dataProvider, user).then((loaded) => live && setData(loaded));
    return () => {
      live = false;
    };
  }, [open, user, dataProvider]);
  if (!user) return null;
  const label = translate("app.shell.quick_panel.open");
  const close = () => setOpen(false);
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <ViewSidebarIcon />
        </IconButton>
      </Tooltip>
      <Drawer anchor="right" open={open} onClose={close} slotProps={{ paper: { role: "dialog", "aria-label": translate("app.shell.quick_panel.title"), sx: { width: { xs: "100vw", sm: 360 } } } }}>
        <Box sx={{ display: "flex", alignItems: "center", px: 2, py: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {translate("app.shell.quick_panel.title")}
          </Typography>
          <IconButton aria-label={translate("app.shell.quick_panel.close")} onClick={close}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        {!data ? (
          <Box sx={{ display: "flex", justifyContent: "center", p: 3 }}>
            <CircularProgress size={24} aria-label={translate("app.shell.page.loading")} />
          </Box>
        ) : (
          <>
            {data.pending && (
              <Section
                title={translate("app.shell.quick_panel.pending_reviews")}
                count={<Chip size="small" color={data.pending.total ? "warning" : "default"} label={translate("app.shell.quick_panel.waiting", { smart_count: data.pending.total })} />}
                empty={translate("app.shell.quick_panel.none_pending")}
                entries={data.pending.entries}
                more={{ to: data.pending.to, label: data.pending.to === REVIEW ? "app.shell.quick_panel.open_review" : "app.shell.quick_panel.view_all" }}
                onNavigate={close}
              />
            )}
            {data.pending && data.recent && <Divider />}
            {data.recent && (
              <Section
                title={translate("app.shell.quick_panel.recent_policies")}
                empty={translate("app.shell.quick_panel.none_recent")}
                entries={data.recent}
                more={{ to: POLICIES, label: "app.shell.quick_panel.view_all" }}
                onNavigate={close}
              />
            )}
          </>
        )}
      </Drawer>
    </>
  );
}
