import { Box, Card, CardContent, Link, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { useEffect, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { hideSplash } from "../../layout/splash";
import { usePageTitle } from "../../layout/usePageTitle";

/** The frame of the sign-in and password screens; showing one ends the boot splash (readings C-48). */
export function AuthCard({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const translate = useTranslate();
  const title = translate(titleKey);
  usePageTitle(title);
  useEffect(() => hideSplash(), []);
  return (
    <Box component="main" sx={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center", bgcolor: "background.default", p: 2 }}>
      <Card sx={{ width: 400, maxWidth: "100%" }}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ display: "flex", justifyContent: "center", mb: 2 }}>
            <img src="/logo.svg" alt={translate("app.shell.logo_alt")} width={160} height={36} />
          </Box>
          <Typography variant="h5" component="h1" align="center" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

/** The way back to the sign-in screen, under the password screens' forms. */
export function BackToLogin() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, textAlign: "center" }}>
      <Link component={RouterLink} to="/auth/login">
        {translate("app.auth.login.back_to_login")}
      </Link>
    </Box>
  );
}
