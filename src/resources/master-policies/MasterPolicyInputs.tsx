import { useEffect, useState, type ReactNode } from "react";
import { Box, Typography } from "@mui/material";
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useTranslate,
} from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { fromCents, toCents } from "../../domain/money";
import { COVERAGE_DESIGNATIONS } from "../../domain/policies";
import { required } from "../validators";

const k = (key: string) => `resources.master-policies.${key}`;

const Group = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: "100%", mb: 2 }}>
      <Typography variant="subtitle1" gutterBottom>
        {translate(title)}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2, "& > *": { flex: "1 1 220px" } }}>{children}</Box>
    </Box>
  );
};

/** Money is cents in the form and on the wire, dollars on screen (document 3 section 5). */
const MoneyInput = ({ source, label, validate }: { source: string; label: string; validate?: ReturnType<typeof required> }) => (
  <NumberInput source={source} label={label} validate={validate} format={(v) => fromCents(v as number | null) ?? ""} parse={(v) => toCents(v as string)} step={0.01} />
);

type Option = { id: number; title: string };

/** Options loaded once from a lookup call; a failure leaves the picker empty. */
function useOptions(load: () => Promise<Option[]>) {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    load().then(
      (rows) => live && setOptions(rows),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per form
  }, []);
  return options;
}

const PROGRAM_TYPES = ["auto", "opt_in", "opt_out"].map((id) => ({ id, name: `${k("program_types")}.${id}` }));
const DESIGNATIONS = COVERAGE_DESIGNATIONS.map((id) => ({ id, name: `${k("designations")}.${id}` }));
const config = (field: string) => `policy.master_policy_configurations_attributes.0.${field}`;
const configLabel = (field: string) => `app.policy_detail.coverage.master_fields.${field}`;

/**
 * The master policy form (document 3 section 3 payload; document 2's configuration fields): carrier and account,
 * number and dates, premium, coverages, and the programme configuration. The account is fixed once set on edit.
 */
export const MasterPolicyInputs = ({ edit = false }: { edit?: boolean }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const carriers = useOptions(async () => (await dataProvider.request<Option[]>("/lookups/carriers")).json);
  const accounts = useOptions(async () => {
    const { data } = await dataProvider.getList<Option>("accounts", { filter: {}, pagination: { page: 1, perPage: 1000 }, sort: { field: "title", order: "ASC" } });
    return data.map((a) => ({ id: a.id, title: a.title }));
  });
  return (
    <>
      <Group title={k("sections.policy")}>
        <AutocompleteInput source="carrier_id" label={k("fields.carrier")} choices={carriers} optionText="title" validate={required()} />
        <AutocompleteInput source="account_id" label={k("fields.account")} choices={accounts} optionText="title" validate={required()} disabled={edit} />
        <TextInput source="policy.number" label={k("fields.number")} validate={required()} />
        <DateInput source="policy.effective_date" label={k("fields.effective_date")} validate={required()} />
        <DateInput source="policy.expiration_date" label={k("fields.expiration_date")} validate={required()} />
        <BooleanInput source="policy.system_data.landlord_sumplimental" label={k("fields.landlord_sumplimental")} />
      </Group>
      <Group title={k("sections.premium")}>
        <MoneyInput source="base" label={k("fields.base")} validate={required()} />
        <MoneyInput source="total" label={k("fields.total")} />
        <MoneyInput source="calculation_base" label={k("fields.calculation_base")} />
      </Group>
      <Group title={k("sections.coverages")}>
        <ArrayInput source="policy.policy_coverages_attributes" label={false}>
          <SimpleFormIterator inline disableReordering>
            <SelectInput source="designation" label={k("fields.designation")} choices={DESIGNATIONS} validate={required()} />
            <MoneyInput source="limit" label={k("fields.limit")} />
            <MoneyInput source="occurrence_limit" label={k("fields.occurrence_limit")} />
            <MoneyInput source="deductible" label={k("fields.deductible")} />
          </SimpleFormIterator>
        </ArrayInput>
      </Group>
      <Group title={k("sections.configuration")}>
        <SelectInput source={config("program_type")} label={configLabel("program_type")} choices={PROGRAM_TYPES} />
        <DateInput source={config("program_start_date")} label={configLabel("program_start_date")} />
        <NumberInput source={config("program_delay")} label={configLabel("program_delay")} min={0} step={1} />
        <NumberInput source={config("grace_period")} label={configLabel("grace_period")} min={0} step={1} />
        <MoneyInput source={config("placement_cost")} label={configLabel("placement_cost")} />
        <MoneyInput source={config("force_placement_cost")} label={configLabel("force_placement_cost")} />
        <BooleanInput source={config("prorate_charges")} label={configLabel("prorate_charges")} />
        <MoneyInput source={config("admin_fee")} label={configLabel("admin_fee")} />
        <MoneyInput source={config("force_admin_fee")} label={configLabel("force_admin_fee")} />
        <BooleanInput source={config("prorate_admin_fee")} label={configLabel("prorate_admin_fee")} />
        <NumberInput source={config("charge_date")} label={configLabel("charge_date")} min={1} max={28} step={1} />
      </Group>
    </>
  );
};
