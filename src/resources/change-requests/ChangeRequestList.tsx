import { Link } from "@mui/material";
import { DataTable, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { formatLongDate } from "../../domain/format";
import { formatCents } from "../../domain/money";
import { CHANGE_REQUEST_ACTIONS, CHANGE_REQUEST_STATUSES } from "../../domain/policies";
import { PageHeader } from "../../layout/PageHeader";
import { FilterBar, GridDataTable, GridList, SelectFilter } from "../common";
import { resourcePath } from "../paths";
import { ChangeRequestActions } from "./ChangeRequestActions";
import { changeRequestPath } from "./paths";
import { RefundRequestButton } from "./RefundRequestButton";
import type { ChangeRequest } from "./types";

const k = (key: string) => `app.change_requests.${key}`;
const STATUS_CHOICES = CHANGE_REQUEST_STATUSES.map((id) => ({ id, name: k(`statuses.${id}`) }));
const ACTION_CHOICES = CHANGE_REQUEST_ACTIONS.map((id) => ({ id, name: `app.policy_detail.cancel_dialog.options.${id}` }));

const Label = ({ path }: { path: string }) => {
  const translate = useTranslate();
  return <>{translate(path)}</>;
};

/**
 * change-requests and change-requests/refunds/browse (document 3 sections 2 and 7): the cancellation and refund
 * requests with their policy, filters by status and type, approve and decline for super admins, and Refund to file a
 * new request for any refundable policy. Pending first by
 * default (awaiting confirmation), newest first.
 */
export const ChangeRequestList = ({ titleKey = k("title") }: { titleKey?: string }) => {
  const translate = useTranslate();
  return (
    <>
      <PageHeader titleKey={titleKey} actions={<RefundRequestButton />} />
      <GridList<ChangeRequest> resource="change-requests" title={false} sort={{ field: "created_at", order: "DESC" }} filterDefaultValues={{ status: "awaiting_confirmation" }}>
        <FilterBar>
          <SelectFilter path="status" label={k("filters.status")} choices={STATUS_CHOICES} />
          <SelectFilter path="customized_action" label={k("filters.action")} choices={ACTION_CHOICES} />
        </FilterBar>
        <GridDataTable<ChangeRequest> rowClick={false}>
          <DataTable.Col
            source="id"
            label={k("columns.id")}
            render={(r) => (
              <Link component={RouterLink} to={changeRequestPath(r.id)} aria-label={translate(k("actions.open"), { id: r.id })}>
                #{r.id}
              </Link>
            )}
          />
          <DataTable.Col
            source="changeable.number"
            label={k("columns.policy")}
            disableSort
            render={(r) => (
              <Link component={RouterLink} to={resourcePath.view("policies", r.changeable.id)}>
                {r.changeable.number}
              </Link>
            )}
          />
          <DataTable.Col source="changeable.primary_user_name" label={k("columns.customer")} disableSort />
          <DataTable.Col source="customized_action" label={k("columns.action")} disableSort render={(r) => translate(`app.policy_detail.cancel_dialog.options.${r.customized_action}`)} />
          <DataTable.Col source="cancellation_date" label={k("columns.cancellation_date")} render={(r) => formatLongDate(r.cancellation_date)} />
          <DataTable.Col
            source="status"
            label={k("columns.status")}
            render={(r) =>
              r.refund && r.refund.status !== "succeeded"
                ? `${translate(k(`statuses.${r.status}`), { _: r.status })} · ${translate(k(`refund_list.${r.refund.status}`))}`
                : translate(k(`statuses.${r.status}`), { _: r.status })
            }
          />
          <DataTable.Col source="refund_amount" label={k("columns.refund_amount")} disableSort render={(r) => formatCents(r.refund_amount)} />
          <DataTable.Col source="requestable.name" label={k("columns.requested_by")} disableSort />
          <DataTable.Col source="created_at" label={k("columns.created_at")} render={(r) => formatLongDate(r.created_at)} />
          <DataTable.Col source="decided_by.name" label={k("columns.decided_by")} disableSort render={(r) => (r.decided_by ? `${r.decided_by.name}${r.decline_reason ? `: ${r.decline_reason}` : ""}` : "")} />
          <DataTable.Col label={<Label path={k("actions.menu")} />} disableSort>
            <ChangeRequestActions />
          </DataTable.Col>
        </GridDataTable>
      </GridList>
    </>
  );
};

export const RefundRequestList = () => <ChangeRequestList titleKey={k("refunds_title")} />;
