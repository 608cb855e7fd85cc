import { LinearProgress } from "@mui/material";
import { useLoading, useTranslate } from "react-admin";
import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";

const NAVIGATION_MS = 300;

/** The thin progress bar along the top of the window during navigation and while data loads (document 1 section 2.3). */
export function NavigationProgress() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const loading = useLoading();
  const [navigating, setNavigating] = useState(false);
  useEffect(() => {
    setNavigating(true);
    const timer = setTimeout(() => setNavigating(false), NAVIGATION_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
  if (!navigating && !loading) return null;
  return (
    <LinearProgress
      aria-label={translate("app.shell.page.loading")}
      sx={{ position: "fixed", top: 0, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    />
  );
}
