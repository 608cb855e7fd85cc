import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import PushPinIcon from "@mui/icons-material/PushPin";
import PushPinOutlinedIcon from "@mui/icons-material/PushPinOutlined";
import { Box, Collapse, IconButton, List, ListItemButton, ListItemIcon, ListItemText, Tooltip, useMediaQuery, type Theme } from "@mui/material";
import { useSidebarState, useTranslate } from "react-admin";
import { useEffect, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { LAYOUT_RESIZE_REPEAT_MS } from "../domain/constants";
import { activeKeyOf, menuFor, type MenuItem } from "../domain/menus";
import { setActiveMenuRoute, useActiveMenuRoute } from "./activeMenuRoute";
import { MENU_ICONS } from "./menuIcons";
import { runtimeConfig } from "./runtimeConfig";
import { useShellSettings } from "./shellSettings";
import { useCurrentUser } from "./useCurrentUser";

/**
 * Charts and grids size themselves on window resize; a layout change (side nav opened or closed) notifies them at
 * once and again after 200 ms, when the drawer's transition has ended (document 1 section 2.3).
 */
function useResizeOnLayoutChange(open: boolean) {
  useEffect(() => {
    const notify = () => window.dispatchEvent(new Event("resize"));
    notify();
    const timer = setTimeout(notify, LAYOUT_RESIZE_REPEAT_MS);
    return () => clearTimeout(timer);
  }, [open]);
}

/**
 * The collapse pin (document 1 section 2.3): pinned, the side menu stays open beside the page; unpinned, it folds away
 * once a page is chosen and the menu button brings it back. Kept with the user's settings.
 */
function PinButton() {
  const translate = useTranslate();
  const { settings, update } = useShellSettings();
  const label = translate(settings.nav_pinned ? "app.shell.menu.unpin" : "app.shell.menu.pin");
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} aria-pressed={settings.nav_pinned} onClick={() => update({ nav_pinned: !settings.nav_pinned })}>
        {settings.nav_pinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}

export function MenuIcon({ name }: { name?: string }) {
  const Icon = name ? MENU_ICONS[name] : undefined;
  return <ListItemIcon sx={{ minWidth: 36 }}>{Icon ? <Icon fontSize="small" /> : null}</ListItemIcon>;
}

/**
 * The side menu of document 1 section 6 for the signed-in role, with collapsible groups. The active item follows the
 * active side-nav route (activeMenuRoute.ts); clicking an item makes it the active one.
 */
export function SideMenu() {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const active = useActiveMenuRoute();
  const [open, setOpen] = useSidebarState();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down("md"));
  const { settings } = useShellSettings();
  const [closedGroups, setClosedGroups] = useState<Record<string, boolean>>({});
  useResizeOnLayoutChange(open);
  if (!user) return null;
  const items = menuFor(user, { production: runtimeConfig().production });

  const renderLink = (item: MenuItem, nested: boolean) => {
    const key = activeKeyOf(item);
    const selected = key === active;
    return (
      <Box key={`${item.label}:${item.route}`} component="li" sx={{ listStyle: "none" }}>
        <ListItemButton
          component={RouterLink}
          to={`/dashboard/${item.route}`}
          selected={selected}
          aria-current={selected ? "page" : undefined}
          onClick={() => {
            setActiveMenuRoute(key);
            // On small screens the side nav is a drawer over the page, and unpinned it folds away: close it once a
            // page is chosen.
            if (isSmall || !settings.nav_pinned) setOpen(false);
          }}
          sx={{ pl: nested ? 4 : 2, py: 0.5 }}
        >
          {!nested && <MenuIcon name={item.icon} />}
          <ListItemText primary={translate(item.label)} slotProps={{ primary: { noWrap: true, fontSize: 14 } }} />
        </ListItemButton>
      </Box>
    );
  };

  const renderGroup = (item: MenuItem) => {
    const closed = Boolean(closedGroups[item.label]);
    const id = `menu-group-${item.label.replace(/\W/g, "-")}`;
    return (
      <Box key={item.label} component="li" sx={{ listStyle: "none" }}>
        <ListItemButton
          aria-expanded={!closed}
          aria-controls={id}
          onClick={() => setClosedGroups((groups) => ({ ...groups, [item.label]: !closed }))}
          sx={{ py: 0.5 }}
        >
          <MenuIcon name={item.icon} />
          <ListItemText
            primary={translate(item.label)}
            slotProps={{
              primary: { noWrap: true, fontSize: 14, fontWeight: 600 },
            }}
          />
          {closed ? <ExpandMore fontSize="small" /> : <ExpandLess fontSize="small" />}
        </ListItemButton>
        <Collapse in={!closed} id={id}>
          <List dense disablePadding>
            {item.children?.map((child) => renderLink(child, true))}
          </List>
        </Collapse>
      </Box>
    );
  };

  return (
    <Box component="nav" aria-label={translate("app.shell.menu.aria_label")} sx={{ width: 240, pt: 0.5 }}>
      {!isSmall && (
        <Box sx={{ display: "flex", justifyContent: "flex-end", px: 1 }}>
          <PinButton />
        </Box>
      )}
      <List dense disablePadding>
        {items.map((item) => (item.type === "subheading" ? renderGroup(item) : renderLink(item, false)))}
      </List>
    </Box>
  );
}
