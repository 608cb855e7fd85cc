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
  FormLabel,
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
import { useNotifyHttpError, useNotifySpec } from "../../authProvider/AppNotification";
import { actionFailureNotification } from "../../dataProvider/httpErrors";
import type { AppDataProvider } from "../../dataProvider/types";
import { CONFIRM_DIALOG_WIDTH, DMR_PAGE_OPTIONS, DMR_PAGE_SIZE, SNACK_ARCHIVE } from "../../domain/constants";
import { yesNo } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { useClaim } from "../claims/useClaim";
import { DmrReviewForm } from "./DmrReviewForm";
import type { CheckedFile, DmrQuery, DmrStatus } from "./types";
import { useDmrUpload } from "./useDmrUpload";

const PdfViewer = lazy(() => import("./PdfViewer"));

const longDateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" });

/**
 * The DMR review queue (document 1 section 2.4): files waiting for review, Unprocessed first, 10 per page with
 * first/last page buttons; Archive after a 300 px confirmation; REVIEW opens the PDF beside the review form. Two
 * reviewers (issue 10): REVIEW claims the file while the dialog stays open; a file someone else holds opens
 * read-only, naming them, and a super admin may take it over.
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
  const notifySpec = useNotifySpec();
  // The open file is claimed while REVIEW stays open (renewed by heartbeat, released on close or by the tab's beacon).
  const claim = useClaim(reviewing ? { claim: { path: `/dmr/checked_files/${reviewing.id}/claim` }, release: `/dmr/checked_files/${reviewing.id}/claim` } : null);
  const holder = claim.state.status === "taken" ? (claim.state.holder?.name ?? null) : null;
  const takenMessage = claim.state.status === "taken" ? claim.state.message : null;
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

  const openReview = (row: CheckedFile) => setReviewing(row);
  const closeReview = () => {
    setReviewing(null);
    void load();
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
      // A file someone holds is not archived under them: the server's message names the holder.
      notifySpec(actionFailureNotification(error));
      void load();
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
        <Stack direction="row" spacing={2} sx={{ p: 2 }} alignItems="flex-start" flexWrap="wrap" useFlexGap>
          <TextField select size="small" label={translate("app.dmr.filters.status")} value={query.status} onChange={(e) => change({ status: e.target.value as DmrStatus })} sx={{ width: "25%", minWidth: 180 }}>
            <MenuItem value="unprocessed">{translate("app.dmr.filters.unprocessed")}</MenuItem>
            <MenuItem value="processed">{translate("app.dmr.filters.processed")}</MenuItem>
          </TextField>
          <Box role="group" aria-labelledby="dmr-date-range" sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "nowrap" }}>
            <FormLabel id="dmr-date-range" sx={{ whiteSpace: "nowrap" }}>
              {translate("app.dmr.filters.date_range")}
            </FormLabel>
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
          </Box>
        </Stack>
        <Table size="small" aria-label={translate("app.shell.titles.dmr")}>
          <TableHead>
            <TableRow>
              <TableCell>{translate("app.dmr.columns.policy_id")}</TableCell>
              <TableCell>{translate("app.dmr.columns.processed")}</TableCell>
              <TableCell>{translate("app.dmr.columns.updated_at")}</TableCell>
              <TableCell align="right">{translate("app.dmr.columns.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              // The spec's four columns; the file's name is the row's tooltip and the REVIEW dialog's title.
              <TableRow key={row.id} hover title={row.name} data-file={row.name}>
                <TableCell>
                  {row.policy_id ? (
                    <RouterLink to={`/dashboard/policies/view/${row.policy_id}`} title={row.policy_number ?? undefined}>
                      {row.policy_id}
                    </RouterLink>
                  ) : (
                    ""
                  )}
                </TableCell>
                <TableCell>{yesNo(row.processed)}</TableCell>
                <TableCell>{longDateTime(row.updated_at)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {row.claimed_by && row.claimed_by.id !== user?.id && !row.processed ? (
                    <Chip size="small" color="warning" label={translate("app.dmr.taken", { name: row.claimed_by.name })} sx={{ mr: 1 }} />
                  ) : null}
                  {!row.processed ? (
                    <>
                      <Tooltip title={translate("app.dmr.archive.action")}>
                        <IconButton size="small" aria-label={translate("app.dmr.archive.action")} onClick={() => setArchiving(row)}>
                          <ArchiveIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Button size="small" variant="outlined" sx={{ ml: 1 }} onClick={() => openReview(row)}>
                        {translate("app.dmr.review")}
                      </Button>
                    </>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
            {!loading && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>{translate("app.dmr.empty")}</TableCell>
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

      <Dialog open={Boolean(reviewing)} onClose={closeReview} maxWidth={false} slotProps={{ paper: { sx: { width: "95vw", height: "90vh", maxHeight: "90vh" } } }}>
        {reviewing ? (
          <>
            <DialogTitle sx={{ py: 1 }}>{translate("app.dmr.review_title", { name: reviewing.name })}</DialogTitle>
            {claim.state.status === "taken" ? (
              <Alert
                severity="warning"
                sx={{ mx: 2, mb: 1 }}
                action={
                  user?.role === "super_admin" && holder ? (
                    <Button color="inherit" size="small" onClick={() => void claim.takeOver()}>
                      {translate("app.dmr.take_over")}
                    </Button>
                  ) : undefined
                }
              >
                {holder ? translate("app.dmr.being_reviewed", { name: holder }) : takenMessage}
              </Alert>
            ) : null}
            <Box sx={{ display: "flex", flex: 1, minHeight: 0 }}>
              <Box sx={{ flex: "1 1 55%", minWidth: 0, borderRight: 1, borderColor: "divider" }}>
                <Suspense fallback={<CircularProgress sx={{ m: 4 }} />}>
                  <PdfViewer url={reviewing.s3_url} filename={reviewing.name} onClose={closeReview} />
                </Suspense>
              </Box>
              <Box sx={{ flex: "1 1 45%", overflow: "auto", p: 2 }}>
                <DmrReviewForm
                  fileId={reviewing.id}
                  role={user?.role}
                  readOnly={claim.state.status !== "held"}
                  onSubmitted={closeReview}
                />
              </Box>
            </Box>
          </>
        ) : null}
      </Dialog>
    </>
  );
}
