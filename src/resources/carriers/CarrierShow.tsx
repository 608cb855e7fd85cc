import { Box, Button, Card, CardContent, Tab, Tabs, Typography } from "@mui/material";
import { Loading, ShowBase, useCanAccess, useRecordContext, useTranslate } from "react-admin";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { PageHeader } from "../../layout/PageHeader";
import { YesNo } from "../common";
import { resourcePath } from "../paths";
import { CarrierAgenciesTab } from "./CarrierAgenciesTab";
import { CarrierAvailabilityTab } from "./CarrierAvailabilityTab";
import { CarrierBillingTab } from "./CarrierBillingTab";
import { CarrierCommissionsTab } from "./CarrierCommissionsTab";
import { CarrierFeesTab } from "./CarrierFeesTab";
import { CarrierHistoryTab } from "./CarrierHistoryTab";
import { CARRIER_FLAGS, type Carrier } from "./types";

/** The tabs of the carrier page (issue 14) and who sees them: agents see their agencies' settings, read-only but fees and billing toggles. */
export const CARRIER_TABS = [
  { key: "agencies", resource: "carrier-agencies" },
  { key: "billing_strategies", resource: "carrier-billing-strategies" },
  { key: "fees", resource: "carrier-fees" },
  { key: "commissions", resource: "carrier-commissions" },
  { key: "availability", resource: "carrier-availabilities" },
  { key: "history", resource: "carriers" },
] as const;
type TabKey = (typeof CARRIER_TABS)[number]["key"];

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" component="div">
      {children}
    </Typography>
  </Box>
);

const CarrierDetails = ({ carrier }: { carrier: Carrier }) => {
  const translate = useTranslate();
  const f = (key: string) => translate(`resources.carriers.fields.${key}`);
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(6, 1fr)" } }}>
        <Field label={f("title")}>{carrier.title}</Field>
        <Field label={f("call_sign")}>{carrier.call_sign}</Field>
        <Field label={f("integration_designation")}>
          {carrier.integration_designation ? translate(`resources.carriers.designations.${carrier.integration_designation}`) : ""}
        </Field>
        <Field label={f("synonyms")}>{carrier.synonyms}</Field>
        <Field label={f("am_best_rating")}>{carrier.am_best_rating ?? translate("resources.carriers.no_rating")}</Field>
        <Field label={f("policy_type_ids")}>{(carrier.carrier_policy_types ?? []).map((t) => t.title).join(", ")}</Field>
        <Field label={f("is_system")}>
          <YesNo value={carrier.is_system} />
        </Field>
        {CARRIER_FLAGS.map((flag) => (
          <Field key={flag} label={f(flag)}>
            <YesNo value={carrier[flag]} />
          </Field>
        ))}
      </CardContent>
    </Card>
  );
};

const CarrierPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const carrier = useRecordContext<Carrier>();
  const segment = (useParams()["*"] ?? "").split("/")[0];
  const { canAccess: canEdit } = useCanAccess({ resource: "carriers", action: "edit" });
  const access = {
    agencies: useCanAccess({ resource: "carrier-agencies", action: "list" }).canAccess,
    billing_strategies: useCanAccess({ resource: "carrier-billing-strategies", action: "list" }).canAccess,
    fees: useCanAccess({ resource: "carrier-fees", action: "list" }).canAccess,
    commissions: useCanAccess({ resource: "carrier-commissions", action: "list" }).canAccess,
    availability: useCanAccess({ resource: "carrier-availabilities", action: "list" }).canAccess,
    history: useCanAccess({ resource: "carriers", action: "history" }).canAccess,
  } satisfies Record<TabKey, boolean | undefined>;
  // Coming from the grid, the list row shows first: wait for the full carrier (with its policy types).
  if (!carrier || !carrier.carrier_policy_types) return <Loading />;
  const tabs = CARRIER_TABS.filter((tab) => access[tab.key]);
  const active = tabs.find((tab) => tab.key === segment)?.key ?? tabs[0]?.key;
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.carriers"
        title={translate("resources.carriers.title.view", { title: carrier.title })}
        crumbs={[{ label: translate("app.shell.titles.carriers"), to: resourcePath.browse("carriers") }]}
        actions={
          canEdit ? (
            <Button variant="outlined" component={RouterLink} to={resourcePath.edit("carriers", carrier.id)}>
              {translate("resources.carriers.actions.edit")}
            </Button>
          ) : null
        }
      />
      <CarrierDetails carrier={carrier} />
      {active && (
        <Card sx={{ p: 2 }}>
          <Tabs value={active} onChange={(_e, key: TabKey) => navigate(`${resourcePath.view("carriers", carrier.id)}/${key}`)} variant="scrollable" aria-label={carrier.title}>
            {tabs.map((tab) => (
              <Tab key={tab.key} value={tab.key} label={translate(`resources.carriers.tabs.${tab.key}`)} />
            ))}
          </Tabs>
          <Box sx={{ pt: 2 }} role="tabpanel">
            {active === "agencies" && <CarrierAgenciesTab carrier={carrier} />}
            {active === "billing_strategies" && <CarrierBillingTab carrier={carrier} />}
            {active === "fees" && <CarrierFeesTab carrier={carrier} />}
            {active === "commissions" && <CarrierCommissionsTab carrier={carrier} />}
            {active === "availability" && <CarrierAvailabilityTab carrier={carrier} />}
            {active === "history" && <CarrierHistoryTab carrier={carrier} />}
          </Box>
        </Card>
      )}
    </>
  );
};

/** carriers/view/{id}[/tab] (document 3): the carrier's fields and its configuration tabs. */
export const CarrierShow = () => (
  <ShowBase resource="carriers">
    <CarrierPage />
  </ShowBase>
);
