import { useCallback, useEffect, useState } from "react";
import { Autocomplete, Box, TextField } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { AUTOCOMPLETE_DEBOUNCE_MS, LOOKUP_LIMIT } from "../../domain/constants";

export interface Place {
  id: number;
  title: string;
}

export interface Location {
  community: Place | null;
  building: Place | null;
  unit: Place | null;
}

export const NO_LOCATION: Location = { community: null, building: null, unit: null };
const t = (key: string) => `resources.common.location.${key}`;

/** Properties of the given types under a parent (document 3 section 7: lookups by type ids, limit 10000, by title). */
function useChildren(parentId: number | undefined, typeIds: number[]) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [state, setState] = useState<{ parent?: number; rows: Place[] }>({ rows: [] });
  const key = typeIds.join(",");
  useEffect(() => {
    if (!parentId) return undefined;
    let live = true;
    void dataProvider
      .getList<Place & { insurable_type_id: number }>("insurable", {
        filter: { insurable_id: parentId, insurable_type_id: key.split(",").map(Number) },
        pagination: { page: 1, perPage: LOOKUP_LIMIT },
        sort: { field: "title", order: "ASC" },
      })
      .then(({ data }) => live && setState({ parent: parentId, rows: data.map((r) => ({ id: r.id, title: r.title })) }))
      .catch(() => live && setState({ parent: parentId, rows: [] }));
    return () => {
      live = false;
    };
  }, [dataProvider, parentId, key]);
  const loading = Boolean(parentId) && state.parent !== parentId;
  return { rows: parentId && !loading ? state.rows : [], loading };
}

/**
 * The location pickers of document 3 section 2: community, then building, then unit. Changing the community clears
 * building and unit; changing the building clears the unit. Units load under the chosen building, or under the
 * community when no building is chosen; a field with nothing to choose is disabled.
 */
export const LocationPicker = ({ value, onChange, error }: { value: Location; onChange: (value: Location) => void; error?: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [text, setText] = useState("");
  const [communities, setCommunities] = useState<Place[]>([]);
  const [searching, setSearching] = useState(false);
  useEffect(() => {
    let live = true;
    setSearching(true);
    const timer = setTimeout(
      () =>
        void dataProvider
          .searchCommunities({ search: text.length >= 2 ? text : undefined })
          .then((rows) => live && setCommunities(rows.map((c) => ({ id: c.id, title: c.title }))))
          .catch(() => live && setCommunities([]))
          .finally(() => live && setSearching(false)),
      text ? AUTOCOMPLETE_DEBOUNCE_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dataProvider, text]);
  const buildings = useChildren(value.community?.id, [7]);
  const units = useChildren(value.building?.id ?? value.community?.id, [4, 5]);
  const place = useCallback((label: string, options: Place[], selected: Place | null, set: (p: Place | null) => void, extra: { disabled?: boolean; loading?: boolean; helper?: string; noOptions?: string; onInput?: (v: string) => void; error?: string }) => (
    <Autocomplete
      options={options}
      value={selected}
      disabled={extra.disabled}
      loading={extra.loading}
      loadingText={translate(t("loading"))}
      noOptionsText={extra.noOptions ?? translate(t("no_results"))}
      getOptionLabel={(o) => o.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={extra.onInput ? (x) => x : undefined}
      onInputChange={extra.onInput ? (_e, v, reason) => reason === "input" && extra.onInput!(v) : undefined}
      onChange={(_e, v) => set(v)}
      renderInput={(params) => <TextField {...params} label={label} helperText={extra.error ?? extra.helper} error={Boolean(extra.error)} />}
    />
  ), [translate]);
  const noBuildings = Boolean(value.community) && !buildings.loading && buildings.rows.length === 0;
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr 1fr" } }}>
      {place(translate(t("community")), communities, value.community, (community) => onChange({ community, building: null, unit: null }), { loading: searching, onInput: setText })}
      {place(translate(t("building")), buildings.rows, value.building, (building) => onChange({ ...value, building, unit: null }), {
        disabled: !value.community || noBuildings,
        loading: buildings.loading,
        helper: noBuildings ? translate(t("no_buildings")) : value.community ? translate(t("skip_building")) : undefined,
      })}
      {place(translate(t("unit")), units.rows, value.unit, (unit) => onChange({ ...value, unit }), {
        disabled: !value.community || (!units.loading && units.rows.length === 0),
        loading: units.loading,
        helper: value.unit ? undefined : translate(t("select_building_or_unit")),
        error,
      })}
    </Box>
  );
};
