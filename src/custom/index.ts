import { lazyView, type View } from "../resources/definition";

/** A screen that is not a resource's: its react-router path and its (lazy) view. */
export interface CustomPage {
  path: string;
  view: View;
}

/**
 * The signed-in console's own pages, under /dashboard/<path>, inside the shell and its guards (domain/routeAccess.ts
 * decides who opens each path). Each ships in its own chunk.
 */
export const CONSOLE_PAGES: CustomPage[] = [
  { path: "profile", view: lazyView(() => import("./pages/ProfilePage"), "ProfilePage") },
  // Home (document 1 names the route only): what needs doing in the caller's scope, each figure opening its screen.
  { path: "home", view: lazyView(() => import("./home/HomePage"), "HomePage") },
  { path: "dmr", view: lazyView(() => import("./dmr/DmrPage"), "DmrPage") },
  // The Sub-Agencies screen is the agencies screen listing every agency with its parent (document 3 section 2).
  { path: "subagencies", view: lazyView(() => import("../resources/agencies/AgencyList"), "SubAgencyList") },
  { path: "create-admin-users", view: lazyView(() => import("./admin-users/CreateAdminUsersPage"), "CreateAdminUsersPage") },
  // The policies dashboard (document 2): beside the policies resource's routes, like the not-built screen it replaces.
  // Policy Import, the legacy import (document 2; readings C-04: staff, agents and super admins).
  { path: "policies/policy-import", view: lazyView(() => import("./imports/PolicyImportPage"), "PolicyImportPage") },
  // The CSV Upload tool (issue 16 section 5; super admins): the product's CSV imports in one place.
  { path: "csv-upload", view: lazyView(() => import("./imports/CsvUploadPage"), "CsvUploadPage") },
  { path: "policies/total", view: lazyView(() => import("./dashboards/PoliciesDashboardPage"), "PoliciesDashboardPage") },
  // Coverage snapshot reports (document 3; readings C-42: the screens live under /dashboard/reporting).
  { path: "reporting/*", view: lazyView(() => import("./reporting/ReportingPage"), "ReportingPage") },
  // Worklists and the lapse forecast (issue 17 sections 2 and 3).
  { path: "compliance", view: lazyView(() => import("./compliance/CompliancePage"), "CompliancePage") },
  { path: "policy-support", view: lazyView(() => import("./review/PolicyReviewPage"), "PolicyReviewPage") },
  { path: "merge-users", view: lazyView(() => import("./merge-users/MergeUsersPage"), "MergeUsersPage") },
  // The branding editor (document 3 section 2): form and live preview of an agency's branding profile.
  {
    path: "branding-editor/:profileableType/:profileableId/branding/:brandingId",
    view: lazyView(() => import("../resources/branding_profiles/BrandingEditor"), "BrandingEditor"),
  },
  { path: "integration-health", view: lazyView(() => import("./integration-health/IntegrationHealthPage"), "IntegrationHealthPage") },
];

/** The pages outside the console, shown without a session (document 1 section 2.1). */
export const PUBLIC_PAGES: CustomPage[] = [
  { path: "/auth/login", view: lazyView(() => import("./auth/LoginPage"), "LoginPage") },
  { path: "/auth/forgot-password", view: lazyView(() => import("./auth/ForgotPasswordPage"), "ForgotPasswordPage") },
  { path: "/auth/reset-password/:token", view: lazyView(() => import("./auth/ResetPasswordPage"), "ResetPasswordPage") },
  { path: "/auth/accept-invitation/:token", view: lazyView(() => import("./auth/AcceptInvitationPage"), "AcceptInvitationPage") },
  // A resident's upload link from a compliance reminder (issue 17 section 2): no session, the token is the authority.
  { path: "/upload/:token", view: lazyView(() => import("./upload/ResidentUploadPage"), "ResidentUploadPage") },
  // Public: the authProvider does not load the session on this page.
  { path: "/terms-of-service", view: lazyView(() => import("./pages/TermsPage"), "TermsPage") },
];

/** 'Page not found.' for unknown paths, inside the console and out. */
export const NotFoundPage = lazyView(() => import("./pages/NotFoundPage"), "NotFoundPage");
