import { PRODUCT_NAME } from "../domain/constants";

/** The support address the top bar's email link uses when the server configures none (readings C-47: neutral). */
export const DEFAULT_SUPPORT_EMAIL = `support@${PRODUCT_NAME.toLowerCase()}.test`;

/** Settings the server injects into index.html (server/app.ts), with build-time fallbacks for `vite` and tests. */
export interface RuntimeConfig {
  newPlatformUrl: string | null;
  supportEmail: string;
  production: boolean;
}

declare global {
  interface Window {
    __COVERDESK_CONFIG__?: Partial<RuntimeConfig>;
  }
}

export function runtimeConfig(): RuntimeConfig {
  const injected = typeof window === "undefined" ? {} : (window.__COVERDESK_CONFIG__ ?? {});
  return {
    newPlatformUrl: injected.newPlatformUrl || import.meta.env.VITE_NEW_PLATFORM_URL || null,
    supportEmail: injected.supportEmail || DEFAULT_SUPPORT_EMAIL,
    // The server knows whether it runs in production; a console served by `vite` uses its build mode.
    production: injected.production ?? import.meta.env.PROD,
  };
}
