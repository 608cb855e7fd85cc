import { Box } from "@mui/material";
import { Authenticated, Layout, Loading, type LayoutProps } from "react-admin";
import { Suspense, useEffect } from "react";
import { useTrackActiveMenuRoute } from "./activeMenuRoute";
import { NavigationProgress } from "./NavigationProgress";
import { NewPlatformBanner } from "./NewPlatformBanner";
import { useTrackRouteHistory } from "./routeHistory";
import { RouteGuard } from "./RouteGuard";
import { SideMenu } from "./SideMenu";
import { hideSplash } from "./splash";
import { TopBar } from "./TopBar";

/**
 * The signed-in shell: top bar, side menu, new-platform banner, progress bar, and the guards around every page.
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

function Shell({ children }: LayoutProps) {
  useTrackRouteHistory();
  useTrackActiveMenuRoute();
  // The session check is done: the boot splash fades out (readings C-48).
  useEffect(() => hideSplash(), []);
  return (
    <Layout appBar={TopBar} menu={SideMenu}>
      <NavigationProgress />
      <NewPlatformBanner />
      <Box sx={{ px: { xs: 1, sm: 2 }, pb: 4 }}>
        <RouteGuard>
          {/* A screen's chunk loads on first visit; the shell stays while it does. */}
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </RouteGuard>
      </Box>
    </Layout>
  );
}
