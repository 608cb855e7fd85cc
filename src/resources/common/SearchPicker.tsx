import { useEffect, useState } from "react";
import { Autocomplete, TextField } from "@mui/material";
import { useTranslate } from "react-admin";
import { AUTOCOMPLETE_DEBOUNCE_MS } from "../../domain/constants";

export interface Option {
  id: number;
  title: string;
}

/**
 * A picker that searches as one types (document 3 section 5: after a 250 ms pause; preloaded options when empty) and
 * only accepts an option from its list.
 */
export const SearchPicker = ({
  label,
  value,
  onChange,
  search,
  disabled,
  error,
  hint,
  noOptionsKey = "resources.common.location.no_results",
}: {
  label: string;
  value: Option | null;
  onChange: (value: Option | null) => void;
  search: (text: string) => Promise<Option[]>;
  disabled?: boolean;
  error?: string;
  /** Shown under the field while it has no error. */
  hint?: string;
  noOptionsKey?: string;
}) => {
  const translate = useTranslate();
  const [text, setText] = useState("");
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (disabled) return undefined;
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      search(text.length >= 2 ? text : "")
        .then((found) => live && setOptions(found))
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, text ? AUTOCOMPLETE_DEBOUNCE_MS : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, search, disabled]);
  return (
    <Autocomplete
      options={options}
      value={value}
      disabled={disabled}
      loading={loading}
      loadingText={translate("resources.common.location.loading")}
      noOptionsText={translate(noOptionsKey)}
      getOptionLabel={(o) => o.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      onInputChange={(_e, v, reason) => reason === "input" && setText(v)}
      onChange={(_e, v) => onChange(v)}
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? hint} />}
    />
  );
};
