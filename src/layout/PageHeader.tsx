import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Box, Breadcrumbs, IconButton, Link, Tooltip, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import type { ReactNode } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { isRouteAllowed } from "../domain/routeAccess";
import { usePreviousRoute } from "./routeHistory";
import { useCurrentUser } from "./useCurrentUser";
import { usePageTitle } from "./usePageTitle";
import { DirectionalIcon } from "./DirectionalIcon";

export interface Crumb {
  label: string;
  to?: string;
}

export interface PageHeaderProps {
  /** i18n key of the title. */
  titleKey: string;
  /** A title already resolved (a record's name); wins over titleKey. */
  title?: string;
  crumbs?: Crumb[];
  /** The current page's name at the end of the breadcrumbs where the spec names it otherwise than the title. */
  crumb?: string;
  actions?: ReactNode;
}

/**
 * A page's header (document 1 section 2.3): breadcrumbs starting from a home link and ending with the current page, a
 * back button only when a previous route exists, and the title (h1), which also goes to the browser tab.
 */
export function PageHeader({ titleKey, title, crumbs = [], crumb, actions }: PageHeaderProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const previous = usePreviousRoute();
  const { user } = useCurrentUser();
  // The home link opens the Home screen where the role has one; otherwise the role's landing (policy support: the queue).
  const home = user && isRouteAllowed(user, "/dashboard/home") ? "/dashboard/home" : "/dashboard";
  const shown = title ?? translate(titleKey);
  usePageTitle(shown);
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 2, mt: 1, flexWrap: "wrap" }}>
      {previous && (
        <Tooltip title={translate("app.shell.page.back")}>
          <IconButton aria-label={translate("app.shell.page.back")} onClick={() => navigate(previous)} size="small">
            <DirectionalIcon icon={ArrowBackIcon} fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Box sx={{ flex: 1 }}>
        <Breadcrumbs aria-label={translate("app.shell.page.breadcrumbs")} sx={{ fontSize: 13 }}>
          <Link component={RouterLink} to={home} underline="hover" color="inherit">
            {translate("app.shell.page.home")}
          </Link>
          {crumbs.map((crumb) =>
            crumb.to ? (
              <Link key={crumb.label} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
                {crumb.label}
              </Link>
            ) : (
              <Typography key={crumb.label} color="text.secondary" sx={{ fontSize: 13 }}>
                {crumb.label}
              </Typography>
            ),
          )}
          <Typography color="text.primary" sx={{ fontSize: 13 }} aria-current="page">
            {crumb ?? shown}
          </Typography>
        </Breadcrumbs>
        <Typography variant="h5" component="h1">
          {shown}
        </Typography>
      </Box>
      {actions}
    </Box>
  );
}
