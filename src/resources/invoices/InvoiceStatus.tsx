import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import InfoIcon from "@mui/icons-material/Info";
import TimerIcon from "@mui/icons-material/Timer";
import { Box, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { invoiceIcon } from "../policies/show/policyDetailRules";

/** One invoice's answer from POST /invoices/charge_multiple (document 2 section 7). */
export interface ChargeResult {
  invoice: { id: number; total_due: number };
  result: {
    success: boolean;
    charge_status: string | null;
    error: string | null;
  };
}

const ICONS = { check: CheckCircleIcon, timer: TimerIcon, info: InfoIcon };

/** An invoice status's icon (document 2 section 4; readings C-40), named for screen readers by its label. */
export const InvoiceStatusIcon = ({ status, label }: { status: string; label: string }) => {
  const { icon, color } = invoiceIcon(status);
  const Icon = ICONS[icon];
  return <Icon fontSize="small" color={color} titleAccess={label} />;
};

/** The status as the policy page and the Invoices grid show it: its icon, then its label. */
export const InvoiceStatusLabel = ({ status }: { status: string }) => {
  const translate = useTranslate();
  const label = translate(`app.policy_billing.statuses.${status}`, { _: status });
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
      <InvoiceStatusIcon status={status} label={label} />
      {label}
    </Box>
  );
};

/** What charging one invoice gave, under its number: the charge status, or the error text (document 2 section 4). */
export const ChargeResultText = ({ result }: { result: ChargeResult["result"] }) => {
  const translate = useTranslate();
  return (
    <Typography variant="caption" component="div" color={result.success ? "success.main" : "error"} role="status">
      {result.success
        ? translate("app.policy_billing.result.success", { status: result.charge_status ?? "" })
        : translate("app.policy_billing.result.failed", { error: result.error ?? "" })}
    </Typography>
  );
};
