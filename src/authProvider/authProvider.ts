import type { AuthProvider, UserIdentity } from "react-admin";
import { canAccess as domainCanAccess } from "../domain/access";
import { setSelectedAgencyId } from "../dataProvider/agencySelection";
import type { HttpClient } from "../dataProvider/httpClient";
import {
  classifyAuthFailure,
  LOGIN_PATH,
  loginPath,
  permissionNotEnabledNotification,
  PROFILE_PATH,
  safeReturnUrl,
  sessionExpiredNotification,
  tokenExpiredNotification,
  type NotificationSpec,
} from "../dataProvider/httpErrors";
import { browserStorage, clearSession, getStoredUser, hasAccessToken, isTokenExpired, setStoredUser } from "../dataProvider/session";
import type { StaffUser } from "../dataProvider/types";
import { authMessages } from "../i18n/messages/auth";
import { emitAppNotification, forgetCarriedNotifications } from "./notificationBus";

/**
 * The session of document 1 section 4 over the devise_token_auth contract (docs/API.md):
 * - login: POST /staff/auth/sign_in; the token comes from the `access-token` header (a 2xx without it is a
 *   refused sign-in); headers and the user are stored.
 * - checkAuth: the stored token is validated once per app start (GET /staff/auth/validate_token); later checks read
 *   the stored state. /terms-of-service and a resident's /upload/:token page never load the session. Not signed in → /auth/login?return_url=<here>.
 * - logout: DELETE /staff/auth/sign_out, whose failure counts as success; every stored key goes.
 * - checkError: the 401 rules of the error catalogue (dataProvider/httpErrors.ts).
 * - canAccess: the one table in domain/access.ts.
 */
export interface AuthProviderOptions {
  httpClient: HttpClient;
  storage?: Storage;
  /** Where the app is (pathname + search); window.location by default. */
  location?: () => { pathname: string; search: string };
  /**
   * Shows a catalogue notification; answers false when nothing can show it (react-admin then shows `message`).
   * `carry`: the message outlives the move to the sign-in page.
   */
  notify?: (spec: NotificationSpec, options?: { carry?: boolean }) => boolean;
}

const PUBLIC_PATHS = ["/terms-of-service", "/upload/"];
const INVALID_CREDENTIALS = authMessages.invalid_credentials;

type Validation = { user: StaffUser | null; expired: boolean };

export interface AppAuthProvider extends AuthProvider {
  getIdentity: NonNullable<AuthProvider["getIdentity"]>;
  getPermissions: NonNullable<AuthProvider["getPermissions"]>;
  canAccess: NonNullable<AuthProvider["canAccess"]>;
  getCurrentUser(): StaffUser | null;
  /** Replaces the stored user (profile update). */
  setCurrentUser(user: StaffUser): void;
}

function signInFailure(error: unknown): Error {
  const { status, body } = (error ?? {}) as { status?: number; body?: { errors?: unknown; message?: unknown } };
  const first = Array.isArray(body?.errors) && typeof body.errors[0] === "string" ? body.errors[0] : null;
  if (first) return new Error(first);
  if (status === 429 && typeof body?.message === "string" && body.message) return new Error(body.message);
  return new Error(INVALID_CREDENTIALS);
}

export function createAuthProvider({
  httpClient,
  storage = browserStorage(),
  location = () => globalThis.location,
  notify = emitAppNotification,
}: AuthProviderOptions): AppAuthProvider {
  let validation: Promise<Validation> | null = null;
  let expiredNoticePending = false;

  const currentUrl = () => {
    const { pathname, search } = location();
    return `${pathname}${search}`;
  };

  const signedIn = () => hasAccessToken(storage) && getStoredUser(storage) !== null;

  const endSession = () => {
    clearSession(storage);
    setSelectedAgencyId(null, storage);
  };

  async function validateStoredToken(): Promise<Validation> {
    if (!hasAccessToken(storage)) {
      endSession();
      return { user: null, expired: false };
    }
    try {
      const response = await httpClient<{ data?: StaffUser }>("/staff/auth/validate_token", { prefix: false });
      const user = response.json?.data;
      if (!user) throw new Error("validate_token answered no user");
      setStoredUser(storage, user);
      return { user, expired: false };
    } catch {
      endSession();
      return { user: null, expired: true };
    }
  }

  /** The validation of this start (once); every reader of the user waits for it, so none reads the user stored before. */
  const validated = (): Promise<Validation> => {
    if (!validation) {
      validation = validateStoredToken().then((result) => {
        if (result.expired) expiredNoticePending = true;
        return result;
      });
    }
    return validation;
  };

  const onPublicPage = () => PUBLIC_PATHS.some((path) => location().pathname.startsWith(path));

  /** The signed-in user as validate_token answered it (document 1 section 4); the terms page never loads the session. */
  const currentUser = async (): Promise<StaffUser | null> => {
    if (!onPublicPage()) await validated();
    return getStoredUser(storage);
  };

  const rejectToLogin = () => {
    // The expired-token message shows once, on the first refusal after validation failed (document 1 section 8).
    let message: string | false = false;
    if (expiredNoticePending) {
      expiredNoticePending = false;
      if (!notify(tokenExpiredNotification, { carry: true })) message = tokenExpiredNotification.message;
    }
    return Promise.reject({ redirectTo: loginPath(currentUrl()), message });
  };

  const provider: AppAuthProvider = {
    async login(params: { email?: string; username?: string; password?: string }) {
      const email = params.email ?? params.username ?? "";
      endSession();
      let response;
      try {
        response = await httpClient<{ data?: StaffUser }>("/staff/auth/sign_in", {
          method: "POST",
          prefix: false,
          body: { email, password: params.password ?? "" },
        });
      } catch (error) {
        throw signInFailure(error);
      }
      const user = response.json?.data;
      // A sign-in answer without the access-token header is a 401 (document 1 section 4).
      if (!response.headers.get("access-token") || !user) {
        endSession();
        throw new Error(INVALID_CREDENTIALS);
      }
      setStoredUser(storage, user);
      validation = Promise.resolve({ user, expired: false });
      expiredNoticePending = false;
      forgetCarriedNotifications();
      return { redirectTo: safeReturnUrl(location().search) ?? "/dashboard" };
    },

    async checkAuth() {
      if (onPublicPage()) return;
      await validated();
      if (signedIn() && !isTokenExpired(storage)) return;
      if (signedIn()) {
        // The stored expiry passed since the validation: the token is expired too.
        endSession();
        expiredNoticePending = true;
      }
      return rejectToLogin();
    },

    async logout() {
      const hadSession = hasAccessToken(storage);
      if (hadSession) {
        try {
          await httpClient("/staff/auth/sign_out", { method: "DELETE", prefix: false });
        } catch {
          // Sign-out failures are swallowed as success (document 1 section 8).
        }
      }
      endSession();
      validation = Promise.resolve({ user: null, expired: false });
      // Signing out goes to /auth/login; a visitor without a session (react-admin's guard logs them "out") keeps
      // the page they asked for as return_url (document 1 section 4, route guard).
      return hadSession ? LOGIN_PATH : loginPath(currentUrl());
    },

    async checkError(error) {
      const failure = classifyAuthFailure(error);
      if (failure === "permission_not_enabled") {
        const shown = notify(permissionNotEnabledNotification);
        return Promise.reject({ logoutUser: false, redirectTo: PROFILE_PATH, message: shown ? false : permissionNotEnabledNotification.message });
      }
      if (failure === "session_expired") {
        const shown = notify(sessionExpiredNotification, { carry: true });
        return Promise.reject({ redirectTo: loginPath(currentUrl()), message: shown ? false : sessionExpiredNotification.message });
      }
    },

    // The menu, guards, user dropdown and agency label read the user through these three: each waits for the start's
    // validate_token, so a changed role or permission list applies on this load, not the next.
    async getIdentity(): Promise<UserIdentity> {
      const user = await currentUser();
      if (!user) throw new Error("Not signed in");
      return {
        id: user.id,
        fullName: user.profile_attributes?.full_name || user.email,
        email: user.email,
        role: user.role,
        organizable: user.organizable ?? null,
        organizable_type: user.organizable_type,
        organizable_id: user.organizable_id,
      };
    },

    async getPermissions() {
      return currentUser();
    },

    async canAccess({ resource, action }) {
      return domainCanAccess(await currentUser(), { resource, action });
    },

    getCurrentUser: () => getStoredUser(storage),
    setCurrentUser: (user) => setStoredUser(storage, user),
  };
  return provider;
}
