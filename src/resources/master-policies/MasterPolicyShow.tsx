import { useCallback, useState } from "react";
import { Alert, Box, Button, Card, CardContent, Stack, Tab, Tabs, Typography } from "@mui/material";
import { CanAccess, Confirm, Loading, ShowBase, useRecordContext, useShowContext, useTranslate } from "react-admin";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { formatLongDate, humanizeEnum } from "../../domain/format";
import { formatCents } from "../../domain/money";
import { PageHeader } from "../../layout/PageHeader";
import { resourcePath } from "../paths";
import { serverMessage, usePolicyApi } from "../policies/show/useApi";
import { AvailableUnitsTab, CommunitiesTab, CoveragesTab, CoveredUnitsTab } from "./MasterPolicyTabs";
import type { MasterPolicy } from "./types";

const k = (key: string) => `resources.master-policies.${key}`;

/** The tabs of a master's page, each at its own URL (view/{id}/{tab}). */
/** How often, and how many times, the page reads the master again after Cancel while the job runs. */
const CANCEL_POLL_MS = 1500;
const CANCEL_POLLS = 20;

const TABS = ["communities", "covered", "available", "history", "coverages"] as const;
type TabKey = (typeof TABS)[number];

const Detail = ({ label, value }: { label: string; value: string | number | null | undefined }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 180 }}>
      <Typography variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography variant="body2">{value === null || value === undefined || value === "" ? "—" : value}</Typography>
    </Box>
  );
};

/** Cancel the master (a job cancels its coverages, then it); the server's 'Master policy <n> was successfully cancelled'. */
const CancelMasterButton = ({ master, onDone }: { master: MasterPolicy; onDone: () => Promise<MasterPolicy | undefined> }) => {
  const translate = useTranslate();
  const { request, notifyResult } = usePolicyApi();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (master.status === "CANCELLED") return null;
  const cancel = async () => {
    setBusy(true);
    try {
      const { json } = await request<{ message: string }>(`/master-policies/${master.id}/cancel`, { method: "PUT", body: {} });
      notifyResult("success", k("messages.done"), json.message);
      // The job runs in the background: read the master again until it is cancelled (its tabs follow it).
      const poll = async (attempt: number) => {
        const fresh = await onDone().catch(() => undefined);
        if (fresh?.status !== "CANCELLED" && attempt < CANCEL_POLLS) setTimeout(() => void poll(attempt + 1), CANCEL_POLL_MS);
      };
      setTimeout(() => void poll(1), CANCEL_POLL_MS);
    } catch (error) {
      notifyResult("error", k("messages.failed"), serverMessage(error));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <CanAccess resource="master-policies" action="cancel">
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {translate(k("actions.cancel"))}
      </Button>
      <Confirm isOpen={open} loading={busy} title={k("actions.cancel")} content={translate(k("confirm.cancel"), { number: master.number })} onConfirm={cancel} onClose={() => setOpen(false)} />
    </CanAccess>
  );
};

const MasterPolicyPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const master = useRecordContext<MasterPolicy>();
  const { refetch } = useShowContext();
  const segment = (useParams()["*"] ?? "").split("/")[0];
  const reload = useCallback(() => void refetch(), [refetch]);
  const reread = useCallback(async () => (await refetch()).data as MasterPolicy | undefined, [refetch]);
  if (!master) return null;
  const tab: TabKey = (TABS as readonly string[]).includes(segment) ? (segment as TabKey) : "communities";
  const base = resourcePath.view("master-policies", master.id);
  return (
    <Stack spacing={2}>
      <PageHeader
        titleKey="resources.master-policies.title.view"
        title={translate(k("title.view"), { number: master.number })}
        crumbs={[{ label: translate("app.shell.titles.master_policies"), to: resourcePath.browse("master-policies") }]}
        actions={
          <Box sx={{ display: "flex", gap: 1 }}>
            {master.status !== "CANCELLED" ? (
              <CanAccess resource="master-policies" action="edit">
                <Button variant="contained" component={RouterLink} to={resourcePath.edit("master-policies", master.id)}>
                  {translate("ra.action.edit")}
                </Button>
              </CanAccess>
            ) : null}
            <CancelMasterButton master={master} onDone={reread} />
          </Box>
        }
      />
      {master.status === "CANCELLED" ? <Alert severity="info">{translate(k("cancelled_on"), { date: formatLongDate(master.cancellation_date) })}</Alert> : null}
      <Card>
        <CardContent sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
          <Detail label={k("fields.number")} value={master.number} />
          <Detail label={k("fields.status")} value={humanizeEnum(master.status)} />
          <Detail label={k("fields.account")} value={master.account?.title} />
          <Detail label={k("fields.agency")} value={master.agency?.title} />
          <Detail label={k("fields.carrier")} value={master.carrier?.title} />
          <Detail label={k("fields.effective_date")} value={formatLongDate(master.effective_date)} />
          <Detail label={k("fields.expiration_date")} value={formatLongDate(master.expiration_date)} />
          <Detail label={k("fields.base")} value={formatCents(master.base)} />
          <Detail label={k("fields.total")} value={formatCents(master.total)} />
          <Detail label={k("fields.calculation_base")} value={formatCents(master.calculation_base)} />
          <Detail label={k("fields.covered_units")} value={master.covered_units} />
          <Detail label={k("fields.landlord_sumplimental")} value={translate(master.system_data?.landlord_sumplimental ? "resources.common.filter.yes" : "resources.common.filter.no")} />
        </CardContent>
      </Card>
      <Card>
        <Tabs value={tab} onChange={(_e, value: TabKey) => navigate(`${base}/${value}`)} variant="scrollable" aria-label={translate(k("tabs.label"))}>
          {TABS.map((key) => (
            <Tab key={key} value={key} label={translate(k(`tabs.${key}`))} />
          ))}
        </Tabs>
        <CardContent>
          {tab === "communities" ? <CommunitiesTab master={master} onChange={reload} /> : null}
          {tab === "covered" ? <CoveredUnitsTab master={master} onChange={reload} /> : null}
          {tab === "available" ? <AvailableUnitsTab master={master} onChange={reload} /> : null}
          {tab === "history" ? <CoveredUnitsTab master={master} past onChange={reload} /> : null}
          {tab === "coverages" ? <CoveragesTab master={master} /> : null}
        </CardContent>
      </Card>
    </Stack>
  );
};

/** master-policies/view/{id}: the master, its communities, covered, available and historically covered units, coverages. */
export const MasterPolicyShow = () => (
  <ShowBase resource="master-policies" loading={<Loading />}>
    <MasterPolicyPage />
  </ShowBase>
);
