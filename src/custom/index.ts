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
  { path: "dmr", view: lazyView(() => import("./dmr/DmrPage"), "DmrPage") },
  // The Sub-Agencies screen is the agencies screen listing every agency with its parent (document 3 section 2).
  { path: "subagencies", view: lazyView(() => import("../resources/agencies/AgencyList"), "SubAgencyList") },
  { path: "create-admin-users", view: lazyView(() => import("./admin-users/CreateAdminUsersPage"), "CreateAdminUsersPage") },
  { path: "policy-support", view: lazyView(() => import("./review/PolicyReviewPage"), "PolicyReviewPage") },
];

/** The pages outside the console, shown without a session (document 1 section 2.1). */
export const PUBLIC_PAGES: CustomPage[] = [
  { path: "/auth/login", view: lazyView(() => import("./auth/LoginPage"), "LoginPage") },
  { path: "/auth/forgot-password", view: lazyView(() => import("./auth/ForgotPasswordPage"), "ForgotPasswordPage") },
  { path: "/auth/reset-password/:token", view: lazyView(() => import("./auth/ResetPasswordPage"), "ResetPasswordPage") },
  { path: "/auth/accept-invitation/:token", view: lazyView(() => import("./auth/AcceptInvitationPage"), "AcceptInvitationPage") },
  // Public: the authProvider does not load the session on this page.
  { path: "/terms-of-service", view: lazyView(() => import("./pages/TermsPage"), "TermsPage") },
];

/** 'Page not found.' for unknown paths, inside the console and out. */
export const NotFoundPage = lazyView(() => import("./pages/NotFoundPage"), "NotFoundPage");
