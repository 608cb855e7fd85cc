import { useEffect, useState, type FormEvent } from "react";
import { Box, TextField } from "@mui/material";
import { useTranslate } from "react-admin";
import { useFilterValue } from "../common";

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
