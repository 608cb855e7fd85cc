import { Loading, useGetOne, useTranslate } from "react-admin";
import { useParams } from "react-router-dom";
import { PageHeader } from "../../layout/PageHeader";
import { resourcePath } from "../paths";
import { LeaseForm } from "./LeaseForm";
import type { Lease } from "./types";

/** leases/view/{id}/edit: the same form, the lease's tenants replaced by those listed (reference section 4.12). */
export const LeaseEdit = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const { data: lease } = useGetOne<Lease>("leases", { id: Number(id) });
  if (!lease) return <Loading />;
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.leases"
        title={translate("resources.leases.title.edit", { reference: lease.reference })}
        crumbs={[
          { label: translate("app.shell.titles.leases"), to: "/dashboard/leases" },
          { label: lease.reference, to: resourcePath.view("leases", lease.id) },
        ]}
      />
      <LeaseForm lease={lease} />
    </>
  );
};

/** leases/create. */
export const LeaseCreate = () => {
  const translate = useTranslate();
  return (
    <>
      <PageHeader titleKey="resources.leases.title.create" crumbs={[{ label: translate("app.shell.titles.leases"), to: "/dashboard/leases" }]} />
      <LeaseForm />
    </>
  );
};
