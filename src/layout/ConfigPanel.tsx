import CloseIcon from "@mui/icons-material/Close";
import SettingsIcon from "@mui/icons-material/SettingsOutlined";
import {
  Box,
  Divider,
  Drawer,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  Radio,
  RadioGroup,
  Switch,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from "@mui/material";
import { useTranslate } from "react-admin";
import { useSyncExternalStore } from "react";
import { canChooseLayout, LAYOUT_CHOICES, THEME_CHOICES, type LayoutChoice, type ThemeChoice } from "../domain/shellSettings";
import { useShellSettings } from "./shellSettings";
import { useCurrentUser } from "./useCurrentUser";

/**
 * Whether the panel is open, kept outside the component: switching the layout puts a different top bar in place
 * (react-admin remounts it), and the panel the user is working in must stay open across that.
 */
let panelOpen = false;
const panelListeners = new Set<() => void>();
const setPanelOpen = (open: boolean) => {
  panelOpen = open;
  panelListeners.forEach((listener) => listener());
};
const usePanelOpen = () =>
  useSyncExternalStore(
    (listener) => {
      panelListeners.add(listener);
      return () => panelListeners.delete(listener);
    },
    () => panelOpen,
  );

/**
 * The configuration panel (document 1 section 2.3), with real content: the style theme (light, default, dark), the
 * layout preset (vertical, or the horizontal navigation bar), the direction and the side menu's pin. Each choice
 * applies at once and is kept for the user (GET/PUT /shell_settings). Horizontal cannot be chosen without
 * property_management.users.edit (readings C-20), and small screens show the vertical layout whatever is chosen.
 */
export function ConfigPanel() {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const { settings, update } = useShellSettings();
  const open = usePanelOpen();
  const setOpen = setPanelOpen;
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down("md"));
  const mayChoose = canChooseLayout(user);
  const label = translate("app.shell.config.open");
  const close = () => setOpen(false);
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      <Drawer anchor="right" open={open} onClose={close} slotProps={{ paper: { role: "dialog", "aria-label": translate("app.shell.config.title"), sx: { width: { xs: "100vw", sm: 320 } } } }}>
        <Box sx={{ display: "flex", alignItems: "center", px: 2, py: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {translate("app.shell.config.title")}
          </Typography>
          <IconButton aria-label={translate("app.shell.config.close")} onClick={close}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2, p: 2 }}>
          <FormControl>
            <FormLabel id="config-theme">{translate("app.shell.theme.label")}</FormLabel>
            <RadioGroup aria-labelledby="config-theme" value={settings.theme} onChange={(event) => update({ theme: event.target.value as ThemeChoice })}>
              {THEME_CHOICES.map((name) => (
                <FormControlLabel key={name} value={name} control={<Radio size="small" />} label={translate(`app.shell.theme.${name}`)} />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControl disabled={!mayChoose}>
            <FormLabel id="config-layout">{translate("app.shell.config.layout")}</FormLabel>
            <RadioGroup aria-labelledby="config-layout" value={mayChoose ? settings.layout : "vertical"} onChange={(event) => update({ layout: event.target.value as LayoutChoice })}>
              {LAYOUT_CHOICES.map((name) => (
                <FormControlLabel key={name} value={name} control={<Radio size="small" />} label={translate(`app.shell.config.${name}`)} />
              ))}
            </RadioGroup>
            {!mayChoose ? (
              <FormHelperText>{translate("app.shell.config.layout_forced_permission")}</FormHelperText>
            ) : small && settings.layout === "horizontal" ? (
              <FormHelperText>{translate("app.shell.config.layout_forced_small")}</FormHelperText>
            ) : null}
          </FormControl>
          <FormControlLabel control={<Switch checked={settings.rtl} onChange={(event) => update({ rtl: event.target.checked })} />} label={translate("app.shell.config.rtl")} />
          <FormControlLabel
            control={<Switch checked={settings.nav_pinned} onChange={(event) => update({ nav_pinned: event.target.checked })} />}
            label={translate("app.shell.config.nav_pinned")}
          />
        </Box>
      </Drawer>
    </>
  );
}
