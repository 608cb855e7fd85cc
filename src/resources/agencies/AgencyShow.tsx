import type { ReactNode } from "react";
import PaletteIcon from "@mui/icons-material/Palette";
import { Box, Button, Card, CardContent, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, Typography } from "@mui/material";
import { Loading, ShowBase, useCanAccess, useRecordContext, useTranslate } from "react-admin";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { useNotifyHttpError } from "../../authProvider/AppNotification";
import { formatLongDate, humanizeEnum } from "../../domain/format";
import { type HistoryChanges, historyValue } from "../../domain/history";
import { PageHeader } from "../../layout/PageHeader";
import { PermissionSetTable, YesNo } from "../common";
import { resourcePath } from "../paths";
import { AccountTabTable } from "../accounts/AccountTabTable";
import { OrganisationActions } from "../common/OrganisationActions";
import { ReportsPanel } from "../../custom/reports/ReportsPanel";
import { BordereauRequests } from "../../custom/reports/BordereauRequests";
import { brandingPaths } from "../branding_profiles/paths";
import type { CarrierAgency } from "../carriers/types";
import type { Agency } from "./types";

const TABS = ["details", "subagencies", "accounts", "agents", "carriers", "permissions", "history", "reports", "bordereaux"] as const;
type TabKey = (typeof TABS)[number];
const COLUMNS = "resources.agencies.tab_columns";

const Item = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: "1 1 220px" }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(`resources.agencies.fields.${label}`)}
      </Typography>
      <Typography component="div">{children === null || children === undefined || children === "" ? "—" : children}</Typography>
    </Box>
  );
};

const Details = ({ agency }: { agency: Agency }) => (
  <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
    <Item label="title">{agency.title}</Item>
    <Item label="enabled">
      <YesNo value={agency.enabled} />
    </Item>
    <Item label="parent.title">{agency.parent ? <RouterLink to={resourcePath.view("agencies", agency.parent.id)}>{agency.parent.title}</RouterLink> : null}</Item>
    <Item label="producer_code">{agency.producer_code}</Item>
    <Item label="owner.full_name">{agency.owner ? agency.owner.full_name || agency.owner.email : null}</Item>
    <Item label="contact_info.contact_phone">{agency.contact_info?.contact_phone}</Item>
    <Item label="contact_info.contact_email">{agency.contact_info?.contact_email}</Item>
    <Box sx={{ flex: "1 1 100%" }}>
      <Item label="addresses">{(agency.addresses ?? []).length ? (agency.addresses ?? []).map((a) => <div key={a.id ?? a.full}>{a.full}</div>) : null}</Item>
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

const TabBody = ({ tab, agency }: { tab: TabKey; agency: Agency }) => {
  const navigate = useNavigate();
  const translate = useTranslate();
  switch (tab) {
    case "details":
      return <Details agency={agency} />;
    case "subagencies":
      return (agency.agencies ?? []).length === 0 ? (
        <Typography color="text.secondary">{translate("resources.common.empty.no_results")}</Typography>
      ) : (
        <Table size="small" aria-label={translate("resources.agencies.tabs.subagencies")}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${COLUMNS}.title`)}</TableCell>
              <TableCell>{translate(`${COLUMNS}.enabled`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(agency.agencies ?? []).map((sub) => (
              <TableRow key={sub.id} hover sx={{ cursor: "pointer" }} onClick={() => navigate(resourcePath.view("agencies", sub.id))}>
                <TableCell>{sub.title}</TableCell>
                <TableCell>
                  <YesNo value={sub.enabled} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      );
    case "accounts":
      return (
        <AccountTabTable<{ id: number; title: string; enabled: boolean; primary_address: { full?: string } | null }>
          label="resources.agencies.tabs.accounts"
          columnTexts={COLUMNS}
          path="/accounts"
          filter={{ agency_id: agency.id }}
          rowLink={(row) => resourcePath.view("accounts", row.id)}
          columns={[{ key: "title" }, { key: "enabled", render: (row) => <YesNo value={row.enabled} /> }, { key: "address", render: (row) => row.primary_address?.full ?? "—" }]}
        />
      );
    case "agents":
      return (
        <AccountTabTable<{ id: number; email: string; enabled: boolean; profile_attributes?: { full_name?: string | null } }>
          label="resources.agencies.tabs.agents"
          columnTexts={COLUMNS}
          path="/staffs"
          filter={{ organizable_type: "Agency", organizable_id: agency.id }}
          rowLink={(row) => resourcePath.view("staff", row.id)}
          columns={[{ key: "full_name", render: (row) => row.profile_attributes?.full_name ?? "—" }, { key: "email" }, { key: "enabled", render: (row) => <YesNo value={row.enabled} /> }]}
        />
      );
    case "permissions":
      return <PermissionSetTable resource="agencies" permissions={agency.global_permission?.permissions} />;
    case "reports":
      return <ReportsPanel owner={`/agencies/${agency.id}`} />;
    case "bordereaux":
      return <BordereauRequests />;
    case "carriers":
      // The carriers assigned to this agency (GET /carrier-agencies, document 3 section 7), each opening its page.
      return (
        <AccountTabTable<CarrierAgency>
          label="resources.agencies.tabs.carriers"
          columnTexts={COLUMNS}
          path="/carrier-agencies"
          filter={{ agency_id: agency.id }}
          rowLink={(row) => resourcePath.view("carriers", row.carrier_id)}
          columns={[
            { key: "carrier", render: (row) => row.carrier_title },
            { key: "policy_types", render: (row) => row.policy_types.map((p) => (p.commission_strategy_title ? `${p.title} (${p.commission_strategy_title})` : p.title)).join(", ") || "—" },
          ]}
        />
      );
    case "history":
      return (
        <AccountTabTable<HistoryRow>
          label="resources.agencies.tabs.history"
          columnTexts={COLUMNS}
          path={`/agencies/${agency.id}/histories`}
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

/** The agency's branding page (document 3 section 2), for those who may read branding profiles. */
const BrandingButton = ({ agency }: { agency: Agency }) => {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: "branding_profiles", action: "show" });
  const profile = agency.branding_profiles?.[0];
  if (!canAccess || !profile) return null;
  return (
    <Button component={RouterLink} to={brandingPaths.page(agency.id, profile.id)} startIcon={<PaletteIcon />}>
      {translate("resources.branding_profiles.actions.branding")}
    </Button>
  );
};

const AgencyPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const agency = useRecordContext<Agency>();
  const segment = (useParams()["*"] ?? "").split("/")[0];
  // The bordereau requests cover every agency (issue 13): a tab for those who may list them, the super admins.
  const { canAccess: canSeeBordereaux } = useCanAccess({ resource: "bordereau_reports", action: "list" });
  const { canAccess: canSeeCarriers } = useCanAccess({ resource: "carrier-agencies", action: "list" });
  const tabs = TABS.filter((tab) => (tab !== "bordereaux" || canSeeBordereaux) && (tab !== "carriers" || canSeeCarriers));
  const active: TabKey = (tabs as readonly string[]).includes(segment) ? (segment as TabKey) : "details";
  if (!agency || !Array.isArray(agency.addresses)) return <Loading />;
  const open = (tab: TabKey) => navigate(`${resourcePath.view("agencies", agency.id)}${tab === "details" ? "" : `/${tab}`}`);
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.agency"
        title={agency.title}
        crumbs={[{ label: translate("app.shell.titles.agencies"), to: resourcePath.browse("agencies") }]}
        actions={
          <>
            <BrandingButton agency={agency} />
            <OrganisationActions resource="agencies" />
          </>
        }
      />
      <Card>
        <CardContent>
          <Tabs value={active} onChange={(_event, tab: TabKey) => open(tab)} variant="scrollable" aria-label={agency.title}>
            {tabs.map((tab) => (
              <Tab key={tab} value={tab} label={translate(`resources.agencies.tabs.${tab}`)} />
            ))}
          </Tabs>
          <Box sx={{ pt: 2 }} role="tabpanel">
            <TabBody tab={active} agency={agency} />
          </Box>
        </CardContent>
      </Card>
    </>
  );
};

/**
 * agencies/view/{id} (document 3 section 2; issue 13): details, sub-agencies, accounts, agents, carriers (for those who
 * read carrier agencies: super admins, agents with agencies.carriers), permissions, history, reports and, for super
 * admins, the bordereau requests.
 */
export const AgencyShow = () => {
  const notifyHttpError = useNotifyHttpError();
  const navigate = useNavigate();
  return (
    <ShowBase<Agency>
      resource="agencies"
      queryOptions={{
        onError: (error) => {
          notifyHttpError(error);
          navigate(resourcePath.browse("agencies"));
        },
      }}
    >
      <AgencyPage />
    </ShowBase>
  );
};
