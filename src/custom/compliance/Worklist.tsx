import { useEffect, useRef, useState } from "react";
import { Alert, Box, Button, Checkbox, CircularProgress, Link, MenuItem, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, Tooltip, Typography } from "@mui/material";
import Papa from "papaparse";
import { useDataProvider, useTranslate, type Identifier } from "react-admin";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { formatLongDate } from "../../domain/format";
import { resourcePath } from "../../resources/paths";
import type { AppDataProvider } from "../../dataProvider/types";
import { BulkConfirm, BulkResultsProvider, useBulkRun, type GridBulkAction } from "../../resources/common/gridKit/BulkActions";
import { failureText, useRequest } from "../../resources/common/useRequest";
import { AssignDialog } from "./AssignDialog";
import { LinkStateChip, type LinkState } from "./UploadLinks";

export const WORKLISTS = ["uninsured", "moving_in", "expiring", "pending"] as const;
export type ListName = (typeof WORKLISTS)[number];
const PER = 25;
/** Whose rows are listed (?assigned= in the address): everyone's, the caller's own, or nobody's yet. */
const ASSIGNED = ["all", "me", "none"] as const;
type Assigned = (typeof ASSIGNED)[number];
/** The export reads the list in pages of the server's largest size, up to the count's own cap. */
const EXPORT_PER = 200;
const EXPORT_MAX = 10_000;
const k = (key: string) => `app.compliance.dashboard.${key}`;

interface Resident {
  id: number;
  name: string;
  email: string;
}
interface Row {
  id: number;
  reference?: string;
  number?: string;
  start_date?: string;
  end_date?: string | null;
  created_at?: string;
  unit_id: number | null;
  unit_title: string | null;
  community_title?: string | null;
  account_title: string | null;
  residents: Resident[];
  /** The colleague who follows the row up. */
  assignee: { id: number; name: string } | null;
  /** The newest upload link mailed for the row, if any. */
  upload_link: { id: number; state: LinkState; created_at: string; expires_at: string; used_at: string | null; revoked_at: string | null } | null;
}

const dateOf = (name: ListName, row: Row) => (name === "uninsured" || name === "moving_in" ? row.start_date : name === "expiring" ? row.end_date : row.created_at?.slice(0, 10));
const recordOf = (row: Row) => row.reference ?? row.number ?? String(row.id);

/**
 * One worklist: a page of rows from the server, each a link to its unit, lease or policy and the residents to reach;
 * rows are picked (or every row of the list, "all matching") for the grid kit's bulk actions, the reminder mail (the
 * server mails each resident once a day at most) and the assignment to a colleague, and the export writes every row
 * of the list, not only this page.
 */
export function Worklist({ name }: { name: ListName }) {
  return (
    <BulkResultsProvider>
      <WorklistGrid name={name} />
    </BulkResultsProvider>
  );
}

/**
 * The worklists' bulk calls as every grid's (issue 17 section 5, src/domain/bulk.ts): one call with the picked ids, or
 * with the list's filter for all matching rows; more than 100 rows run as a background job with its progress, and
 * each row's result is named as the grid names it.
 */
function useWorklistBulk(name: ListName, path: string, label: string, extra: () => object): GridBulkAction {
  const dataProvider = useDataProvider<AppDataProvider>();
  return {
    name: path,
    label,
    runPicked: (ids, onProgress) => dataProvider.runBulk(path, { worklist: name, ids, ...extra() }, onProgress),
    runMatching: (filter, onProgress) => dataProvider.runBulk(path, { worklist: name, all_matching: true, filter, ...extra() }, onProgress),
  };
}

function WorklistGrid({ name }: { name: ListName }) {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ rows: Row[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [busy, setBusy] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const [confirmingRemind, setConfirmingRemind] = useState(false);
  // Rows picked on another page are named in the results as the grid showed them.
  const seen = useRef(new Map<number, string>());
  const assignee = useRef<number | null>(null);
  const [params, setParams] = useSearchParams();
  const assigned: Assigned = (ASSIGNED as readonly string[]).includes(params.get("assigned") ?? "") ? (params.get("assigned") as Assigned) : "all";
  const filter = assigned === "all" ? {} : { assigned };
  const path = `/compliance/worklists/${name}`;
  useEffect(() => {
    const controller = new AbortController();
    setState(null);
    request<Row[]>(path, { query: { page, per: PER, ...(assigned === "all" ? {} : { assigned }) }, signal: controller.signal })
      .then(({ json, headers }) => setState({ rows: json ?? [], total: Number(headers.get("total-entries") ?? 0) }))
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [request, path, page, version, assigned]);
  const remindRun = useBulkRun(useWorklistBulk(name, "/compliance/reminders", k("remind_action"), () => ({})));
  const assignRun = useBulkRun(useWorklistBulk(name, "/compliance/assignments", k("assign.action"), () => ({ assignee_id: assignee.current })));
  if (failed) return <Alert severity="error">{translate(k("failed"))}</Alert>;
  if (!state) return <CircularProgress size={24} />;
  for (const row of state.rows) seen.current.set(row.id, recordOf(row));
  const policyList = name === "expiring" || name === "pending";
  const pageIds = state.rows.map((r) => r.id);
  const allPicked = pageIds.length > 0 && pageIds.every((id) => picked.has(id));
  const matching = allMatching && allPicked;
  const count = matching ? state.total : picked.size;
  const pick = (next: Set<number>) => {
    setPicked(next);
    setAllMatching(false);
  };
  const toggle = (id: number) => pick(new Set(picked.has(id) ? [...picked].filter((x) => x !== id) : [...picked, id]));
  const toggleAll = () => pick(allPicked ? new Set() : new Set(pageIds));
  const nameOf = (id: Identifier) => seen.current.get(Number(id)) ?? String(id);

  /** Runs a bulk action on the picked rows or all matching ones; the rows that failed stay picked, the list is read again. */
  const runOn = async (run: ReturnType<typeof useBulkRun>["run"]) => {
    const keep = await run({ ids: [...picked], matching, filter, count, nameOf });
    if (keep) pick(new Set(keep.map(Number)));
    setVersion((v) => v + 1);
  };
  const remind = async () => {
    await runOn(remindRun.run);
    setConfirmingRemind(false);
  };
  const assign = async (to: number | null) => {
    assignee.current = to;
    await runOn(assignRun.run);
    setAssigning(false);
  };

  const showWhose = (value: Assigned) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === "all") next.delete("assigned");
        else next.set("assigned", value);
        return next;
      },
      { replace: true },
    );
    setPage(1);
    pick(new Set());
  };
  const exportAll = async () => {
    setBusy(true);
    try {
      const rows: Row[] = [];
      for (let p = 1; rows.length < Math.min(state.total, EXPORT_MAX); p++) {
        const { json } = await request<Row[]>(path, { query: { page: p, per: EXPORT_PER, ...filter } });
        rows.push(...(json ?? []));
        if ((json ?? []).length < EXPORT_PER) break;
      }
      const columns = ["record", "unit", "account", "date", "residents", "assignee", "upload_link"].map((c) => translate(k(`columns.${c}`)));
      const lines = rows.map((row) => [
        recordOf(row),
        [row.community_title, row.unit_title].filter(Boolean).join(" · "),
        row.account_title ?? "",
        dateOf(name, row) ?? "",
        row.residents.map((r) => `${r.name} <${r.email}>`).join("; "),
        row.assignee?.name ?? "",
        row.upload_link ? translate(`app.compliance.links.states.${row.upload_link.state}`) : "",
      ]);
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([Papa.unparse([columns, ...lines])], { type: "text/csv" }));
      a.download = `${name}.csv`;
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (e) {
      say("error", k("failed"), failureText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate(k(`explain.${name}`))}
      </Typography>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, mb: 1, flexWrap: "wrap" }}>
        <TextField select size="small" label={translate(k("whose.label"))} value={assigned} onChange={(e) => showWhose(e.target.value as Assigned)} sx={{ width: 200 }}>
          {ASSIGNED.map((value) => (
            <MenuItem key={value} value={value}>
              {translate(k(`whose.${value}`))}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", "& .MuiButton-root": { whiteSpace: "nowrap" } }}>
          {/* What the mail asks: a proof waiting for review needs nothing; every other reminder carries the resident's upload link. */}
          <Tooltip describeChild title={translate(k(name === "pending" ? "remind_hint_pending" : "remind_hint"))}>
            <span>
              <Button size="small" variant="contained" onClick={() => setConfirmingRemind(true)} disabled={busy || count === 0}>
                {translate(k("remind"), { smart_count: count })}
              </Button>
            </span>
          </Tooltip>
          <Button size="small" variant="outlined" onClick={() => setAssigning(true)} disabled={busy || count === 0}>
            {translate(k("assign.open"), { smart_count: count })}
          </Button>
          <Button size="small" variant="outlined" onClick={() => void exportAll()} disabled={busy || state.total === 0}>
            {translate(k("export_all"), { smart_count: state.total })}
          </Button>
        </Box>
      </Box>
      {allPicked && state.total > pageIds.length ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1 }}>
          {matching ? (
            <Typography variant="body2">{translate("app.grid_kit.all_matching_selected", { smart_count: state.total })}</Typography>
          ) : (
            <Button size="small" onClick={() => setAllMatching(true)}>
              {translate("app.grid_kit.select_all_matching", { smart_count: state.total })}
            </Button>
          )}
        </Box>
      ) : null}
      {state.rows.length === 0 ? (
        <Alert severity="success">{translate(k("empty"))}</Alert>
      ) : (
        <Table size="small" aria-label={translate(k(`lists.${name}`))} data-testid={`worklist-${name}`}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox checked={allPicked} indeterminate={!allPicked && pageIds.some((id) => picked.has(id))} onChange={toggleAll} inputProps={{ "aria-label": translate(k("select_all")) }} />
              </TableCell>
              <TableCell>{translate(k(policyList ? "columns.policy" : "columns.lease"))}</TableCell>
              <TableCell>{translate(k("columns.unit"))}</TableCell>
              <TableCell>{translate(k("columns.account"))}</TableCell>
              <TableCell>{translate(k(`dates.${name}`))}</TableCell>
              <TableCell>{translate(k("columns.residents"))}</TableCell>
              <TableCell>{translate(k("columns.assignee"))}</TableCell>
              <TableCell>{translate(k("columns.upload_link"))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {state.rows.map((row) => (
              <TableRow key={row.id} selected={picked.has(row.id)} hover>
                <TableCell padding="checkbox">
                  <Checkbox checked={picked.has(row.id)} onChange={() => toggle(row.id)} inputProps={{ "aria-label": translate(k("select_row"), { record: recordOf(row) }) }} />
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={resourcePath.view(policyList ? "policies" : "leases", row.id)}>
                    {recordOf(row)}
                  </Link>
                </TableCell>
                <TableCell>
                  {row.unit_id ? (
                    <Link component={RouterLink} to={`${resourcePath.view("insurable", row.unit_id)}/timeline`}>
                      {[row.community_title, row.unit_title].filter(Boolean).join(" · ")}
                    </Link>
                  ) : (
                    "—"
                  )}
                </TableCell>
                <TableCell>{row.account_title ?? "—"}</TableCell>
                <TableCell>{formatLongDate(dateOf(name, row) ?? null) || "—"}</TableCell>
                <TableCell>{row.residents.map((r) => r.name).join(", ") || "—"}</TableCell>
                <TableCell>{row.assignee?.name ?? "—"}</TableCell>
                <TableCell>
                  {row.upload_link ? (
                    <Tooltip
                      title={translate("app.compliance.links.summary", {
                        sent: formatLongDate(row.upload_link.created_at),
                        expires: formatLongDate(row.upload_link.expires_at),
                      })}
                    >
                      <span>
                        <LinkStateChip state={row.upload_link.state} />
                      </span>
                    </Tooltip>
                  ) : (
                    "—"
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <BulkConfirm
        open={confirmingRemind}
        actionLabel={remindRun.actionLabel}
        count={count}
        matching={matching}
        progress={remindRun.progress}
        onConfirm={() => void remind()}
        onClose={() => setConfirmingRemind(false)}
      />
      <AssignDialog open={assigning} count={count} progress={assignRun.progress} onClose={() => setAssigning(false)} onConfirm={(to) => void assign(to)} />
      <TablePagination component="div" count={state.total} page={page - 1} rowsPerPage={PER} rowsPerPageOptions={[PER]} onPageChange={(_e, p) => setPage(p + 1)} />
    </Box>
  );
}
