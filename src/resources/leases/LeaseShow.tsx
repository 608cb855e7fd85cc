import { useState } from "react";
import { Box, Button, Card, CardContent, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Confirm, Loading, ShowBase, useCanAccess, useDataProvider, useNotify, useRecordContext, useTranslate } from "react-admin";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { formatLongDate } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { YesNo } from "../common";
import { resourcePath } from "../paths";
import type { Lease } from "./types";
import { CoverageTimeline } from "../../custom/compliance/CoverageTimeline";
import { UploadLinks } from "../../custom/compliance/UploadLinks";

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

const LeasePage = () => {
  const translate = useTranslate();
  const lease = useRecordContext<Lease>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const { canAccess: canEdit } = useCanAccess({ resource: "leases", action: "edit" });
  const { canAccess: canDelete } = useCanAccess({ resource: "leases", action: "delete" });
  const [confirming, setConfirming] = useState(false);
  if (!lease) return <Loading />;
  const f = (key: string) => translate(`resources.leases.fields.${key}`);
  const remove = async () => {
    try {
      await dataProvider.delete("leases", { id: lease.id, previousData: lease });
      notify("resources.leases.deleted", { type: "success" });
      navigate("/dashboard/leases");
    } catch {
      notify("resources.leases.failure", { type: "error" });
    }
  };
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.leases"
        title={translate("resources.leases.title.view", { reference: lease.reference })}
        crumbs={[{ label: translate("app.shell.titles.leases"), to: "/dashboard/leases" }]}
        actions={
          <>
            {canEdit && (
              <Button variant="outlined" component={RouterLink} to={resourcePath.edit("leases", lease.id)}>
                {translate("resources.leases.actions.edit")}
              </Button>
            )}
            {canDelete && (
              <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
                {translate("resources.leases.actions.delete")}
              </Button>
            )}
          </>
        }
      />
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" } }}>
          <Field label={f("unit.title")}>
            <Link component={RouterLink} to={resourcePath.view("insurable", lease.unit.id)}>
              {lease.unit.title}
            </Link>
          </Field>
          <Field label={f("building.title")}>{lease.building?.title}</Field>
          <Field label={f("community.title")}>
            {lease.community && (
              <Link component={RouterLink} to={resourcePath.view("insurable", lease.community.id)}>
                {lease.community.title}
              </Link>
            )}
          </Field>
          <Field label={f("account_title")}>{lease.account_title}</Field>
          <Field label={f("status")}>{translate(`resources.leases.statuses.${lease.status}`)}</Field>
          <Field label={f("start_date")}>{lease.start_date}</Field>
          <Field label={f("end_date")}>{lease.end_date}</Field>
          <Field label={f("lease_type_id")}>{translate(`resources.leases.lease_types.${lease.lease_type_id}`)}</Field>
          <Field label={f("covered")}>
            <YesNo value={lease.covered} />
          </Field>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="subtitle1">{f("tenants")}</Typography>
          <Table size="small" aria-label={f("tenants")}>
            <TableHead>
              <TableRow>
                <TableCell>{translate("resources.leases.tenant.first_name")}</TableCell>
                <TableCell>{translate("resources.leases.tenant.last_name")}</TableCell>
                <TableCell>{translate("resources.leases.tenant.email")}</TableCell>
                <TableCell>{translate("resources.leases.tenant.primary")}</TableCell>
                <TableCell>{translate("resources.leases.tenant.lessee")}</TableCell>
                <TableCell>{translate("resources.leases.tenant.moved_in_at")}</TableCell>
                <TableCell>{translate("resources.leases.tenant.moved_out_at")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lease.lease_users.map((u) => (
                <TableRow key={u.id}>
                  <TableCell>{u.first_name}</TableCell>
                  <TableCell>{u.last_name}</TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={resourcePath.view("users", u.user_id)}>
                      {u.email}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <YesNo value={u.primary} />
                  </TableCell>
                  <TableCell>
                    <YesNo value={u.lessee} />
                  </TableCell>
                  <TableCell>{formatLongDate(u.moved_in_at?.slice(0, 10)) || "—"}</TableCell>
                  <TableCell>{formatLongDate(u.moved_out_at?.slice(0, 10)) || "—"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {translate("app.compliance.timeline.title")}
          </Typography>
          <CoverageTimeline path={`/leases/${lease.id}/coverage_timeline`} />
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {translate("app.compliance.links.title")}
          </Typography>
          <UploadLinks of={{ lease_id: Number(lease.id) }} />
        </CardContent>
      </Card>
      <Confirm
        isOpen={confirming}
        title="resources.leases.actions.delete"
        content={translate("resources.leases.delete_confirm", { reference: lease.reference })}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

/** leases/view/{id}: the unit, dates, status and tenants; edit and delete with confirmation. */
export const LeaseShow = () => (
  <ShowBase resource="leases">
    <LeasePage />
  </ShowBase>
);
