import { useEffect, useState } from "react";
import { Box, Typography } from "@mui/material";
import { useCanAccess, useDataProvider, useGetList, useTranslate } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { PageHeader } from "../../layout/PageHeader";
import { CoveredShareSection, FigureTile } from "../compliance/CoveredShare";
import { WORKLISTS } from "../compliance/Worklist";

const k = (key: string) => `app.home.${key}`;
const list = (key: string) => `app.compliance.dashboard.lists.${key}`;

/** undefined while loading, null when the call failed. */
type Count = number | null | undefined;
const shown = (count: Count) => (count === undefined ? undefined : count === null ? null : String(count));

/** How many rows a list has: one row asked for, the total-entries header read (docs/API.md). */
function useListTotal(path: string | null): Count {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [count, setCount] = useState<Count>(undefined);
  useEffect(() => {
    if (!path) return undefined;
    const controller = new AbortController();
    dataProvider
      .request(path, { query: { page: 1, per: 1 }, signal: controller.signal })
      .then(({ headers }) => setCount(Number(headers.get("total-entries") ?? 0)))
      .catch(() => controller.signal.aborted || setCount(null));
    return () => controller.abort();
  }, [dataProvider, path]);
  return count;
}

/** The change requests awaiting a decision: react-admin's own list call, one row asked for, its total read. */
function useChangeRequestsWaiting(enabled: boolean): Count {
  const { total, isError } = useGetList(
    "change-requests",
    { filter: { status: "awaiting_confirmation" }, pagination: { page: 1, perPage: 1 }, sort: { field: "created_at", order: "DESC" } },
    { enabled },
  );
  return isError ? null : total;
}

const WorklistTile = ({ name }: { name: (typeof WORKLISTS)[number] }) => {
  const translate = useTranslate();
  const count = useListTotal(`/compliance/worklists/${name}`);
  return <FigureTile label={translate(list(name))} value={shown(count)} to={`/dashboard/compliance?view=${name}`} />;
};

/**
 * /dashboard/home: what needs doing today in the caller's scope — the four compliance worklists and the change requests
 * awaiting a decision, each a count that opens its screen — and the covered share today and in 30, 60 and 90 days.
 * The spec names the route and nothing more; the figures are the ones the console's own screens already compute.
 */
export function HomePage() {
  const translate = useTranslate();
  const { canAccess: seesChangeRequests = false } = useCanAccess({ resource: "change-requests", action: "list" });
  const waiting = useChangeRequestsWaiting(seesChangeRequests);
  const grid = { display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "repeat(5, 1fr)" } };
  return (
    <>
      <PageHeader titleKey={k("title")} />
      <Box component="section" aria-labelledby="home-attention" sx={{ mb: 4 }}>
        <Typography id="home-attention" variant="h6" component="h2">
          {translate(k("attention"))}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate(k("attention_explain"))}
        </Typography>
        <Box sx={grid}>
          {WORKLISTS.map((name) => (
            <WorklistTile key={name} name={name} />
          ))}
          {seesChangeRequests ? (
            <FigureTile label={translate(k("change_requests"))} value={shown(waiting)} to="/dashboard/change-requests" />
          ) : null}
        </Box>
      </Box>
      <CoveredShareSection />
    </>
  );
}
