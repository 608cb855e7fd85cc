import { useCallback, useEffect, useState } from "react";
import { Alert, AlertTitle, Box, Button, Card, CardContent, Chip, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import ShieldIcon from "@mui/icons-material/Shield";
import { useTranslate } from "react-admin";
import { useParams } from "react-router-dom";
import { formatCents } from "../../../domain/money";
import { formatLongDate } from "../../../domain/format";
import { GROUP_POLL_MS } from "../../../domain/rentGuarantee";
import { uploadForm } from "../../../dataProvider/upload";
import { PageHeader } from "../../../layout/PageHeader";
import { failureText, useRequest } from "../../common/useRequest";
import { GroupForm, groupFormData } from "./GroupForm";
import { massImportCrumbs } from "./GroupList";
import { failureLines, localToday, t } from "./massImportRules";
import type { GroupDetail, GroupFailure } from "./types";

/** The server is still working on a group in these statuses: the view polls it. */
const isBusy = (status: GroupDetail["status"]) => status === "in_progress" || status === "accepting";

/**
 * policies/import/view/{id}: one group (document 2 sections 2, 4 and 8), polled every 2000 ms while in progress and
 * while its policies are being created after the accept.
 */
export const GroupViewPage = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const { request, say } = useRequest();
  const [group, setGroup] = useState<GroupDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const [editFailure, setEditFailure] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    try {
      const { json } = await request<GroupDetail>(`/policy-application-groups/${id}`);
      setGroup(json);
      return json;
    } catch {
      setMissing(true);
      return null;
    }
  }, [request, id]);

  // Polled every 2000 ms while the server works on the group: its rows' jobs (in_progress), or the creation of its
  // policies once accepted (accepting). An edit with a new sheet or an accept starts the polling again (`round`).
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const json = await load();
      if (live && json && isBusy(json.status)) timer = setTimeout(tick, GROUP_POLL_MS);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [load, round]);

  const accept = async () => {
    setAccepting(true);
    try {
      const { json } = await request<{ message?: string }>(`/policy-application-groups/${id}/accept`, { method: "PUT" });
      say("success", t("view.accept"), json?.message);
    } catch (error) {
      say("error", t("failure"), failureText(error));
    } finally {
      setAccepting(false);
      setRound((n) => n + 1);
    }
  };

  const crumbs = [...massImportCrumbs(translate), { label: translate(t("title")), to: "/dashboard/policies/import" }];
  if (missing) return <PageHeader titleKey={t("title")} crumbs={crumbs} />;
  if (!group) return <LinearProgress />;
  const yesNo = (v: boolean) => translate(t(v ? "yes" : "no"));
  const pastEffective = group.effective_date < localToday();
  const percent = group.policy_applications_count ? Math.round(((group.created_policy_applications_count + group.errors_count) / group.policy_applications_count) * 100) : 0;
  const policiesPercent = group.created_policy_applications_count ? Math.round((group.created_policies_count / group.created_policy_applications_count) * 100) : 0;
  const accepted = group.status === "accepting" || group.status === "accept_failed" || group.status === "accepted";
  const invoices = group.policy_group_quote?.invoices ?? [];
  // Subtotal and total are both the sum of the invoice totals (document 2 section 2; readings C-39).
  const sum = invoices.reduce((s, i) => s + i.total, 0);
  return (
    <>
      <PageHeader title={translate(t("view.title"), { id: group.id })} titleKey={t("title")} crumbs={crumbs} />
      <Box sx={{ display: "grid", gap: 2 }}>
        <Card>
          <CardContent>
            <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap", alignItems: "center" }}>
              <Box>
                <Typography variant="caption">{translate(t("view.status"))}</Typography>
                <Box>
                  <Chip data-testid="group-status" label={translate(t(`statuses.${group.status}`))} color={group.status === "error" || group.status === "accept_failed" ? "error" : group.status === "accepted" ? "success" : "default"} />
                </Box>
              </Box>
              <Field label={translate(t("view.applications"))} value={group.policy_applications_count} />
              <Field label={translate(t("view.created"))} value={group.created_policy_applications_count} />
              {accepted && <Field label={translate(t("view.policies"))} value={group.created_policies_count} />}
              <Field label={translate(t("fields.effective_date"))} value={formatLongDate(group.effective_date)} />
              <Field label={translate(t("fields.expiration_date"))} value={formatLongDate(group.expiration_date)} />
              <Field label={translate(t("fields.auto_pay"))} value={yesNo(group.auto_pay)} />
              <Field label={translate(t("fields.auto_renew"))} value={yesNo(group.auto_renew)} />
              {group.status === "awaiting_acceptance" && (
                <Button variant="contained" disabled={accepting || pastEffective} onClick={() => void accept()}>
                  {translate(t("view.accept"))}
                </Button>
              )}
            </Box>
            {group.status === "in_progress" && (
              <Box sx={{ mt: 2 }} role="status">
                <Typography variant="body2">{translate(t("view.progress"), { created: group.created_policy_applications_count + group.errors_count, total: group.policy_applications_count })}</Typography>
                <LinearProgress variant="determinate" value={percent} />
              </Box>
            )}
            {group.status === "accepting" && (
              <Box sx={{ mt: 2 }} role="status" data-testid="accept-progress">
                <Typography variant="body2">{translate(t("view.accept_progress"), { created: group.created_policies_count, total: group.created_policy_applications_count })}</Typography>
                <LinearProgress variant="determinate" value={policiesPercent} />
              </Box>
            )}
            {group.status === "accept_failed" && (
              <Alert
                severity="error"
                sx={{ mt: 2 }}
                action={
                  <Button color="inherit" size="small" disabled={accepting} onClick={() => void accept()}>
                    {translate(t("view.retry_accept"))}
                  </Button>
                }
              >
                {translate(t("view.accept_failed"))}
              </Alert>
            )}
            {group.status === "awaiting_acceptance" && pastEffective && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {translate(t("fields.min_today"))}
              </Alert>
            )}
          </CardContent>
        </Card>

        {group.errors.length > 0 && (
          <Card>
            <CardContent>
              <Typography variant="h6">{translate(t("view.errors_title"))}</Typography>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate(t("view.error_email"))}</TableCell>
                    <TableCell>{translate(t("view.error_kind"))}</TableCell>
                    <TableCell>{translate(t("view.error_details"))}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {group.errors.map((e) => (
                    <TableRow key={e.id}>
                      <TableCell>{e.information.policy_users_params?.[0]?.user_attributes?.email ?? ""}</TableCell>
                      <TableCell>{translate(t(`view.kinds.${e.kind}`))}</TableCell>
                      <TableCell>{(e.information.errors ?? []).join("; ")}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        )}

        {(group.status === "awaiting_acceptance" || group.status === "error") && (
          <Card>
            <CardContent>
              <Typography variant="h6" sx={{ mb: 2 }}>
                {translate(t("view.edit_title"))}
              </Typography>
              <GroupForm
                key={`${group.effective_date}-${group.auto_pay}-${group.auto_renew}`}
                fileRequired={false}
                busy={saving}
                submitLabel={translate(t("view.edit"))}
                initial={{ effective_date: pastEffective ? localToday() : group.effective_date, auto_pay: group.auto_pay, auto_renew: group.auto_renew }}
                onSubmit={async (values) => {
                  setSaving(true);
                  setEditFailure(null);
                  const { status, json } = await uploadForm<GroupDetail & GroupFailure>(`/policy-application-groups/${group.id}`, groupFormData(values), { method: "PUT" });
                  setSaving(false);
                  if (status >= 200 && status < 300) {
                    say("success", t("view.saved"));
                    setRound((n) => n + 1);
                  } else setEditFailure(failureLines(json).length ? failureLines(json) : [translate(t("failure"))]);
                }}
              />
              {editFailure && (
                <Alert severity="error" sx={{ mt: 2 }} role="alert">
                  <AlertTitle>{translate(t("add.error_title"))}</AlertTitle>
                  {editFailure.map((line, i) => (
                    <Typography key={i} variant="body2">
                      {line}
                    </Typography>
                  ))}
                </Alert>
              )}
            </CardContent>
          </Card>
        )}

        {(group.status === "awaiting_acceptance" || accepted) && invoices.length > 0 && (
          <Card data-testid="group-invoice">
            <CardContent>
              <Box sx={{ display: "flex", justifyContent: "space-between", mb: 2 }}>
                <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
                  <ShieldIcon color="primary" fontSize="large" aria-hidden />
                  <Typography variant="h6">{translate(t("invoice.title"))}</Typography>
                </Box>
                <Box sx={{ textAlign: "right" }}>
                  <Typography variant="subtitle2">{translate(t("invoice.company_name"))}</Typography>
                  <Typography variant="body2">{translate(t("invoice.company_address"))}</Typography>
                </Box>
              </Box>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate(t("invoice.number"))}</TableCell>
                    <TableCell>{translate(t("invoice.due_date"))}</TableCell>
                    <TableCell align="right">{translate(t("invoice.subtotal"))}</TableCell>
                    <TableCell align="right">{translate(t("invoice.total"))}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {invoices.map((i) => (
                    <TableRow key={i.id}>
                      <TableCell>{i.number}</TableCell>
                      <TableCell>{formatLongDate(i.due_date)}</TableCell>
                      <TableCell align="right">{formatCents(i.subtotal)}</TableCell>
                      <TableCell align="right">{formatCents(i.total)}</TableCell>
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell colSpan={3} align="right">
                      <strong>{translate(t("invoice.subtotal"))}</strong>
                    </TableCell>
                    <TableCell align="right" data-testid="invoice-subtotal">
                      {formatCents(sum)}
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={3} align="right">
                      <strong>{translate(t("invoice.total"))}</strong>
                    </TableCell>
                    <TableCell align="right" data-testid="invoice-total">
                      {formatCents(sum)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        )}
      </Box>
    </>
  );
};

const Field = ({ label, value }: { label: string; value: string | number }) => (
  <Box>
    <Typography variant="caption">{label}</Typography>
    <Typography>{value}</Typography>
  </Box>
);
