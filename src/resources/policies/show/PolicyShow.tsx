import { useCallback, useEffect } from "react";
import { Alert, Box, Card, List, ListItemButton, ListItemText, Tab, Tabs } from "@mui/material";
import { Loading, ShowBase, useNotify, useRecordContext, useShowContext, useTranslate } from "react-admin";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { useNotifyHttpError } from "../../../authProvider/AppNotification";
import { SNACK_LONG } from "../../../domain/constants";
import { formatLongDate } from "../../../domain/format";
import { hasPermission } from "../../../domain/permissions";
import { PENDING_CHANGE_REQUEST_STATUSES } from "../../../domain/policies";
import { homePathFor } from "../../../domain/routeAccess";
import { PageHeader } from "../../../layout/PageHeader";
import { useCurrentUser } from "../../../layout/useCurrentUser";
import { resourcePath } from "../../paths";
import { EditTab } from "./edit/EditTab";
import { RefundStatus, RetryRefundButton } from "../../change-requests/RefundStatus";
import { InvoicePanel } from "./InvoicePanel";
import { PolicyDetailsCard } from "./PolicyDetailsCard";
import { EXTRA_SEGMENTS, TAB_KEYS, TAB_SEGMENT, additionalInterest, policyTabs, type TabKey } from "./policyDetailRules";
import { RecentPoliciesBar } from "./RecentPoliciesBar";
import { rememberTab } from "./recentPolicies";
import { CoverageTab, DocumentsTable } from "./tabs/CoverageTab";
import { CustomersTab } from "./tabs/CustomersTab";
import { HistoryTab } from "./tabs/HistoryTab";
import { LeadsTab } from "./tabs/LeadsTab";
import { AcordHistoryTab, AdditionalInterestTab, ApplicationSection } from "./tabs/SmallTabs";
import type { PolicyDetail } from "./types";

const segmentToTab = (segment: string): TabKey | undefined => (Object.entries(TAB_SEGMENT).find(([, s]) => s === segment)?.[0] as TabKey | undefined) ?? undefined;

/** Policy and Covered Unit (document 2 section 2): the unit link needs insurables.units. */
const PolicyLinks = ({ policy }: { policy: PolicyDetail }) => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const unit = policy.primary_insurable;
  return (
    <Card>
      <List dense disablePadding aria-label={translate("app.policy_detail.links.policy")}>
        <ListItemButton selected component={RouterLink} to={resourcePath.view("policies", policy.id)}>
          <ListItemText primary={translate("app.policy_detail.links.policy")} />
        </ListItemButton>
        {unit && (
          <ListItemButton component={RouterLink} to={`/dashboard/insurable/view/${unit.id}`} disabled={!hasPermission(user, "insurables.units")}>
            <ListItemText primary={translate("app.policy_detail.links.covered_unit")} secondary={unit.title} />
          </ListItemButton>
        )}
      </List>
    </Card>
  );
};

const PolicyPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const policy = useRecordContext<PolicyDetail>();
  const { refetch } = useShowContext();
  const { user } = useCurrentUser();
  const segment = (useParams()["*"] ?? "").split("/")[0];
  const reload = useCallback(() => void refetch(), [refetch]);
  const tabs = policy ? policyTabs(policy, user?.role) : [];
  const extra = segment in EXTRA_SEGMENTS ? (segment as keyof typeof EXTRA_SEGMENTS) : null;
  const requested = extra ? undefined : segmentToTab(segment);
  // The edit route stays reachable by link when the tab is hidden (readings C-10).
  const active: TabKey | null = extra ? null : requested && (tabs.some((t) => t.key === requested && !t.disabled) || requested === "edit") ? requested : "customers";

  useEffect(() => {
    if (policy && active) rememberTab(policy.id, TAB_KEYS.indexOf(active));
  }, [policy, active]);
  // Coming from the grid, react-admin shows the list row first as a placeholder: wait for the full policy.
  if (!policy || !Array.isArray(policy.users)) return <Loading />;

  const open = (key: TabKey) => navigate(`${resourcePath.view("policies", policy.id)}${TAB_SEGMENT[key] ? `/${TAB_SEGMENT[key]}` : ""}`);
  const interest = additionalInterest(policy);
  const fields = policy.policy_application?.fields ?? {};

  return (
    <>
      <PageHeader
        titleKey="app.policy_detail.crumbs.view"
        crumbs={[{ label: translate("app.policy_detail.crumbs.policies") }, { label: translate("app.policy_detail.crumbs.browse"), to: resourcePath.browse("policies") }]}
      />
      <RecentPoliciesBar current={{ id: policy.id, number: policy.number, status: policy.status }} />
      {policy.change_requests
        .filter((request) => (PENDING_CHANGE_REQUEST_STATUSES as readonly string[]).includes(request.status))
        .map((request) => (
          <Alert key={request.id} severity="info" sx={{ mb: 2 }}>
            {translate("app.policy_detail.cancel_dialog.pending", {
              action: translate(`app.policy_detail.cancel_dialog.options.${request.customized_action}`),
              date: formatLongDate(request.cancellation_date),
            })}
          </Alert>
        ))}
      {policy.refund && (
        <Box sx={{ mb: 2 }}>
          <RefundStatus
            refund={policy.refund}
            action={<RetryRefundButton refund={policy.refund} path={`/policies/${policy.id}/retry_refund`} method="PUT" resource="policies" />}
          />
        </Box>
      )}
      {policy.status === "EXTERNAL_REJECTED" && (policy.system_data.rejection_reasons?.length ?? 0) > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} aria-label={translate("app.policy_detail.rejection_reasons")}>
          {translate("app.policy_detail.rejection_reasons")}
          <ul style={{ margin: 0 }}>
            {policy.system_data.rejection_reasons!.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </Alert>
      )}
      {policy.latest_submitted_revision && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate("app.policy_detail.pending_revision")}
        </Alert>
      )}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: policy.invoices.length ? "200px 1fr 500px" : "200px 1fr" }, alignItems: "start", mb: 2 }}>
        <PolicyLinks policy={policy} />
        <PolicyDetailsCard policy={policy} role={user?.role} onChanged={reload} />
        {policy.invoices.length > 0 && <InvoicePanel invoices={policy.invoices} refund={policy.refund} paymentMethod={policy.payment_method} onCharged={reload} />}
      </Box>
      <Card sx={{ p: 2 }}>
        <Tabs value={active ?? false} onChange={(_e, key: TabKey) => open(key)} variant="scrollable" aria-label={translate("app.policy_detail.crumbs.view")}>
          {tabs.map((tab) => (
            <Tab key={tab.key} value={tab.key} label={translate(`app.policy_detail.tabs.${tab.key}`)} disabled={tab.disabled} />
          ))}
          {active === "edit" && !tabs.some((t) => t.key === "edit") && <Tab value="edit" label={translate("app.policy_detail.tabs.edit")} />}
        </Tabs>
        <Box sx={{ pt: 2 }} role="tabpanel">
          {extra === "documents" && <DocumentsTable documents={policy.documents} />}
          {extra && extra !== "documents" && <ApplicationSection section={extra} fields={fields} />}
          {active === "customers" && <CustomersTab users={policy.users} />}
          {active === "coverage" && <CoverageTab policy={policy} />}
          {active === "leads" && <LeadsTab policyId={policy.id} />}
          {active === "edit" && <EditTab policy={policy} onSaved={reload} role={user?.role} />}
          {active === "history" && <HistoryTab policyId={policy.id} />}
          {active === "additional_interest" && interest && <AdditionalInterestTab interest={interest} />}
          {active === "acord_history" && <AcordHistoryTab entries={policy.system_data.acord_history ?? []} />}
        </Box>
      </Card>
    </>
  );
};

/**
 * policies/view/{id}[/tab] (document 2 section 2). A policy outside the caller's reach answers 404: back to browse, or
 * for policy support (who has no policies grid) back to the review queue with a message, never 'Page not found.'.
 */
export const PolicyShow = () => {
  const { id } = useParams();
  const notifyHttpError = useNotifyHttpError();
  const notify = useNotify();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  return (
    <ShowBase<PolicyDetail>
      resource="policies"
      id={Number(id)}
      queryOptions={{
        onError: (error) => {
          if (user?.role === "policy_support") {
            notify("app.policy_detail.outside_review", { type: "warning", autoHideDuration: SNACK_LONG });
            navigate(homePathFor("policy_support"));
            return;
          }
          notifyHttpError(error);
          navigate(resourcePath.browse("policies"));
        },
      }}
    >
      <PolicyPage />
    </ShowBase>
  );
};

