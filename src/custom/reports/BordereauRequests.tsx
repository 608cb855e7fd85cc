import { useState } from "react";
import DownloadIcon from "@mui/icons-material/Download";
import { Box, Button, Chip, Link, Typography } from "@mui/material";
import { useCanAccess, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { formatLongDate } from "../../domain/format";
import { formatCents } from "../../domain/money";
import { AccountTabTable } from "../../resources/accounts/AccountTabTable";
import { useRequest } from "../../resources/common/useRequest";
import { resourcePath } from "../../resources/paths";
import { BordereauDialog } from "./BordereauDialog";
import { downloadApiFile } from "./download";

export interface BordereauRequest {
  id: number;
  status: "queued" | "running" | "ready" | "failed";
  progress: number;
  period: { from: string; to: string };
  carrier: { id: number; title: string } | null;
  requested_by: { id: number; email: string; full_name: string | null } | null;
  created_at: string;
  sent_at: string | null;
  mail: { id: number; status: string; to: string } | null;
  formats: Array<"xlsx">;
  summary: { policies: number; premium: number } | null;
}

const k = (key: string) => `app.reports.${key}`;
const when = (value: string) => `${formatLongDate(value)} ${new Date(value).toLocaleTimeString("en-US")}`;

const Status = ({ row }: { row: BordereauRequest }) => {
  const translate = useTranslate();
  return <Chip size="small" label={translate(k(`statuses.${row.status}`))} color={row.status === "ready" ? "success" : row.status === "failed" ? "error" : "default"} />;
};

const Files = ({ row }: { row: BordereauRequest }) => {
  const translate = useTranslate();
  const { say } = useRequest();
  const download = async () => {
    try {
      await downloadApiFile(`/reports/bordereau_reports/${row.id}.xlsx`, `bordereau-${row.id}.xlsx`);
    } catch {
      say("error", k("download_failed"));
    }
  };
  return (
    <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
      {row.formats.includes("xlsx") && (
        <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download()}>
          {translate(k("download_xlsx"))}
        </Button>
      )}
      {row.mail && (
        <Link component={RouterLink} to={resourcePath.view("email-history", row.mail.id)}>
          {translate(k("bordereaux.mail"))}
        </Link>
      )}
      {!row.formats.length && !row.mail && "—"}
    </Box>
  );
};

/**
 * The bordereau requests (issue 13; document 3 section 7 names only the request, no screen): who asked for which
 * period and carrier, where the job is, when the mail went out, with the XLSX and the mail in Email History. A
 * bordereau covers every agency's premium, so the list is the same on every agency page and only super admins see
 * it; they request a new one here too.
 */
export function BordereauRequests() {
  const translate = useTranslate();
  const { canAccess: canRequest } = useCanAccess({ resource: "bordereau_reports", action: "create" });
  const [asking, setAsking] = useState(false);
  // A new request reloads the list.
  const [version, setVersion] = useState(0);
  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 2, flexWrap: "wrap" }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {translate(k("bordereaux.explain"))}
        </Typography>
        {canRequest && (
          <Button variant="contained" onClick={() => setAsking(true)}>
            {translate(k("bordereau.title"))}
          </Button>
        )}
      </Box>
      <AccountTabTable<BordereauRequest>
        key={version}
        label="app.reports.bordereaux.title"
        path="/reports/bordereau_reports"
        columnTexts="app.reports.bordereaux.columns"
        columns={[
          { key: "created_at", render: (row) => when(row.created_at) },
          { key: "period", render: (row) => translate(k("bordereaux.period"), { from: formatLongDate(row.period.from), to: formatLongDate(row.period.to) }) },
          { key: "carrier", render: (row) => row.carrier?.title ?? translate(k("bordereau.all_carriers")) },
          { key: "requested_by", render: (row) => (row.requested_by ? row.requested_by.full_name || row.requested_by.email : "—") },
          { key: "status", render: (row) => <Status row={row} /> },
          {
            key: "figures",
            render: (row) => (row.summary ? translate(k("bordereaux.figures"), { policies: row.summary.policies, premium: formatCents(row.summary.premium) }) : "—"),
          },
          { key: "sent_at", render: (row) => (row.sent_at ? when(row.sent_at) : "—") },
          { key: "files", render: (row) => <Files row={row} /> },
        ]}
      />
      {asking && (
        <BordereauDialog
          onClose={() => {
            setAsking(false);
            setVersion((v) => v + 1);
          }}
        />
      )}
    </Box>
  );
}
