import { Alert, Link } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import type { AppDataProvider } from "../dataProvider";
import { runtimeConfig } from "./runtimeConfig";

/** The new platform's address with the session token, or without it when the session-persist call fails. */
export async function newPlatformLink(url: string, sessionPersist: () => Promise<string>): Promise<string> {
  const link = new URL(url, window.location.href);
  try {
    link.searchParams.set("token", await sessionPersist());
  } catch (error) {
    console.error("The session-persist call failed; the new platform opens without a token.", error);
  }
  return link.toString();
}

/** Opening the link in the same window; an object so tests can replace it (jsdom cannot leave the page). */
export const browser = { open: (url: string) => window.location.assign(url) };

/**
 * The new-platform banner (document 1 section 1): shown only when the newer platform's address is configured; the
 * link opens in the same window.
 */
export function NewPlatformBanner() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { newPlatformUrl } = runtimeConfig();
  if (!newPlatformUrl) return null;

  const open = async () => {
    browser.open(await newPlatformLink(newPlatformUrl, () => dataProvider.sessionPersist()));
  };

  return (
    <Alert severity="info" icon={false} sx={{ borderRadius: 0, justifyContent: "center", py: 0 }}>
      <Link component="button" onClick={open} underline="always">
        {translate("app.shell.banner")}
      </Link>
    </Alert>
  );
}
