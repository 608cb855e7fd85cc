import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { Box, Button } from "@mui/material";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { DataTable, ListBase, useListContext, useTranslate, type RaRecord } from "react-admin";
import { Link as RouterLink, useLocation, useNavigate } from "react-router-dom";
import { POLICY_GRID_PAGE_SIZE } from "../../../domain/constants";
import { humanizeEnum } from "../../../domain/format";
import { policyCells } from "../../../domain/policyCells";
import { hasPermission } from "../../../domain/permissions";
import { PageHeader } from "../../../layout/PageHeader";
import { useCurrentUser } from "../../../layout/useCurrentUser";
import { useNotifyHttpError } from "../../../authProvider/AppNotification";
import { GridDataTable, GridPagination } from "../../common";
import { resourcePath } from "../../paths";
import { readGridMemory, writeGridMemory } from "./gridMemory";
import { PolicyExports } from "./PolicyExports";
import { PolicyFilters } from "./PolicyFilters";
import { canExportCsv, showsCoverageProofButton, visiblePolicyColumns, type PolicyColumn } from "./policyGridRules";
import { PolicyRowMenu } from "./PolicyRowMenu";
import { usePolicyBulkActions } from "./usePolicyBulkActions";
import type { PolicyRow } from "./types";
import { useUrlListParams, type UrlListParams } from "./useUrlListParams";
import { GRID_DEBOUNCE_MS } from "../../../domain/constants";

const DEFAULTS = { pageSize: POLICY_GRID_PAGE_SIZE, sort: "updated_at", order: "DESC" as const };
const UPLOAD_PATH = "/dashboard/policies/upload-coverage-proof";

/** Mirrors the list's state into the address and applies the address's page once on arrival. */
function UrlSync({ initial, write }: { initial: UrlListParams; write: (next: UrlListParams) => void }) {
  const { page, perPage, filterValues, sort, setPage } = useListContext();
  const arrived = useRef(false);
  useEffect(() => {
    if (!arrived.current) {
      arrived.current = true;
      if (initial.page !== page) {
        setPage(initial.page);
        return;
      }
    }
    write({ filters: filterValues ?? {}, page, pageSize: perPage, sort: sort.field, order: sort.order === "ASC" ? "ASC" : "DESC" });
  }, [page, perPage, filterValues, sort, setPage, initial.page, write]);
  return null;
}

const text = (value: string | null | undefined) => value ?? "";

/** The cells of each column (document 2 section 2), in one table. */
export const PolicyStatusText = ({ status }: { status: string }) => {
  const translate = useTranslate();
  return <>{policyCells.status(status, (s) => translate(`app.policy_browse.statuses.${s}`, { _: humanizeEnum(s) }))}</>;
};

const COLUMN_CELLS: Record<PolicyColumn, { source: string; sortable?: boolean; render?: (r: PolicyRow) => ReactNode }> = {
  number: { source: "number", sortable: true },
  status: { source: "status", sortable: true, render: (r) => <PolicyStatusText status={r.status} /> },
  tcode: { source: "tcode", render: (r) => text(r.tcode) },
  community: { source: "primary_insurable.parent_community.title", render: (r) => text(r.primary_insurable?.parent_community?.title) },
  building: { source: "primary_insurable.parent_building.title", render: (r) => text(r.primary_insurable?.parent_building?.title) },
  unit: { source: "primary_insurable.title", render: (r) => text(r.primary_insurable?.title) },
  account: { source: "account.title", render: (r) => text(r.account?.title) },
  agency: { source: "agency.title", render: (r) => text(r.agency?.title) },
  effective_date: { source: "effective_date", sortable: true, render: (r) => policyCells.date(r.effective_date) },
  expiration_date: { source: "expiration_date", sortable: true, render: (r) => policyCells.date(r.expiration_date) },
  customer: { source: "primary_user.full_name", render: (r) => text(r.primary_user?.full_name) },
  email: { source: "primary_user.email", render: (r) => text(r.primary_user?.email) },
  policy_type: { source: "policy_type_title" },
  billing_strategy: { source: "billing_strategy", render: (r) => policyCells.billingStrategy(r.billing_strategy) },
  updated_at: { source: "updated_at", sortable: true, render: (r) => policyCells.updatedAt(r.updated_at) },
  in_system: { source: "policy_in_system", render: (r) => policyCells.inSystem(r.policy_in_system) },
};

/**
 * The table: a row opens the policy; a middle-click opens it in a new tab; the last clicked row stays highlighted
 * and the scroll position comes back when the user returns (both per route, gridMemory.ts).
 */
function PolicyTable({ columns, route }: { columns: PolicyColumn[]; route: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data, isPending } = useListContext<PolicyRow>();
  const bulkActions = usePolicyBulkActions();
  const memory = readGridMemory(route);
  const restored = useRef(false);

  useEffect(() => {
    if (isPending || restored.current) return;
    restored.current = true;
    if (memory?.scrollY) window.scrollTo({ top: memory.scrollY });
  }, [isPending, memory?.scrollY]);
  useEffect(() => () => writeGridMemory(route, { scrollY: window.scrollY }), [route]);

  const open = (record: RaRecord) => {
    writeGridMemory(route, { lastId: String(record.id), scrollY: window.scrollY });
    navigate(resourcePath.view("policies", record.id));
    return false as const;
  };
  const openInNewTab = (event: MouseEvent) => {
    if (event.button !== 1) return;
    const row = (event.target as HTMLElement).closest("tbody tr");
    const index = row?.parentElement ? Array.from(row.parentElement.children).indexOf(row) : -1;
    const record = data?.[index];
    if (!record) return;
    event.preventDefault();
    writeGridMemory(route, { lastId: String(record.id) });
    window.open(resourcePath.view("policies", record.id), "_blank", "noopener");
  };

  return (
    <Box onAuxClick={openInNewTab} onMouseDown={(event) => event.button === 1 && event.preventDefault()}>
      <GridDataTable<PolicyRow>
        rowClick={(_id, _resource, record) => open(record)}
        rowSx={(record) => (String(record.id) === memory?.lastId ? { backgroundColor: "action.selected" } : {})}
        bulkActions={bulkActions}
      >
        {columns.map((column) => {
          const cell = COLUMN_CELLS[column];
          return (
            <DataTable.Col
              key={column}
              source={cell.source}
              label={translate(`app.policy_browse.columns.${column}`)}
              disableSort={!cell.sortable}
              render={cell.render}
            />
          );
        })}
        <DataTable.Col label={false} render={(record: PolicyRow) => <PolicyRowMenu record={record} />} />
      </GridDataTable>
    </Box>
  );
}

/**
 * policies/browse (document 2 section 2; readings C-25: POST /policies/list). The grid reads the address once, on
 * arrival; a search from the top bar's overlay (state.searchAt) starts it afresh even when it is already open.
 */
export const PolicyList = () => {
  const { state } = useLocation() as { state: { searchAt?: number } | null };
  return <PolicyGrid key={state?.searchAt ?? "grid"} />;
};

const PolicyGrid = () => {
  const translate = useTranslate();
  const location = useLocation();
  const notifyHttpError = useNotifyHttpError();
  const { user } = useCurrentUser();
  const [params, write] = useUrlListParams(DEFAULTS);
  const initial = useRef(params).current;
  const role = user?.role;
  const coverageProof = showsCoverageProofButton(role, user ? hasPermission(user, "policies.coverage_proof") : false);

  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.policies"
        actions={
          coverageProof ? (
            <Button component={RouterLink} to={UPLOAD_PATH} variant="contained" startIcon={<UploadFileIcon />}>
              {translate("app.policy_browse.upload_external")}
            </Button>
          ) : null
        }
      />
      <ListBase<PolicyRow>
        resource="policies"
        disableSyncWithLocation
        storeKey={false}
        perPage={initial.pageSize}
        sort={{ field: initial.sort, order: initial.order }}
        filterDefaultValues={initial.filters}
        debounce={GRID_DEBOUNCE_MS}
        queryOptions={{ onError: notifyHttpError }}
      >
        <UrlSync initial={initial} write={write} />
        <Box sx={{ bgcolor: "background.paper", borderRadius: 1 }}>
          <PolicyFilters role={role} />
          {canExportCsv(role) ? <PolicyExports /> : null}
          <PolicyTable columns={visiblePolicyColumns(role)} route={location.pathname} />
          <GridPagination />
        </Box>
      </ListBase>
    </>
  );
};
