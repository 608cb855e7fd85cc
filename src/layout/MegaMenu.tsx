import AppsIcon from "@mui/icons-material/Apps";
import { Box, IconButton, Link, Popover, Tooltip, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { activeKeyOf, menuFor, type MenuItem } from "../domain/menus";
import { setActiveMenuRoute } from "./activeMenuRoute";
import { runtimeConfig } from "./runtimeConfig";
import { useCurrentUser } from "./useCurrentUser";

/**
 * The mega-menu (document 1 section 2.3): every screen of the role's menu (document 1 section 6) at one glance, a
 * column per group, the single entries together under "Go to". Opened from the top bar in either layout.
 */
export function MegaMenu() {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const items = menuFor(user, { production: runtimeConfig().production });
  const singles = items.filter((item) => item.type === "link");
  const columns: Array<{ label: string; children: MenuItem[] }> = [
    ...(singles.length ? [{ label: "app.shell.mega_menu.go_to", children: singles }] : []),
    ...items.filter((item) => item.type === "subheading").map((item) => ({ label: item.label, children: item.children ?? [] })),
  ];
  const label = translate("app.shell.mega_menu.open");
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="dialog" onClick={(event) => setAnchor(event.currentTarget)}>
          <AppsIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
        transformOrigin={{ vertical: "top", horizontal: "center" }}
        slotProps={{ paper: { role: "dialog", "aria-label": translate("app.shell.mega_menu.title"), sx: { p: 2, maxWidth: "min(960px, 96vw)" } } }}
      >
        <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))", gap: 2, minWidth: { sm: 560 } }}>
          {columns.map((column) => (
            <Box key={column.label} component="section">
              <Typography variant="overline" component="h2" color="text.secondary">
                {translate(column.label)}
              </Typography>
              <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
                {column.children.map((child) => (
                  <Box component="li" key={`${child.label}:${child.route}`} sx={{ py: 0.25 }}>
                    <Link
                      component={RouterLink}
                      to={`/dashboard/${child.route}`}
                      underline="hover"
                      onClick={() => {
                        setActiveMenuRoute(activeKeyOf(child));
                        setAnchor(null);
                      }}
                    >
                      {translate(child.label)}
                    </Link>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      </Popover>
    </>
  );
}
