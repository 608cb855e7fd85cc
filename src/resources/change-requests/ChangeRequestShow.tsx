import type { ReactNode } from "react";
import { Alert, Box, Card, CardContent, CardHeader, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { Loading, ShowBase, useCanAccess, useRecordContext, useTranslate } from "react-admin";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { useNotifyHttpError } from "../../authProvider/AppNotification";
import { formatLongDate } from "../../domain/format";
import { formatCents } from "../../domain/money";
import { PageHeader } from "../../layout/PageHeader";
import { resourcePath } from "../paths";
import { DetailItem } from "../policies/show/PolicyDetailsCard";
import { PolicyStatusText } from "../policies/browse/PolicyList";
import { ChangeRequestActions } from "./ChangeRequestActions";
import { RefundStatus, RetryRefundButton } from "./RefundStatus";
import type { ChangeRequest, RefundBreakdown } from "./types";

const k = (key: string) => `app.change_requests.${key}`;

const Section = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader title={translate(title)} action={action} slotProps={{ title: { component: "h2", variant: "h6" } }} />
      <CardContent sx={{ display: "flex", flexWrap: "wrap", gap: 2, pt: 0 }}>{children}</CardContent>
    </Card>
  );
};

/** Premium, tax, fees and the total, as the refund is computed (src/domain/refunds.ts). */
const Breakdown = ({ amounts }: { amounts: RefundBreakdown }) => (
  <>
    <DetailItem label={k("show.premium")}>{formatCents(amounts.premium)}</DetailItem>
    <DetailItem label={k("show.tax")}>{formatCents(amounts.tax)}</DetailItem>
    <DetailItem label={k("show.fee")}>{formatCents(amounts.fee)}</DetailItem>
    <DetailItem label={k("show.total")}>
      <strong>{formatCents(amounts.total)}</strong>
    </DetailItem>
  </>
);

const RefundSection = ({ request }: { request: ChangeRequest }) => {
  const translate = useTranslate();
  if (request.refund_preview) {
    return (
      <Section title={k("show.refund_preview")}>
        <Breakdown amounts={request.refund_preview} />
        <Box sx={{ flexBasis: "100%" }} color="text.secondary">
          {translate(k("show.preview_note"))}
        </Box>
      </Section>
    );
  }
  const refund = request.refund;
  if (!refund) {
    return request.status === "approved" ? (
      <Section title={k("show.refund")}>
        <Box color="text.secondary">{translate(k("show.no_refund"))}</Box>
      </Section>
    ) : null;
  }
  return (
    <Section title={k("show.refund")} action={<RetryRefundButton refund={refund} path={`/change_requests/${request.id}/retry_refund`} method="PATCH" resource="change-requests" />}>
      <Box sx={{ flexBasis: "100%" }}>
        <RefundStatus refund={refund} />
      </Box>
      <Breakdown amounts={{ premium: refund.premium, tax: refund.tax, fee: refund.fee, total: refund.amount }} />
      {(refund.parts?.length ?? 0) > 0 && (
        <Table size="small" aria-label={translate(k("show.parts"))} sx={{ flexBasis: "100%" }}>
          <TableHead>
            <TableRow>
              {["invoice", "charge", "amount", "attempt", "status", "gateway_refund_id", "error"].map((c) => (
                <TableCell key={c}>{translate(k(`show.part.${c}`))}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {refund.parts!.map((part) => (
              <TableRow key={part.id}>
                <TableCell>{part.charge.invoice_number}</TableCell>
                <TableCell>{part.charge.gateway_charge_id}</TableCell>
                <TableCell>{formatCents(part.amount)}</TableCell>
                <TableCell>{part.attempt}</TableCell>
                <TableCell>{translate(k(`refund_statuses.${part.status}`), { _: part.status })}</TableCell>
                <TableCell>{part.gateway_refund_id ?? "—"}</TableCell>
                <TableCell>{part.error ?? "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
};

const RequestPage = () => {
  const translate = useTranslate();
  const request = useRecordContext<ChangeRequest>();
  // The hint tells what to do next, so only those who may retry the refund see it.
  const { canAccess: canRetry } = useCanAccess({ resource: "change-requests", action: "retry_refund" });
  // Coming from the list, the row is shown first as a placeholder: wait for the full request.
  if (!request || !("refund_preview" in request)) return <Loading />;
  const policy = request.changeable;
  const statusLabel = translate(k(`statuses.${request.status}`), { _: request.status });
  return (
    <>
      <PageHeader
        titleKey={k("show.title")}
        title={translate(k("show.title"), { id: request.id })}
        crumbs={[{ label: translate(k("title")), to: "/dashboard/change-requests" }]}
        actions={<ChangeRequestActions />}
      />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" }, alignItems: "start" }}>
        <Section title={k("show.request")} action={<Chip label={statusLabel} color={request.status === "approved" ? "success" : request.status === "declined" ? "default" : "info"} />}>
          <DetailItem label={k("columns.action")}>{translate(`app.policy_detail.cancel_dialog.options.${request.customized_action}`)}</DetailItem>
          <DetailItem label={k("columns.cancellation_date")}>{formatLongDate(request.cancellation_date)}</DetailItem>
          <DetailItem label={k("columns.requested_by")}>{request.requestable.name}</DetailItem>
          <DetailItem label={k("show.requested_at")}>{formatLongDate(request.created_at)}</DetailItem>
          <DetailItem label={k("columns.status")}>{statusLabel}</DetailItem>
          <DetailItem label={k("columns.decided_by")}>{request.decided_by?.name}</DetailItem>
          <DetailItem label={k("show.decided_at")}>{formatLongDate(request.decided_at)}</DetailItem>
          {request.decline_reason && <DetailItem label={k("decline_reason")}>{request.decline_reason}</DetailItem>}
        </Section>
        <Section title={k("columns.policy")}>
          <DetailItem label="app.policy_detail.fields.number">
            <Link component={RouterLink} to={resourcePath.view("policies", policy.id)}>
              {policy.number}
            </Link>
          </DetailItem>
          <DetailItem label="app.policy_detail.fields.policy_type">{policy.policy_type_title}</DetailItem>
          <DetailItem label="app.policy_detail.fields.status">
            <PolicyStatusText status={policy.status} />
          </DetailItem>
          <DetailItem label={k("columns.customer")}>{policy.primary_user_name}</DetailItem>
          <DetailItem label="app.policy_detail.fields.effective_date">{formatLongDate(policy.effective_date)}</DetailItem>
          <DetailItem label="app.policy_detail.fields.expiration_date">{formatLongDate(policy.expiration_date)}</DetailItem>
          <DetailItem label="app.policy_detail.fields.account">{policy.account?.title}</DetailItem>
          <DetailItem label="app.policy_detail.fields.agency">{policy.agency?.title}</DetailItem>
        </Section>
        <Box sx={{ gridColumn: { lg: "1 / span 2" } }}>
          <RefundSection request={request} />
        </Box>
      </Box>
      {canRetry && request.status === "approved" && request.refund?.status === "failed" && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {translate(k("show.refund_failed_help"))}
        </Alert>
      )}
    </>
  );
};

/** change-requests/{id}: one cancellation request, its policy, who asked, the refund before and after approval. */
export const ChangeRequestShow = () => {
  const { id } = useParams();
  const notifyHttpError = useNotifyHttpError();
  const navigate = useNavigate();
  return (
    <ShowBase<ChangeRequest>
      resource="change-requests"
      id={Number(id)}
      queryOptions={{
        onError: (error) => {
          notifyHttpError(error);
          navigate("/dashboard/change-requests");
        },
      }}
    >
      <RequestPage />
    </ShowBase>
  );
};
