import { useState } from "react";
import { Button as MuiButton } from "@mui/material";
import { CreateButton, DataTable, useCanAccess, useTranslate, type Identifier } from "react-admin";
import { PageHeader } from "../../layout/PageHeader";
import { FilterBar, GridDataTable, GridList, KeywordSearch, SelectFilter, YesNo, YesNoFilter } from "../common";
import { resourcePath } from "../paths";
import { MergeCarriersDialog } from "./MergeCarriersDialog";
import { CARRIER_DESIGNATIONS, CARRIER_FLAGS, type Carrier } from "./types";

const CarrierFilters = () => {
  const translate = useTranslate();
  return (
    <FilterBar>
      <KeywordSearch types={[{ value: "title", label: "resources.carriers.fields.title", path: "title" }]} />
      <SelectFilter
        path="integration_designation"
        label="resources.carriers.filters.designation"
        choices={CARRIER_DESIGNATIONS.map((id) => ({ id, name: translate(`resources.carriers.designations.${id}`) }))}
      />
      <YesNoFilter path="enabled" label="resources.carriers.filters.enabled" />
    </FilterBar>
  );
};

const Actions = () => {
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({ resource: "carriers", action: "create" });
  const { canAccess: canMerge } = useCanAccess({ resource: "carriers", action: "merge" });
  const [merging, setMerging] = useState(false);
  return (
    <>
      {canMerge && (
        <MuiButton variant="outlined" onClick={() => setMerging(true)}>
          {translate("resources.carriers.actions.merge")}
        </MuiButton>
      )}
      {canCreate && <CreateButton resource="carriers" to={resourcePath.create("carriers")} label="resources.carriers.actions.create" />}
      <MergeCarriersDialog open={merging} onClose={() => setMerging(false)} />
    </>
  );
};

/** carriers/browse (document 3): 20 a page by title; flags as Yes/No; a row opens the carrier page. */
export const CarrierList = () => {
  const translate = useTranslate();
  return (
    <>
      <PageHeader titleKey="app.shell.titles.carriers" actions={<Actions />} />
      <GridList<Carrier> resource="carriers" title={false} sort={{ field: "title", order: "ASC" }}>
        <CarrierFilters />
        <GridDataTable<Carrier> rowClick={(id: Identifier) => resourcePath.view("carriers", id)}>
          <DataTable.Col source="title" />
          <DataTable.Col
            source="integration_designation"
            render={(record) => (record.integration_designation ? translate(`resources.carriers.designations.${record.integration_designation}`) : "")}
          />
          {CARRIER_FLAGS.map((flag) => (
            <DataTable.Col key={flag} source={flag} disableSort={flag !== "enabled"} render={(record) => <YesNo value={record[flag]} />} />
          ))}
        </GridDataTable>
      </GridList>
    </>
  );
};
