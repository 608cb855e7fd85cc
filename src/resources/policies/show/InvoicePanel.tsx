import { Fragment, useState } from "react";
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { Confirm, useTranslate } from "react-admin";
import { SNACK_LONG } from "../../../domain/constants";
import { formatLongDate, humanizeEnum } from "../../../domain/format";
import { formatCents } from "../../../domain/money";
import { CloseNotificationButton } from "../../../authProvider/AppNotification";
import { useNotify } from "react-admin";
import { ChargeResultText, InvoiceStatusIcon, type ChargeResult } from "../../invoices/InvoiceStatus";
import { isChargeable } from "./policyDetailRules";
import type { Invoice, PolicyDetail } from "./types";
import { usePolicyApi } from "./useApi";

/** What an invoice bills, line by line by payment-line type ("Premium $30.42 · Fee $2.00 · Tax $0.61"). */
const InvoiceLines = ({ invoice }: { invoice: Invoice }) => {
  const translate = useTranslate();
  return (
    <Typography
      variant="caption"
      component="div"
      color="text.secondary"
      sx={{ textAlign: "right" }}
    >
      {invoice.line_items
        .map(
          (line) =>
            `${translate(`app.policy_billing.lines.${line.analytics_category}`, { _: line.title })} ${formatCents(line.total_due)}`,
        )
        .join(" · ")}
    </Typography>
  );
};

/**
 * The sums under the invoices: what was billed (every invoice, so it matches the card's premium), what was received,
 * and once a refund went through, what was returned and what the insurer kept.
 */
const InvoiceTotals = ({
  invoices,
  refund,
}: {
  invoices: Invoice[];
  refund?: PolicyDetail["refund"];
}) => {
  const translate = useTranslate();
  const billed = invoices.reduce((sum, i) => sum + i.total_due, 0);
  const received = invoices.reduce((sum, i) => sum + i.total_received, 0);
  const refunded = refund?.status === "succeeded" ? refund.amount : 0;
  const rows: Array<[string, number]> = [
    ["billed", billed],
    ["received", received],
    ...(refunded > 0
      ? ([
          ["refunded", refunded],
          ["net", received - refunded],
        ] as Array<[string, number]>)
      : []),
  ];
  return (
    <Table
      size="small"
      aria-label={translate("app.policy_billing.totals.billed")}
      sx={{ mt: 1 }}
    >
      <TableBody>
        {rows.map(([key, cents]) => (
          <TableRow key={key} data-testid={`invoice-total-${key}`}>
            <TableCell sx={{ border: 0, py: 0.25 }}>
              {translate(`app.policy_billing.totals.${key}`)}
            </TableCell>
            <TableCell
              align="right"
              sx={{
                border: 0,
                py: 0.25,
                fontWeight: key === "billed" || key === "net" ? 600 : undefined,
              }}
            >
              {key === "refunded"
                ? `−${formatCents(cents)}`
                : formatCents(cents)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/**
 * The Premium invoice panel (document 2 sections 2 and 4): status icons; Charge now enters charge mode, where only
 * chargeable invoices can be ticked; Make charge asks first, then shows each invoice's result and reloads the policy.
 */
export const InvoicePanel = ({
  invoices,
  refund,
  paymentMethod,
  onCharged,
}: {
  invoices: Invoice[];
  refund?: PolicyDetail["refund"];
  paymentMethod?: PolicyDetail["payment_method"];
  onCharged: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { request } = usePolicyApi();
  const [charging, setCharging] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<
    Record<number, ChargeResult["result"]>
  >({});
  const chargeable = invoices.filter(isChargeable);

  const leaveChargeMode = () => {
    setCharging(false);
    setSelected([]);
  };
  const toggle = (id: number) =>
    setSelected((ids) =>
      ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id],
    );

  const charge = async () => {
    setBusy(true);
    try {
      const { json } = await request<ChargeResult[]>(
        "/invoices/charge_multiple",
        { method: "POST", body: { ids: selected } },
      );
      setResults(Object.fromEntries(json.map((r) => [r.invoice.id, r.result])));
      leaveChargeMode();
      onCharged();
    } catch {
      notify("app.policy_billing.failure", {
        type: "error",
        autoHideDuration: SNACK_LONG,
        action: <CloseNotificationButton label="app.policy_billing.ok" />,
      });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <Card>
      <CardHeader
        title={translate("app.policy_billing.title")}
        subheader={
          paymentMethod?.last4
            ? translate("app.policy_billing.paid_with", {
                brand: humanizeEnum(
                  paymentMethod.card_brand ?? paymentMethod.source_type,
                ),
                last4: paymentMethod.last4,
              })
            : undefined
        }
        slotProps={{ title: { component: "h2", variant: "h6" } }}
        action={
          charging ? (
            <Box sx={{ display: "flex", gap: 1 }}>
              <Button onClick={leaveChargeMode}>
                {translate("app.policy_billing.cancel_charging")}
              </Button>
              <Button
                variant="contained"
                disabled={selected.length === 0 || busy}
                onClick={() => setConfirming(true)}
              >
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
              {charging && (
                <TableCell padding="checkbox">
                  {translate("app.policy_billing.columns.select")}
                </TableCell>
              )}
              <TableCell>
                {translate("app.policy_billing.columns.status")}
              </TableCell>
              <TableCell>
                {translate("app.policy_billing.columns.number")}
              </TableCell>
              <TableCell>
                {translate("app.policy_billing.columns.due_date")}
              </TableCell>
              <TableCell align="right">
                {translate("app.policy_billing.columns.total")}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoices.map((invoice) => {
              const statusLabel = translate(
                `app.policy_billing.statuses.${invoice.status}`,
                { _: invoice.status },
              );
              const result = results[invoice.id];
              const itemised = invoice.line_items.length > 0;
              // Without a border under the invoice's own cells, its line items read as part of it.
              const joined = { "& > td": itemised ? { borderBottom: 0 } : {} };
              return (
                <Fragment key={invoice.id}>
                  <TableRow
                    data-testid={`invoice-${invoice.number}`}
                    sx={joined}
                  >
                    {charging && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          disabled={!isChargeable(invoice)}
                          checked={selected.includes(invoice.id)}
                          onChange={() => toggle(invoice.id)}
                          slotProps={{
                            input: {
                              "aria-label": `${translate("app.policy_billing.columns.select")} ${invoice.number}`,
                            },
                          }}
                        />
                      </TableCell>
                    )}
                    <TableCell>
                      <Box
                        sx={{ display: "flex", alignItems: "center", gap: 0.5 }}
                      >
                        <InvoiceStatusIcon
                          status={invoice.status}
                          label={statusLabel}
                        />
                        {statusLabel}
                      </Box>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>
                      {invoice.number}
                      {result && <ChargeResultText result={result} />}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>
                      {formatLongDate(invoice.due_date)}
                    </TableCell>
                    <TableCell align="right">
                      {formatCents(invoice.total_due)}
                    </TableCell>
                  </TableRow>
                  {itemised && (
                    <TableRow>
                      {charging && <TableCell padding="checkbox" />}
                      <TableCell colSpan={4} sx={{ pt: 0 }}>
                        <InvoiceLines invoice={invoice} />
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
        <InvoiceTotals invoices={invoices} refund={refund} />
      </CardContent>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="app.policy_billing.confirm_title"
        content={translate("app.policy_billing.confirm", {
          count: selected.length,
        })}
        confirm="app.policy_billing.yes"
        onConfirm={charge}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
};
