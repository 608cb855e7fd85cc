import { useState } from "react";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import InfoIcon from "@mui/icons-material/Info";
import TimerIcon from "@mui/icons-material/Timer";
import { Box, Button, Card, CardContent, CardHeader, Checkbox, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { Confirm, useTranslate } from "react-admin";
import { SNACK_LONG } from "../../../domain/constants";
import { formatLongDate } from "../../../domain/format";
import { formatCents } from "../../../domain/money";
import { CloseNotificationButton } from "../../../authProvider/AppNotification";
import { useNotify } from "react-admin";
import { invoiceIcon, isChargeable } from "./policyDetailRules";
import type { Invoice } from "./types";
import { usePolicyApi } from "./useApi";

interface ChargeResult {
  invoice: { id: number; total_due: number };
  result: { success: boolean; charge_status: string | null; error: string | null };
}

const ICONS = { check: CheckCircleIcon, timer: TimerIcon, info: InfoIcon };

const InvoiceStatusIcon = ({ status, label }: { status: string; label: string }) => {
  const { icon, color } = invoiceIcon(status);
  const Icon = ICONS[icon];
  return <Icon fontSize="small" color={color} titleAccess={label} />;
};

/**
 * The Premium invoice panel (document 2 sections 2 and 4): status icons; Charge now enters charge mode, where only
 * chargeable invoices can be ticked; Make charge asks first, then shows each invoice's result and reloads the policy.
 */
export const InvoicePanel = ({ invoices, onCharged }: { invoices: Invoice[]; onCharged: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { request } = usePolicyApi();
  const [charging, setCharging] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<Record<number, ChargeResult["result"]>>({});
  const chargeable = invoices.filter(isChargeable);

  const leaveChargeMode = () => {
    setCharging(false);
    setSelected([]);
  };
  const toggle = (id: number) => setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  const charge = async () => {
    setBusy(true);
    try {
      const { json } = await request<ChargeResult[]>("/invoices/charge_multiple", { method: "POST", body: { ids: selected } });
      setResults(Object.fromEntries(json.map((r) => [r.invoice.id, r.result])));
      leaveChargeMode();
      onCharged();
    } catch {
      notify("app.policy_billing.failure", { type: "error", autoHideDuration: SNACK_LONG, action: <CloseNotificationButton label="app.policy_billing.ok" /> });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <Card>
      <CardHeader
        title={translate("app.policy_billing.title")}
        slotProps={{ title: { component: "h2", variant: "h6" } }}
        action={
          charging ? (
            <Box sx={{ display: "flex", gap: 1 }}>
              <Button onClick={leaveChargeMode}>{translate("app.policy_billing.cancel_charging")}</Button>
              <Button variant="contained" disabled={selected.length === 0 || busy} onClick={() => setConfirming(true)}>
                {translate("app.policy_billing.make_charge")}
              </Button>
            </Box>
          ) : (
            <Button variant="outlined" onClick={() => setCharging(true)}>
              {translate("app.policy_billing.charge_now")}
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {charging && chargeable.length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {translate("app.policy_billing.nothing_chargeable")}
          </Typography>
        )}
        <Table size="small" aria-label={translate("app.policy_billing.title")}>
          <TableHead>
            <TableRow>
              {charging && <TableCell padding="checkbox">{translate("app.policy_billing.columns.select")}</TableCell>}
              <TableCell>{translate("app.policy_billing.columns.status")}</TableCell>
              <TableCell>{translate("app.policy_billing.columns.number")}</TableCell>
              <TableCell>{translate("app.policy_billing.columns.due_date")}</TableCell>
              <TableCell align="right">{translate("app.policy_billing.columns.total")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoices.map((invoice) => {
              const statusLabel = translate(`app.policy_billing.statuses.${invoice.status}`, { _: invoice.status });
              const result = results[invoice.id];
              return (
                <TableRow key={invoice.id} data-testid={`invoice-${invoice.number}`}>
                  {charging && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        disabled={!isChargeable(invoice)}
                        checked={selected.includes(invoice.id)}
                        onChange={() => toggle(invoice.id)}
                        slotProps={{ input: { "aria-label": `${translate("app.policy_billing.columns.select")} ${invoice.number}` } }}
                      />
                    </TableCell>
                  )}
                  <TableCell>
                    <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
                      <InvoiceStatusIcon status={invoice.status} label={statusLabel} />
                      {statusLabel}
                    </Box>
                  </TableCell>
                  <TableCell>
                    {invoice.number}
                    {result && (
                      <Typography variant="caption" component="div" color={result.success ? "success.main" : "error"} role="status">
                        {result.success
                          ? translate("app.policy_billing.result.success", { status: result.charge_status ?? "" })
                          : translate("app.policy_billing.result.failed", { error: result.error ?? "" })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{formatLongDate(invoice.due_date)}</TableCell>
                  <TableCell align="right">{formatCents(invoice.total_due)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </CardContent>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="app.policy_billing.confirm_title"
        content={translate("app.policy_billing.confirm", { count: selected.length })}
        confirm="app.policy_billing.yes"
        onConfirm={charge}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
};
