import { CacheProvider } from "@emotion/react";
import { Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { Admin, AdminContext, CustomRoutes, Loading, Resource, type AuthProvider, type DataProvider, type I18nProvider, type Store } from "react-admin";
import { BrowserRouter, Navigate, Outlet, Route, Routes } from "react-router-dom";
import { AppNotification, authProvider as appAuthProvider } from "./authProvider";
import { CONSOLE_PAGES, NotFoundPage, PUBLIC_PAGES } from "./custom";
import { createQueryClient, onDataChanged } from "./dataProvider/queryClient";
import { dataProvider as appDataProvider } from "./dataProvider";
import { PRODUCT_NAME } from "./domain/constants";
import { i18nProvider as appI18nProvider } from "./i18n";
import { AppLayout } from "./layout/AppLayout";
import { directionCache } from "./layout/rtl";
import { useShellSettingsValue } from "./layout/shellSettings";
import { THEMES, ThemeNameProvider, useThemeName } from "./layout/themes";
import { RESOURCES, routesOf } from "./resources";
import { resourcePath } from "./resources/paths";

export interface AppProviders {
  dataProvider: DataProvider;
  authProvider: AuthProvider;
  i18nProvider: I18nProvider;
  /** react-admin's store; its localStorage store when omitted. */
  store?: Store;
}

const LANDING = "/dashboard/leads";
const Landing = () => <Navigate to={LANDING} replace />;

/**
 * Each resource definition's screens, and what its root shows (and any path under it that matches none): its ""
 * route, or its list's URL.
 */
const MOUNTED = RESOURCES.map((resource) => {
  const routes = routesOf(resource);
  const ToList = () => <Navigate to={resourcePath.browse(resource.name)} replace />;
  const Root = routes.find(({ path }) => path === "")?.view ?? (resource.list ? ToList : undefined);
  return { resource, Root, routes: routes.filter(({ path }) => path !== "") };
});

/** One resource definition as a react-admin <Resource> at /dashboard/<name>, its screens as child routes. */
function resourceElement({ resource, Root, routes }: (typeof MOUNTED)[number]) {
  return (
    <Resource
      key={resource.name}
      name={resource.name}
      list={Root}
      hasShow={Boolean(resource.show)}
      hasEdit={Boolean(resource.edit)}
      hasCreate={Boolean(resource.create)}
      icon={resource.icon}
      recordRepresentation={resource.recordRepresentation}
    >
      {routes.map(({ path, view: View }) => (
        <Route key={path} path={path} element={<View />} />
      ))}
    </Resource>
  );
}

/**
 * The screens outside the signed-in shell (sign-in, password reset, terms, 404) share one react-admin context, so a
 * notification survives going from one to the next (reset password → sign-in).
 */
function PublicShell(providers: AppProviders) {
  const { themeName } = useThemeName();
  return (
    <AdminContext {...providers} theme={THEMES[themeName]} darkTheme={null}>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
      <AppNotification />
    </AdminContext>
  );
}

/**
 * The signed-in shell's theme and direction: the chosen style, right-to-left when the user chose it (document 1
 * section 2.3): the page's dir, the theme's direction and a style cache that mirrors physical sides (layout/rtl.ts).
 */
function useShellTheme() {
  const { themeName } = useThemeName();
  const { rtl } = useShellSettingsValue();
  useEffect(() => {
    document.documentElement.dir = rtl ? "rtl" : "ltr";
    return () => {
      document.documentElement.dir = "ltr";
    };
  }, [rtl]);
  const theme = useMemo(() => ({ ...THEMES[themeName], direction: rtl ? ("rtl" as const) : ("ltr" as const) }), [themeName, rtl]);
  return { theme, rtl };
}

function Direction({ rtl, children }: { rtl: boolean; children: ReactNode }) {
  return <CacheProvider value={directionCache(rtl)}>{children}</CacheProvider>;
}

/**
 * The signed-in console under /dashboard (document 1 section 2.2). Its layout holds the guards: the login guard
 * (without a session the authProvider sends the user to /auth/login?return_url=<here>), then the role, permission
 * and policy-support guards around every page.
 */
function Console(providers: AppProviders) {
  const { theme, rtl } = useShellTheme();
  // One cache per signed-in console (a sign-out unmounts it): reads stay fresh a while, any change invalidates them.
  const [queryClient] = useState(createQueryClient);
  useEffect(() => onDataChanged(() => void queryClient.invalidateQueries()), [queryClient]);
  return (
    <Direction rtl={rtl}>
      <Admin
        {...providers}
        queryClient={queryClient}
        basename="/dashboard"
        title={PRODUCT_NAME}
        layout={AppLayout}
        theme={theme}
        darkTheme={null}
        dashboard={Landing}
        catchAll={NotFoundPage}
        notification={AppNotification}
        loginPage={false}
        disableTelemetry
      >
        {MOUNTED.map(resourceElement)}
        <CustomRoutes>
          {CONSOLE_PAGES.map(({ path, view: View }) => (
            <Route key={path} path={`/${path}`} element={<View />} />
          ))}
        </CustomRoutes>
      </Admin>
    </Direction>
  );
}

/**
 * /404 and every unknown path outside /dashboard (document 1 section 2.1: behind the login guard): 'Page not found.'
 * inside the signed-in shell, with its menus, so a signed-in user who was refused a page or followed a dead link can
 * go on from there. Without a session the layout's login guard sends to the sign-in page with the return_url.
 */
function ShellNotFound(providers: AppProviders) {
  const { theme, rtl } = useShellTheme();
  const [queryClient] = useState(createQueryClient);
  return (
    <Direction rtl={rtl}>
      <Admin
        {...providers}
        queryClient={queryClient}
        title={PRODUCT_NAME}
        layout={AppLayout}
        theme={theme}
        darkTheme={null}
        catchAll={NotFoundPage}
        notification={AppNotification}
        loginPage={false}
        disableTelemetry
      >
        <CustomRoutes>
          <Route path="/404" element={<NotFoundPage />} />
        </CustomRoutes>
      </Admin>
    </Direction>
  );
}

/** Every top-level route of document 1 section 2.1. */
function AppRoutes(providers: AppProviders) {
  return (
    <Routes>
      <Route element={<PublicShell {...providers} />}>
        {PUBLIC_PAGES.map(({ path, view: View }) => (
          <Route key={path} path={path} element={<View />} />
        ))}
      </Route>
      <Route path="*" element={<ShellNotFound {...providers} />} />
      <Route path="/" element={<Landing />} />
      <Route path="/dashboard/*" element={<Console {...providers} />} />
    </Routes>
  );
}

const APP_PROVIDERS: AppProviders = { dataProvider: appDataProvider, authProvider: appAuthProvider, i18nProvider: appI18nProvider };

/** The console with real URLs. Tests pass fake providers. */
export function App({ providers = APP_PROVIDERS }: { providers?: AppProviders }) {
  return (
    <ThemeNameProvider>
      {/*
        Navigations commit at once, not as transitions: a failed session check signs out (which resets react-admin's
        queries) and navigates in the same tick, and a navigation kept pending by those updates would never land.
      */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes {...providers} />
      </BrowserRouter>
    </ThemeNameProvider>
  );
}
