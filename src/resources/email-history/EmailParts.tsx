import { Chip, Link } from "@mui/material";
import { useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { resourcePath } from "../paths";
import type { MailStatus, SentEmail } from "./types";

const COLORS: Record<MailStatus, "success" | "default" | "error"> = { sent: "success", recorded: "default", failed: "error" };

export const MailStatusChip = ({ status }: { status: MailStatus }) => {
  const translate = useTranslate();
  return <Chip size="small" color={COLORS[status] ?? "default"} label={translate(`resources.email-history.statuses.${status}`, { _: status })} />;
};

export const MailKind = ({ template }: { template: string }) => {
  const translate = useTranslate();
  return <>{translate(`resources.email-history.templates.${template}`, { _: template })}</>;
};

const RELATED_RESOURCE: Record<string, string> = { Policy: "policies", User: "users", Staff: "staff" };

/** The policy or person a mail is about, linked to its page. */
export const MailRelated = ({ mail }: { mail: Pick<SentEmail, "related_type" | "related_id"> }) => {
  const translate = useTranslate();
  if (!mail.related_type || !mail.related_id) return <>—</>;
  const label = translate(`resources.email-history.related.${mail.related_type}`, { id: mail.related_id, _: `${mail.related_type} ${mail.related_id}` });
  const resource = RELATED_RESOURCE[mail.related_type];
  if (!resource) return <>{label}</>;
  return (
    <Link component={RouterLink} to={resourcePath.view(resource, mail.related_id)} onClick={(e) => e.stopPropagation()}>
      {label}
    </Link>
  );
};
