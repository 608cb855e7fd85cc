import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import PushPinIcon from "@mui/icons-material/PushPin";
import PushPinOutlinedIcon from "@mui/icons-material/PushPinOutlined";
import { Box, Collapse, IconButton, List, ListItemButton, ListItemIcon, ListItemText, Tooltip, Typography, useMediaQuery, type Theme } from "@mui/material";
import { keyframes } from "@mui/material/styles";
import { useSidebarState, useTranslate } from "react-admin";
import { useEffect, useRef, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { LAYOUT_RESIZE_REPEAT_MS } from "../domain/constants";
import { activeKeyOf, menuFor, type MenuItem } from "../domain/menus";
import { setActiveMenuRoute, useActiveMenuRoute } from "./activeMenuRoute";
import { DirectionalIcon } from "./DirectionalIcon";
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

// A pane slides in from the side it is "next" on: the inline end for a group's pane, the inline start for the way back
// (written left to right; the right-to-left style cache mirrors the translation, layout/rtl.ts).
const slideIn = keyframes`from { transform: translateX(var(--pane-from)); opacity: 0.4; } to { transform: none; opacity: 1; }`;
const paneSx = (from: "start" | "end") => (theme: Theme) => ({
  "--pane-from": from === "end" ? "40%" : "-40%",
  animation: `${slideIn} ${theme.transitions.duration.shorter}ms ${theme.transitions.easing.easeOut}`,
  "@media (prefers-reduced-motion: reduce)": { animation: "none" },
});

const paneIdOf = (label: string) => `menu-pane-${label.replace(/\W/g, "-")}`;

/**
 * The side menu of document 1 section 6 for the signed-in role. The active item follows the active side-nav route
 * (activeMenuRoute.ts); clicking an item makes it the active one.
 *
 * Its groups (document 1 section 2.3: "nested dropdowns ... and back and next panes") open in place as dropdowns
 * beside a page; below 960 px, where the side menu is a drawer over the page, a group is a "next" entry that slides its
 * own pane in, with a Back entry at its top that returns to the main pane. Focus follows: the Back entry when a pane
 * opens, the group's entry when it closes.
 */
export function SideMenu() {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const active = useActiveMenuRoute();
  const [open, setOpen] = useSidebarState();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down("md"));
  const { settings } = useShellSettings();
  const [closedGroups, setClosedGroups] = useState<Record<string, boolean>>({});
  // The pane shown below 960 px: a group's label, or null for the main pane; `from` says which way it came in.
  const [pane, setPane] = useState<{ group: string | null; from: "start" | "end" } | null>(null);
  const backRef = useRef<HTMLDivElement | null>(null);
  const groupRefs = useRef(new Map<string, HTMLDivElement>());
  const closingGroup = useRef<string | null>(null);
  useResizeOnLayoutChange(open);
  useEffect(() => {
    if (!pane) return;
    if (pane.group) backRef.current?.focus();
    else if (pane.from === "start") groupRefs.current.get(closingGroup.current ?? "")?.focus();
  }, [pane]);
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
          sx={{ paddingInlineStart: nested ? 4 : 2, py: 0.5 }}
        >
          {!nested && <MenuIcon name={item.icon} />}
          <ListItemText primary={translate(item.label)} slotProps={{ primary: { noWrap: true, fontSize: 14 } }} />
        </ListItemButton>
      </Box>
    );
  };

  const groupLabel = (item: MenuItem) => (
    <ListItemText
      primary={translate(item.label)}
      slotProps={{
        primary: { noWrap: true, fontSize: 14, fontWeight: 600 },
      }}
    />
  );

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
          {groupLabel(item)}
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

  /** Below 960 px: the group as the way to its pane; it shows which group holds the page the user is on. */
  const renderNext = (item: MenuItem) => {
    const holdsActive = item.children?.some((child) => activeKeyOf(child) === active) ?? false;
    return (
      <Box key={item.label} component="li" sx={{ listStyle: "none" }}>
        <ListItemButton
          ref={(node: HTMLDivElement | null) => {
            if (node) groupRefs.current.set(item.label, node);
            else groupRefs.current.delete(item.label);
          }}
          aria-controls={paneIdOf(item.label)}
          aria-haspopup="true"
          onClick={() => setPane({ group: item.label, from: "end" })}
          sx={{ py: 0.5, ...(holdsActive ? { bgcolor: "action.selected" } : {}) }}
        >
          <MenuIcon name={item.icon} />
          {groupLabel(item)}
          <DirectionalIcon icon={ChevronRightIcon} fontSize="small" />
        </ListItemButton>
      </Box>
    );
  };

  const openGroup = isSmall && pane?.group ? items.find((item) => item.type === "subheading" && item.label === pane.group) : undefined;
  const back = () => {
    closingGroup.current = openGroup?.label ?? null;
    setPane({ group: null, from: "start" });
  };

  return (
    <Box component="nav" aria-label={translate("app.shell.menu.aria_label")} sx={{ width: 240, pt: 0.5, overflowX: "hidden" }}>
      {!isSmall && (
        <Box sx={{ display: "flex", justifyContent: "flex-end", px: 1 }}>
          <PinButton />
        </Box>
      )}
      {openGroup ? (
        <Box key={openGroup.label} id={paneIdOf(openGroup.label)} role="group" aria-label={translate(openGroup.label)} sx={paneSx("end")}>
          <ListItemButton ref={backRef} onClick={back} sx={{ py: 0.5 }}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <DirectionalIcon icon={ArrowBackIcon} fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={translate("app.shell.menu.back")} slotProps={{ primary: { fontSize: 14 } }} />
          </ListItemButton>
          <Typography component="h2" variant="overline" color="text.secondary" sx={{ display: "block", px: 2, pt: 1, lineHeight: 2 }}>
            {translate(openGroup.label)}
          </Typography>
          <List dense disablePadding>
            {openGroup.children?.map((child) => renderLink(child, false))}
          </List>
        </Box>
      ) : (
        <Box key="main" sx={isSmall && pane ? paneSx("start") : undefined}>
          <List dense disablePadding>
            {items.map((item) => (item.type === "subheading" ? (isSmall ? renderNext(item) : renderGroup(item)) : renderLink(item, false)))}
          </List>
        </Box>
      )}
    </Box>
  );
}
