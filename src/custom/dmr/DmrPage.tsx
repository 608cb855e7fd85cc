import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import ArchiveIcon from "@mui/icons-material/Archive";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { useNotifyHttpError } from "../../authProvider/AppNotification";
import type { AppDataProvider } from "../../dataProvider/types";
import { CONFIRM_DIALOG_WIDTH, DMR_PAGE_OPTIONS, DMR_PAGE_SIZE, SNACK_ARCHIVE } from "../../domain/constants";
import { yesNo } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { serverMessage } from "../../resources/policies/show/useApi";
import { DmrReviewForm } from "./DmrReviewForm";
import type { CheckedFile, DmrQuery, DmrStatus } from "./types";
import { useDmrUpload } from "./useDmrUpload";

const PdfViewer = lazy(() => import("./PdfViewer"));

const longDateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" });

/**
 * The DMR review queue (document 1 section 2.4): files waiting for review, Unprocessed first, 10 per page with
 * first/last page buttons; Archive after a 300 px confirmation; REVIEW opens the PDF beside the review form.
 */
export function DmrPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyHttpError = useNotifyHttpError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { user } = useCurrentUser();
  const [query, setQuery] = useState<DmrQuery>({ status: "unprocessed", dateFrom: "", dateTo: "", page: 1, per: DMR_PAGE_SIZE });
  const [rows, setRows] = useState<CheckedFile[]>([]);
  // `capped`: the server counted up to its cap and there are more files (server/lib/list.ts): "1-10 of 10,000+".
  const [total, setTotal] = useState({ count: 0, capped: false });
  const [loading, setLoading] = useState(true);
  const [archiving, setArchiving] = useState<CheckedFile | null>(null);
  const [reviewing, setReviewing] = useState<CheckedFile | null>(null);
  // Set when someone else holds the file under review: the server refuses our decision until their claim lapses.
  const [takenBy, setTakenBy] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { json } = await dataProvider.request<{ data: CheckedFile[]; meta: { total: number; total_capped?: boolean } }>("/dmr/checked_files", {
        query: {
          filter: { status: query.status },
          pagination: { page: query.page, per: query.per },
          sort: { column: "updated_at", direction: "desc" },
          date_from: query.dateFrom || undefined,
          date_to: query.dateTo || undefined,
        },
      });
      setRows(json.data);
      setTotal({ count: json.meta.total, capped: json.meta.total_capped === true });
    } catch (error) {
      notifyHttpError(error);
    } finally {
      setLoading(false);
    }
  }, [dataProvider, query, notifyHttpError]);
  useEffect(() => void load(), [load]);

  const upload = useDmrUpload(load);

  // REVIEW claims the file for a few minutes (issue 4 part 5), so two reviewers never work one file.
  const openReview = (row: CheckedFile) => {
    setTakenBy(null);
    setReviewing(row);
    dataProvider.request(`/dmr/checked_files/${row.id}/claim`, { method: "POST" }).catch((error) => setTakenBy(serverMessage(error) ?? translate("app.dmr.upload.failed")));
  };
  const change = (patch: Partial<DmrQuery>) => setQuery((q) => ({ ...q, page: 1, ...patch }));
  const badRange = query.dateFrom && query.dateTo && query.dateFrom > query.dateTo;

  const archive = async () => {
    if (!archiving) return;
    try {
      const { json } = await dataProvider.request<{ message?: string }>(`/dmr/checked_files/${archiving.id}/mark_processed`, { method: "PATCH" });
      notify(json?.message ?? "app.dmr.archive.done", { type: "success", autoHideDuration: SNACK_ARCHIVE, messageArgs: { _: json?.message } });
      await load();
    } catch (error) {
      notifyHttpError(error);
    } finally {
      setArchiving(null);
    }
  };

  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.dmr"
        actions={
          <>
            <input
              ref={fileInput}
              type="file"
              accept="application/pdf,.pdf"
              multiple
              hidden
              data-testid="dmr-upload-input"
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = "";
                if (files.length) void upload.send(files);
              }}
            />
            <Button variant="contained" startIcon={upload.busy ? <CircularProgress size={16} /> : <UploadFileIcon />} disabled={upload.busy} onClick={() => fileInput.current?.click()}>
              {upload.busy ? translate("app.dmr.upload.progress", { percent: upload.percent }) : translate("app.dmr.upload.button")}
            </Button>
          </>
        }
      />
      <Paper>
        <Stack direction="row" spacing={2} sx={{ p: 2 }} flexWrap="wrap">
          <TextField select size="small" label={translate("app.dmr.filters.status")} value={query.status} onChange={(e) => change({ status: e.target.value as DmrStatus })} sx={{ width: "25%", minWidth: 180 }}>
            <MenuItem value="unprocessed">{translate("app.dmr.filters.unprocessed")}</MenuItem>
            <MenuItem value="processed">{translate("app.dmr.filters.processed")}</MenuItem>
          </TextField>
          <TextField
            size="small"
            type="date"
            label={translate("app.dmr.filters.date_from")}
            value={query.dateFrom}
            onChange={(e) => change({ dateFrom: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={translate("app.dmr.filters.date_to")}
            value={query.dateTo}
            onChange={(e) => change({ dateTo: e.target.value })}
            error={Boolean(badRange)}
            helperText={badRange ? translate("app.dmr.filters.bad_range") : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <Table size="small" aria-label={translate("app.shell.titles.dmr")}>
          <TableHead>
            <TableRow>
              <TableCell>{translate("app.dmr.columns.policy_id")}</TableCell>
              <TableCell>{translate("app.dmr.columns.file")}</TableCell>
              <TableCell>{translate("app.dmr.columns.processed")}</TableCell>
              <TableCell>{translate("app.dmr.columns.updated_at")}</TableCell>
              <TableCell align="right">{translate("app.dmr.columns.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell>
                  {row.policy_id ? (
                    <RouterLink to={`/dashboard/policies/view/${row.policy_id}`}>{row.policy_number ?? row.policy_id}</RouterLink>
                  ) : (
                    ""
                  )}
                </TableCell>
                <TableCell>
                  {row.name}
                  {row.claimed_by && row.claimed_by.id !== user?.id && !row.processed ? (
                    <Chip size="small" color="warning" label={translate("app.dmr.taken", { name: row.claimed_by.name })} sx={{ ml: 1 }} />
                  ) : null}
                </TableCell>
                <TableCell>{yesNo(row.processed)}</TableCell>
                <TableCell>{longDateTime(row.updated_at)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {!row.processed ? (
                    <Tooltip title={translate("app.dmr.archive.action")}>
                      <IconButton size="small" aria-label={translate("app.dmr.archive.action")} onClick={() => setArchiving(row)}>
                        <ArchiveIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                  <Button size="small" variant="outlined" sx={{ ml: 1 }} onClick={() => openReview(row)}>
                    {translate("app.dmr.review")}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {!loading && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>{translate("app.dmr.empty")}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
        {loading ? <CircularProgress size={20} sx={{ m: 2 }} aria-label={translate("ra.page.loading")} /> : null}
        <TablePagination
          component="div"
          count={total.capped ? -1 : total.count}
          labelDisplayedRows={
            total.capped ? ({ from, to }) => translate("app.grid.range_at_least", { from, to, total: total.count.toLocaleString("en-US") }) : undefined
          }
          page={query.page - 1}
          rowsPerPage={query.per}
          rowsPerPageOptions={DMR_PAGE_OPTIONS}
          onPageChange={(_e, page) => setQuery((q) => ({ ...q, page: page + 1 }))}
          onRowsPerPageChange={(e) => change({ per: Number(e.target.value) })}
          showFirstButton
          showLastButton
        />
      </Paper>

      <Dialog open={Boolean(archiving)} onClose={() => setArchiving(null)} slotProps={{ paper: { sx: { width: CONFIRM_DIALOG_WIDTH } } }}>
        <DialogContent>
          <Typography>{translate("app.dmr.archive.confirm")}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setArchiving(null)}>{translate("app.dmr.archive.cancel")}</Button>
          <Button variant="contained" color="warning" onClick={archive}>
            {translate("app.dmr.archive.button")}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={Boolean(reviewing)} onClose={() => setReviewing(null)} maxWidth={false} slotProps={{ paper: { sx: { width: "95vw", height: "90vh", maxHeight: "90vh" } } }}>
        {reviewing ? (
          <>
            <DialogTitle sx={{ py: 1 }}>{translate("app.dmr.review_title", { name: reviewing.name })}</DialogTitle>
            {takenBy ? (
              <Alert severity="warning" sx={{ mx: 2, mb: 1 }}>
                {takenBy}
              </Alert>
            ) : null}
            <Box sx={{ display: "flex", flex: 1, minHeight: 0 }}>
              <Box sx={{ flex: "1 1 55%", minWidth: 0, borderRight: 1, borderColor: "divider" }}>
                <Suspense fallback={<CircularProgress sx={{ m: 4 }} />}>
                  <PdfViewer url={reviewing.s3_url} filename={reviewing.name} onClose={() => setReviewing(null)} />
                </Suspense>
              </Box>
              <Box sx={{ flex: "1 1 45%", overflow: "auto", p: 2 }}>
                <DmrReviewForm
                  fileId={reviewing.id}
                  role={user?.role}
                  onSubmitted={() => {
                    setReviewing(null);
                    void load();
                  }}
                />
              </Box>
            </Box>
          </>
        ) : null}
      </Dialog>
    </>
  );
}
