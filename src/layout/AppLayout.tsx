import { Box, useMediaQuery, type Theme } from "@mui/material";
import { Authenticated, Layout, Loading, useSidebarState, type AppBarProps, type LayoutProps } from "react-admin";
import { Suspense, useEffect } from "react";
import { effectiveLayout } from "../domain/shellSettings";
import { useTrackActiveMenuRoute } from "./activeMenuRoute";
import { HorizontalNav } from "./HorizontalNav";
import { NavigationProgress } from "./NavigationProgress";
import { NewPlatformBanner } from "./NewPlatformBanner";
import { useTrackRouteHistory } from "./routeHistory";
import { RouteGuard } from "./RouteGuard";
import { useShellSettingsValue, useSyncShellSettings } from "./shellSettings";
import { SideMenu } from "./SideMenu";
import { hideSplash } from "./splash";
import { TopBar } from "./TopBar";
import { useCurrentUser } from "./useCurrentUser";

/**
 * The signed-in shell: top bar, side menu or horizontal navigation bar, new-platform banner, progress bar, and the
 * guards around every page.
 *
 * The login guard is <Authenticated> here rather than <Admin requireAuth>: react-admin 5.15's requireAuth logs out
 * without the authProvider's redirectTo, which loses the return_url (document 1 section 4: "redirected to login with
 * the current URL as return_url"); <Authenticated> follows it. Nothing of the shell renders before the check passes.
 */
export function AppLayout({ children }: LayoutProps) {
  return (
    <Authenticated>
      <Shell>{children}</Shell>
    </Authenticated>
  );
}

const NoSidebar = () => null;
/** One top bar for both layouts (a different component would remount it, and close what is open in it). */
const ShellTopBar = (props: AppBarProps) => {
  const { user } = useCurrentUser();
  const settings = useShellSettingsValue();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down("md"));
  return <TopBar {...props} horizontal={effectiveLayout(settings.layout, user, small) === "horizontal"} />;
};

/**
 * The layout presets of document 1 section 2.3: vertical (the side menu) or a horizontal navigation bar under the
 * top bar. Below 960 px, and for users without property_management.users.edit, the layout is vertical whatever was
 * chosen (domain/shellSettings.ts effectiveLayout).
 */
function Shell({ children }: LayoutProps) {
  useTrackRouteHistory();
  useTrackActiveMenuRoute();
  useSyncShellSettings();
  const { user } = useCurrentUser();
  const settings = useShellSettingsValue();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down("md"));
  const layout = effectiveLayout(settings.layout, user, small);
  const [, setSidebarOpen] = useSidebarState();
  // The session check is done: the boot splash fades out (readings C-48).
  useEffect(() => hideSplash(), []);
  // An unpinned side menu starts folded away on wide screens; the menu button opens it.
  useEffect(() => {
    if (!small && !settings.nav_pinned) setSidebarOpen(false);
  }, [small, settings.nav_pinned, setSidebarOpen]);
  const horizontal = layout === "horizontal";
  return (
    // The horizontal bar sits under the top bar, which then stays in place while the page scrolls.
    // react-admin lets its layout grow to the widest thing in it (min-width: fit-content, and the content column's
    // flex min-width: auto): the horizontal bar's row of menu buttons then widened the whole page at 960-1199 px, so
    // the page, the leads grid with it, scrolled sideways, and the browser restored that offset on returning to it.
    // The page is the window's width; what is wider scrolls inside its own box (the bar, a grid's table).
    <Layout
      appBar={ShellTopBar}
      appBarAlwaysOn={horizontal}
      menu={SideMenu}
      sidebar={horizontal ? NoSidebar : undefined}
      sx={{ minWidth: 0, "& .RaLayout-contentWithSidebar, & .RaLayout-content": { minWidth: 0 } }}
    >
      <NavigationProgress />
      {horizontal && <HorizontalNav />}
      <NewPlatformBanner />
      {/* A grid wider than the page scrolls inside its card, its table alone (filters and toolbar stay in place):
          react-admin's list column would otherwise grow to its table's width and widen the whole page, which then
          opens scrolled sideways (the policies grid by 600 px at 1280 px), to the wrong side right to left. The
          card's rule needs the extra class: react-admin's List sets overflow: inherit on it with the same weight. */}
      <Box
        data-layout={layout}
        sx={{
          px: { xs: 1, sm: 2 },
          pb: 4,
          "& .RaList-main": { minWidth: 0 },
          "& .RaList-main .RaList-content": { overflowX: "auto" },
          "& .RaDataTable-tableWrapper": { overflowX: "auto" },
          // Right to left, a cell's text takes its own direction ("6:38 AM PDT" would read "AM PDT 6:38"); its
          // alignment is MUI's physical one, which the right-to-left style cache has already mirrored.
          "[dir=rtl] & td, [dir=rtl] & th": { unicodeBidi: "plaintext" },
        }}
      >
        <RouteGuard>
          {/* A screen's chunk loads on first visit; the shell stays while it does. */}
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </RouteGuard>
      </Box>
    </Layout>
  );
}
