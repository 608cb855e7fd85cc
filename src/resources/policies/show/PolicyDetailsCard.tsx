import type { ReactNode } from "react";
import { Box, Card, CardContent, CardHeader, Link, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { formatLongDate, humanizeEnum } from "../../../domain/format";
import { formatCents } from "../../../domain/money";
import type { Role } from "../../../domain/roles";
import { YesNo } from "../../common";
import { PolicyStatusText } from "../browse/PolicyList";
import { PolicyActionsMenu } from "./PolicyActionsMenu";
import type { PolicyDetail } from "./types";

export const DetailItem = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  const empty = children === null || children === undefined || children === "";
  return (
    <Box sx={{ flex: "1 1 200px", minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: "anywhere" }}>
        {/* A value in its own direction: right to left, "(573) 570-4447" would read "570-4447 (573)". */}
        {empty ? "—" : typeof children === "string" || typeof children === "number" ? <bdi>{children}</bdi> : children}
      </Typography>
    </Box>
  );
};

const f = (key: string) => `app.policy_detail.fields.${key}`;

/** The premium the customer pays (the invoices add up to it), with its parts: premium, fees and tax. */
const PremiumText = ({ premium }: { premium: NonNullable<PolicyDetail["premium"]> }) => {
  const translate = useTranslate();
  return (
    <>
      <span data-testid="premium-total">{formatCents(premium.total)}</span>
      {(premium.total_fee > 0 || premium.total_tax > 0) && (
        <Typography variant="caption" component="div" color="text.secondary">
          {translate("app.policy_detail.premium_parts", { premium: formatCents(premium.total_premium), fee: formatCents(premium.total_fee), tax: formatCents(premium.total_tax) })}
        </Typography>
      )}
    </>
  );
};

/** Every field of the details card (document 2 section 2); the agency link is the super admin's only. */
export const PolicyDetailsCard = ({ policy, role, onChanged }: { policy: PolicyDetail; role?: Role; onChanged: () => void }) => {
  const unit = policy.primary_insurable;
  return (
    <Card>
      <CardHeader
        title={policy.number}
        subheader={policy.policy_type_title}
        action={<PolicyActionsMenu policy={policy} onChanged={onChanged} />}
        slotProps={{ title: { component: "h2", variant: "h6" } }}
      />
      <CardContent sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
        <DetailItem label={f("number")}>{policy.number}</DetailItem>
        <DetailItem label={f("policy_type")}>{policy.policy_type_title}</DetailItem>
        <DetailItem label={f("status")}>
          <PolicyStatusText status={policy.status} />
        </DetailItem>
        <DetailItem label={f("bought_at")}>{formatLongDate(policy.created_at)}</DetailItem>
        <DetailItem label={f("carrier")}>{policy.carrier?.title ?? policy.out_of_system_carrier_title}</DetailItem>
        <DetailItem label={f("effective_date")}>{formatLongDate(policy.effective_date)}</DetailItem>
        <DetailItem label={f("expiration_date")}>{formatLongDate(policy.expiration_date)}</DetailItem>
        {policy.cancellation_date && <DetailItem label={f("cancellation_date")}>{formatLongDate(policy.cancellation_date)}</DetailItem>}
        <DetailItem label={f("community")}>{unit?.parent_community?.title}</DetailItem>
        <DetailItem label={f("building")}>{unit?.parent_building?.title}</DetailItem>
        <DetailItem label={f("unit")}>{unit?.title}</DetailItem>
        {role === "super_admin" && (
          <DetailItem label={f("agency")}>
            {policy.agency?.id ? (
              <Link component={RouterLink} to={`/dashboard/agencies/view/${policy.agency.id}`}>
                {policy.agency.title}
              </Link>
            ) : null}
          </DetailItem>
        )}
        <DetailItem label={f("account")}>{policy.account?.title}</DetailItem>
        <DetailItem label={f("branding_profile")}>
          {policy.branding_profile_url ? (
            <Link href={policy.branding_profile_url} target="_blank" rel="noreferrer">
              {policy.branding_profile_url}
            </Link>
          ) : null}
        </DetailItem>
        <DetailItem label={f("premium")}>{policy.premium ? <PremiumText premium={policy.premium} /> : null}</DetailItem>
        <DetailItem label={f("auto_renew")}>
          <YesNo value={policy.auto_renew} />
        </DetailItem>
        <DetailItem label={f("last_renewed_on")}>{formatLongDate(policy.last_renewed_on)}</DetailItem>
        <DetailItem label={f("tcode")}>{policy.tcode}</DetailItem>
        <DetailItem label={f("renewal_status")}>{humanizeEnum(policy.renewal_status)}</DetailItem>
      </CardContent>
    </Card>
  );
};
