import type { ReactNode } from "react";
import { ResidentTimelines } from "../../custom/compliance/CoverageTimeline";
import { UploadLinks } from "../../custom/compliance/UploadLinks";
import { Box, Card, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import EditIcon from "@mui/icons-material/Edit";
import MergeIcon from "@mui/icons-material/MergeType";
import { Button, DateField, ShowBase, TabbedShowLayout, useCanAccess, useRecordContext, useTranslate } from "react-admin";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { useNotifyHttpError } from "../../authProvider/AppNotification";
import type { User } from "../../dataProvider/types";
import { formatLongDate, humanizeEnum } from "../../domain/format";
import { type HistoryChanges, historyValue } from "../../domain/history";
import { AccountTabTable } from "../accounts/AccountTabTable";
import { POLICY_TYPES } from "../../domain/policies";
import { PageHeader } from "../../layout/PageHeader";
import { YesNo } from "../common";
import { resourcePath } from "../paths";
import { userName } from "./userName";

// A titled block of a tab; `label={false}` keeps react-admin's Tab from adding a field label above it.
const Section = ({ title, children }: { title: string; children: ReactNode; label?: false }) => {
  const translate = useTranslate();
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" gutterBottom>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
};

const Item = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: "1 1 220px" }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography component="div">{children === null || children === undefined || children === "" ? "—" : children}</Typography>
    </Box>
  );
};

const Items = ({ children }: { children: ReactNode }) => <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>{children}</Box>;

const None = () => {
  const translate = useTranslate();
  return <Typography color="text.secondary">{translate("resources.users.none")}</Typography>;
};

interface HistoryRow {
  id: number;
  created_at: string;
  author: string;
  action: string;
  data: HistoryChanges;
}

const changesOf = (row: HistoryRow) =>
  Object.entries(row.data ?? {})
    .map(([field, change]) => `${field}: ${historyValue(change, change.previous_value)} → ${historyValue(change, change.new_value)}`)
    .join("; ");

const policyTypeTitle = (id: number) => POLICY_TYPES.find((type) => type.id === id)?.title ?? String(id);

const UserDetail = () => {
  const translate = useTranslate();
  const record = useRecordContext<User>();
  const { canAccess: canEdit } = useCanAccess({ resource: "users", action: "edit" });
  const { canAccess: canMerge } = useCanAccess({ resource: "users", action: "merge" });
  if (!record || record.id === undefined) return null;
  const profile = record.profile_attributes ?? ({} as User["profile_attributes"]);
  const address = record.address_attributes;
  const f = (field: string) => `resources.users.fields.${field}`;
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.user"
        title={userName(record)}
        crumbs={[{ label: translate("app.shell.titles.users"), to: resourcePath.browse("users") }]}
        actions={
          <>
            {canMerge ? (
              // Merge Users with this record chosen as the one that stays (issue 13 section 4).
              <Button component={RouterLink} to={`/dashboard/merge-users?ids=${record.id}&survivor=${record.id}`} label="resources.users.actions.merge_with" startIcon={<MergeIcon />} />
            ) : null}
            {canEdit ? <Button component={RouterLink} to={resourcePath.edit("users", record.id)} label="resources.common.actions.edit" startIcon={<EditIcon />} /> : null}
          </>
        }
      />
      <Card>
        <TabbedShowLayout>
          <TabbedShowLayout.Tab label="resources.users.tabs.details">
            <Section label={false} title="resources.users.sections.profile">
              <Items>
                <Item label={f("profile_attributes.first_name")}>{profile.first_name}</Item>
                <Item label={f("profile_attributes.middle_name")}>{profile.middle_name}</Item>
                <Item label={f("profile_attributes.last_name")}>{profile.last_name}</Item>
                <Item label={f("profile_attributes.birth_date")}>{profile.birth_date}</Item>
                <Item label={f("t_code")}>{record.t_code}</Item>
                <Item label={f("has_current_leases")}>
                  <YesNo value={record.has_current_leases} />
                </Item>
                <Item label={f("has_existing_policies")}>
                  <YesNo value={record.has_existing_policies} />
                </Item>
                <Item label={f("created_at")}>
                  <DateField source="created_at" showTime />
                </Item>
              </Items>
            </Section>
            <Section label={false} title="resources.users.sections.contact">
              <Items>
                <Item label={f("email")}>{record.email}</Item>
                <Item label={f("profile_attributes.contact_email")}>{profile.contact_email}</Item>
                <Item label={f("profile_attributes.contact_phone")}>{profile.contact_phone}</Item>
              </Items>
            </Section>
            <Section label={false} title="resources.users.sections.address">
              {address ? (
                <Items>
                  <Item label={f("address_attributes.street_number")}>{address.street_number}</Item>
                  <Item label={f("address_attributes.street_name")}>{address.street_name}</Item>
                  <Item label={f("address_attributes.street_two")}>{address.street_two}</Item>
                  <Item label={f("address_attributes.city")}>{address.city}</Item>
                  <Item label={f("address_attributes.state")}>{address.state}</Item>
                  <Item label={f("address_attributes.zip_code")}>{address.zip_code}</Item>
                </Items>
              ) : (
                <None />
              )}
            </Section>
            <Section label={false} title="resources.users.sections.accounts">
              {record.accounts?.length ? (
                <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
                  {record.accounts.map((account) => (
                    <Chip key={account.id} label={account.title} />
                  ))}
                </Box>
              ) : (
                <None />
              )}
            </Section>
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label="resources.users.tabs.policies" path="policies">
            <Section label={false} title="resources.users.sections.policies">
              {record.policies?.length ? (
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate("resources.users.policy.number")}</TableCell>
                      <TableCell>{translate("resources.users.policy.status")}</TableCell>
                      <TableCell>{translate("resources.users.policy.type")}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {record.policies.map((policy) => (
                      <TableRow key={policy.id}>
                        <TableCell>
                          <Link component={RouterLink} to={resourcePath.view("policies", policy.id)}>
                            {policy.number}
                          </Link>
                        </TableCell>
                        <TableCell>{humanizeEnum(policy.status)}</TableCell>
                        <TableCell>{policyTypeTitle(policy.policy_type_id)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <None />
              )}
            </Section>
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label="resources.users.tabs.leases" path="leases">
            <Section label={false} title="resources.users.sections.leases">
              {record.leases?.length ? (
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate("resources.users.lease.reference")}</TableCell>
                      <TableCell>{translate("resources.users.lease.insurable")}</TableCell>
                      <TableCell>{translate("resources.users.lease.status")}</TableCell>
                      <TableCell>{translate("resources.users.lease.start_date")}</TableCell>
                      <TableCell>{translate("resources.users.lease.end_date")}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {record.leases.map((lease) => (
                      <TableRow key={lease.id}>
                        <TableCell>{lease.reference}</TableCell>
                        <TableCell>{lease.insurable_title}</TableCell>
                        <TableCell>{humanizeEnum(lease.status)}</TableCell>
                        <TableCell>{lease.start_date}</TableCell>
                        <TableCell>{lease.end_date}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <None />
              )}
            </Section>
            {record.leases?.length ? (
              <Section label={false} title="app.compliance.timeline.title">
                <ResidentTimelines userId={Number(record.id)} />
              </Section>
            ) : null}
            <Section label={false} title="app.compliance.links.title">
              <UploadLinks of={{ user_id: Number(record.id) }} />
            </Section>
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label="resources.users.tabs.history" path="history">
            <Section label={false} title="resources.users.sections.history">
              <AccountTabTable<HistoryRow>
                label="resources.users.sections.history"
                path={`/users/${record.id}/histories`}
                columnTexts="resources.users.history"
                columns={[
                  { key: "created_at", render: (row) => `${formatLongDate(row.created_at)} ${new Date(row.created_at).toLocaleTimeString("en-US")}` },
                  { key: "author" },
                  { key: "action", render: (row) => humanizeEnum(row.action) },
                  { key: "changes", render: changesOf },
                ]}
              />
            </Section>
          </TabbedShowLayout.Tab>
        </TabbedShowLayout>
      </Card>
    </>
  );
};

/**
 * users/view/{id} (document 3 section 2; issue 13 section 4): tabs as the account and agency pages have, each in the
 * URL (react-admin's TabbedShowLayout): details (profile, contact, address, accounts), policies, leases (with the
 * coverage timeline) and history.
 */
export const UserShow = () => {
  const notifyHttpError = useNotifyHttpError();
  const navigate = useNavigate();
  return (
    <ShowBase<User>
      resource="users"
      queryOptions={{
        onError: (error) => {
          notifyHttpError(error);
          navigate(resourcePath.browse("users"));
        },
      }}
    >
      <UserDetail />
    </ShowBase>
  );
};
