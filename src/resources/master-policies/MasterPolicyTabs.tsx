import { useEffect, useRef, useState, type ReactNode } from "react";
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { Confirm, useCanAccess, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { formatLongDate, humanizeEnum } from "../../domain/format";
import { formatCents } from "../../domain/money";
import { serverMessage, usePolicyApi } from "../policies/show/useApi";
import { usePagedRequest } from "../policies/show/usePagedRequest";
import type { CommunityRow, CoverageRow, MasterPolicy, UnitRow } from "./types";

const k = (key: string) => `resources.master-policies.${key}`;
const PER = 20;

/** One page of a master's list (document 3 section 9: 20 a page), a table and its pagination; empty says so. */
/**
 * What the tabs' lists depend on: a master read again with another status, coverage count or update time (a
 * cancellation the background job finished) reloads them, as the tab's own actions do.
 */
const versionOf = (master: MasterPolicy) => `${master.status}|${master.covered_units}|${master.communities_count}|${master.updated_at ?? ""}`;

function PagedTable<T extends { id: number }>({ path, label, head, cells, reloadKey }: { path: string; label: string; head: string[]; cells: (row: T) => ReactNode[]; reloadKey: string }) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const { rows, total, loading, refetch } = usePagedRequest<T>(path, { pagination: { page: page + 1, per: PER } });
  const loaded = useRef(reloadKey);
  useEffect(() => {
    if (loaded.current === reloadKey) return;
    loaded.current = reloadKey;
    refetch();
  }, [reloadKey, refetch]);
  return (
    <Box>
      <Table size="small" aria-label={translate(label)}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h}>{h ? translate(h) : ""}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {cells(row).map((cell, i) => (
                <TableCell key={i}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
          {!loading && rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={head.length}>{translate("resources.common.empty.no_results")}</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      {total > PER ? <TablePagination component="div" count={total} page={page} rowsPerPage={PER} rowsPerPageOptions={[PER]} onPageChange={(_e, p) => setPage(p)} /> : null}
    </Box>
  );
}

/** A write on the master; the server's message (or the catalogue's fallback) is shown either way. */
function useMasterAction(onDone: () => void) {
  const { request, notifyResult } = usePolicyApi();
  const [busy, setBusy] = useState(false);
  const run = async (path: string, method: "POST" | "PUT", body: object, successKey = k("messages.done")) => {
    setBusy(true);
    try {
      const { json } = await request<{ message?: string }>(path, { method, body });
      notifyResult("success", successKey, json?.message);
      onDone();
      return true;
    } catch (error) {
      notifyResult("error", k("messages.failed"), serverMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

const place = (row: { community: { title: string } | null; building: { title: string } | null }) => [row.community?.title ?? "", row.building?.title ?? ""].filter(Boolean).join(" / ");

/** Add a community or building of the account (add_insurable), auto-assigned or not. */
const AddCommunityDialog = ({ master, open, onClose, onAdded }: { master: MasterPolicy; open: boolean; onClose: () => void; onAdded: () => void }) => {
  const translate = useTranslate();
  const { request } = usePolicyApi();
  // null while the dialog's request runs: the last opening's options (which may include the community just added) are
  // never offered again, so nobody can pick one the server no longer accepts.
  const [options, setOptions] = useState<Array<{ id: number; title: string }> | null>(null);
  const [choice, setChoice] = useState<{ id: number; title: string } | null>(null);
  const [autoAssign, setAutoAssign] = useState(false);
  const { run, busy } = useMasterAction(onAdded);
  useEffect(() => {
    if (!open) return;
    setOptions(null);
    request<Array<{ id: number; title: string }>>(`/master-policies/${master.id}/available_top_insurables`, { query: { pagination: { per: 1000 } } }).then(
      ({ json }) => setOptions(json),
      () => setOptions([]),
    );
  }, [open, master.id, request]);
  const add = async () => {
    if (choice && (await run(`/master-policies/${master.id}/add_insurable`, "POST", { insurable_id: choice.id, auto_assign: autoAssign }))) {
      setChoice(null);
      onClose();
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(k("actions.add_community"))}</DialogTitle>
      <DialogContent>
        <Autocomplete
          sx={{ mt: 1 }}
          options={options ?? []}
          loading={options === null}
          loadingText={translate("ra.page.loading")}
          value={choice}
          onChange={(_e, value) => setChoice(value)}
          getOptionLabel={(o) => o.title}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={translate(k("no_communities"))}
          renderInput={(params) => <TextField {...params} label={translate(k("fields.community"))} />}
        />
        <FormControlLabel control={<Checkbox checked={autoAssign} onChange={(e) => setAutoAssign(e.target.checked)} />} label={translate(k("fields.auto_assign"))} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("ra.action.cancel")}</Button>
        <Button variant="contained" disabled={!choice || busy} onClick={add}>
          {translate(k("actions.add"))}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

export const CommunitiesTab = ({ master, onChange }: { master: MasterPolicy; onChange: () => void }) => {
  const translate = useTranslate();
  const { canAccess: canWrite } = useCanAccess({ resource: "master-policies", action: "add_insurable" });
  const [reload, setReload] = useState(0);
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<CommunityRow | null>(null);
  const done = () => {
    setReload((n) => n + 1);
    onChange();
  };
  const { run, busy } = useMasterAction(done);
  const active = canWrite && master.status !== "CANCELLED";
  return (
    <Stack spacing={1}>
      {active ? (
        <Box sx={{ display: "flex", gap: 1 }}>
          <Button variant="contained" onClick={() => setAdding(true)}>
            {translate(k("actions.add_community"))}
          </Button>
          <Button onClick={() => run(`/master-policies/${master.id}/auto_assign_all`, "PUT", { auto_assign_value: true })} disabled={busy}>
            {translate(k("actions.auto_assign_all"))}
          </Button>
        </Box>
      ) : null}
      <PagedTable<CommunityRow>
        path={`/master-policies/${master.id}/communities`}
        label={k("tabs.communities")}
        reloadKey={`${reload}|${versionOf(master)}`}
        head={[k("fields.community"), k("fields.units"), k("fields.covered_units"), k("fields.auto_assign"), ""]}
        cells={(row) => [
          row.title,
          row.units_count,
          row.covered_units_count,
          <Switch
            key="a"
            checked={row.auto_assign}
            disabled={!active || busy}
            slotProps={{ input: { "aria-label": `${translate(k("fields.auto_assign"))} ${row.title}` } }}
            onChange={() => run(`/master-policies/${master.id}/auto_assign_insurable`, "PUT", { insurable_id: row.id })}
          />,
          active ? (
            <Button key="c" size="small" color="error" onClick={() => setCancelling(row)}>
              {translate(k("actions.cancel_community"))}
            </Button>
          ) : null,
        ]}
      />
      <AddCommunityDialog master={master} open={adding} onClose={() => setAdding(false)} onAdded={done} />
      <Confirm
        isOpen={cancelling !== null}
        loading={busy}
        title={k("actions.cancel_community")}
        content={translate(k("confirm.cancel_community"), { title: cancelling?.title ?? "" })}
        onConfirm={async () => {
          await run(`/master-policies/${master.id}/cancel_insurable`, "PUT", { insurable_id: cancelling!.id });
          setCancelling(null);
        }}
        onClose={() => setCancelling(null)}
      />
    </Stack>
  );
};

export const CoveredUnitsTab = ({ master, past = false, onChange }: { master: MasterPolicy; past?: boolean; onChange: () => void }) => {
  const translate = useTranslate();
  const { canAccess: canWrite } = useCanAccess({ resource: "master-policies", action: "cancel_coverage" });
  const [reload, setReload] = useState(0);
  const [cancelling, setCancelling] = useState<CoverageRow | null>(null);
  const { run, busy } = useMasterAction(() => {
    setReload((n) => n + 1);
    onChange();
  });
  const head = [k("fields.unit"), k("fields.place"), k("fields.coverage_number"), k("fields.status"), k("fields.effective_date"), past ? k("fields.cancellation_date") : k("fields.expiration_date"), ""];
  return (
    <>
      <PagedTable<CoverageRow>
        path={`/master-policies/${master.id}/${past ? "historically_coverage_units" : "covered_units"}`}
        label={past ? k("tabs.history") : k("tabs.covered")}
        reloadKey={`${reload}|${versionOf(master)}`}
        head={head}
        cells={(row) => [
          row.insurable.title,
          place(row),
          <Link key="n" component={RouterLink} to={`/dashboard/policies/view/${row.id}`}>
            {row.number}
          </Link>,
          humanizeEnum(row.status),
          formatLongDate(row.effective_date),
          formatLongDate(past ? (row.cancellation_date ?? row.expiration_date) : row.expiration_date),
          !past && canWrite ? (
            <Button key="c" size="small" color="error" onClick={() => setCancelling(row)}>
              {translate(k("actions.cancel_coverage"))}
            </Button>
          ) : null,
        ]}
      />
      <Confirm
        isOpen={cancelling !== null}
        loading={busy}
        title={k("actions.cancel_coverage")}
        content={translate(k("confirm.cancel_coverage"), { unit: cancelling?.insurable.title ?? "" })}
        onConfirm={async () => {
          await run(`/master-policies/${master.id}/cancel_coverage`, "PUT", { master_policy_coverage_id: cancelling!.id });
          setCancelling(null);
        }}
        onClose={() => setCancelling(null)}
      />
    </>
  );
};

const today = () => new Date().toISOString().slice(0, 10);

/** Units the master may cover; Cover unit shows the first month's cost (calculate_cost) before it confirms. */
export const AvailableUnitsTab = ({ master, onChange }: { master: MasterPolicy; onChange: () => void }) => {
  const translate = useTranslate();
  const { request } = usePolicyApi();
  const { canAccess: canWrite } = useCanAccess({ resource: "master-policies", action: "cover_unit" });
  const [reload, setReload] = useState(0);
  const [covering, setCovering] = useState<{ unit: UnitRow; cost: number | null } | null>(null);
  const { run, busy } = useMasterAction(() => {
    setReload((n) => n + 1);
    onChange();
  });
  const ask = async (unit: UnitRow) => {
    setCovering({ unit, cost: null });
    try {
      const { json } = await request<{ total_placement_amount: number }>("/policies/calculate_cost", { method: "POST", body: { id: master.id, insurable_id: unit.id, start_date: today() } });
      setCovering({ unit, cost: json.total_placement_amount });
    } catch {
      // The cost is informative: covering works without it.
    }
  };
  const active = canWrite && master.status !== "CANCELLED";
  return (
    <>
      <PagedTable<UnitRow>
        path={`/master-policies/${master.id}/available_units`}
        label={k("tabs.available")}
        reloadKey={`${reload}|${versionOf(master)}`}
        head={[k("fields.unit"), k("fields.place"), k("fields.resident"), k("fields.lease_start"), ""]}
        cells={(row) => [
          row.title,
          place(row),
          row.lease?.resident ?? "",
          formatLongDate(row.lease?.start_date),
          active ? (
            <Button key="c" size="small" variant="outlined" onClick={() => ask(row)}>
              {translate(k("actions.cover_unit"))}
            </Button>
          ) : null,
        ]}
      />
      <Confirm
        isOpen={covering !== null}
        loading={busy}
        title={k("actions.cover_unit")}
        content={translate(k("confirm.cover_unit"), { unit: covering?.unit.title ?? "", cost: covering?.cost === null || covering === null ? "…" : formatCents(covering.cost) })}
        onConfirm={async () => {
          await run(`/master-policies/${master.id}/cover_unit`, "POST", { insurable_id: covering!.unit.id }, k("messages.covered"));
          setCovering(null);
        }}
        onClose={() => setCovering(null)}
      />
    </>
  );
};

/** The master's coverages (limits in dollars) and its programme configuration (document 2 section 3 fields). */
export const CoveragesTab = ({ master }: { master: MasterPolicy }) => {
  const translate = useTranslate();
  const config = master.master_policy_configurations?.[0];
  const money = new Set(["placement_cost", "force_placement_cost", "admin_fee", "force_admin_fee"]);
  const show = (field: string, value: unknown) =>
    value === null || value === undefined
      ? ""
      : typeof value === "boolean"
        ? translate(value ? "resources.common.filter.yes" : "resources.common.filter.no")
        : money.has(field)
          ? formatCents(value as number)
          : field === "program_start_date"
            ? formatLongDate(value as string)
            : field === "program_type"
              ? translate(`${k("program_types")}.${value}`)
              : String(value);
  return (
    <Stack spacing={2}>
      <Table size="small" aria-label={translate(k("sections.coverages"))}>
        <TableHead>
          <TableRow>
            {["designation", "limit", "occurrence_limit", "deductible"].map((f) => (
              <TableCell key={f}>{translate(k(`fields.${f}`))}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(master.policy_coverages ?? []).map((c) => (
            <TableRow key={c.id}>
              <TableCell>{c.title || translate(`${k("designations")}.${c.designation}`)}</TableCell>
              <TableCell>{formatCents(c.limit)}</TableCell>
              <TableCell>{formatCents(c.occurrence_limit)}</TableCell>
              <TableCell>{formatCents(c.deductible)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {config ? (
        <Box>
          <Typography variant="subtitle1" gutterBottom>
            {translate(k("sections.configuration"))}
          </Typography>
          <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))", gap: 1 }}>
            {Object.entries(config)
              .filter(([field]) => field !== "id")
              .map(([field, value]) => (
                <Box key={field}>
                  <Typography variant="caption" color="text.secondary">
                    {translate(`app.policy_detail.coverage.master_fields.${field}`)}
                  </Typography>
                  <Typography variant="body2">{show(field, value) || "—"}</Typography>
                </Box>
              ))}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
};
