import { useState } from "react";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { Box, Button, IconButton, Menu, MenuItem, Tooltip } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { DataTable, useDataProvider, useListContext, useTranslate, type Identifier } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { downloadFile } from "../../dataProvider/download";
import { formatLongDate } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { FilterBar, GridDataTable, GridList, SelectFilter, YesNoFilter } from "../common";
import { serverMessage, usePolicyApi } from "../policies/show/useApi";
import { ConfirmDialog, CreateTrackingUrlDialog, UploadCsvDialog } from "./TrackingUrlDialogs";
import type { AgencyChoice, TrackingUrl } from "./types";

const a = (key: string) => `resources.tracking-url.action.${key}`;

export function useAgencyChoices() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    useQuery({
      queryKey: ["tracking-url", "agency_filters"],
      queryFn: async ({ signal }) => (await dataProvider.request<AgencyChoice[]>("/tracking_urls/agency_filters", { signal })).json,
    }).data ?? []
  );
}

/** The generated link with a copy button. */
export const CopyLink = ({ url }: { url: string }) => {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, maxWidth: 360 }} onClick={(e) => e.stopPropagation()}>
      <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }} title={url}>
        {url}
      </Box>
      <Tooltip title={translate(a(copied ? "copied" : "copy"))}>
        <IconButton
          size="small"
          aria-label={translate(a("copy"))}
          onClick={async () => {
            await navigator.clipboard?.writeText(url).catch(() => undefined);
            setCopied(true);
          }}
        >
          <ContentCopyIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Box>
  );
};

/** Archive/Unarchive and Delete, each confirmed (document 3 section 8). */
export const TrackingUrlMenu = ({ row, onDone }: { row: TrackingUrl; onDone: (action: "archive" | "delete") => void }) => {
  const translate = useTranslate();
  const { request, notifyResult } = usePolicyApi();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirm, setConfirm] = useState<"archive" | "delete" | null>(null);
  const run = async () => {
    try {
      if (confirm === "delete") await request(`/tracking_urls/${row.id}`, { method: "DELETE" });
      else await request(`/tracking_urls/${row.id}`, { method: "PUT", body: { tracking_url: { archived: !row.archived } } });
      notifyResult("success", a("success"));
      onDone(confirm === "delete" ? "delete" : "archive");
    } catch (error) {
      notifyResult("error", a("failure"), serverMessage(error));
    }
  };
  return (
    <span onClick={(e) => e.stopPropagation()} role="presentation">
      <IconButton size="small" aria-label={translate(a("row_menu"))} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirm("archive");
          }}
        >
          {translate(a(row.archived ? "unarchive" : "archive"))}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirm("delete");
          }}
        >
          {translate(a("delete"))}
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirm !== null}
        title={a(confirm === "delete" ? "confirm_delete" : row.archived ? "confirm_unarchive" : "confirm_archive")}
        onClose={() => setConfirm(null)}
        onConfirm={run}
      />
    </span>
  );
};

/** GET /tracking_urls/bulk_csv_template saved as tracking-urls.csv (document 3 section 2). */
const downloadTemplate = () => downloadFile("/tracking_urls/bulk_csv_template", "tracking-urls.csv");

const Actions = ({ agencies }: { agencies: AgencyChoice[] }) => {
  const translate = useTranslate();
  const { refetch } = useListContext();
  const { notifyResult } = usePolicyApi();
  const [dialog, setDialog] = useState<"create" | "upload" | null>(null);
  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
      <Button variant="contained" onClick={() => setDialog("create")}>
        {translate(a("create"))}
      </Button>
      <Button variant="outlined" onClick={() => setDialog("upload")}>
        {translate(a("upload"))}
      </Button>
      <Button
        variant="text"
        onClick={() =>
          downloadTemplate().catch((error) => {
            console.error(error);
            notifyResult("error", a("failure"));
          })
        }
      >
        {translate(a("template"))}
      </Button>
      <CreateTrackingUrlDialog
        open={dialog === "create"}
        agencies={agencies}
        onClose={() => setDialog(null)}
        onCreated={() => {
          setDialog(null);
          void refetch();
        }}
      />
      <UploadCsvDialog
        open={dialog === "upload"}
        onClose={() => setDialog(null)}
        onUploaded={() => void refetch()}
      />
    </Box>
  );
};

const RowMenu = ({ row }: { row: TrackingUrl }) => {
  const { refetch } = useListContext();
  return <TrackingUrlMenu row={row} onDone={() => void refetch()} />;
};

/**
 * /dashboard/tracking-url (document 3 sections 2 and 7): the agency tree's tracking URLs, filtered by archived state
 * and agency, each with its link to copy; create one, upload a CSV of many, download the template; archive or delete
 * a row; a row opens its leads and policies.
 */
export const TrackingUrlList = () => {
  const translate = useTranslate();
  const agencies = useAgencyChoices();
  return (
    <>
      <PageHeader titleKey="app.shell.titles.tracking_url" />
      <GridList<TrackingUrl> resource="tracking-url" title={false} sort={{ field: "created_at", order: "DESC" }} filterDefaultValues={{ archived: false }}>
        <FilterBar>
          <YesNoFilter path="archived" label="resources.tracking-url.filters.archived" />
          <SelectFilter path="agency_id" label="resources.tracking-url.filters.agency" choices={agencies.map((ag) => ({ id: String(ag.agency_id), name: ag.title }))} />
          <Actions agencies={agencies} />
        </FilterBar>
        <GridDataTable<TrackingUrl> rowClick={(id: Identifier) => `/dashboard/tracking-url/view/${id}`}>
          <DataTable.Col source="campaign_name" />
          <DataTable.Col source="landing_page" render={(r) => translate(`resources.tracking-url.landing_pages.${r.landing_page}`, { _: r.landing_page })} />
          <DataTable.Col source="campaign_source" disableSort />
          <DataTable.Col source="campaign_medium" disableSort />
          <DataTable.Col source="agency_title" />
          <DataTable.Col source="leads_count" disableSort />
          <DataTable.Col source="tracking_url" disableSort render={(r) => <CopyLink url={r.tracking_url} />} />
          <DataTable.Col source="created_at" render={(r) => formatLongDate(r.created_at)} />
          <DataTable.Col source="actions" label="" disableSort render={(r) => <RowMenu row={r as TrackingUrl} />} />
        </GridDataTable>
      </GridList>
    </>
  );
};
