import { useEffect, useState } from "react";
import { Button, Link, Switch, Table, TableBody, TableCell, TableHead, TableRow, TablePagination, Typography } from "@mui/material";
import { useCanAccess, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { formatCents } from "../../domain/money";
import { YesNo } from "../common";
import { resourcePath } from "../paths";
import { failureText, useRequest as useApi, useLoaded } from "../common/useRequest";
import type { Insurable, Rate } from "./types";

const t = (key: string) => `resources.insurable.${key}`;
const None = ({ text }: { text: string }) => <Typography>{text}</Typography>;

/** Buildings and units directly under the property (buildings with their unit counts). */
export const ChildrenTab = ({ insurable }: { insurable: Insurable }) => {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const { rows } = useLoaded<Insurable[]>("/insurables", { filter: { insurable_id: insurable.id }, sort: { column: "title", direction: "asc" }, pagination: { page: page + 1, per: 50 } });
  if (rows && rows.length === 0 && page === 0) return <None text={translate(t("none"))} />;
  return (
    <>
      <Table size="small" aria-label={translate(t("tabs.children"))}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(t("fields.title"))}</TableCell>
            <TableCell>{translate(t("fields.insurable_type_id"))}</TableCell>
            <TableCell>{translate(t("fields.units_count"))}</TableCell>
            <TableCell>{translate(t("fields.covered"))}</TableCell>
            <TableCell>{translate(t("fields.occupied"))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(rows ?? []).map((child) => (
            <TableRow key={child.id}>
              <TableCell>
                <Link component={RouterLink} to={resourcePath.view("insurable", child.id)}>
                  {child.title}
                </Link>
              </TableCell>
              <TableCell>{translate(t(`types.${child.insurable_type_id}`))}</TableCell>
              <TableCell>{child.insurable_type_id === 7 ? child.units_count : ""}</TableCell>
              <TableCell>
                <YesNo value={child.covered} />
              </TableCell>
              <TableCell>
                <YesNo value={child.occupied} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination component="div" count={-1} page={page} rowsPerPage={50} rowsPerPageOptions={[50]} onPageChange={(_e, p) => setPage(p)} slotProps={{ actions: { nextButton: { disabled: (rows?.length ?? 0) < 50 } } }} />
    </>
  );
};

interface ResidentRow {
  lease_id: number;
  reference: string;
  status: string;
  start_date: string;
  end_date: string | null;
  unit_id: number;
  unit_title: string;
  tenants: Array<{ id: number; email: string; full_name: string | null; primary: boolean }>;
}

/** Residents and leases of the property's units, current leases first. */
export const ResidentsTab = ({ insurable }: { insurable: Insurable }) => {
  const translate = useTranslate();
  const { rows } = useLoaded<ResidentRow[]>(`/insurables/${insurable.id}/residents`);
  if (rows && rows.length === 0) return <None text={translate(t("none"))} />;
  return (
    <Table size="small" aria-label={translate(t("tabs.residents"))}>
      <TableHead>
        <TableRow>
          <TableCell>{translate(t("lease.unit"))}</TableCell>
          <TableCell>{translate(t("lease.tenants"))}</TableCell>
          <TableCell>{translate(t("lease.status"))}</TableCell>
          <TableCell>{translate(t("lease.start_date"))}</TableCell>
          <TableCell>{translate(t("lease.end_date"))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {(rows ?? []).map((row) => (
          <TableRow key={row.lease_id}>
            <TableCell>
              <Link component={RouterLink} to={resourcePath.view("insurable", row.unit_id)}>
                {row.unit_title}
              </Link>
            </TableCell>
            <TableCell>
              {row.tenants.map((tenant) => (
                <div key={tenant.id}>
                  <Link component={RouterLink} to={resourcePath.view("users", tenant.id)}>
                    {tenant.full_name ?? tenant.email}
                  </Link>
                </div>
              ))}
            </TableCell>
            <TableCell>{translate(t(`lease.statuses.${row.status}`))}</TableCell>
            <TableCell>{row.start_date}</TableCell>
            <TableCell>{row.end_date}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

interface PolicyRow {
  id: number;
  number: string;
  status: string;
  effective_date: string | null;
  expiration_date: string | null;
  unit_id: number;
  unit_title: string;
}

/** Policies on the property's units (POST /insurables/{id}/policies_index), 20 a page. */
export const PoliciesTab = ({ insurable }: { insurable: Insurable }) => {
  const translate = useTranslate();
  const { request } = useApi();
  const [page, setPage] = useState(0);
  const [state, setState] = useState<{ rows: PolicyRow[]; total: number } | null>(null);
  useEffect(() => {
    let live = true;
    void request<PolicyRow[]>(`/insurables/${insurable.id}/policies_index`, { method: "POST", body: { pagination: { page: page + 1, per: 20 } } }).then(({ json, headers }) => {
      if (live) setState({ rows: json, total: Number(headers.get("total-entries") ?? json.length) });
    });
    return () => {
      live = false;
    };
  }, [request, insurable.id, page]);
  if (state && state.total === 0) return <None text={translate(t("none"))} />;
  return (
    <>
      <Table size="small" aria-label={translate(t("tabs.policies"))}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(t("policy.number"))}</TableCell>
            <TableCell>{translate(t("lease.unit"))}</TableCell>
            <TableCell>{translate(t("policy.status"))}</TableCell>
            <TableCell>{translate(t("policy.effective_date"))}</TableCell>
            <TableCell>{translate(t("policy.expiration_date"))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(state?.rows ?? []).map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                <Link component={RouterLink} to={resourcePath.view("policies", row.id)}>
                  {row.number}
                </Link>
              </TableCell>
              <TableCell>{row.unit_title}</TableCell>
              <TableCell>{row.status.replace(/_/g, " ")}</TableCell>
              <TableCell>{row.effective_date}</TableCell>
              <TableCell>{row.expiration_date}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination component="div" count={state?.total ?? 0} page={page} rowsPerPage={20} rowsPerPageOptions={[20]} onPageChange={(_e, p) => setPage(p)} />
    </>
  );
};

interface CoverageRow {
  id: number;
  title: string;
  building_title: string | null;
  covered: boolean;
  occupied: boolean;
  policies: Array<{ id: number; number: string; status: string }>;
}

/** Which units are covered, and by what policy in force today. */
export const CoverageTab = ({ insurable }: { insurable: Insurable }) => {
  const translate = useTranslate();
  const { rows } = useLoaded<CoverageRow[]>(`/insurables/${insurable.id}/coverage`);
  if (rows && rows.length === 0) return <None text={translate(t("none"))} />;
  const covered = (rows ?? []).filter((r) => r.covered).length;
  return (
    <>
      {rows && <Typography sx={{ mb: 1 }}>{translate(t("coverage.summary"), { covered, total: rows.length })}</Typography>}
      <Table size="small" aria-label={translate(t("tabs.coverage"))}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(t("lease.unit"))}</TableCell>
            <TableCell>{translate(t("coverage.building"))}</TableCell>
            <TableCell>{translate(t("fields.covered"))}</TableCell>
            <TableCell>{translate(t("fields.occupied"))}</TableCell>
            <TableCell>{translate(t("coverage.by"))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(rows ?? []).map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                <Link component={RouterLink} to={resourcePath.view("insurable", row.id)}>
                  {row.title}
                </Link>
              </TableCell>
              <TableCell>{row.building_title}</TableCell>
              <TableCell>
                <YesNo value={row.covered} />
              </TableCell>
              <TableCell>
                <YesNo value={row.occupied} />
              </TableCell>
              <TableCell>
                {row.policies.map((p) => (
                  <Link key={p.id} component={RouterLink} to={resourcePath.view("policies", p.id)} sx={{ mr: 1 }}>
                    {p.number}
                  </Link>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
};

const money = (values: Record<string, number>) =>
  Object.entries(values)
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${formatCents(v)}`)
    .join(", ");

/** Rates of a residential community (type 1 only): interval, premium, limits, deductibles; enabled and mandatory switches; refresh. */
export const RatesTab = ({ insurable }: { insurable: Insurable }) => {
  const translate = useTranslate();
  const { request, say } = useApi();
  const { canAccess: canEdit } = useCanAccess({ resource: "insurable", action: "edit" });
  const { rows, reload } = useLoaded<Rate[]>(`/insurables/${insurable.id}/insurable-rates`);
  const change = async (rate: Rate, field: "enabled" | "mandatory") => {
    try {
      await request(`/insurables/${insurable.id}/insurable-rates/${rate.id}`, { method: "PUT", body: { insurable_rate: { [field]: !rate[field] } } });
      reload();
    } catch (e) {
      say("error", "resources.insurable.failure", failureText(e));
    }
  };
  const refresh = async () => {
    try {
      await request(`/insurables/${insurable.id}/refresh-rates`);
      say("success", t("rates.refreshed"));
      reload();
    } catch (e) {
      say("error", "resources.insurable.failure", failureText(e));
    }
  };
  return (
    <>
      {canEdit && (
        <Button variant="outlined" onClick={refresh} sx={{ mb: 1 }}>
          {translate(t("rates.refresh"))}
        </Button>
      )}
      <Table size="small" aria-label={translate(t("tabs.rates"))}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(t("rates.title"))}</TableCell>
            <TableCell>{translate(t("rates.interval"))}</TableCell>
            <TableCell>{translate(t("rates.premium"))}</TableCell>
            <TableCell>{translate(t("rates.coverage_limits"))}</TableCell>
            <TableCell>{translate(t("rates.deductibles"))}</TableCell>
            <TableCell>{translate(t("rates.enabled"))}</TableCell>
            <TableCell>{translate(t("rates.mandatory"))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(rows ?? []).map((rate) => (
            <TableRow key={rate.id}>
              <TableCell>{rate.title}</TableCell>
              <TableCell>{translate(t(`rates.intervals.${rate.interval}`))}</TableCell>
              <TableCell>{formatCents(rate.premium)}</TableCell>
              <TableCell>{money(rate.coverage_limits)}</TableCell>
              <TableCell>{money(rate.deductibles)}</TableCell>
              <TableCell>
                <Switch checked={rate.enabled} disabled={!canEdit} onChange={() => void change(rate, "enabled")} slotProps={{ input: { "aria-label": `${rate.title} ${translate(t("rates.enabled"))}` } }} />
              </TableCell>
              <TableCell>
                <Switch checked={rate.mandatory} disabled={!canEdit} onChange={() => void change(rate, "mandatory")} slotProps={{ input: { "aria-label": `${rate.title} ${translate(t("rates.mandatory"))}` } }} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
};
