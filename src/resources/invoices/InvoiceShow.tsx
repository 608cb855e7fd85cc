import type { ReactNode } from "react";
import { Box, Button, Card, CardContent, CardHeader, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { Loading, ShowBase, useGetList, useRecordContext, useTranslate } from "react-admin";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { useNotifyHttpError } from "../../authProvider/AppNotification";
import { formatLongDate } from "../../domain/format";
import { formatCents } from "../../domain/money";
import { PageHeader } from "../../layout/PageHeader";
import { PaymentAmount, PaymentKind, PaymentMoment, PaymentStatus } from "../payments/PaymentParts";
import type { PaymentRecord } from "../payments/types";
import { DetailItem } from "../policies/show/PolicyDetailsCard";
import { InvoiceStatusLabel } from "./InvoiceStatus";
import { RecordLink } from "./RecordLink";
import type { InvoiceDetail } from "./types";

const k = (key: string) => `resources.invoices.${key}`;
const LIST = "/dashboard/invoices";
/** The Payments grid narrowed to one invoice (react-admin's `filter` in the address, as any grid's). */
const paymentsOf = (invoiceId: number) => `/dashboard/payments?filter=${encodeURIComponent(JSON.stringify({ invoice_id: invoiceId }))}`;

const Section = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader title={translate(title)} action={action} slotProps={{ title: { component: "h2", variant: "h6" } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
};

/** The invoice's lines by payment-line type (document 1 section 3), hidden lines left out by the server. */
const Lines = ({ invoice }: { invoice: InvoiceDetail }) => {
  const translate = useTranslate();
  if (invoice.line_items.length === 0) return <Typography color="text.secondary">{translate(k("show.no_lines"))}</Typography>;
  return (
    <Table size="small" aria-label={translate(k("show.lines"))}>
      <TableHead>
        <TableRow>
          <TableCell>{translate(k("show.line"))}</TableCell>
          <TableCell>{translate(k("show.category"))}</TableCell>
          <TableCell align="right">{translate(k("show.amount"))}</TableCell>
          <TableCell align="right">{translate(k("fields.total_received"))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {invoice.line_items.map((line) => (
          <TableRow key={line.id}>
            <TableCell>{line.title}</TableCell>
            <TableCell>{translate(`app.policy_billing.lines.${line.analytics_category}`, { _: line.analytics_category })}</TableCell>
            <TableCell align="right">{formatCents(line.total_due)}</TableCell>
            <TableCell align="right">{formatCents(line.total_received)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** The invoice's charges and refunds: the Payments list narrowed to it (GET /payments?filter[invoice_id]=). */
const Payments = ({ invoiceId }: { invoiceId: number }) => {
  const translate = useTranslate();
  const { data, isPending } = useGetList<PaymentRecord>("payments", { filter: { invoice_id: invoiceId }, pagination: { page: 1, perPage: 100 }, sort: { field: "created_at", order: "ASC" } });
  if (isPending) return <Loading />;
  if (!data?.length) return <Typography color="text.secondary">{translate("resources.common.empty.no_results")}</Typography>;
  const f = (key: string) => translate(`resources.payments.fields.${key}`);
  return (
    <Table size="small" aria-label={translate(k("show.payments"))}>
      <TableHead>
        <TableRow>
          <TableCell>{f("created_at")}</TableCell>
          <TableCell>{f("kind")}</TableCell>
          <TableCell align="right">{f("amount")}</TableCell>
          <TableCell>{f("status")}</TableCell>
          <TableCell>{f("gateway_id")}</TableCell>
          <TableCell>{f("error")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((payment) => (
          <TableRow key={payment.id} data-testid={`payment-${payment.id}`}>
            <TableCell>
              <PaymentMoment payment={payment} />
            </TableCell>
            <TableCell>
              <PaymentKind payment={payment} />
            </TableCell>
            <TableCell align="right">
              <PaymentAmount payment={payment} />
            </TableCell>
            <TableCell>
              <PaymentStatus payment={payment} />
            </TableCell>
            <TableCell>{payment.gateway_id ?? "—"}</TableCell>
            <TableCell>{payment.error ?? "—"}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

const InvoicePage = () => {
  const translate = useTranslate();
  const invoice = useRecordContext<InvoiceDetail>();
  // Coming from the grid, the row is shown first as a placeholder: wait for the invoice with its lines.
  if (!invoice || !("line_items" in invoice)) return <Loading />;
  return (
    <>
      <PageHeader titleKey={k("show.title")} title={translate(k("show.title"), { number: invoice.number })} crumbs={[{ label: translate("app.shell.titles.invoices"), to: LIST }]} />
      <Box sx={{ display: "grid", gap: 2 }}>
        <Section title={k("show.details")}>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
            <DetailItem label={k("fields.number")}>{invoice.number}</DetailItem>
            <DetailItem label={k("fields.status")}>
              <InvoiceStatusLabel status={invoice.status} />
            </DetailItem>
            <DetailItem label={k("fields.policy.number")}>
              <RecordLink resource="policies" id={invoice.policy.id}>
                {invoice.policy.number}
              </RecordLink>
            </DetailItem>
            <DetailItem label={k("fields.customer")}>{invoice.customer}</DetailItem>
            <DetailItem label={k("fields.due_date")}>{formatLongDate(invoice.due_date)}</DetailItem>
            <DetailItem label={k("fields.available_date")}>{formatLongDate(invoice.available_date)}</DetailItem>
            <DetailItem label={k("fields.subtotal")}>{formatCents(invoice.subtotal)}</DetailItem>
            <DetailItem label={k("fields.total")}>{formatCents(invoice.total)}</DetailItem>
            <DetailItem label={k("fields.total_payable")}>{formatCents(invoice.total_payable)}</DetailItem>
            <DetailItem label={k("fields.total_received")}>{formatCents(invoice.total_received)}</DetailItem>
          </Box>
        </Section>
        <Section title={k("show.lines")}>
          <Lines invoice={invoice} />
        </Section>
        <Section
          title={k("show.payments")}
          action={
            <Button component={RouterLink} to={paymentsOf(invoice.id)}>
              {translate(k("show.open_payments"))}
            </Button>
          }
        >
          <Payments invoiceId={invoice.id} />
        </Section>
      </Box>
    </>
  );
};

/** invoices/view/{id}: one invoice, its lines and the charges and refunds made on it. */
export const InvoiceShow = () => {
  const { id } = useParams();
  const notifyHttpError = useNotifyHttpError();
  const navigate = useNavigate();
  return (
    <ShowBase<InvoiceDetail>
      resource="invoices"
      id={Number(id)}
      queryOptions={{
        onError: (error) => {
          notifyHttpError(error);
          navigate(LIST);
        },
      }}
    >
      <InvoicePage />
    </ShowBase>
  );
};
