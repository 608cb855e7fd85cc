import type { ReactNode } from "react";
import { Box, Card, CardContent, Typography } from "@mui/material";
import { DateField, ShowBase, useRecordContext, useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import { useNotifyHttpError } from "../../authProvider/AppNotification";
import type { Staff } from "../../dataProvider/types";
import { underscoresToSpaces } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { resourcePath } from "../paths";
import { StaffRowActions } from "./StaffActions";
import { StaffEnabled } from "./StaffEnabled";
import { staffName } from "./staffAccess";

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

const StaffDetail = () => {
  const translate = useTranslate();
  const record = useRecordContext<Staff>();
  if (!record || record.id === undefined) return null;
  const profile = record.profile_attributes;
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.staff"
        title={staffName(record)}
        crumbs={[{ label: translate("app.shell.titles.staff"), to: resourcePath.browse("staff") }]}
        actions={<StaffRowActions />}
      />
      <Card>
        <CardContent>
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
        </CardContent>
      </Card>
    </>
  );
};

/** staff/view/{id}: who the staff member is and where they belong; enable/disable and re-invite from here too. */
export const StaffShow = () => {
  const notifyHttpError = useNotifyHttpError();
  const navigate = useNavigate();
  return (
    <ShowBase<Staff>
      resource="staff"
      queryOptions={{
        onError: (error) => {
          notifyHttpError(error);
          navigate(resourcePath.browse("staff"));
        },
      }}
    >
      <StaffDetail />
    </ShowBase>
  );
};
