import { useCallback, useEffect, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Autocomplete, Box, Button as MuiButton, MenuItem, TextField } from "@mui/material";
import { useListContext, useTranslate, type Identifier } from "react-admin";
import { AUTOCOMPLETE_DEBOUNCE_MS, AUTOCOMPLETE_MIN_CHARS } from "../../domain/constants";
import { FILTER_FIELD_WIDTH } from "./constants";
import { getPath, setPath, type PlainObject } from "./objectPath";

/**
 * Grid filters that write react-admin filter values in the wire's nested shape (dataProvider.ts header):
 * a keyword search submitted on Enter or Submit, selects, Yes/No selects and autocompletes (250 ms pause,
 * at least 2 characters, preloading on open; document 3 section 5).
 */

/** One row of filters; each field takes a quarter of the width (document 3 section 9). */
export const FilterBar = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      display: "flex",
      flexWrap: "wrap",
      alignItems: "flex-start",
      gap: 2,
      p: 2,
      // Never wider than the bar itself: at 600 px beside the side menu a 360 px keyword search widened the page.
      "& > .filter-field": { flex: `0 0 calc(${FILTER_FIELD_WIDTH} - 12px)`, minWidth: "min(180px, 100%)" },
      "& > .filter-wide": { flex: `0 0 calc(50% - 8px)`, minWidth: "min(360px, 100%)" },
    }}
  >
    {children}
  </Box>
);

/** The value of one filter and a setter that keeps the other filters. */
export function useFilterValue(path: string): [unknown, (value: unknown) => void] {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const value = getPath(filterValues, path);
  const set = useCallback(
    (next: unknown) => setFilters(setPath((filterValues ?? {}) as PlainObject, path, next), displayedFilters),
    [filterValues, setFilters, displayedFilters, path],
  );
  return [value, set];
}

export interface Choice {
  id: string;
  name: string;
}

export const SelectFilter = ({
  path,
  label,
  choices,
  allowEmpty = true,
  anyLabel = "resources.common.filter.any",
}: {
  path: string;
  label: string;
  choices: Choice[];
  allowEmpty?: boolean;
  /** i18n key of the empty choice ("Any"; the policy source filter says "All"). */
  anyLabel?: string;
}) => {
  const translate = useTranslate();
  const [value, setValue] = useFilterValue(path);
  return (
    <TextField
      className="filter-field"
      select
      size="small"
      label={translate(label)}
      value={value === undefined || value === null ? "" : String(value)}
      onChange={(event) => setValue(event.target.value)}
    >
      {allowEmpty ? <MenuItem value="">{translate(anyLabel)}</MenuItem> : null}
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {translate(choice.name, { _: choice.name })}
        </MenuItem>
      ))}
    </TextField>
  );
};

const YES_NO: Choice[] = [
  { id: "true", name: "resources.common.filter.yes" },
  { id: "false", name: "resources.common.filter.no" },
];

export const YesNoFilter = ({ path, label }: { path: string; label: string }) => <SelectFilter path={path} label={label} choices={YES_NO} />;

export interface SearchType {
  /** The search type's name (document 3 section 2). */
  value: string;
  /** i18n key of its label. */
  label: string;
  /** The wire filter it sets, as a `{like}` (contains, ignoring case). */
  path: string;
}

/** A search-type select and a keyword; applied on Enter or Submit, never while typing. */
export const KeywordSearch = ({ types }: { types: SearchType[] }) => {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const keywordOf = (type: SearchType) => {
    const node = getPath(filterValues, type.path);
    return node && typeof node === "object" && "like" in node ? String((node as { like: unknown }).like ?? "") : "";
  };
  const active = types.find((type) => keywordOf(type) !== "") ?? types[0];
  const appliedKeyword = keywordOf(active);
  const [type, setType] = useState(active.value);
  const [keyword, setKeyword] = useState(appliedKeyword);

  // Follow the URL when filters change elsewhere (Clear Filters, back button).
  useEffect(() => {
    setType(active.value);
    setKeyword(appliedKeyword);
  }, [active.value, appliedKeyword]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let next = (filterValues ?? {}) as PlainObject;
    for (const each of types) next = setPath(next, each.path, undefined);
    const chosen = types.find((each) => each.value === type) ?? types[0];
    const text = keyword.trim();
    if (text) next = setPath(next, chosen.path, { like: text });
    setFilters(next, displayedFilters);
  };

  return (
    <Box component="form" role="search" onSubmit={submit} className="filter-wide" sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "flex-start" }}>
      <TextField
        select
        size="small"
        label={translate("resources.common.search.type")}
        value={type}
        onChange={(event) => setType(event.target.value)}
        fullWidth={false}
        sx={{ flex: "0 0 180px" }}
      >
        {types.map((each) => (
          <MenuItem key={each.value} value={each.value}>
            {translate(each.label)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={translate("resources.common.search.keyword")}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        fullWidth={false}
        sx={{ flex: "1 1 auto", minWidth: 160 }}
      />
      <MuiButton type="submit" variant="contained" sx={{ flex: "0 0 auto", alignSelf: "center" }}>
        {translate("resources.common.search.submit")}
      </MuiButton>
    </Box>
  );
};

export interface PickerOption {
  id: Identifier;
  title: string;
}

const toIds = (value: unknown): Identifier[] =>
  (Array.isArray(value) ? value : value === undefined || value === null || value === "" ? [] : [value]) as Identifier[];

/**
 * A multi-select autocomplete filter over ids (`filter[accounts][id][]=…`). `search` loads options for the typed
 * text (failures yield no options); `resolve` names ids that came from the URL.
 */
export const AutocompleteFilter = ({
  path,
  label,
  search,
  resolve,
}: {
  path: string;
  label: string;
  search: (text: string) => Promise<PickerOption[]>;
  resolve?: (ids: Identifier[]) => Promise<PickerOption[]>;
}) => {
  const translate = useTranslate();
  const [value, setValue] = useFilterValue(path);
  const ids = useMemo(() => toIds(value), [value]);
  const idsKey = ids.map(String).join(",");
  const [known, setKnown] = useState<Map<string, PickerOption>>(() => new Map());
  const [options, setOptions] = useState<PickerOption[]>([]);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [loading, setLoading] = useState(false);

  const remember = useCallback((list: PickerOption[]) => {
    setKnown((previous) => {
      const next = new Map(previous);
      for (const option of list) next.set(String(option.id), option);
      return next;
    });
  }, []);

  useEffect(() => {
    const missing = ids.filter((id) => !known.has(String(id)));
    if (!resolve || missing.length === 0) return;
    let cancelled = false;
    resolve(missing)
      .then((list) => !cancelled && remember(list))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // `known` is left out on purpose: resolving once per id list is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idsKey, resolve, remember]);

  useEffect(() => {
    if (!open) return;
    const typed = text.trim();
    if (typed.length > 0 && typed.length < AUTOCOMPLETE_MIN_CHARS) {
      setOptions([]);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      setLoading(true);
      search(typed)
        .then((list) => {
          if (cancelled) return;
          setOptions(list);
          remember(list);
        })
        .catch(() => !cancelled && setOptions([]))
        .finally(() => !cancelled && setLoading(false));
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [open, text, search, remember]);

  // One array per change of the chosen ids: MUI resets the typed text whenever `value` is a new array.
  const selected = useMemo(() => ids.map((id) => known.get(String(id)) ?? { id, title: `#${id}` }), [ids, known]);
  const typedTooShort = text.trim().length > 0 && text.trim().length < AUTOCOMPLETE_MIN_CHARS;

  return (
    <Autocomplete
      className="filter-field"
      multiple
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => {
        setOpen(false);
        setText("");
      }}
      options={options}
      value={selected}
      loading={loading}
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.title}
      isOptionEqualToValue={(option, current) => String(option.id) === String(current.id)}
      noOptionsText={translate(typedTooShort ? "resources.common.filter.type_more" : "resources.common.filter.no_options")}
      loadingText={translate("ra.page.loading")}
      inputValue={text}
      // MUI "resets" the text whenever the value or its labels change (new options named, a chip resolved), which wiped
      // what the user was typing: only typing sets it, and choosing or closing clears it.
      onInputChange={(_event, next, reason) => reason !== "reset" && setText(next)}
      onChange={(_event, next) => {
        setText("");
        remember(next);
        setValue(next.map((option) => option.id));
      }}
      renderInput={(params) => <TextField {...params} label={translate(label)} />}
    />
  );
};

/** A contains-filter on one text field, applied on Enter (grids search on Enter or Submit, document 3 section 2). */
export const TextFilter = ({ path, label }: { path: string; label: string }) => {
  const translate = useTranslate();
  const [value, setValue] = useFilterValue(path);
  const applied = value && typeof value === "object" && "like" in value ? String((value as { like: unknown }).like ?? "") : "";
  const [text, setText] = useState(applied);
  useEffect(() => setText(applied), [applied]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setValue(text.trim() ? { like: text.trim() } : undefined);
  };
  return (
    <Box component="form" onSubmit={submit} className="filter-field">
      <TextField size="small" fullWidth label={translate(label)} value={text} onChange={(event) => setText(event.target.value)} />
    </Box>
  );
};
