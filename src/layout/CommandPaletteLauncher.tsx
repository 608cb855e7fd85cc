import { lazy, Suspense, useEffect, useState } from "react";
import { IconButton, Tooltip } from "@mui/material";
import KeyboardCommandKeyIcon from "@mui/icons-material/KeyboardCommandKey";
import { useTranslate } from "react-admin";

// The palette itself ships in its own chunk, loaded on first use: the console's first download stays as it was.
const CommandPalette = lazy(() => import("./CommandPalette").then((m) => ({ default: m.CommandPalette })));

/** Ctrl+K or Cmd+K from anywhere in the console opens the command palette (issue 17 section 6), as does this button. */
export const CommandPaletteLauncher = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const label = translate("app.palette.open");
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-keyshortcuts="Control+K Meta+K" onClick={() => setOpen(true)}>
          <KeyboardCommandKeyIcon />
        </IconButton>
      </Tooltip>
      {open ? (
        <Suspense fallback={null}>
          <CommandPalette onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
