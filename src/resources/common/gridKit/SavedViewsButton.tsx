import { useCallback, useState } from "react";
import { Box, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, Divider, FormControlLabel, IconButton, ListItemText, ListSubheader, Menu, MenuItem, TextField } from "@mui/material";
import BookmarksIcon from "@mui/icons-material/BookmarksOutlined";
import DeleteIcon from "@mui/icons-material/DeleteOutline";
import { Button, useListContext, useNotify, useStore, useTranslate } from "react-admin";
import { SAVED_VIEW_NAME_MAX, type SavedView, type SavedViewParams } from "../../../domain/savedViews";
import { failureText } from "../useRequest";
import { useSavedViews } from "./useSavedViews";

const t = (key: string) => `app.grid_kit.views.${key}`;

/**
 * Saved views (issue 17 section 5): the list's filters, sort and page size with the grid's columns (order, hidden) and
 * density, kept on the server under a name; applying one sets them all back. Own views come first, then the ones
 * colleagues shared.
 */
export const SavedViewsButton = ({ grid, storeKey }: { grid: string; storeKey: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort, perPage, setFilters, setSort, setPerPage } = useListContext();
  const [hidden, setHidden] = useStore<string[] | undefined>(storeKey);
  const [ranks, setRanks] = useStore<number[] | undefined>(`${storeKey}_columnRanks`);
  const [density, setDensity] = useStore<"small" | "medium">(`${storeKey}_density`, "small");
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { views, isPending, save, remove } = useSavedViews(grid, Boolean(anchor));
  const [dialog, setDialog] = useState(false);
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The dialog's one field takes the focus as it opens (WAI-ARIA dialog pattern).
  const focusOnMount = useCallback((input: HTMLInputElement | null) => input?.focus(), []);

  const current = (): SavedViewParams => ({
    filter: filterValues ?? {},
    sort: sort.field,
    order: sort.order === "ASC" ? "ASC" : "DESC",
    perPage,
    ...(ranks ? { ranks } : {}),
    ...(hidden ? { hidden } : {}),
    density,
  });

  const apply = (view: SavedView) => {
    const p = view.params;
    setFilters(p.filter ?? {}, {}, false);
    if (p.sort) setSort({ field: p.sort, order: p.order ?? "ASC" });
    if (p.perPage) setPerPage(p.perPage);
    setRanks(p.ranks);
    setHidden(p.hidden);
    setDensity(p.density ?? "small");
    setAnchor(null);
    notify(t("applied"), { type: "info", messageArgs: { name: view.name } });
  };

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(translate(t("name_required")));
    save.mutate(
      { name: trimmed, params: current(), shared },
      {
        onSuccess: (view) => {
          setDialog(false);
          notify(t("saved"), { type: "success", messageArgs: { name: view.name } });
        },
        onError: (failure) => setError(failureText(failure) ?? translate("app.errors.something_went_wrong")),
      },
    );
  };

  const own = views.filter((v) => v.own);
  const others = views.filter((v) => !v.own);
  return (
    <>
      <Button label={t("button")} onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu">
        <BookmarksIcon />
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ list: { dense: true, "aria-label": translate(t("button")) } }}>
        <ListSubheader>{translate(t("mine"))}</ListSubheader>
        {!isPending && own.length === 0 && others.length === 0 ? (
          <MenuItem disabled>{translate(t("none"))}</MenuItem>
        ) : null}
        {own.map((view) => (
          <MenuItem key={view.id} onClick={() => apply(view)}>
            <ListItemText primary={view.name} />
            <IconButton
              size="small"
              edge="end"
              aria-label={translate(t("delete"), { name: view.name })}
              onClick={(event) => {
                event.stopPropagation();
                remove.mutate(view, { onSuccess: () => notify(t("deleted"), { type: "info", messageArgs: { name: view.name } }) });
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
        {others.length ? <ListSubheader>{translate(t("shared"))}</ListSubheader> : null}
        {others.map((view) => (
          <MenuItem key={view.id} onClick={() => apply(view)}>
            <ListItemText primary={view.name} secondary={translate(t("shared_by"), { name: view.owner_name })} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setName("");
            setShared(false);
            setError(null);
            setDialog(true);
          }}
        >
          {translate(t("save"))}
        </MenuItem>
      </Menu>
      <Dialog open={dialog} onClose={() => setDialog(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate(t("save_title"))}</DialogTitle>
        <DialogContent>
          <Box
            component="form"
            id={`${storeKey}-save-view`}
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
            sx={{ pt: 1 }}
          >
            <TextField
              inputRef={focusOnMount}
              fullWidth
              label={translate(t("name"))}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
              error={Boolean(error)}
              helperText={error ?? " "}
              slotProps={{ htmlInput: { maxLength: SAVED_VIEW_NAME_MAX } }}
            />
            <FormControlLabel control={<Checkbox checked={shared} onChange={(event) => setShared(event.target.checked)} />} label={translate(t("share"))} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button label={t("cancel")} onClick={() => setDialog(false)} />
          <Button label={t("save_button")} type="submit" form={`${storeKey}-save-view`} variant="contained" disabled={save.isPending} />
        </DialogActions>
      </Dialog>
    </>
  );
};
