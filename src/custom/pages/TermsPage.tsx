import { Box, Container, Link, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { useEffect } from "react";
import { Link as RouterLink } from "react-router-dom";
import { TERMS_SECTION_IDS } from "../../i18n/messages/terms";
import { hideSplash } from "../../layout/splash";
import { usePageTitle } from "../../layout/usePageTitle";

/** /terms-of-service: public, shown without loading the session (document 1 sections 2.1 and 9). */
export function TermsPage() {
  const translate = useTranslate();
  usePageTitle(translate("app.terms.title"));
  useEffect(() => hideSplash(), []);
  return (
    <Container component="main" maxWidth="md" sx={{ py: 6 }}>
      <Link component={RouterLink} to="/auth/login">
        <img src="/logo.svg" alt={translate("app.shell.logo_alt")} width={160} height={36} />
      </Link>
      <Typography variant="h3" component="h1" sx={{ mt: 3 }}>
        {translate("app.terms.title")}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {translate("app.terms.updated")}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate("app.terms.intro")}</Typography>
      {TERMS_SECTION_IDS.map((id) => (
        <Box component="section" key={id} sx={{ mt: 3 }}>
          <Typography variant="h6" component="h2">
            {translate(`app.terms.sections.${id}.title`)}
          </Typography>
          <Typography sx={{ mb: 2 }}>{translate(`app.terms.sections.${id}.body`)}</Typography>
        </Box>
      ))}
    </Container>
  );
}
