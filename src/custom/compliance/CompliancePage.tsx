import { Alert, Box, Card, CardContent, CircularProgress, Link, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { PageHeader } from "../../layout/PageHeader";
import { resourcePath } from "../../resources/paths";
import { useLoaded } from "../../resources/common/useRequest";
import { WORKLISTS, Worklist } from "./Worklist";

const VIEWS = ["forecast", ...WORKLISTS] as const;
type View = (typeof VIEWS)[number];
const k = (key: string) => `app.compliance.dashboard.${key}`;

interface Figure {
  days: number;
  date: string;
  occupied: number;
  covered: number;
  lapsing: number;
  expected: number;
  share: number | null;
}
interface Forecast {
  today: string;
  renewal: { ended: number; renewed: number; rate: number | null };
  total: Figure[];
  accounts: Array<{ id: number; title: string; renewal?: { rate: number | null }; figures: Figure[] }>;
  communities: Array<{ id: number; title: string | null; figures: Figure[] }>;
  units: Array<{ unit_id: number; title: string; community_title: string | null; state: Record<string, "covered" | "lapsing" | "uncovered"> }>;
}

const percent = (share: number | null) => (share === null ? "—" : `${(share * 100).toFixed(1)} %`);

const FigureCells = ({ figures, onPick }: { figures: Figure[]; onPick?: (days: number) => void }) => (
  <>
    {figures.map((f) => (
      <TableCell key={f.days} align="right">
        {onPick ? (
          <Link component="button" onClick={() => onPick(f.days)} underline="hover">
            {percent(f.share)}
          </Link>
        ) : (
          percent(f.share)
        )}
        <Typography variant="caption" color="text.secondary" component="div">
          {`${f.covered}+${f.lapsing}/${f.occupied}`}
        </Typography>
      </TableCell>
    ))}
  </>
);

/** The 30/60/90-day lapse forecast: the whole scope, each account and community, and the units behind a number. */
function ForecastView() {
  const translate = useTranslate();
  const { rows: forecast, failed } = useLoaded<Forecast>("/compliance/forecast");
  // The day whose units are listed lives in the address (?days=30), so a figure elsewhere can link straight to them.
  const [params, setParams] = useSearchParams();
  const days = params.get("days");
  const picked = days !== null && /^\d{1,3}$/.test(days) ? Number(days) : null;
  const setPicked = (value: number) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set("days", String(value));
        return next;
      },
      { replace: true },
    );
  if (failed) return <Alert severity="error">{translate(k("failed"))}</Alert>;
  if (!forecast) return <CircularProgress size={24} />;
  const header = (
    <TableHead>
      <TableRow>
        <TableCell>{translate(k("forecast.group"))}</TableCell>
        {forecast.total.map((f) => (
          <TableCell key={f.days} align="right">
            {f.days === 0 ? translate(k("forecast.today")) : translate(k("forecast.in_days"), { days: f.days })}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
  const behind = picked === null ? [] : forecast.units.filter((u) => u.state[picked] && u.state[picked] !== "covered");
  return (
    <Box sx={{ display: "grid", gap: 2 }} data-testid="lapse-forecast">
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" } }}>
        {forecast.total.map((f) => (
          <Card key={f.days} variant="outlined" sx={{ cursor: "pointer" }} onClick={() => setPicked(f.days)} data-testid={`forecast-${f.days}`}>
            <CardContent>
              <Typography variant="caption" color="text.secondary">
                {f.days === 0 ? translate(k("forecast.today")) : translate(k("forecast.in_days"), { days: f.days })}
              </Typography>
              <Typography variant="h5">{percent(f.share)}</Typography>
              <Typography variant="caption" color="text.secondary">
                {translate(k("forecast.detail"), { covered: f.covered, lapsing: f.lapsing, occupied: f.occupied })}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {translate(k("forecast.explain"), { rate: percent(forecast.renewal.rate), ended: forecast.renewal.ended })}
      </Typography>
      {picked !== null && (
        <Box>
          <Typography variant="subtitle2">{translate(k("forecast.behind"), { days: picked, count: behind.length })}</Typography>
          <Table size="small">
            <TableBody>
              {behind.slice(0, 200).map((u) => (
                <TableRow key={u.unit_id}>
                  <TableCell>
                    <Link component={RouterLink} to={`${resourcePath.view("insurable", u.unit_id)}/timeline`}>
                      {[u.community_title, u.title].filter(Boolean).join(" · ")}
                    </Link>
                  </TableCell>
                  <TableCell>{translate(k(`forecast.states.${u.state[picked]}`))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Typography variant="subtitle1">{translate(k("forecast.by_account"))}</Typography>
      <Table size="small">
        {header}
        <TableBody>
          {forecast.accounts.map((a) => (
            <TableRow key={a.id}>
              <TableCell>
                <Link component={RouterLink} to={resourcePath.view("accounts", a.id)}>
                  {a.title}
                </Link>
                <Typography variant="caption" color="text.secondary" component="div">
                  {translate(k("forecast.renewal"), { rate: percent(a.renewal?.rate ?? null) })}
                </Typography>
              </TableCell>
              <FigureCells figures={a.figures} onPick={setPicked} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle1">{translate(k("forecast.by_community"))}</Typography>
      <Table size="small">
        {header}
        <TableBody>
          {forecast.communities.map((c) => (
            <TableRow key={c.id}>
              <TableCell>
                <Link component={RouterLink} to={resourcePath.view("insurable", c.id)}>
                  {c.title}
                </Link>
              </TableCell>
              <FigureCells figures={c.figures} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * /dashboard/compliance (issue 17 sections 2 and 3): the lapse forecast and the worklists — uninsured today, moving in
 * within 14 days without cover, cover ending within 30 days, proofs waiting over 3 days. The open tab is in the address.
 */
export function CompliancePage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const view: View = (VIEWS as readonly string[]).includes(params.get("view") ?? "") ? (params.get("view") as View) : "forecast";
  return (
    <>
      <PageHeader titleKey={k("title")} />
      <Card>
        <CardContent>
          <Tabs value={view} onChange={(_e, v: View) => setParams({ view: v })} variant="scrollable">
            {VIEWS.map((v) => (
              <Tab key={v} value={v} label={translate(v === "forecast" ? k("forecast.title") : k(`lists.${v}`))} />
            ))}
          </Tabs>
          <Box sx={{ pt: 2 }} role="tabpanel">
            {view === "forecast" ? <ForecastView /> : <Worklist key={view} name={view} />}
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
