import { DataTable } from "react-admin";
import { PageHeader } from "../../layout/PageHeader";
import { FilterBar, GridDataTable, GridList, SelectFilter } from "../common";
import { DateRangeFilter } from "../common/DateRangeFilter";
import { RecordLink } from "../invoices/RecordLink";
import { PaymentAmount, PaymentKind, PaymentMoment, PaymentStatus } from "./PaymentParts";
import type { PaymentRecord } from "./types";

const k = (key: string) => `resources.payments.${key}`;
const KINDS = ["charge", "refund"].map((id) => ({ id, name: k(`kinds.${id}`) }));
const STATUSES = ["processing", "succeeded", "failed"].map((id) => ({ id, name: k(`statuses.${id}`) }));

/**
 * /dashboard/payments (document 1 section 2.2): every charge and refund made through the payment gateway on the
 * invoices the caller sees, newest first, 20 a page; kind, status and date filters kept in the address. Read-only.
 */
export const PaymentList = () => (
  <>
    <PageHeader titleKey="app.shell.titles.payments" />
    <GridList<PaymentRecord> resource="payments" title={false} sort={{ field: "created_at", order: "DESC" }}>
      <FilterBar>
        <SelectFilter path="kind" label={k("fields.kind")} choices={KINDS} />
        <SelectFilter path="status" label={k("fields.status")} choices={STATUSES} />
        <DateRangeFilter path="created_at" fromLabel={k("filters.from")} toLabel={k("filters.to")} moments />
      </FilterBar>
      <GridDataTable<PaymentRecord> rowClick={false}>
        <DataTable.Col source="created_at" label={k("fields.created_at")} render={(record) => <PaymentMoment payment={record as PaymentRecord} />} />
        <DataTable.Col source="kind" label={k("fields.kind")} render={(record) => <PaymentKind payment={record as PaymentRecord} />} />
        <DataTable.Col source="amount" label={k("fields.amount")} align="right" render={(record) => <PaymentAmount payment={record as PaymentRecord} />} />
        <DataTable.Col source="status" label={k("fields.status")} render={(record) => <PaymentStatus payment={record as PaymentRecord} />} />
        <DataTable.Col source="gateway_id" label={k("fields.gateway_id")} disableSort />
        <DataTable.Col source="error" label={k("fields.error")} disableSort />
        <DataTable.Col source="invoice.number" label={k("fields.invoice.number")} disableSort render={(record) => <RecordLink resource="invoices" id={record.invoice.id}>{record.invoice.number}</RecordLink>} />
        <DataTable.Col source="policy.number" label={k("fields.policy.number")} disableSort render={(record) => <RecordLink resource="policies" id={record.policy.id}>{record.policy.number}</RecordLink>} />
      </GridDataTable>
    </GridList>
  </>
);
