import type { ReactNode } from "react";
import EditIcon from "@mui/icons-material/Edit";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Typography,
} from "@mui/material";
import { Loading, useCanAccess, useGetOne, useTranslate } from "react-admin";
import { Link as RouterLink, useParams } from "react-router-dom";
import { formatLongDate } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { YesNo } from "../common";
import { resourcePath } from "../paths";
import { BrandingPreview } from "./BrandingPreview";
import { brandingPaths } from "./paths";
import type { BrandingProfile } from "./types";

const Item = ({ field, children }: { field: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(`resources.branding_profiles.fields.${field}`)}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: "anywhere" }}>
        {children === null || children === undefined || children === ""
          ? "—"
          : children}
      </Typography>
    </Box>
  );
};

const Swatch = ({ color }: { color: string }) => (
  <Box
    component="span"
    sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}
  >
    <Box
      component="span"
      aria-hidden
      sx={{
        width: 18,
        height: 18,
        borderRadius: 0.5,
        bgcolor: color,
        border: 1,
        borderColor: "divider",
      }}
    />
    <code>{color}</code>
  </Box>
);

/** agencies/{agencyId}/branding/{brandingId}: what the agency's branding sets, its logo, the preview, and Edit. */
export const BrandingPage = () => {
  const translate = useTranslate();
  const { agencyId = "", brandingId = "" } = useParams();
  const {
    data: profile,
    isPending,
    error,
  } = useGetOne<BrandingProfile>("branding_profiles", {
    id: Number(brandingId),
  });
  const { canAccess: canEdit } = useCanAccess({
    resource: "branding_profiles",
    action: "edit",
  });
  const crumbs = [
    {
      label: translate("app.shell.titles.agencies"),
      to: resourcePath.browse("agencies"),
    },
    ...(profile
      ? [
          {
            label: profile.agency_title,
            to: resourcePath.view("agencies", profile.agency_id),
          },
        ]
      : []),
  ];
  if (isPending) return <Loading />;
  if (error || !profile || String(profile.agency_id) !== agencyId) {
    return (
      <>
        <PageHeader titleKey="app.shell.titles.branding" crumbs={crumbs} />
        <Alert severity="warning">
          {translate("resources.branding_profiles.not_found")}
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.branding"
        title={`${translate("app.shell.titles.branding")}: ${profile.agency_title}`}
        crumbs={crumbs}
        actions={
          canEdit ? (
            <Button
              component={RouterLink}
              to={brandingPaths.editor(profile.agency_id, profile.id)}
              startIcon={<EditIcon />}
              variant="contained"
            >
              {translate("resources.branding_profiles.actions.edit")}
            </Button>
          ) : null
        }
      />
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "1fr", md: "minmax(260px, 1fr) 2fr" },
          gap: 2,
        }}
      >
        <Card>
          <CardContent>
            <Typography variant="subtitle1" sx={{ mb: 1 }}>
              {translate("resources.branding_profiles.page.details")}
            </Typography>
            <Item field="logo">
              {profile.logo ? (
                <Box
                  component="img"
                  src={profile.logo.url}
                  alt={translate("resources.branding_profiles.fields.logo")}
                  sx={{ maxHeight: 64, maxWidth: 220, display: "block" }}
                />
              ) : (
                translate("resources.branding_profiles.page.no_logo")
              )}
            </Item>
            <Item field="primary_color">
              <Swatch color={profile.primary_color} />
            </Item>
            <Item field="secondary_color">
              <Swatch color={profile.secondary_color} />
            </Item>
            <Item field="contact_phone">{profile.contact_phone}</Item>
            <Item field="contact_email">{profile.contact_email}</Item>
            <Item field="footer_text">{profile.footer_text}</Item>
            <Item field="url">{profile.url}</Item>
            <Item field="enabled">
              <YesNo value={profile.enabled} />
            </Item>
            <Item field="updated_at">{formatLongDate(profile.updated_at)}</Item>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="subtitle1" sx={{ mb: 1 }}>
              {translate("resources.branding_profiles.page.preview")}
            </Typography>
            <BrandingPreview
              look={{ ...profile, title: profile.agency_title }}
            />
          </CardContent>
        </Card>
      </Box>
    </>
  );
};
