import { Admin, AdminContext, Authenticated, CustomRoutes, Resource, type AuthProvider, type DataProvider, type I18nProvider, type Store } from "react-admin";
import { BrowserRouter, Navigate, Outlet, Route, Routes } from "react-router-dom";
import { AppNotification, authProvider as appAuthProvider } from "./authProvider";
import { ForgotPasswordPage } from "./custom/auth/ForgotPasswordPage";
import { LoginPage } from "./custom/auth/LoginPage";
import { ResetPasswordPage } from "./custom/auth/ResetPasswordPage";
import { AREA_REDIRECTS, NOT_BUILT_ROUTES } from "./custom/pages/notBuiltRoutes";
import { NotBuiltYetPage } from "./custom/pages/NotBuiltYetPage";
import { NotFoundPage } from "./custom/pages/NotFoundPage";
import { DmrPage } from "./custom/dmr/DmrPage";
import { PolicyReviewPage } from "./custom/review/PolicyReviewPage";
import { ProfilePage } from "./custom/pages/ProfilePage";
import { TermsPage } from "./custom/pages/TermsPage";
import { dataProvider as appDataProvider } from "./dataProvider";
import { PRODUCT_NAME } from "./domain/constants";
import { i18nProvider as appI18nProvider } from "./i18n";
import { AppLayout } from "./layout/AppLayout";
import { THEMES, ThemeNameProvider, useThemeName } from "./layout/themes";
import { PolicyList } from "./resources/policies/browse";
import { PolicyShow } from "./resources/policies/show";
import { UploadCoverageProofPage } from "./resources/policies/coverage-proof";
import { ChangeRequestList, RefundRequestList } from "./resources/change-requests";
import staff from "./resources/staff";
import users from "./resources/users";

export interface AppProviders {
  dataProvider: DataProvider;
  authProvider: AuthProvider;
  i18nProvider: I18nProvider;
  /** react-admin's store; its localStorage store when omitted. */
  store?: Store;
}

const LANDING = "/dashboard/leads";
const UsersIndex = () => <Navigate to="/dashboard/users/browse" replace />;
const StaffIndex = () => <Navigate to="/dashboard/staff/browse" replace />;
const PoliciesIndex = () => <Navigate to="/dashboard/policies/browse" replace />;
const Landing = () => <Navigate to={LANDING} replace />;

/**
 * The screens outside the signed-in shell (sign-in, password reset, terms, 404) share one react-admin context, so a
 * notification survives going from one to the next (reset password → sign-in).
 */
function PublicShell(providers: AppProviders) {
  const { themeName } = useThemeName();
  return (
    <AdminContext {...providers} theme={THEMES[themeName]} darkTheme={null}>
      <Outlet />
      <AppNotification />
    </AdminContext>
  );
}

/**
 * The signed-in console under /dashboard (document 1 section 2.2). Its layout holds the guards: the login guard
 * (without a session the authProvider sends the user to /auth/login?return_url=<here>), then the role, permission
 * and policy-support guards around every page.
 */
function Console(providers: AppProviders) {
  const { themeName } = useThemeName();
  return (
    <Admin
      {...providers}
      basename="/dashboard"
      title={PRODUCT_NAME}
      layout={AppLayout}
      theme={THEMES[themeName]}
      darkTheme={null}
      dashboard={Landing}
      catchAll={NotFoundPage}
      notification={AppNotification}
      loginPage={false}
      disableTelemetry
    >
      <Resource name="users" list={UsersIndex} hasShow hasEdit icon={users.icon} recordRepresentation={users.recordRepresentation}>
        <Route path="browse" element={<users.list />} />
        <Route path="view/:id" element={<users.show />} />
        <Route path="view/:id/edit" element={<users.edit />} />
      </Resource>
      <Resource name="policies" list={PoliciesIndex} hasShow>
        <Route path="browse" element={<PolicyList />} />
        <Route path="view/:id/*" element={<PolicyShow />} />
        <Route path="upload-coverage-proof" element={<UploadCoverageProofPage />} />
      </Resource>
      <Resource name="change-requests" list={ChangeRequestList}>
        <Route path="refunds/browse" element={<RefundRequestList />} />
      </Resource>
      <Resource name="staff" list={StaffIndex} hasShow icon={staff.icon} recordRepresentation={staff.recordRepresentation}>
        <Route path="browse" element={<staff.list />} />
        <Route path="view/:id" element={<staff.show />} />
      </Resource>
      <CustomRoutes>
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/dmr" element={<DmrPage />} />
        <Route path="/policy-support" element={<PolicyReviewPage />} />
        {AREA_REDIRECTS.map(({ path, to }) => (
          <Route key={path} path={`/${path}`} element={<Navigate to={to} replace />} />
        ))}
        {NOT_BUILT_ROUTES.map(({ path, titleKey, crumbs }) => (
          <Route key={path} path={`/${path}`} element={<NotBuiltYetPage titleKey={titleKey} crumbs={crumbs} />} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}

/** Every top-level route of document 1 section 2.1. */
function AppRoutes(providers: AppProviders) {
  return (
    <Routes>
      <Route element={<PublicShell {...providers} />}>
        <Route path="/auth/login" element={<LoginPage />} />
        <Route path="/auth/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/auth/reset-password/:token" element={<ResetPasswordPage />} />
        {/* Public: the authProvider does not load the session on this page. */}
        <Route path="/terms-of-service" element={<TermsPage />} />
        {/* /404 and every unknown path: 'Page not found.', behind the login guard. */}
        <Route
          path="*"
          element={
            <Authenticated>
              <NotFoundPage />
            </Authenticated>
          }
        />
      </Route>
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
