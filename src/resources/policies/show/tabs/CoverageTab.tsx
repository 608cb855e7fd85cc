import type { ReactNode } from "react";
import { Box, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { formatLongDate, humanizeEnum } from "../../../../domain/format";
import { formatCents } from "../../../../domain/money";
import { YesNo } from "../../../common";
import { PolicyStatusText } from "../../browse/PolicyList";
import { DetailItem } from "../PolicyDetailsCard";
import type { PolicyDetail, PolicyDocument } from "../types";

const k = (key: string) => `app.policy_detail.coverage.${key}`;
const MONEY_FIELDS = ["placement_cost", "force_placement_cost", "admin_fee", "force_admin_fee"];

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
};

const SimpleTable = ({ head, rows, label }: { head: string[]; rows: ReactNode[][]; label: string }) => {
  const translate = useTranslate();
  if (rows.length === 0) return <Typography color="text.secondary">{translate(k("none"))}</Typography>;
  return (
    <Table size="small" aria-label={translate(label)}>
      <TableHead>
        <TableRow>
          {head.map((h) => (
            <TableCell key={h}>{translate(h)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((cells, i) => (
          <TableRow key={i}>
            {cells.map((cell, j) => (
              <TableCell key={j}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** File title plus a Download link; 'There are no documents' when empty (document 2 section 2). */
export const DocumentsTable = ({ documents }: { documents: PolicyDocument[] }) => {
  const translate = useTranslate();
  if (documents.length === 0) return <Typography color="text.secondary">{translate(k("no_documents"))}</Typography>;
  return (
    <SimpleTable
      label={k("documents")}
      head={[k("file"), k("download")]}
      rows={documents.map((d) => [
        d.filename,
        <Link key="dl" href={d.url} download={d.filename}>
          {translate(k("download"))}
        </Link>,
      ])}
    />
  );
};

/** Coverage: dates and billing (in-system) or carrier and status (external), limits, insured, master config, documents. */
export const CoverageTab = ({ policy }: { policy: PolicyDetail }) => {
  const translate = useTranslate();
  const { coverage_limits, deductibles, optional_coverages } = policy.policy_coverages;
  const master = policy.master_policy_configuration;
  return (
    <Stack spacing={3}>
      <Section title={k("dates")}>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
          {policy.policy_in_system ? (
            <>
              <DetailItem label="app.policy_detail.fields.effective_date">{formatLongDate(policy.effective_date)}</DetailItem>
              <DetailItem label="app.policy_detail.fields.expiration_date">{formatLongDate(policy.expiration_date)}</DetailItem>
              <DetailItem label="app.policy_detail.fields.premium">{policy.premium ? formatCents(policy.premium.total) : null}</DetailItem>
              <DetailItem label="app.policy_detail.fields.status">
                <PolicyStatusText status={policy.status} />
              </DetailItem>
              <DetailItem label="app.policy_detail.fields.billing_status">{humanizeEnum(policy.billing_status)}</DetailItem>
              <DetailItem label="app.policy_detail.fields.auto_renew">
                <YesNo value={policy.auto_renew} />
              </DetailItem>
            </>
          ) : (
            <>
              <DetailItem label="app.policy_detail.fields.carrier">{policy.carrier?.title ?? policy.out_of_system_carrier_title}</DetailItem>
              <DetailItem label="app.policy_detail.fields.status">
                <PolicyStatusText status={policy.status} />
              </DetailItem>
            </>
          )}
        </Box>
      </Section>
      <Section title={k("options")}>
        <SimpleTable label={k("options")} head={[k("designation"), k("limit")]} rows={coverage_limits.map((c) => [c.title, formatCents(c.limit)])} />
      </Section>
      <Section title={k("deductibles")}>
        <SimpleTable label={k("deductibles")} head={[k("designation"), k("deductible")]} rows={deductibles.map((d) => [d.title, formatCents(d.deductible)])} />
      </Section>
      <Section title={k("additional")}>
        <SimpleTable label={k("additional")} head={[k("designation"), k("enabled")]} rows={optional_coverages.map((o) => [o.title, <YesNo key="y" value={o.enabled} />])} />
      </Section>
      <Section title={k("insured")}>
        <SimpleTable
          label={k("insured")}
          head={[k("name"), k("email"), k("spouse"), k("primary_insured"), ""]}
          rows={policy.users.map((u) => [
            u.profile_attributes.full_name,
            u.email,
            <YesNo key="s" value={u.spouse} />,
            <YesNo key="p" value={u.primary} />,
            <Link key="l" component={RouterLink} to={`/dashboard/users/view/${u.id}`}>
              {translate("app.policy_detail.customers.open")}
            </Link>,
          ])}
        />
      </Section>
      {master && (
        <Section title={k("master")}>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
            {Object.entries(master).map(([field, value]) => (
              <DetailItem key={field} label={k(`master_fields.${field}`)}>
                {typeof value === "boolean" ? <YesNo value={value} /> : MONEY_FIELDS.includes(field) ? formatCents(value as number | null) : field === "program_start_date" ? formatLongDate(value as string) : field === "program_type" ? humanizeEnum(String(value)) : value}
              </DetailItem>
            ))}
          </Box>
        </Section>
      )}
      <Section title={k("documents")}>
        <DocumentsTable documents={policy.documents} />
      </Section>
    </Stack>
  );
};
