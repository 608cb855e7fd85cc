import { Box, Button, Card, CardContent, Typography } from "@mui/material";
import { useTranslate } from "react-admin";

export interface BrandingLook {
  title: string;
  primary_color?: string | null;
  secondary_color?: string | null;
  logo_url?: string | null;
  contact_phone?: string | null;
  contact_email?: string | null;
  footer_text?: string | null;
  url?: string | null;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
/** A colour half typed ("#1d4") keeps the last whole one, so the preview never flashes to nothing while typing. */
export const usableColor = (value: string | null | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);

/**
 * What a lead sees of an agency's branding (reference 3.1): a mock landing header with the logo on the primary
 * colour, a quote card whose button takes the secondary colour, and the contact texts at the foot. The editor feeds
 * it the form's values as they are typed; the branding page and the tracking URL page its saved ones.
 */
export function BrandingPreview({ look, compact = false }: { look: BrandingLook; compact?: boolean }) {
  const translate = useTranslate();
  const primary = usableColor(look.primary_color, "#1d4e89");
  const secondary = usableColor(look.secondary_color, "#0f766e");
  const t = (key: string, options?: Record<string, unknown>) => translate(`resources.branding_profiles.preview.${key}`, options);
  return (
    <Box
      role="region"
      aria-label={translate("resources.branding_profiles.page.preview")}
      data-primary={primary}
      data-secondary={secondary}
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, overflow: "hidden", bgcolor: "#f4f6f9" }}
    >
      <Box data-testid="preview-header" sx={{ bgcolor: primary, color: "#fff", px: 2, py: compact ? 1 : 1.5, display: "flex", alignItems: "center", gap: 2 }}>
        {look.logo_url ? (
          <Box component="img" src={look.logo_url} alt={look.title} sx={{ maxHeight: compact ? 28 : 40, maxWidth: 160, bgcolor: "#fff", borderRadius: 0.5, p: 0.25 }} />
        ) : (
          <Typography variant="h6" component="div" sx={{ fontWeight: 700 }}>
            {look.title}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {look.url ? (
          <Typography variant="caption" sx={{ opacity: 0.85 }}>
            {look.url}
          </Typography>
        ) : null}
      </Box>
      {compact ? null : (
        <Box sx={{ p: 2 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" sx={{ color: primary }}>
                {t("headline")}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t("body", { price: "$9" })}
              </Typography>
              <Button variant="contained" disableElevation data-testid="preview-button" sx={{ bgcolor: secondary, "&:hover": { bgcolor: secondary } }} tabIndex={-1}>
                {t("get_quote")}
              </Button>
            </CardContent>
          </Card>
        </Box>
      )}
      <Box data-testid="preview-footer" sx={{ borderTop: 4, borderColor: secondary, px: 2, py: 1, bgcolor: "#fff" }}>
        {look.contact_phone || look.contact_email ? (
          <Typography variant="body2">{t("contact", { phone: look.contact_phone || "—", email: look.contact_email || "—" })}</Typography>
        ) : null}
        {look.footer_text ? (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "pre-line" }}>
            {look.footer_text}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
