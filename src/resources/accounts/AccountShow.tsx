import type { ReactNode } from "react";
import { Box, Card, CardContent, Tab, Tabs, Typography } from "@mui/material";
import { Loading, ShowBase, useCanAccess, useRecordContext, useTranslate } from "react-admin";
import { RequirementProfilePanel } from "../../custom/compliance/RequirementProfilePanel";
import { ReportsPanel } from "../../custom/reports/ReportsPanel";
import { useNavigate, useParams } from "react-router-dom";
import { useNotifyHttpError } from "../../authProvider/AppNotification";
import { formatLongDate, humanizeEnum, underscoresToSpaces } from "../../domain/format";
import { type HistoryChanges, historyValue } from "../../domain/history";
import { formatCents } from "../../domain/money";
import { PageHeader } from "../../layout/PageHeader";
import { PermissionSetTable, YesNo } from "../common";
import { resourcePath } from "../paths";
import { OrganisationActions } from "../common/OrganisationActions";
import { CardPaymentButton } from "./CardPaymentButton";
import { AccountIntegrationTab } from "./AccountIntegrationTab";
import { AccountTabTable } from "./AccountTabTable";
import type { Account } from "./types";

const TABS = ["details", "policies", "communities", "buildings", "units", "staff", "permissions", "requirements", "yardi", "entrata", "history", "reports"] as const;
type TabKey = (typeof TABS)[number];

const Item = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: "1 1 220px" }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(`resources.accounts.fields.${label}`)}
      </Typography>
      <Typography component="div">{children === null || children === undefined || children === "" ? "—" : children}</Typography>
    </Box>
  );
};

const Details = ({ account }: { account: Account }) => (
  <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
    <Item label="title">{account.title}</Item>
    <Item label="enabled">
      <YesNo value={account.enabled} />
    </Item>
    <Item label="agency.title">{account.agency?.title}</Item>
    <Item label="owner.full_name">{account.owner ? account.owner.full_name || account.owner.email : null}</Item>
    <Item label="contact_info.contact_phone">{account.contact_info?.contact_phone}</Item>
    <Item label="contact_info.contact_email">{account.contact_info?.contact_email}</Item>
    <Item label="additional_interest">
      <YesNo value={account.additional_interest} />
    </Item>
    <Item label="additional_interest_name">{account.additional_interest_name}</Item>
    <Item label="minimum_liability">{account.minimum_liability === null || account.minimum_liability === undefined ? null : formatCents(account.minimum_liability)}</Item>
    <Box sx={{ flex: "1 1 100%" }}>
      <Item label="primary_address.full">
        {(account.addresses ?? []).length === 0
          ? null
          : (account.addresses ?? []).map((address) => <div key={address.id ?? address.full}>{address.full}</div>)}
      </Item>
    </Box>
  </Box>
);

interface HistoryRow {
  id: number;
  created_at: string;
  author: string;
  action: string;
  data: HistoryChanges;
}

const changesOf = (row: HistoryRow) =>
  Object.entries(row.data ?? {})
    .map(([field, change]) => `${field}: ${historyValue(change, change.previous_value)} → ${historyValue(change, change.new_value)}`)
    .join("; ");

// The account's requirement profile (issue 17 section 1): edited by whoever may edit the account.
const AccountRequirements = ({ account }: { account: Account }) => {
  const { canAccess } = useCanAccess({ resource: "accounts", action: "edit" });
  return <RequirementProfilePanel path={`/accounts/${account.id}/requirement_profile`} canEdit={Boolean(canAccess)} />;
};

const TabBody = ({ tab, account }: { tab: TabKey; account: Account }) => {
  const base = `/accounts/${account.id}`;
  switch (tab) {
    case "details":
      return <Details account={account} />;
    case "policies":
      return (
        <AccountTabTable<{ id: number; number: string; status: string; primary_user: string | null; effective_date: string | null; expiration_date: string | null }>
          label="resources.accounts.tabs.policies"
          path={`${base}/account_policies`}
          rowLink={(row) => resourcePath.view("policies", row.id)}
          columns={[
            { key: "number" },
            { key: "status", render: (row) => underscoresToSpaces(row.status) },
            { key: "primary_user" },
            { key: "effective_date", render: (row) => formatLongDate(row.effective_date) || "—" },
            { key: "expiration_date", render: (row) => formatLongDate(row.expiration_date) || "—" },
          ]}
        />
      );
    case "communities":
    case "buildings":
    case "units":
      return (
        <AccountTabTable<{ id: number; title: string; enabled: boolean; parent_title: string | null; address: string | null; covered: boolean }>
          label={`resources.accounts.tabs.${tab}`}
          path={`${base}/account_${tab}`}
          rowLink={(row) => `/dashboard/insurable/view/${row.id}`}
          columns={[
            { key: "title" },
            ...(tab === "communities" ? [] : [{ key: "parent_title" }]),
            { key: "address" },
            { key: "enabled", render: (row: { enabled: boolean }) => <YesNo value={row.enabled} /> },
            ...(tab === "units" ? [{ key: "covered", render: (row: { covered: boolean }) => <YesNo value={row.covered} /> }] : []),
          ]}
        />
      );
    case "staff":
      return (
        <AccountTabTable<{ id: number; email: string; role: string; enabled: boolean; profile_attributes?: { full_name?: string | null } }>
          label="resources.accounts.tabs.staff"
          path="/staffs"
          filter={{ organizable_type: "Account", organizable_id: account.id }}
          rowLink={(row) => resourcePath.view("staff", row.id)}
          columns={[
            { key: "full_name", render: (row) => row.profile_attributes?.full_name ?? "—" },
            { key: "email" },
            { key: "role", render: (row) => underscoresToSpaces(row.role) },
            { key: "enabled", render: (row) => <YesNo value={row.enabled} /> },
          ]}
        />
      );
    case "permissions":
      return <PermissionSetTable resource="accounts" permissions={account.global_permission?.permissions} />;
    case "requirements":
      return <AccountRequirements account={account} />;
    case "yardi":
      return <AccountIntegrationTab accountId={account.id} provider="yardi" />;
    case "entrata":
      return <AccountIntegrationTab accountId={account.id} provider="entrata" />;
    case "reports":
      return <ReportsPanel owner={base} />;
    case "history":
      return (
        <AccountTabTable<HistoryRow>
          label="resources.accounts.tabs.history"
          path={`${base}/histories`}
          columns={[
            { key: "created_at", render: (row) => `${formatLongDate(row.created_at)} ${new Date(row.created_at).toLocaleTimeString("en-US")}` },
            { key: "author" },
            { key: "action", render: (row) => humanizeEnum(row.action) },
            { key: "changes", render: changesOf },
          ]}
        />
      );
  }
};

const AccountPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const account = useRecordContext<Account>();
  const segment = (useParams()["*"] ?? "").split("/")[0];
  // The Yardi and Entrata tabs read the account's integration: only for whoever may see integrations (not policy support).
  const { canAccess: canSeeIntegrations } = useCanAccess({ resource: "integrations", action: "show" });
  const tabs = TABS.filter((tab) => (tab !== "yardi" && tab !== "entrata") || canSeeIntegrations);
  const active: TabKey = (tabs as readonly string[]).includes(segment) ? (segment as TabKey) : "details";
  // Coming from the grid, react-admin shows the list row first: wait for the full account.
  if (!account || !Array.isArray(account.addresses)) return <Loading />;
  const open = (tab: TabKey) => navigate(`${resourcePath.view("accounts", account.id)}${tab === "details" ? "" : `/${tab}`}`);
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.account"
        title={account.title}
        crumbs={[{ label: translate("app.shell.titles.accounts"), to: resourcePath.browse("accounts") }]}
        actions={
          <>
            <CardPaymentButton accountId={account.id} />
            <OrganisationActions resource="accounts" />
          </>
        }
      />
      <Card>
        <CardContent>
          <Tabs value={active} onChange={(_event, tab: TabKey) => open(tab)} variant="scrollable" aria-label={account.title}>
            {tabs.map((tab) => (
              <Tab key={tab} value={tab} label={translate(`resources.accounts.tabs.${tab}`)} />
            ))}
          </Tabs>
          <Box sx={{ pt: 2 }} role="tabpanel">
            <TabBody tab={active} account={account} />
          </Box>
        </CardContent>
      </Card>
    </>
  );
};

/**
 * accounts/view/{id} (document 3 section 2): details, policies, communities, buildings, units, staff, the permission
 * set the account holds (issue 13), requirements, Yardi, history, reports.
 */
export const AccountShow = () => {
  const notifyHttpError = useNotifyHttpError();
  const navigate = useNavigate();
  return (
    <ShowBase<Account>
      resource="accounts"
      queryOptions={{
        onError: (error) => {
          notifyHttpError(error);
          navigate(resourcePath.browse("accounts"));
        },
      }}
    >
      <AccountPage />
    </ShowBase>
  );
};
