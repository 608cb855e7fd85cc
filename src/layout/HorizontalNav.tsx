import ExpandMore from "@mui/icons-material/ExpandMore";
import { Box, Button, Menu, MenuItem as MuiMenuItem } from "@mui/material";
import { useTranslate } from "react-admin";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { activeKeyOf, menuFor, type MenuItem } from "../domain/menus";
import { setActiveMenuRoute, useActiveMenuRoute } from "./activeMenuRoute";
import { MENU_ICONS } from "./menuIcons";
import { runtimeConfig } from "./runtimeConfig";
import { useCurrentUser } from "./useCurrentUser";

function ItemIcon({ name }: { name?: string }) {
  const Icon = name ? MENU_ICONS[name] : undefined;
  return Icon ? <Icon fontSize="small" /> : null;
}

/** One group of the bar: a button opening its entries as a dropdown; it shows as active while one of them is. */
function GroupButton({ item, active }: { item: MenuItem; active: string | null }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = `hnav-${item.label.replace(/\W/g, "-")}`;
  const holdsActive = item.children?.some((child) => activeKeyOf(child) === active) ?? false;
  return (
    <>
      <Button
        color="inherit"
        size="small"
        startIcon={<ItemIcon name={item.icon} />}
        endIcon={<ExpandMore fontSize="small" />}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? id : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: "none", whiteSpace: "nowrap", fontWeight: holdsActive ? 700 : 500, borderBottom: 2, borderColor: holdsActive ? "primary.main" : "transparent", borderRadius: 0 }}
      >
        {translate(item.label)}
      </Button>
      <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {item.children?.map((child) => (
          <MuiMenuItem
            key={`${child.label}:${child.route}`}
            component={RouterLink}
            to={`/dashboard/${child.route}`}
            selected={activeKeyOf(child) === active}
            onClick={() => {
              setActiveMenuRoute(activeKeyOf(child));
              setAnchor(null);
            }}
          >
            {translate(child.label)}
          </MuiMenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * The horizontal navigation bar of the horizontal layout preset (document 1 section 2.3): the role's menu
 * (document 1 section 6) as one row under the top bar, groups as dropdowns. It scrolls sideways rather than wrap.
 */
export function HorizontalNav() {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const active = useActiveMenuRoute();
  if (!user) return null;
  const items = menuFor(user, { production: runtimeConfig().production });
  return (
    <Box
      component="nav"
      aria-label={translate("app.shell.menu.aria_label")}
      sx={{
        position: "sticky",
        top: { xs: 56, sm: 48 },
        zIndex: (theme) => theme.zIndex.appBar - 1,
        display: "flex",
        gap: 0.5,
        overflowX: "auto",
        // The buttons keep their width (their labels do not wrap): the row scrolls instead of squeezing them together.
        "& > *": { flexShrink: 0 },
        px: { xs: 1, sm: 2 },
        mb: 1,
        bgcolor: "background.paper",
        borderBottom: 1,
        borderColor: "divider",
      }}
    >
      {items.map((item) =>
        item.type === "subheading" ? (
          <GroupButton key={item.label} item={item} active={active} />
        ) : (
          <Button
            key={`${item.label}:${item.route}`}
            color="inherit"
            size="small"
            component={RouterLink}
            to={`/dashboard/${item.route}`}
            startIcon={<ItemIcon name={item.icon} />}
            aria-current={activeKeyOf(item) === active ? "page" : undefined}
            onClick={() => setActiveMenuRoute(activeKeyOf(item))}
            sx={{
              textTransform: "none",
              whiteSpace: "nowrap",
              fontWeight: activeKeyOf(item) === active ? 700 : 500,
              borderBottom: 2,
              borderColor: activeKeyOf(item) === active ? "primary.main" : "transparent",
              borderRadius: 0,
            }}
          >
            {translate(item.label)}
          </Button>
        ),
      )}
    </Box>
  );
}
