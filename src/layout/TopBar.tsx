import MailOutlineIcon from "@mui/icons-material/MailOutline";
import { Box, IconButton, Tooltip } from "@mui/material";
import { AppBar, LoadingIndicator, useTranslate, type AppBarProps } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { homePathFor, isRouteAllowed } from "../domain/routeAccess";
import { AgencySelector } from "./AgencySelector";
import { CommandPaletteLauncher } from "./CommandPaletteLauncher";
import { ConfigPanel } from "./ConfigPanel";
import { MegaMenu } from "./MegaMenu";
import { QuickPanel } from "./QuickPanel";
import { runtimeConfig } from "./runtimeConfig";
import { SearchOverlay } from "./SearchOverlay";
import { useCurrentUser } from "./useCurrentUser";
import { UserDropdown } from "./UserDropdown";

const LOGO_TARGET = "/dashboard/users/browse";

/**
 * The top bar (document 1 section 2.3): menu toggle (react-admin's, which collapses the side nav; the horizontal
 * layout has no side nav to toggle), logo to users/browse, agency selector, search, mega-menu, quick panel,
 * configuration panel (style, layout, direction, pin), email support and the user dropdown.
 */
export function TopBar({ horizontal = false, alwaysOn }: AppBarProps & { horizontal?: boolean }) {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  // The logo opens users/browse (document 1 section 2.2); a user the guards would refuse goes to their home instead.
  const logoTarget = !user || isRouteAllowed(user, LOGO_TARGET) ? LOGO_TARGET : homePathFor(user.role);
  const supportLabel = translate("app.shell.top_bar.email_support");
  return (
    <AppBar
      color="primary"
      // The horizontal layout keeps the bar in place (the layout's appBarAlwaysOn): the navigation bar sticks right
      // under it, and would otherwise be left alone at the top with a gap above it once the page scrolls.
      alwaysOn={alwaysOn}
      sx={horizontal ? { "& .RaAppBar-menuButton": { display: "none" } } : undefined}
      userMenu={<UserDropdown />}
      toolbar={
        <Box sx={{ display: "flex", alignItems: "center" }}>
          <AgencySelector />
          <SearchOverlay />
          <CommandPaletteLauncher />
          <MegaMenu />
          <QuickPanel />
          <ConfigPanel />
          <Tooltip title={supportLabel}>
            <IconButton
              color="inherit"
              component="a"
              href={`mailto:${runtimeConfig().supportEmail}`}
              aria-label={supportLabel}
              sx={{ display: { xs: "none", sm: "inline-flex" } }}
            >
              <MailOutlineIcon />
            </IconButton>
          </Tooltip>
          <LoadingIndicator />
        </Box>
      }
    >
      {/* On phones the bar keeps its controls and drops the logo. */}
      <Box component={RouterLink} to={logoTarget} sx={{ display: { xs: "none", sm: "flex" }, mr: 2 }}>
        <img src="/logo-light.svg" alt={translate("app.shell.logo_alt")} width={132} height={30} />
      </Box>
      {/* The page title is in the page header (h1); the bar keeps the spec's items only. */}
      <Box sx={{ flex: 1 }} />
    </AppBar>
  );
}
