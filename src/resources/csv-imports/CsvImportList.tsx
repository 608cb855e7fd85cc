import { DataTable, ReferenceField, useTranslate } from "react-admin";
import { csvImportKindsOf } from "../../domain/csvImports";
import { formatMoment } from "../../domain/format";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { PageHeader } from "../../layout/PageHeader";
import { FilterBar, GridDataTable, GridList, SelectFilter } from "../common";
import { resourcePath } from "../paths";
import { OutcomeCounts, ResultFileButton, StatusChip } from "./CsvImportParts";
import { CSV_IMPORT_KINDS, CSV_IMPORT_STATUSES, type CsvImport } from "./types";

const k = (key: string) => `resources.csv-imports.${key}`;
const STATUS_CHOICES = CSV_IMPORT_STATUSES.map((id) => ({ id, name: k(`statuses.${id}`) }));

/**
 * /dashboard/csv-imports (issue 16 section 5): the past CSV uploads of the caller's tenant, every kind (properties,
 * leases, tracking URLs, insurable updates), newest first, with who sent them, how they ended and their result file.
 * Filters, sort and page live in the address like every grid's.
 */
export const CsvImportList = () => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  // Only the imports the role ever sends, which are all its list can hold (staff: no tracking URLs, no insurable updates).
  const kindChoices = (user ? csvImportKindsOf(user.role) : CSV_IMPORT_KINDS).map((id) => ({ id, name: k(`kinds.${id}`) }));
  return (
    <>
      <PageHeader titleKey="app.shell.titles.csv_imports" />
      <GridList<CsvImport> resource="csv-imports" title={false} sort={{ field: "created_at", order: "DESC" }}>
        <FilterBar>
          <SelectFilter path="kind" label={k("fields.kind")} choices={kindChoices} />
          <SelectFilter path="status" label={k("fields.status")} choices={STATUS_CHOICES} />
        </FilterBar>
        <GridDataTable<CsvImport> rowClick={false}>
          <DataTable.Col source="created_at" render={(r) => formatMoment(r.created_at)} />
          <DataTable.Col source="kind" render={(r) => translate(k(`kinds.${r.kind}`), { _: r.kind })} />
          <DataTable.Col source="file_name" />
          <DataTable.Col source="sender" disableSort />
          <DataTable.Col source="organisation" disableSort render={(r) => r.account_title ?? r.agency_title ?? "—"} />
          {/* A lease file's community by id: the page's communities are looked up in one batched call (document 3 section 7). */}
          <DataTable.Col source="community_id" disableSort>
            <ReferenceField source="community_id" reference="insurable" link={(record) => resourcePath.view("insurable", record.id)} emptyText="—" />
          </DataTable.Col>
          <DataTable.Col source="status" render={(r) => <StatusChip status={r.status} />} />
          <DataTable.Col source="counts" disableSort render={(r) => <OutcomeCounts counts={r.counts} />} />
          <DataTable.Col source="result_file" disableSort render={(r) => (r.result_file ? <ResultFileButton record={r as CsvImport} /> : null)} />
        </GridDataTable>
      </GridList>
    </>
  );
};
