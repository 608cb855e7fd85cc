import type { ReactNode } from "react";
import { Box, Button, Card, CardContent, Tab, Tabs, Typography } from "@mui/material";
import { DateField, Loading, ShowBase, useCanAccess, useRecordContext, useTranslate } from "react-admin";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { useNotifyHttpError } from "../../authProvider/AppNotification";
import type { Staff } from "../../dataProvider/types";
import { formatLongDate, humanizeEnum, underscoresToSpaces } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { AccountTabTable } from "../accounts/AccountTabTable";
import { changesOf } from "../insurable/InsurableHistoryTab";
import { resourcePath } from "../paths";
import { AssignmentsPanel } from "./AssignmentsPanel";
import { StaffRowActions } from "./StaffActions";
import { StaffEnabled } from "./StaffEnabled";
import { staffAccessResource, staffName } from "./staffAccess";

/** The staff screens serve property managers (staff/…) and agents (agents/…): same record, own URLs and key. */
export type StaffScreen = "staff" | "agents";

type TabKey = "details" | "assignments" | "history";
/** Only property managers are assigned to communities (issue 13 section 3). */
const tabsOf = (record: Staff): TabKey[] => (record.organizable_type === "Account" ? ["details", "assignments", "history"] : ["details", "history"]);

const Item = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: "1 1 220px" }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(`resources.staff.fields.${label}`)}
      </Typography>
      <Typography component="div">{children === null || children === undefined || children === "" ? "—" : children}</Typography>
    </Box>
  );
};

const Details = ({ record }: { record: Staff }) => {
  const profile = record.profile_attributes;
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
      <Item label="profile_attributes.full_name">{profile?.full_name}</Item>
      <Item label="email">{record.email}</Item>
      <Item label="role">{underscoresToSpaces(record.role)}</Item>
      <Item label="enabled">
        <StaffEnabled record={record} />
      </Item>
      <Item label="profile_attributes.job_title">{profile?.job_title}</Item>
      <Item label="profile_attributes.contact_phone">{profile?.contact_phone}</Item>
      <Item label="organizable_type">{record.organizable_type}</Item>
      <Item label="organizable.title">{record.organizable?.title}</Item>
      <Item label="organizable_id">{record.organizable_id}</Item>
      <Item label="agency_id">{record.agency_id}</Item>
      <Item label="invitation_accepted_at">{record.invitation_accepted_at ? <DateField source="invitation_accepted_at" showTime /> : null}</Item>
      <Item label="created_at">
        <DateField source="created_at" showTime />
      </Item>
    </Box>
  );
};

interface HistoryRow {
  id: number;
  created_at: string;
  author: string;
  action: string;
  data: Parameters<typeof changesOf>[0]["data"];
}

const History = ({ record }: { record: Staff }) => (
  <AccountTabTable<HistoryRow>
    label="resources.staff.tabs.history"
    path={`/staffs/${record.id}/histories`}
    columnTexts="resources.staff.history"
    columns={[
      { key: "created_at", render: (row) => `${formatLongDate(row.created_at)} ${new Date(row.created_at).toLocaleTimeString("en-US")}` },
      { key: "author" },
      { key: "action", render: (row) => humanizeEnum(row.action) },
      { key: "changes", render: (row) => changesOf(row).join("; ") },
    ]}
  />
);

const StaffPage = ({ screen }: { screen: StaffScreen }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const record = useRecordContext<Staff>();
  const segment = (useParams()["*"] ?? "").split("/")[0];
  const { canAccess: canEdit } = useCanAccess({ resource: staffAccessResource(record), action: "edit" });
  if (!record || record.id === undefined) return <Loading />;
  const tabs = tabsOf(record);
  const active = tabs.find((tab) => tab === segment) ?? "details";
  const open = (tab: TabKey) => navigate(`${resourcePath.view(screen, record.id)}${tab === "details" ? "" : `/${tab}`}`);
  const title = `app.shell.titles.${screen}`;
  return (
    <>
      <PageHeader
        titleKey={title}
        title={staffName(record)}
        crumbs={[{ label: translate(title), to: resourcePath.browse(screen) }]}
        actions={
          <Box sx={{ display: "flex", gap: 1 }}>
            {canEdit && (
              <Button size="small" component={RouterLink} to={resourcePath.edit(screen, record.id)}>
                {translate("resources.staff.actions.edit")}
              </Button>
            )}
            <StaffRowActions />
          </Box>
        }
      />
      <Card>
        <CardContent>
          <Tabs value={active} onChange={(_event, tab: TabKey) => open(tab)} aria-label={staffName(record)}>
            {tabs.map((tab) => (
              <Tab key={tab} value={tab} label={translate(`resources.staff.tabs.${tab}`)} />
            ))}
          </Tabs>
          <Box sx={{ pt: 2 }} role="tabpanel">
            {active === "details" && <Details record={record} />}
            {active === "assignments" && <AssignmentsPanel staff={record} />}
            {active === "history" && <History record={record} />}
          </Box>
        </CardContent>
      </Card>
    </>
  );
};

/** A staff member's page: who they are and where they belong, their communities, their history; edit, enable/disable, re-invite. */
export const StaffShowFor = ({ screen }: { screen: StaffScreen }) => {
  const notifyHttpError = useNotifyHttpError();
  const navigate = useNavigate();
  return (
    <ShowBase<Staff>
      resource={screen}
      queryOptions={{
        onError: (error) => {
          notifyHttpError(error);
          navigate(resourcePath.browse(screen));
        },
      }}
    >
      <StaffPage screen={screen} />
    </ShowBase>
  );
};

/** staff/view/{id}. */
export const StaffShow = () => <StaffShowFor screen="staff" />;
