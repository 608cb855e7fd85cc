import { useState } from "react";
import { DataTable, useCanAccess, type Identifier } from "react-admin";
import { formatLongDate } from "../../domain/format";
import { formatCents } from "../../domain/money";
import { CHARGEABLE_INVOICE_STATUSES, INVOICE_STATUSES } from "../../domain/policies";
import { PageHeader } from "../../layout/PageHeader";
import { FilterBar, GridDataTable, GridList, KeywordSearch, SelectFilter, type SearchType } from "../common";
import { DateRangeFilter } from "../common/DateRangeFilter";
import { resourcePath } from "../paths";
import { ChargeInvoicesButton } from "./ChargeInvoicesButton";
import { ChargeResultText, InvoiceStatusLabel, type ChargeResult } from "./InvoiceStatus";
import { RecordLink } from "./RecordLink";
import type { InvoiceRecord } from "./types";

const k = (key: string) => `resources.invoices.${key}`;

const SEARCH_TYPES: SearchType[] = [
  { value: "policy", label: k("filters.search_policy"), path: "policy.number" },
  { value: "number", label: k("filters.search_number"), path: "number" },
];
const STATUS_CHOICES = INVOICE_STATUSES.map((id) => ({ id, name: `app.policy_billing.statuses.${id}` }));

/**
 * /dashboard/invoices (document 1 section 2.2): the invoices of the policies the caller sees, 20 a page, newest due
 * date first; status, due date and policy number filters kept in the address. Selected chargeable invoices are charged
 * together, each one's result shown under its number as on the policy page (document 2 section 4).
 */
export const InvoiceList = () => {
  const { canAccess: canCharge } = useCanAccess({ resource: "invoices", action: "charge" });
  const [results, setResults] = useState<Record<number, ChargeResult["result"]>>({});
  return (
    <>
      <PageHeader titleKey="app.shell.titles.invoices" />
      <GridList<InvoiceRecord> resource="invoices" title={false} sort={{ field: "due_date", order: "DESC" }}>
        <FilterBar>
          <KeywordSearch types={SEARCH_TYPES} />
          <SelectFilter path="status" label={k("fields.status")} choices={STATUS_CHOICES} />
          <DateRangeFilter path="due_date" fromLabel={k("filters.due_from")} toLabel={k("filters.due_to")} />
        </FilterBar>
        <GridDataTable<InvoiceRecord>
          rowClick={(id: Identifier) => resourcePath.view("invoices", id)}
          bulkActionButtons={canCharge ? <ChargeInvoicesButton onResults={(next) => setResults((known) => ({ ...known, ...next }))} /> : false}
          isRowSelectable={(record) => (CHARGEABLE_INVOICE_STATUSES as readonly string[]).includes(record.status)}
        >
          <DataTable.Col
            source="number"
            label={k("fields.number")}
            render={(record) => (
              <>
                {record.number}
                {results[record.id] && <ChargeResultText result={results[record.id]} />}
              </>
            )}
          />
          <DataTable.Col source="policy.number" label={k("fields.policy.number")} render={(record) => <RecordLink resource="policies" id={record.policy.id}>{record.policy.number}</RecordLink>} />
          <DataTable.Col source="customer" label={k("fields.customer")} disableSort />
          <DataTable.Col source="due_date" label={k("fields.due_date")} render={(record) => formatLongDate(record.due_date)} />
          <DataTable.Col source="status" label={k("fields.status")} render={(record) => <InvoiceStatusLabel status={record.status} />} />
          <DataTable.Col source="subtotal" label={k("fields.subtotal")} align="right" render={(record) => formatCents(record.subtotal)} />
          <DataTable.Col source="total" label={k("fields.total")} align="right" render={(record) => formatCents(record.total)} />
          <DataTable.Col source="total_payable" label={k("fields.total_payable")} align="right" render={(record) => formatCents(record.total_payable)} />
        </GridDataTable>
      </GridList>
    </>
  );
};
