import AttachFileIcon from "@mui/icons-material/AttachFile";
import { Alert, Box, Button, Card, CardContent, CardHeader, List, ListItem, Typography } from "@mui/material";
import { Loading, useGetOne, useLocale, useNotify, useTranslate } from "react-admin";
import { useParams } from "react-router-dom";
import { useNotifyHttpError } from "../../authProvider/AppNotification";
import { downloadFile } from "../../dataProvider/download";
import { formatMoment } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { DetailItem } from "../policies/show/PolicyDetailsCard";
import { MailKind, MailRelated, MailStatusChip } from "./EmailParts";
import type { MailAttachment, SentEmail } from "./types";

const f = (key: string) => `resources.email-history.fields.${key}`;
const s = (key: string) => `resources.email-history.show.${key}`;

/**
 * One recorded mail: who, when, what about, whether it went out, and the message itself. An HTML body is shown in a
 * sandboxed frame (no scripts, no forms, no navigation of this page); a text body as text.
 */
export const EmailShow = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const notifyHttpError = useNotifyHttpError();
  const { data: mail, isPending } = useGetOne<SentEmail>("email-history", { id: Number(id) }, { onError: notifyHttpError });
  if (isPending) return <Loading />;
  if (!mail) return null;
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.email_history"
        title={mail.subject}
        crumbs={[{ label: translate("app.shell.titles.email_history"), to: "/dashboard/email-history" }]}
      />
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
          <DetailItem label={f("created_at")}>{formatMoment(mail.created_at)}</DetailItem>
          <DetailItem label={f("to")}>{mail.to}</DetailItem>
          <DetailItem label={f("template")}>
            <MailKind template={mail.template} />
          </DetailItem>
          <DetailItem label={f("related")}>
            <MailRelated mail={mail} />
          </DetailItem>
          <DetailItem label={f("status")}>
            <MailStatusChip status={mail.status} />
          </DetailItem>
        </CardContent>
        {mail.status === "failed" && mail.error ? (
          <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
            {translate(f("error"))}: {mail.error}
          </Alert>
        ) : null}
        {mail.status === "recorded" ? (
          <Alert severity="info" sx={{ mx: 2, mb: 2 }}>
            {translate(s("recorded_note"))}
          </Alert>
        ) : null}
      </Card>
      <Card sx={{ mb: 2 }}>
        <CardHeader title={translate(s("message"))} slotProps={{ title: { component: "h2", variant: "h6" } }} />
        <CardContent sx={{ pt: 0 }}>
          {mail.html ? (
            <Box component="iframe" title={translate(s("message"))} sandbox="" srcDoc={mail.html} sx={{ width: "100%", minHeight: 400, border: 1, borderColor: "divider" }} />
          ) : (
            <Typography component="pre" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontFamily: "inherit", m: 0 }}>
              {mail.text}
            </Typography>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader title={translate(s("attachments"))} slotProps={{ title: { component: "h2", variant: "h6" } }} />
        <CardContent sx={{ pt: 0 }}>
          {mail.attachments?.length ? (
            <List dense>
              {mail.attachments.map((a) => (
                <ListItem key={a.id}>
                  <AttachmentButton mailId={mail.id} attachment={a} />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography color="text.secondary">{translate(s("no_attachments"))}</Typography>
          )}
        </CardContent>
      </Card>
    </>
  );
};

/**
 * One attachment as it was sent, saved under its file name. The API answers it only to a caller who may read the mail
 * (GET /sent_emails/{id}/attachments/{attachmentId}), so it is fetched with the session like the other downloads.
 */
const AttachmentButton = ({ mailId, attachment }: { mailId: number; attachment: MailAttachment }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const size = new Intl.NumberFormat(locale, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(Math.max(1, Math.round(attachment.byte_size / 1024)));
  return (
    <Button
      startIcon={<AttachFileIcon />}
      sx={{ textTransform: "none" }}
      aria-label={translate(s("download"), { filename: attachment.filename })}
      onClick={() =>
        downloadFile(`/sent_emails/${mailId}/attachments/${attachment.id}`, attachment.filename).catch((error: unknown) => {
          console.error(error);
          notify(s("download_failed"), { type: "error" });
        })
      }
    >
      {attachment.filename} ({size})
    </Button>
  );
};
