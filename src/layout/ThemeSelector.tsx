import PaletteIcon from "@mui/icons-material/Palette";
import { IconButton, ListItemText, Menu, MenuItem, Tooltip } from "@mui/material";
import { useTranslate } from "react-admin";
import { useState } from "react";
import { THEME_NAMES, useThemeName } from "./themes";

/** The style selector of the top bar: light, default or dark (document 1 section 2.3). */
export function ThemeSelector() {
  const translate = useTranslate();
  const { themeName, setThemeName } = useThemeName();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate("app.shell.theme.label");
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
          <PaletteIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {THEME_NAMES.map((name) => (
          <MenuItem
            key={name}
            selected={name === themeName}
            onClick={() => {
              setThemeName(name);
              setAnchor(null);
            }}
          >
            <ListItemText primary={translate(`app.shell.theme.${name}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
