import { Alert, Box, Card, CardActionArea, CardContent, Skeleton, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { useLoaded } from "../../resources/common/useRequest";

const k = (key: string) => `app.compliance.dashboard.forecast.${key}`;

/** A figure that opens the screen where it is acted on; `value` undefined while loading, null when it failed. */
export function FigureTile({ label, value, to }: { label: string; value: string | undefined | null; to: string }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={to} aria-label={translate("app.home.open", { name: label })} sx={{ height: "100%" }}>
        <CardContent>
          <Typography variant="caption" color="text.secondary" component="div">
            {label}
          </Typography>
          {value === undefined ? (
            <Skeleton width={64} height={40} />
          ) : (
            <Typography variant="h4" component="div" title={value === null ? translate("app.home.failed") : undefined}>
              {/* Isolated: right to left, "84.5 %" would read "% 84.5". */}
              <bdi>{value ?? "—"}</bdi>
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export const percent = (share: number | null) => (share === null ? "—" : `${(share * 100).toFixed(1)} %`);

interface Figure {
  days: number;
  share: number | null;
}

/**
 * The covered share of lived-in units in the caller's scope, today and in 30, 60 and 90 days (issue 17 section 3), as
 * four tiles; each opens the Compliance screen on the units behind its number.
 */
export function CoveredShareTiles() {
  const translate = useTranslate();
  const { rows: forecast, failed } = useLoaded<{ total: Figure[] }>("/compliance/forecast");
  if (failed) return <Alert severity="error">{translate("app.home.failed")}</Alert>;
  const figures: Array<{ days: number; share: number | null | undefined }> = forecast?.total ?? [0, 30, 60, 90].map((days) => ({ days, share: undefined }));
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" } }}>
      {figures.map((f) => (
        <FigureTile
          key={f.days}
          label={f.days === 0 ? translate(k("today")) : translate(k("in_days"), { days: f.days })}
          value={f.share === undefined ? undefined : percent(f.share)}
          to={`/dashboard/compliance?view=forecast&days=${f.days}`}
        />
      ))}
    </Box>
  );
}

/** The covered-share tiles under a heading and its explanation: Home, the leads landing page and Reporting show it. */
export function CoveredShareSection() {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="covered-share">
      <Typography id="covered-share" variant="h6" component="h2">
        {translate("app.home.coverage")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate("app.home.coverage_explain")}
      </Typography>
      <CoveredShareTiles />
    </Box>
  );
}
