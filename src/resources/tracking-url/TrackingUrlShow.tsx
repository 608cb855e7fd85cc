import { useCallback, type ReactNode } from "react";
import { Box, Card, CardContent, CardHeader, Link, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from "@mui/material";
import { Loading, useGetOne, useTranslate } from "react-admin";
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { useNotifyHttpError } from "../../authProvider/AppNotification";
import { formatLongDate } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { LeadArchiveMenu } from "../leads/LeadArchiveMenu";
import type { Lead } from "../leads/types";
import { resourcePath } from "../paths";
import { DetailItem } from "../policies/show/PolicyDetailsCard";
import { usePagedRequest } from "../policies/show/usePagedRequest";
import { CopyLink, TrackingUrlMenu } from "./TrackingUrlList";
import { BrandingPreview } from "../branding_profiles/BrandingPreview";
import { brandingPaths } from "../branding_profiles/paths";
import type { TrackingUrl } from "./types";

const f = (key: string) => `resources.tracking-url.fields.${key}`;
const s = (key: string) => `resources.tracking-url.show.${key}`;
const PER = 10;

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader title={translate(title)} slotProps={{ title: { component: "h2", variant: "h6" } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
};

const Pager = ({ total, page, onPage }: { total: number; page: number; onPage: (p: number) => void }) => (
  <TablePagination component="div" count={total} page={page - 1} rowsPerPage={PER} rowsPerPageOptions={[PER]} onPageChange={(_e, p) => onPage(p + 1)} />
);

/**
 * A table's page kept in the address (`?leads_page=2`), like every grid's: a reload, a shared link or the way back
 * from a lead opens the same page. Other parameters are left as they are.
 */
function usePageParam(name: string): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(name));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set(name, String(next));
        else updated.delete(name);
        return updated;
      }),
    [name, setParams],
  );
  return [page, setPage];
}

/** The leads that came through this URL, 10 per page (reference 4.9), with archive/unarchive. */
const UrlLeads = ({ id }: { id: number }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [page, setPage] = usePageParam("leads_page");
  const { rows, total, loading, refetch } = usePagedRequest<Lead>(`/tracking_urls/${id}/get_leads`, { pagination: { page, per: PER } });
  if (!loading && rows.length === 0) return <Typography color="text.secondary">{translate(s("no_leads"))}</Typography>;
  return (
    <>
      <Table size="small" aria-label={translate(s("leads"))}>
        <TableHead>
          <TableRow>
            {["email", "name", "last_visit", "last_visited_page", "site_visits", "status"].map((c) => (
              <TableCell key={c}>{translate(`resources.leads.fields.${c}`)}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((lead) => (
            <TableRow key={lead.id} hover sx={{ cursor: "pointer" }} onClick={() => navigate(`/dashboard/leads/view/${lead.id}`)}>
              <TableCell>{lead.email}</TableCell>
              <TableCell>{[lead.first_name, lead.last_name].filter(Boolean).join(" ")}</TableCell>
              <TableCell>{formatLongDate(lead.last_visit)}</TableCell>
              <TableCell>{lead.last_visited_page}</TableCell>
              <TableCell>{lead.site_visits}</TableCell>
              <TableCell>{translate(`resources.leads.statuses.${lead.status}`, { _: lead.status })}</TableCell>
              <TableCell>
                <LeadArchiveMenu lead={lead} onDone={refetch} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pager total={total} page={page} onPage={setPage} />
    </>
  );
};

interface UrlPolicy {
  id: number;
  number: string | null;
  status: string;
  effective_date: string | null;
  expiration_date: string | null;
}

const UrlPolicies = ({ id }: { id: number }) => {
  const translate = useTranslate();
  const [page, setPage] = usePageParam("policies_page");
  const { rows, total, loading } = usePagedRequest<UrlPolicy>(`/tracking_urls/${id}/get_policies`, { pagination: { page, per: PER } });
  if (!loading && rows.length === 0) return <Typography color="text.secondary">{translate(s("no_policies"))}</Typography>;
  return (
    <>
      <Table size="small" aria-label={translate(s("policies"))}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(s("number"))}</TableCell>
            <TableCell>{translate(s("status"))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((policy) => (
            <TableRow key={policy.id}>
              <TableCell>
                <Link component={RouterLink} to={resourcePath.view("policies", policy.id)}>
                  {policy.number ?? `#${policy.id}`}
                </Link>
              </TableCell>
              <TableCell>{policy.status}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pager total={total} page={page} onPage={setPage} />
    </>
  );
};

/** /dashboard/tracking-url/view/{id}: the URL, its link to copy, its leads and the policies behind them. */
export const TrackingUrlShow = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { id } = useParams();
  const notifyHttpError = useNotifyHttpError();
  const { data: url, isPending, refetch } = useGetOne<TrackingUrl>("tracking-url", { id: Number(id) }, { onError: notifyHttpError });
  if (isPending) return <Loading />;
  if (!url) return null;
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.tracking_url"
        title={url.campaign_name}
        crumbs={[{ label: translate("app.shell.titles.tracking_url"), to: "/dashboard/tracking-url" }]}
        actions={<TrackingUrlMenu row={url} onDone={(action) => (action === "delete" ? navigate("/dashboard/tracking-url") : void refetch())} />}
      />
      <Box sx={{ display: "grid", gap: 2 }}>
        <Section title={s("details")}>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
            <DetailItem label={f("landing_page")}>{translate(`resources.tracking-url.landing_pages.${url.landing_page}`, { _: url.landing_page })}</DetailItem>
            <DetailItem label={f("campaign_name")}>{url.campaign_name}</DetailItem>
            <DetailItem label={f("campaign_source")}>{url.campaign_source}</DetailItem>
            <DetailItem label={f("campaign_medium")}>{url.campaign_medium}</DetailItem>
            <DetailItem label={f("campaign_term")}>{url.campaign_term}</DetailItem>
            <DetailItem label={f("campaign_content")}>{url.campaign_content}</DetailItem>
            <DetailItem label={f("agency_title")}>{url.agency_title}</DetailItem>
            <DetailItem label={f("archived")}>{translate(url.archived ? "resources.common.filter.yes" : "resources.common.filter.no")}</DetailItem>
            <DetailItem label={f("created_at")}>{formatLongDate(url.created_at)}</DetailItem>
          </Box>
          <Box sx={{ mt: 2 }}>
            <DetailItem label={f("tracking_url")}>
              <CopyLink url={url.tracking_url} />
            </DetailItem>
          </Box>
        </Section>
        {url.branding ? (
          <Section title={s("branding")}>
            <BrandingPreview look={{ ...url.branding, title: url.branding.agency_title, logo_url: url.branding.logo?.url ?? null }} />
            <Box sx={{ mt: 1 }}>
              <Link component={RouterLink} to={brandingPaths.page(url.branding.agency_id, url.branding.id)}>
                {translate(s("open_branding"))}
              </Link>
            </Box>
          </Section>
        ) : null}
        <Section title={s("leads")}>
          <UrlLeads id={url.id} />
        </Section>
        <Section title={s("policies")}>
          <UrlPolicies id={url.id} />
        </Section>
      </Box>
    </>
  );
};
