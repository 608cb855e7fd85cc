import { Autocomplete, TextField } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import { useEffect, useState } from "react";
import { getSelectedAgencyId, setSelectedAgencyId, type AgencyTreeEntry, type AppDataProvider } from "../dataProvider";
import type { StaffUser } from "../dataProvider/types";
import { PLATFORM_AGENCY_ID } from "../domain/roles";
import { useCurrentUser } from "./useCurrentUser";

export interface AgencyOption {
  id: number;
  title: string;
  /** 0 for an agency, 1 for one of its sub-agencies. */
  depth: number;
}

/** The selector's options: each agency followed by its nested sub-agencies. */
export function agencyOptions(tree: AgencyTreeEntry[]): AgencyOption[] {
  return tree.flatMap((agency) => [
    { id: agency.id, title: agency.title, depth: 0 },
    ...(agency.agencies ?? []).map((sub) => ({ id: sub.id, title: sub.title, depth: 1 })),
  ]);
}

/** 'Browse as Agency' for the platform's own agency (id 1), 'Browse as Sub-Agency' otherwise (document 1 section 2.3). */
export function agencySelectorLabel(user: StaffUser): string {
  return user.organizable_type === "Agency" && user.organizable_id === PLATFORM_AGENCY_ID
    ? "app.shell.agency_selector.agency"
    : "app.shell.agency_selector.sub_agency";
}

/** The page reload after a choice; an object so tests can replace it (jsdom cannot reload). */
export const page = { reload: () => window.location.reload() };

/**
 * The agent's agency selector (document 1 section 2.3, readings C-49). Choosing an agency stores it (later calls send
 * it as agency_id) and reloads the current page; clearing the field clears the choice (merely leaving it does not).
 */
export function AgencySelector() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { user } = useCurrentUser();
  const [options, setOptions] = useState<AgencyOption[]>([]);
  const [selectedId, setSelectedId] = useState(() => getSelectedAgencyId());
  const isAgent = user?.role === "agent";

  useEffect(() => {
    if (!isAgent) return;
    let live = true;
    dataProvider.getSubAgencies().then(
      (tree) => live && setOptions(agencyOptions(tree)),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, isAgent]);

  if (!user || !isAgent) return null;
  const value = options.find((option) => option.id === selectedId) ?? null;

  return (
    <Autocomplete
      size="small"
      sx={{
        width: { xs: 150, sm: 260 },
        mx: 1,
        "& .MuiInputBase-root, & .MuiInputBase-root:hover, & .MuiInputBase-root.Mui-focused": { bgcolor: "background.paper" },
      }}
      options={options}
      value={value}
      getOptionLabel={(option) => option.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props} style={{ paddingInlineStart: 16 + option.depth * 16 }}>
          {option.title}
        </li>
      )}
      onChange={(_event, next) => {
        const id = next ? next.id : null;
        setSelectedAgencyId(id);
        setSelectedId(id);
        page.reload();
      }}
      renderInput={(params) => <TextField {...params} label={translate(agencySelectorLabel(user))} variant="filled" margin="none" />}
    />
  );
}
