import { useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";
import { Box, Dialog, InputBase, List, ListItemButton, ListItemText, ListSubheader, Typography } from "@mui/material";
import SearchIcon from "@mui/icons-material/Search";
import { useDataProvider, useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import type { AppDataProvider } from "../dataProvider/types";
import { PALETTE_MIN_TERM, type PaletteHit } from "../domain/palette";
import { resourcePath } from "../resources/paths";
import { paletteScreens } from "./paletteScreens";
import { runtimeConfig } from "./runtimeConfig";
import { useCurrentUser } from "./useCurrentUser";

/** The pause after typing before records are searched (the grids' keyword searches wait as long). */
const SEARCH_DEBOUNCE_MS = 250;

interface Option {
  key: string;
  group: "screens" | "records";
  primary: string;
  secondary?: string;
  path: string;
}

/**
 * The command palette (issue 17 section 6), a combobox in a dialog: typing narrows the screens the role may open and,
 * from two characters on, finds records through GET /palette (scoped by the server like each grid); ↑/↓ move, Enter
 * opens, Esc closes. Every option is reachable from the keyboard alone; the focus stays in the field.
 */
export const CommandPalette = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { user } = useCurrentUser();
  const id = useId();
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const [hits, setHits] = useState<PaletteHit[]>([]);
  const [searching, setSearching] = useState(false);
  const term = text.trim();

  useEffect(() => {
    if (term.length < PALETTE_MIN_TERM) {
      setHits([]);
      return;
    }
    const controller = new AbortController();
    setSearching(true);
    const timer = setTimeout(() => {
      dataProvider
        .request<{ data: PaletteHit[] }>("/palette", { query: { q: term }, signal: controller.signal })
        .then(({ json }) => setHits(json.data))
        .catch(() => setHits([]))
        .finally(() => !controller.signal.aborted && setSearching(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, dataProvider]);

  const options = useMemo<Option[]>(() => {
    const screens = user ? paletteScreens(user, { production: runtimeConfig().production }) : [];
    const lower = term.toLowerCase();
    const screenOptions = screens
      .map((screen) => ({ key: `screen:${screen.path}`, group: "screens" as const, primary: translate(screen.label), path: screen.path }))
      .filter((option) => !lower || option.primary.toLowerCase().includes(lower));
    const recordOptions = hits.map((hit) => ({
      key: `${hit.kind}:${hit.id}`,
      group: "records" as const,
      primary: hit.title,
      secondary: [translate(`app.palette.kinds.${hit.kind}`), hit.subtitle].filter(Boolean).join(" · "),
      path: resourcePath.view(hit.kind, hit.id),
    }));
    // With a term, records first: a number or a name is what was typed.
    return term ? [...recordOptions, ...screenOptions] : screenOptions;
  }, [user, term, hits, translate]);

  useEffect(() => setActive(0), [term, hits]);

  const open = (option: Option | undefined) => {
    if (!option) return;
    onClose();
    navigate(option.path);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => (options.length ? (i + 1) % options.length : 0));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (options.length ? (i - 1 + options.length) % options.length : 0));
    } else if (event.key === "Enter") {
      event.preventDefault();
      open(options[active]);
    }
  };
  const focusOnMount = (input: HTMLInputElement | null) => input?.focus();
  const listId = `${id}-options`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const groups: Array<Option["group"]> = term ? ["records", "screens"] : ["screens", "records"];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { "aria-label": translate("app.palette.label") } }} sx={{ "& .MuiDialog-container": { alignItems: "flex-start", pt: "10vh" } }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: "divider" }}>
        <SearchIcon color="action" />
        <InputBase
          inputRef={focusOnMount}
          fullWidth
          placeholder={translate("app.palette.placeholder")}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          inputProps={{
            role: "combobox",
            "aria-label": translate("app.palette.label"),
            "aria-expanded": true,
            "aria-controls": listId,
            "aria-autocomplete": "list",
            "aria-activedescendant": options[active] ? optionId(active) : undefined,
          }}
        />
      </Box>
      <List id={listId} role="listbox" aria-label={translate("app.palette.label")} dense sx={{ maxHeight: "60vh", overflow: "auto" }}>
        {groups.map((group) => {
          const inGroup = options.map((option, index) => ({ option, index })).filter(({ option }) => option.group === group);
          return (
            <Box component="li" key={group} role="presentation">
              <Box component="ul" role="group" aria-label={translate(`app.palette.${group}`)} sx={{ p: 0 }}>
                <ListSubheader role="presentation">{translate(`app.palette.${group}`)}</ListSubheader>
                {group === "records" && term.length < PALETTE_MIN_TERM ? (
                  <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>{translate("app.palette.min_term")}</Typography>
                ) : null}
                {group === "records" && term.length >= PALETTE_MIN_TERM && !inGroup.length ? (
                  <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }} role="status">
                    {translate(searching ? "app.palette.searching" : "app.palette.nothing")}
                  </Typography>
                ) : null}
                {inGroup.map(({ option, index }) => (
                  <ListItemButton
                    key={option.key}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    selected={index === active}
                    tabIndex={-1}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => open(option)}
                  >
                    <ListItemText primary={option.primary} secondary={option.secondary} />
                  </ListItemButton>
                ))}
              </Box>
            </Box>
          );
        })}
      </List>
      <Typography variant="caption" color="text.secondary" sx={{ px: 2, py: 1, borderTop: 1, borderColor: "divider" }}>
        {translate("app.palette.hint")}
      </Typography>
    </Dialog>
  );
};
