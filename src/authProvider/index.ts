import { httpClient } from "../dataProvider";
import { createAuthProvider } from "./authProvider";

/** The console's authProvider over the shared httpClient and localStorage. */
export const authProvider = createAuthProvider({ httpClient });

/** The signed-in staff, read synchronously from storage (null when signed out). */
export const getCurrentUser = () => authProvider.getCurrentUser();

export { createAuthProvider, type AppAuthProvider, type AuthProviderOptions } from "./authProvider";
export { loginPath, safeReturnUrl, PROFILE_PATH, LOGIN_PATH } from "../dataProvider/httpErrors";
export { AppNotification, AppNotificationBridge, CloseNotificationButton, useNotifyHttpError, useNotifySpec } from "./AppNotification";
export { emitAppNotification, subscribeAppNotifications } from "./notificationBus";
