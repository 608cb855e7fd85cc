import type { ReactNode } from "react";
import { Box, Button, Card, CardContent, CardHeader, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { Loading, useCanAccess, useGetOne, useTranslate } from "react-admin";
import { Link as RouterLink, useParams } from "react-router-dom";
import { useNotifyHttpError } from "../../authProvider/AppNotification";
import { formatLongDate, formatMoment } from "../../domain/format";
import { formatCents } from "../../domain/money";
import { PageHeader } from "../../layout/PageHeader";
import { brandingPaths } from "../branding_profiles/paths";
import { resourcePath } from "../paths";
import { DetailItem } from "../policies/show/PolicyDetailsCard";
import { useLeadArchive } from "./LeadArchiveMenu";
import type { LeadDetail } from "./types";

const f = (key: string) => `resources.leads.fields.${key}`;
const s = (key: string) => `resources.leads.show.${key}`;

const Section = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader title={translate(title)} action={action} slotProps={{ title: { component: "h2", variant: "h6" } }} />
      <CardContent sx={{ display: "flex", flexWrap: "wrap", gap: 2, pt: 0 }}>{children}</CardContent>
    </Card>
  );
};

const Empty = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return <Typography color="text.secondary">{translate(text)}</Typography>;
};

const showValue = (value: unknown) => (value === null || value === undefined ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value));

/** The agency branding the lead came through (recorded by the lead-event call), linked for those who may open it. */
const LeadBranding = ({ lead }: { lead: LeadDetail }) => {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: "branding_profiles", action: "show" });
  if (!lead.branding_profile_id || !lead.agency_id) return null;
  const label = translate(s("agency_branding"), { agency: lead.agency_name ?? "" });
  return canAccess ? (
    <Link component={RouterLink} to={brandingPaths.page(lead.agency_id, lead.branding_profile_id)}>
      {label}
    </Link>
  ) : (
    <>{label}</>
  );
};

/**
 * /dashboard/leads/view/{id} (document 3 section 2; reference 4.9): who the lead is, where they came from (the
 * tracking URL), what they did (every event: page, product, premium), what they became (the policy, linked), and
 * the staff's changes; archive or unarchive here as on the grid.
 */
export const LeadShow = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const notifyHttpError = useNotifyHttpError();
  const { data: lead, isPending, refetch } = useGetOne<LeadDetail>("leads", { id: Number(id) }, { onError: notifyHttpError });
  const archive = useLeadArchive();
  if (isPending) return <Loading />;
  if (!lead) return null;
  const name = [lead.first_name, lead.last_name].filter(Boolean).join(" ") || lead.email;
  // Until the lead itself arrives, react-admin shows the grid's row of it (no events, no history yet).
  const events = lead.lead_events ?? [];
  const histories = lead.histories ?? [];
  const toggle = async () => {
    if (await archive(lead)) await refetch();
  };
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.leads"
        title={name}
        crumbs={[{ label: translate("app.shell.titles.leads"), to: "/dashboard/leads" }]}
        actions={
          <Button variant="outlined" onClick={toggle}>
            {translate(`resources.leads.action.${lead.archived ? "unarchive" : "archive"}`)}
          </Button>
        }
      />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        <Section title={s("profile")}>
          <DetailItem label={f("first_name")}>{lead.profile_attributes?.first_name ?? lead.first_name}</DetailItem>
          <DetailItem label={f("last_name")}>{lead.profile_attributes?.last_name ?? lead.last_name}</DetailItem>
          <DetailItem label={f("email")}>{lead.email}</DetailItem>
          <DetailItem label={s("phone")}>{lead.profile_attributes?.contact_phone}</DetailItem>
          <DetailItem label={f("agency_name")}>{lead.agency_name}</DetailItem>
          <DetailItem label={f("account_title")}>{lead.account_title}</DetailItem>
          <DetailItem label={s("address")}>
            {lead.address_attributes?.full ??
              ([lead.address_attributes?.street_number, lead.address_attributes?.street_name, lead.address_attributes?.city, lead.address_attributes?.state, lead.address_attributes?.zip_code]
                .filter(Boolean)
                .join(" ") ||
                translate(s("no_address")))}
          </DetailItem>
        </Section>
        <Section title={s("activity")}>
          <DetailItem label={f("status")}>{translate(`resources.leads.statuses.${lead.status}`, { _: lead.status })}</DetailItem>
          <DetailItem label={f("archived")}>
            <Chip size="small" label={translate(lead.archived ? "resources.common.filter.yes" : "resources.common.filter.no")} color={lead.archived ? "warning" : "default"} />
          </DetailItem>
          <DetailItem label={f("site_visits")}>{lead.site_visits}</DetailItem>
          <DetailItem label={f("created_at")}>{formatLongDate(lead.created_at)}</DetailItem>
          <DetailItem label={f("last_visit")}>{formatLongDate(lead.last_visit)}</DetailItem>
          <DetailItem label={f("last_visited_page")}>{lead.last_visited_page}</DetailItem>
          <DetailItem label={f("interested_product")}>{lead.interested_product}</DetailItem>
          <DetailItem label={f("premium_total")}>{lead.premium_total === null ? null : formatCents(lead.premium_total)}</DetailItem>
          <DetailItem label={f("billing_strategy")}>{lead.billing_strategy}</DetailItem>
          <DetailItem label={s("branding")}>
            <LeadBranding lead={lead} />
          </DetailItem>
        </Section>
        <Section title={s("tracking_url")}>
          {lead.tracking_url ? (
            <>
              <DetailItem label={s("landing_page")}>{lead.tracking_url.landing_page}</DetailItem>
              <DetailItem label={f("primary_campaign_name")}>{lead.tracking_url.campaign_name}</DetailItem>
              <DetailItem label={f("primary_campaign_source")}>{lead.tracking_url.campaign_source}</DetailItem>
              <DetailItem label={f("primary_campaign_medium")}>{lead.tracking_url.campaign_medium}</DetailItem>
            </>
          ) : (
            <Empty text={s("no_tracking_url")} />
          )}
        </Section>
        <Section title={s("policy")}>
          {lead.policy ? (
            <Link component={RouterLink} to={resourcePath.view("policies", lead.policy.id)}>
              {lead.policy.number ?? `#${lead.policy.id}`}
            </Link>
          ) : (
            <Empty text={s("no_policy")} />
          )}
        </Section>
      </Box>
      <Box sx={{ display: "grid", gap: 2, mt: 2 }}>
        <Section title={s("events")}>
          {events.length === 0 ? (
            <Empty text={s("no_events")} />
          ) : (
            <Table size="small" aria-label={translate(s("events"))}>
              <TableHead>
                <TableRow>
                  {["event_at", "event_page", "event_tag", "event_product", "event_premium"].map((c) => (
                    <TableCell key={c}>{translate(s(c))}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {events.map((event) => (
                  <TableRow key={event.id}>
                    <TableCell>{formatMoment(event.created_at)}</TableCell>
                    <TableCell>{event.page ?? "—"}</TableCell>
                    <TableCell>{event.tag ?? "—"}</TableCell>
                    <TableCell>{event.product ?? "—"}</TableCell>
                    <TableCell>{event.premium_total === null ? "—" : formatCents(event.premium_total)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>
        <Section title={s("history")}>
          {histories.length === 0 ? (
            <Empty text={s("no_history")} />
          ) : (
            <Table size="small" aria-label={translate(s("history"))}>
              <TableHead>
                <TableRow>
                  {["history_at", "history_author", "history_change"].map((c) => (
                    <TableCell key={c}>{translate(s(c))}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {histories.map((h) => (
                  <TableRow key={h.id}>
                    <TableCell>{formatMoment(h.created_at)}</TableCell>
                    <TableCell>{h.author ?? "—"}</TableCell>
                    <TableCell>
                      {Object.entries(h.data ?? {}).map(([field, change]) => (
                        <div key={field}>
                          {translate(f(field), { _: field })}: {showValue(change.previous_value)} → {showValue(change.new_value)}
                        </div>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>
      </Box>
    </>
  );
};
