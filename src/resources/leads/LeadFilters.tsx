import type { ReactNode } from "react";
import { Checkbox, FormControlLabel, ListItemText, MenuItem, Switch, TextField } from "@mui/material";
import { useTranslate } from "react-admin";
import { FilterBar, useFilterValue } from "../common";
import { useLeadFilterOptions } from "./useLeadsApi";

const f = (key: string) => `resources.leads.filters.${key}`;

/** A calendar day of the last-visit range: the window of the statistics and of the grid (reference 4.9). */
const DayFilter = ({ path, label, min }: { path: string; label: string; min?: string }) => {
  const translate = useTranslate();
  const [value, setValue] = useFilterValue(path);
  const day = typeof value === "string" ? value : "";
  const invalid = Boolean(min && day && day < min);
  return (
    <TextField
      className="filter-field"
      type="date"
      size="small"
      label={translate(label)}
      value={day}
      onChange={(event) => setValue(event.target.value)}
      error={invalid}
      helperText={invalid ? translate(f("end_before_start")) : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
};

/** Any of a fixed list of values (`filter[tracking_url][campaign_source][]=…`). */
const ManyFilter = ({ path, label, choices }: { path: string; label: string; choices: Array<{ id: string | number; name: string }> }) => {
  const translate = useTranslate();
  const [value, setValue] = useFilterValue(path);
  const chosen = (Array.isArray(value) ? value : value === undefined || value === null || value === "" ? [] : [value]).map(String);
  return (
    <TextField
      className="filter-field"
      select
      size="small"
      label={translate(label)}
      value={chosen}
      onChange={(event) => {
        const next = event.target.value as unknown as string[];
        const byId = new Map(choices.map((c) => [String(c.id), c.id]));
        setValue(next.map((id) => byId.get(id) ?? id));
      }}
      slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as string[]).map((id) => choices.find((c) => String(c.id) === id)?.name ?? id).join(", ") } }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={String(choice.id)}>
          <Checkbox size="small" checked={chosen.includes(String(choice.id))} />
          <ListItemText primary={choice.name} />
        </MenuItem>
      ))}
    </TextField>
  );
};

const ArchivedToggle = () => {
  const translate = useTranslate();
  const [value, setValue] = useFilterValue("archived");
  return (
    <FormControlLabel
      className="filter-field"
      control={<Switch checked={value === true || value === "true"} onChange={(e) => setValue(e.target.checked)} />}
      label={translate(f("archived"))}
    />
  );
};

/**
 * The dashboard's filters (reference 4.9): last-visit range, campaign source, medium and name of the caller's
 * tracking URLs, the interested product, and the Archived toggle of the grid (document 3 section 2). The agency
 * comes from the top bar's agency selector; staff see their account only.
 */
export const LeadFilters = ({ extra }: { extra?: ReactNode }) => {
  const { campaigns, products } = useLeadFilterOptions();
  const [start] = useFilterValue("last_visit.start");
  const asChoices = (values: string[] | undefined) => (values ?? []).map((v) => ({ id: v, name: v }));
  return (
    <FilterBar>
      <DayFilter path="last_visit.start" label={f("last_visit_start")} />
      <DayFilter path="last_visit.end" label={f("last_visit_end")} min={typeof start === "string" ? start : undefined} />
      <ManyFilter path="tracking_url.campaign_source" label={f("campaign_source")} choices={asChoices(campaigns?.campaign_source)} />
      <ManyFilter path="tracking_url.campaign_medium" label={f("campaign_medium")} choices={asChoices(campaigns?.campaign_medium)} />
      <ManyFilter path="tracking_url.campaign_name" label={f("campaign_name")} choices={asChoices(campaigns?.campaign_name)} />
      <ManyFilter path="lead_events.policy_type_id" label={f("product")} choices={products.map((p) => ({ id: p.id, name: p.title }))} />
      <ArchivedToggle />
      {extra}
    </FilterBar>
  );
};
