import CloseIcon from "@mui/icons-material/Close";
import SearchIcon from "@mui/icons-material/Search";
import { Box, Dialog, IconButton, InputBase, List, ListItemButton, ListItemText, Tooltip, Typography } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import { useCallback, useEffect, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router-dom";
import type { AppDataProvider, SearchResult } from "../dataProvider";
import { AUTOCOMPLETE_MIN_CHARS, SEARCH_DEBOUNCE_MS } from "../domain/constants";
import { humanizeEnum } from "../domain/format";

/** A single character is not searched: the API answers nothing for it. */
const searchable = (text: string) => text.trim().length >= AUTOCOMPLETE_MIN_CHARS;

/** Suggestions for the typed text, asked 500 ms after the last keystroke (document 1 section 9); errors give none. */
function useSuggestions(text: string, enabled: boolean): SearchResult[] {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [hits, setHits] = useState<SearchResult[]>([]);
  const query = text.trim();
  useEffect(() => {
    if (!enabled || !searchable(query)) {
      setHits([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      dataProvider.searchPolicies(query).then(
        (found) => live && setHits(found),
        () => live && setHits([]),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, enabled, dataProvider]);
  return hits;
}

/**
 * The full-screen search overlay (document 1 section 2.3, readings C-53): policies by number, T code or customer
 * email; a suggestion opens its policy. Enter closes and opens the policy grid with the text as a Policy Number
 * keyword (readings C-53); Enter on an empty field just closes. Escape closes.
 */
export function SearchOverlay() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const hits = useSuggestions(text, open);

  const close = () => {
    setOpen(false);
    setText("");
  };
  const openHit = (hit: SearchResult) => {
    close();
    navigate(`/dashboard/policies/view/${hit.id}`);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const query = text.trim();
    close();
    if (!query) return;
    // `searchAt` makes the grid start afresh from this address even when it is already open.
    navigate(`/dashboard/policies/browse?filters=${encodeURIComponent(JSON.stringify({ number: { like: query } }))}`, { state: { searchAt: Date.now() } });
  };
  const label = translate("app.shell.top_bar.search");
  // A modal search moves focus into its field (WAI-ARIA dialog pattern); a stable ref does it once, as the field mounts.
  const focusOnMount = useCallback((input: HTMLInputElement | null) => input?.focus(), []);

  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={() => setOpen(true)}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <Dialog fullScreen open={open} onClose={close} aria-label={label}>
        <Box sx={{ p: 4, maxWidth: 900, width: "100%", mx: "auto" }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
            <SearchIcon fontSize="large" />
            <InputBase
              inputRef={focusOnMount}
              fullWidth
              placeholder={translate("app.shell.search.placeholder")}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              sx={{ fontSize: 32 }}
              inputProps={{ "aria-label": translate("app.shell.search.placeholder") }}
            />
            <IconButton aria-label={translate("app.shell.search.close")} onClick={close}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate("app.shell.search.hint")}
          </Typography>
          <List aria-label={translate("app.shell.search.results")}>
            {hits.map((hit) => (
              <li key={hit.id}>
                <ListItemButton onClick={() => openHit(hit)}>
                  <ListItemText primary={hit.number} secondary={humanizeEnum(hit.status)} />
                </ListItemButton>
              </li>
            ))}
          </List>
        </Box>
      </Dialog>
    </>
  );
}
