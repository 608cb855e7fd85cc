import { useMemo } from "react";
import { Box, Button } from "@mui/material";
import { DataTable, useCanAccess, useListContext, useTranslate, type Identifier } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { LEADS_PER_PAGE, defaultStatsWindow } from "../../domain/leads";
import { formatLongDate } from "../../domain/format";
import { formatCents } from "../../domain/money";
import { SNACK_LONG } from "../../domain/constants";
import { CoveredShareSection } from "../../custom/compliance/CoveredShare";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { serverMessage, usePolicyApi } from "../policies/show/useApi";
import { GridDataTable, GridList } from "../common";
import { LeadArchiveMenu, useLeadBulkActions } from "./LeadArchiveMenu";
import { LeadFilters } from "./LeadFilters";
import { LeadStatsPanel } from "./LeadStatsPanel";
import type { Lead } from "./types";

const RowMenu = ({ lead }: { lead: Lead }) => {
  const { refetch } = useListContext();
  return <LeadArchiveMenu lead={lead} onDone={() => void refetch()} />;
};

/**
 * The filtered leads as a CSV, built in the background and mailed (reference 4.9: `input_file=text/csv`), the
 * server's notice shown 5 s (document 3 section 9).
 */
const ExportButton = () => {
  const translate = useTranslate();
  const { filterValues, sort } = useListContext();
  const { request, notifyResult } = usePolicyApi();
  const { canAccess } = useCanAccess({ resource: "leads", action: "export" });
  if (!canAccess) return null;
  const run = async () => {
    try {
      const { json } = await request<{ message?: string }>("/leads/list", {
        method: "POST",
        body: { filter: filterValues, sort: { column: sort.field, direction: sort.order.toLowerCase() }, input_file: "text/csv" },
      });
      notifyResult("success", "resources.leads.action.export_started", json?.message, SNACK_LONG);
    } catch (error) {
      notifyResult("error", "resources.leads.action.failure", serverMessage(error));
    }
  };
  return (
    <Button variant="outlined" onClick={run} sx={{ alignSelf: "center" }}>
      {translate("resources.leads.action.export")}
    </Button>
  );
};

const LeadStatus = ({ status }: { status: string }) => {
  const translate = useTranslate();
  return <>{translate(`resources.leads.statuses.${status}`, { _: status })}</>;
};

/**
 * /dashboard/leads, the landing page of staff, agents and super admins (document 1 section 2; document 3 sections
 * 2 and 9): the statistics of the chosen window on top, the leads below (20 per page; 10, 20, 50, 250, 500),
 * filters, page and sort in the address; a row opens leads/view/{id}; archive and unarchive per row.
 */
export const LeadList = () => {
  // The window defaults to the last 7 days, today included, in Los Angeles (reference 4.9).
  const translate = useTranslate();
  // Tracking URLs have no menu entry (document 1 section 3): agents and super admins reach them from here.
  const { canAccess: canSeeUrls } = useCanAccess({ resource: "tracking-url", action: "list" });
  const defaults = useMemo(() => ({ archived: false, last_visit: defaultStatsWindow() }), []);
  // Staff and agents land here: their portfolio's covered share, today and ahead, comes first (issue 17 section 3).
  const { user } = useCurrentUser();
  const showsForecast = user?.role === "staff" || user?.role === "agent";
  const bulkActions = useLeadBulkActions();
  return (
    // A grid track of minmax(0, 1fr): the fifteen columns scroll inside the card instead of widening the whole page.
    <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)" }}>
      <PageHeader
        titleKey="app.shell.titles.leads"
        actions={
          canSeeUrls ? (
            <Button component={RouterLink} to="/dashboard/tracking-url" variant="outlined">
              {translate("resources.leads.action.tracking_urls")}
            </Button>
          ) : null
        }
      />
      {showsForecast ? (
        <Box sx={{ mb: 3 }}>
          <CoveredShareSection />
        </Box>
      ) : null}
      <GridList<Lead>
        resource="leads"
        title={false}
        perPage={LEADS_PER_PAGE}
        sort={{ field: "last_visit", order: "DESC" }}
        filterDefaultValues={defaults}
      >
        <LeadFilters extra={<ExportButton />} />
        <LeadStatsPanel />
        <GridDataTable<Lead> rowClick={(id: Identifier) => `/dashboard/leads/view/${id}`} bulkActions={bulkActions}>
          <DataTable.Col source="email" />
          <DataTable.Col source="name" disableSort render={(r) => [r.first_name, r.last_name].filter(Boolean).join(" ")} />
          <DataTable.Col source="agency_name" />
          <DataTable.Col source="account_title" disableSort />
          <DataTable.Col source="status" disableSort render={(r) => <LeadStatus status={r.status} />} />
          <DataTable.Col source="created_at" render={(r) => formatLongDate(r.created_at)} />
          <DataTable.Col source="last_visit" render={(r) => formatLongDate(r.last_visit)} />
          <DataTable.Col source="last_visited_page" />
          <DataTable.Col source="site_visits" />
          <DataTable.Col source="primary_campaign_name" disableSort />
          <DataTable.Col source="primary_campaign_source" disableSort />
          <DataTable.Col source="primary_campaign_medium" disableSort />
          <DataTable.Col source="premium_total" render={(r) => formatCents(r.premium_total)} />
          <DataTable.Col source="billing_strategy" disableSort />
          <DataTable.Col source="interested_product" disableSort />
          <DataTable.Col source="actions" label="" disableSort render={(r) => <RowMenu lead={r as Lead} />} />
        </GridDataTable>
      </GridList>
    </Box>
  );
};
