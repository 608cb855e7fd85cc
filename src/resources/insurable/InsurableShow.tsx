import { Box, Button, Card, CardContent, Link, Tab, Tabs, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Loading, ShowBase, useCanAccess, useRecordContext, useRefresh, useTranslate } from "react-admin";
import { failureText, useRequest } from "../common/useRequest";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { PageHeader } from "../../layout/PageHeader";
import { YesNo } from "../common";
import { resourcePath } from "../paths";
import { CarrierProfileTab } from "./InsurableCarrierProfileTab";
import { HistoryTab } from "./InsurableHistoryTab";
import { RequirementProfilePanel } from "../../custom/compliance/RequirementProfilePanel";
import { CoverageTimeline } from "../../custom/compliance/CoverageTimeline";
import { AssignmentsPanel } from "../staff/AssignmentsPanel";
import { ReportsPanel } from "../../custom/reports/ReportsPanel";
import { ChildrenTab, CoverageTab, PoliciesTab, RatesTab, ResidentsTab } from "./InsurableTabs";
import type { Insurable } from "./types";

type TabKey = "children" | "residents" | "policies" | "coverage" | "rates" | "carrier_profile" | "requirements" | "assignments" | "timeline" | "history" | "reports";

/** The tabs a property has: units have no children; only communities of type 1 have rates (document 3 section 3). */
export function insurableTabs(insurable: Pick<Insurable, "insurable_type_id">): TabKey[] {
  const unit = [4, 5].includes(insurable.insurable_type_id);
  const community = [1, 2, 3].includes(insurable.insurable_type_id);
  return [...(unit ? [] : (["children"] as const)), "residents", "policies", "coverage", ...(insurable.insurable_type_id === 1 ? (["rates"] as const) : []),
    ...(unit ? (["timeline"] as const) : []),
    ...(community ? (["carrier_profile"] as const) : []),
    // A community's requirement profile replaces its account's for its units (issue 17 section 1).
    ...(community ? (["requirements"] as const) : []),
    // Property managers assigned to the community (issue 13 section 3), for whoever manages staff.
    ...(community ? (["assignments"] as const) : []),
    "history",
    // A community's or building's compliance report (issue 14 section 2); a unit's would count one unit.
    ...(unit ? [] : (["reports"] as const)),
  ];
}

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" component="div">
      {children}
    </Typography>
  </Box>
);

const kindOf = (typeId: number) => ([1, 2, 3].includes(typeId) ? "communities" : typeId === 7 ? "buildings" : "units");

const InsurablePage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const insurable = useRecordContext<Insurable>();
  const segment = (useParams()["*"] ?? "").split("/")[0];
  const { canAccess: canEdit } = useCanAccess({ resource: "insurable", action: "edit" });
  const { canAccess: canAssign } = useCanAccess({ resource: "assignments", action: "list" });
  const { request, say } = useRequest();
  const refresh = useRefresh();
  // From a grid, react-admin shows the list row first: wait for the page's own fields.
  if (!insurable || insurable.addresses === undefined) return <Loading />;
  const f = (key: string) => translate(`resources.insurable.fields.${key}`);
  const tabs = insurableTabs(insurable).filter((tab) => tab !== "assignments" || canAssign);
  const active = tabs.find((tab) => tab === segment) ?? tabs[0];
  const kind = kindOf(insurable.insurable_type_id);
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.insurable"
        title={insurable.title}
        crumbs={[{ label: translate(`app.shell.titles.${kind}`), to: `/dashboard/insurable/${kind}` }]}
        actions={
          canEdit ? (
            <>
              {insurable.addresses.length > 0 && (
                <Button
                  variant="outlined"
                  onClick={async () => {
                    try {
                      await request(`/insurables/${insurable.id}/sync-residential-address`, { method: "POST" });
                      say("success", "resources.insurable.actions.synced");
                      refresh();
                    } catch (e) {
                      say("error", "resources.insurable.failure", failureText(e));
                    }
                  }}
                >
                  {translate("resources.insurable.actions.sync_address")}
                </Button>
              )}
              <Button variant="outlined" component={RouterLink} to={resourcePath.edit("insurable", insurable.id)}>
                {translate("resources.insurable.actions.edit")}
              </Button>
            </>
          ) : null
        }
      />
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" } }}>
          <Field label={f("insurable_type_id")}>{translate(`resources.insurable.types.${insurable.insurable_type_id}`)}</Field>
          <Field label={f("account_title")}>{insurable.account_title}</Field>
          <Field label={f("parent_title")}>
            {insurable.insurable_id ? (
              <Link component={RouterLink} to={resourcePath.view("insurable", insurable.insurable_id)}>
                {insurable.parent_title}
              </Link>
            ) : null}
          </Field>
          <Field label={f("community")}>
            {insurable.community && insurable.community.id !== insurable.id ? (
              <Link component={RouterLink} to={resourcePath.view("insurable", insurable.community.id)}>
                {insurable.community.title}
              </Link>
            ) : null}
          </Field>
          <Field label={f("address")}>{insurable.address?.full}</Field>
          <Field label={f("county")}>{insurable.address?.county}</Field>
          {kind !== "units" && <Field label={f("units_count")}>{insurable.units_count}</Field>}
          {kind === "communities" && <Field label={f("buildings_count")}>{insurable.buildings_count}</Field>}
          <Field label={f("covered")}>
            <YesNo value={insurable.covered} />
          </Field>
          <Field label={f("occupied")}>
            <YesNo value={insurable.occupied} />
          </Field>
          <Field label={f("enabled")}>
            <YesNo value={insurable.enabled} />
          </Field>
        </CardContent>
      </Card>
      <Card sx={{ p: 2 }}>
        <Tabs value={active} onChange={(_e, key: TabKey) => navigate(`${resourcePath.view("insurable", insurable.id)}/${key}`)} variant="scrollable" aria-label={insurable.title}>
          {tabs.map((tab) => (
            <Tab key={tab} value={tab} label={translate(`resources.insurable.tabs.${tab}`)} />
          ))}
        </Tabs>
        <Box sx={{ pt: 2 }} role="tabpanel">
          {active === "children" && <ChildrenTab insurable={insurable} />}
          {active === "residents" && <ResidentsTab insurable={insurable} />}
          {active === "policies" && <PoliciesTab insurable={insurable} />}
          {active === "coverage" && <CoverageTab insurable={insurable} />}
          {active === "rates" && <RatesTab insurable={insurable} />}
          {active === "carrier_profile" && <CarrierProfileTab insurable={insurable} />}
          {active === "history" && <HistoryTab insurable={insurable} />}
          {active === "assignments" && <AssignmentsPanel community={{ id: insurable.id, account_id: insurable.account_id }} />}
          {active === "reports" && <ReportsPanel owner={`/insurables/${insurable.id}`} />}
          {active === "timeline" && <CoverageTimeline path={`/insurables/${insurable.id}/coverage_timeline`} />}
          {active === "requirements" && <RequirementProfilePanel path={`/insurables/${insurable.id}/requirement_profile`} canEdit={Boolean(canEdit)} community />}
        </Box>
      </Card>
    </>
  );
};

/** insurable/view/{id}[/tab] (document 3): a community, building or unit — the policy page's Covered Unit opens here. */
export const InsurableShow = () => (
  <ShowBase resource="insurable">
    <InsurablePage />
  </ShowBase>
);
