import { Box, Button, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { useEffect } from "react";
import { Link as RouterLink } from "react-router-dom";
import { hideSplash } from "../../layout/splash";
import { usePageTitle } from "../../layout/usePageTitle";

/** The catch-all and /404 screen (document 1 section 2.1, readings C-24): 'Page not found.' */
export function NotFoundPage() {
  const translate = useTranslate();
  usePageTitle(translate("app.shell.titles.not_found"));
  useEffect(() => hideSplash(), []);
  return (
    <Box sx={{ textAlign: "center", py: 10 }}>
      <Typography variant="h1" component="p" color="text.secondary" sx={{ fontSize: 96, fontWeight: 300 }}>
        404
      </Typography>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate("app.shell.not_found")}
      </Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained" sx={{ mt: 2 }}>
        {translate("app.shell.back_to_dashboard")}
      </Button>
    </Box>
  );
}
