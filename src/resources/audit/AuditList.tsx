import { useState } from "react";
import { Box, TextField, Typography } from "@mui/material";
import DownloadIcon from "@mui/icons-material/Download";
import { Button, DataTable, useDataProvider, useListContext, useNotify, useTranslate } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { EVENT_ACTIONS, PROCESSES, RECORD_ACTIONS } from "../../domain/audit";
import { formatMoment } from "../../domain/format";
import { historyValue } from "../../domain/history";
import { PageHeader } from "../../layout/PageHeader";
import { FilterBar, GridDataTable, GridList, KeywordSearch, SelectFilter, useFilterValue, type SearchType } from "../common";
import type { AuditEvent } from "./types";

const k = (key: string) => `resources.audit.${key}`;
const SEARCH_TYPES: SearchType[] = [{ value: "author", label: k("filters.search"), path: "author" }];
const RECORD_TYPES = ["Policy", "PolicyRevision", "User", "Staff", "Account", "Agency", "Carrier", "CarrierAgency", "Insurable", "Lease", "Lead", "TrackingUrl", "UploadLink", "CheckedFile", "Document", "Export", "AuditLog"];
const ACTION_CHOICES = [...RECORD_ACTIONS, ...EVENT_ACTIONS].map((id) => ({ id, name: k(`actions.${id}`) }));
const PROCESS_CHOICES = PROCESSES.map((id) => ({ id, name: k(`processes.${id}`) }));
const TYPE_CHOICES = RECORD_TYPES.map((id) => ({ id, name: k(`record_types.${id}`) }));

/** From and To days (UTC) of the audit log's date filter: `created_at[start]` / `created_at[end]`. */
const DateRange = () => {
  const translate = useTranslate();
  const [value, setValue] = useFilterValue("created_at");
  const range = (value && typeof value === "object" ? value : {}) as { start?: string; end?: string };
  const set = (edge: "start" | "end", day: string) => {
    const next = { ...range, [edge]: day ? (edge === "start" ? `${day}T00:00:00Z` : `${day}T23:59:59Z`) : undefined };
    setValue(next.start || next.end ? next : undefined);
  };
  return (
    <>
      {(["start", "end"] as const).map((edge) => (
        <TextField
          key={edge}
          type="date"
          size="small"
          label={translate(k(`filters.${edge === "start" ? "from" : "to"}`))}
          value={range[edge]?.slice(0, 10) ?? ""}
          onChange={(event) => set(edge, event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
    </>
  );
};

/** The filtered rows as the server's CSV (GET /audit_events/export), saved by the browser. */
const ExportButton = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { filterValues } = useListContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { json } = await dataProvider.request<string>("/audit_events/export", { query: { filter: filterValues } });
      const url = URL.createObjectURL(new Blob([json], { type: "text/csv" }));
      const link = Object.assign(document.createElement("a"), { href: url, download: "audit-log.csv" });
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      notify("app.errors.something_went_wrong", { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={k("export")} onClick={run} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
};

const Changes = ({ record }: { record: AuditEvent }) => {
  const translate = useTranslate();
  const fields = Object.entries(record.changes ?? {});
  if (!fields.length) return <>{translate(k("no_changes"))}</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {fields.map(([field, change]) => (
        <Typography component="li" variant="body2" key={field}>
          <strong>{field}</strong>: {change.previous_value === null && EVENT_ACTIONS.includes(record.action as never) ? historyValue(change, change.new_value) : `${historyValue(change, change.previous_value)} → ${historyValue(change, change.new_value)}`}
        </Typography>
      ))}
    </Box>
  );
};

/**
 * /dashboard/audit (issue 17 section 4), super admins only: every change of a record and every audit event (sign-ins,
 * failed sign-ins, exports, downloads), newest first: who, when, which record, which fields from what to what and
 * through which process; filtered by person, record type, action, process and dates, and exported as CSV. Read-only.
 */
export const AuditList = () => {
  const translate = useTranslate();
  return (
    <>
      <PageHeader titleKey="app.shell.titles.audit" />
      <GridList<AuditEvent> resource="audit" title={false} sort={{ field: "created_at", order: "DESC" }}>
        <FilterBar>
          <KeywordSearch types={SEARCH_TYPES} />
          <SelectFilter path="record_type" label={k("filters.record_type")} choices={TYPE_CHOICES} />
          <SelectFilter path="action" label={k("filters.action")} choices={ACTION_CHOICES} />
          <SelectFilter path="process" label={k("filters.process")} choices={PROCESS_CHOICES} />
          <DateRange />
          <ExportButton />
        </FilterBar>
        <GridDataTable<AuditEvent> rowClick={false}>
          <DataTable.Col source="created_at" render={(r) => formatMoment(r.created_at)} />
          <DataTable.Col source="author" disableSort />
          <DataTable.Col source="action" disableSort render={(r) => translate(k(`actions.${r.action}`), { _: r.action })} />
          <DataTable.Col source="record_type" disableSort render={(r) => `${translate(k(`record_types.${r.record_type}`), { _: r.record_type })}${r.record_number ? ` #${r.record_number}` : ""}`} />
          <DataTable.Col source="changes" disableSort render={(r) => <Changes record={r as AuditEvent} />} />
          <DataTable.Col source="process" disableSort render={(r) => translate(k(`processes.${r.process}`), { _: r.process })} />
        </GridDataTable>
      </GridList>
    </>
  );
};
