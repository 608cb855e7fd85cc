import { DataTable, type Identifier } from "react-admin";
import { formatMoment } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { FilterBar, GridDataTable, GridList, KeywordSearch, SelectFilter, type SearchType } from "../common";
import { MailKind, MailRelated, MailStatusChip } from "./EmailParts";
import type { SentEmail } from "./types";

const SEARCH_TYPES: SearchType[] = [
  { value: "to", label: "resources.email-history.search.to", path: "to" },
  { value: "subject", label: "resources.email-history.search.subject", path: "subject" },
];
const STATUSES = ["sent", "recorded", "failed"].map((id) => ({ id, name: `resources.email-history.statuses.${id}` }));
const TEMPLATES = ["policies_export", "leads_export", "policy_cancelled", "refund_issued", "staff_invitation", "staff_password_reset", "external_policy_status", "policy_revision_outcome"].map(
  (id) => ({ id, name: `resources.email-history.templates.${id}` }),
);

/**
 * /dashboard/email-history: every mail recorded for the caller (super admins all; others the mails about their
 * policies and to themselves), newest first, 20 per page, searchable by address or subject, filtered by status and
 * kind; a row opens the mail.
 */
export const EmailHistoryList = () => (
  <>
    <PageHeader titleKey="app.shell.titles.email_history" />
    <GridList<SentEmail> resource="email-history" title={false} sort={{ field: "created_at", order: "DESC" }}>
      <FilterBar>
        <KeywordSearch types={SEARCH_TYPES} />
        <SelectFilter path="status" label="resources.email-history.filters.status" choices={STATUSES} />
        <SelectFilter path="template" label="resources.email-history.filters.template" choices={TEMPLATES} />
      </FilterBar>
      <GridDataTable<SentEmail> rowClick={(id: Identifier) => `/dashboard/email-history/view/${id}`}>
        <DataTable.Col source="created_at" render={(r) => formatMoment(r.created_at)} />
        <DataTable.Col source="to" />
        <DataTable.Col source="subject" />
        <DataTable.Col source="template" render={(r) => <MailKind template={r.template} />} />
        <DataTable.Col source="related" disableSort render={(r) => <MailRelated mail={r as SentEmail} />} />
        <DataTable.Col source="status" render={(r) => <MailStatusChip status={r.status} />} />
      </GridDataTable>
    </GridList>
  </>
);
