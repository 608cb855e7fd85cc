import { useState } from "react";
import { Button, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { Confirm, useCanAccess, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { formatMoment } from "../../domain/format";
import { failureText, useLoaded, useRequest } from "../../resources/common/useRequest";
import { resourcePath } from "../../resources/paths";

export type LinkState = "open" | "used" | "expired" | "revoked" | "lease_ended";

export interface UploadLinkStatus {
  id: number;
  state: LinkState;
  reason: string;
  created_at: string;
  sent_email_id: number | null;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  policy_id: number | null;
  lease_id: number | null;
  lease_reference: string | null;
  unit: { id: number; title: string };
  user: { id: number; name: string | null; email: string };
}

const k = (key: string) => `app.compliance.links.${key}`;
const COLORS: Record<LinkState, "success" | "default" | "warning" | "error" | "info"> = { open: "success", used: "info", expired: "default", revoked: "error", lease_ended: "warning" };

/** A link's state as a chip (the worklists show the newest link of a row the same way). */
export const LinkStateChip = ({ state }: { state: LinkState }) => {
  const translate = useTranslate();
  return <Chip size="small" color={COLORS[state]} variant={state === "open" ? "filled" : "outlined"} label={translate(k(`states.${state}`))} />;
};

const when = (value: string | null) => (value ? formatMoment(value) : "—");

/**
 * The upload links mailed for a lease or to a resident (issue 17 section 2): when each was sent, until when it works,
 * when it was used or revoked, and Revoke (with a confirmation) while it is open. The resident's page then says the
 * link was withdrawn. `of` names the lease or the resident; the other side shows in the first column.
 */
export function UploadLinks({ of }: { of: { lease_id: number } | { user_id: number } }) {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const { canAccess: canList } = useCanAccess({ resource: "upload-links", action: "list" });
  const { canAccess: canRevoke } = useCanAccess({ resource: "upload-links", action: "revoke" });
  const { rows, failed, reload } = useLoaded<UploadLinkStatus[]>(canList ? "/upload-links" : "", of);
  const [revoking, setRevoking] = useState<UploadLinkStatus | null>(null);
  const byLease = "lease_id" in of;
  if (!canList) return null;
  if (failed) return <Typography color="error">{translate(k("failed"))}</Typography>;
  if (!rows) return null;
  if (!rows.length) return <Typography color="text.secondary">{translate(k("none"))}</Typography>;
  const revoke = async () => {
    const link = revoking!;
    setRevoking(null);
    try {
      await request(`/upload-links/${link.id}/revoke`, { method: "POST" });
      say("success", k("revoked"));
    } catch (error) {
      say("error", k("revoke_failed"), failureText(error));
    }
    reload();
  };
  return (
    <>
      <Table size="small" aria-label={translate(k("title"))}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(k(byLease ? "resident" : "unit"))}</TableCell>
            <TableCell>{translate(k("state"))}</TableCell>
            <TableCell>{translate(k("sent_at"))}</TableCell>
            <TableCell>{translate(k("expires_at"))}</TableCell>
            <TableCell>{translate(k("used_at"))}</TableCell>
            <TableCell>{translate(k("revoked_at"))}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((link) => (
            <TableRow key={link.id}>
              <TableCell>
                {byLease ? (
                  <Link component={RouterLink} to={resourcePath.view("users", link.user.id)}>
                    {link.user.name ?? link.user.email}
                  </Link>
                ) : (
                  <>
                    <Link component={RouterLink} to={resourcePath.view("insurable", link.unit.id)}>
                      {link.unit.title}
                    </Link>
                    {link.lease_id && (
                      <>
                        {" · "}
                        <Link component={RouterLink} to={resourcePath.view("leases", link.lease_id)}>
                          {link.lease_reference}
                        </Link>
                      </>
                    )}
                  </>
                )}
              </TableCell>
              <TableCell>
                <LinkStateChip state={link.state} />
              </TableCell>
              <TableCell>{when(link.created_at)}</TableCell>
              <TableCell>{when(link.expires_at)}</TableCell>
              <TableCell>
                {link.used_at && link.policy_id ? (
                  <Link component={RouterLink} to={resourcePath.view("policies", link.policy_id)}>
                    {when(link.used_at)}
                  </Link>
                ) : (
                  when(link.used_at)
                )}
              </TableCell>
              <TableCell>{when(link.revoked_at)}</TableCell>
              <TableCell align="right">
                {canRevoke && link.state === "open" && (
                  <Button size="small" color="error" onClick={() => setRevoking(link)}>
                    {translate(k("revoke"))}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Confirm
        isOpen={revoking !== null}
        title={k("revoke_title")}
        content={translate(k("revoke_confirm"), { name: revoking ? (revoking.user.name ?? revoking.user.email) : "" })}
        confirm={k("revoke")}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
