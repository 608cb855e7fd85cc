import { useState } from "react";
import { Box } from "@mui/material";
import { Button, Confirm, EditButton, useCanAccess, useDataProvider, useRecordContext, useRefresh, type RaRecord } from "react-admin";
import { useNotifySpec } from "../../authProvider/AppNotification";
import { actionFailureNotification, successNotification } from "../../dataProvider/httpErrors";
import type { AppDataProvider } from "../../dataProvider/types";
import { type QueryInput, toWireFilter } from "../../dataProvider/query";
import { CONFIRM_DIALOG_WIDTH } from "../../domain/constants";
import { resourcePath } from "../paths";
import type { GridBulkAction } from "./gridKit/BulkActions";

type Switchable = RaRecord & { enabled: boolean; title: string };

/**
 * Enable or disable an organisation (account or agency) after confirmation, through PUT /<resource>/{id}/enable|disable
 * (reference 4.1: what else it switches is the server's rule); 'Success!' or the server's reason. Texts come from
 * resources.<resource>.actions.*.
 */
const EnableButton = ({ resource }: { resource: string }) => {
  const record = useRecordContext<Switchable>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifySpec = useNotifySpec();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const action = record?.enabled ? "disable" : "enable";
  const { canAccess } = useCanAccess({ resource, action, record });
  if (!record || !canAccess) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await dataProvider.request(`/${resource}/${record.id}/${action}`, { method: "PUT" });
      notifySpec(successNotification);
      refresh();
    } catch (error) {
      notifySpec(actionFailureNotification(error));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button label={`resources.${resource}.actions.${action}`} onClick={() => setOpen(true)} />
      <Confirm
        isOpen={open}
        loading={busy}
        title={`resources.${resource}.actions.confirm_${action}_title`}
        titleTranslateOptions={{ name: record.title }}
        content={`resources.${resource}.actions.confirm_${action}_content`}
        confirm={`resources.${resource}.actions.confirm`}
        cancel={`resources.${resource}.actions.cancel`}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        sx={{ "& .MuiDialog-paper": { width: CONFIRM_DIALOG_WIDTH } }}
      />
    </>
  );
};

/** The show page's actions of an account or an agency: Edit where allowed, and Enable/Disable. */
export const OrganisationActions = ({ resource }: { resource: "accounts" | "agencies" }) => {
  const record = useRecordContext<Switchable>();
  const { canAccess: canEdit } = useCanAccess({ resource, action: "edit", record });
  if (!record) return null;
  return (
    <Box sx={{ display: "flex", gap: 1 }}>
      {canEdit && <EditButton resource={resource} record={record} to={resourcePath.edit(resource, record.id)} label={`resources.${resource}.actions.edit`} />}
      <EnableButton resource={resource} />
    </Box>
  );
};

/**
 * The grid's bulk Enable and Disable of accounts or agencies (issue 17 section 5), offered to whoever may switch them:
 * the picked rows, or every row matching the grid's filter, in one POST /<resource>/bulk_enable|disable, the server
 * picking the rows within the caller's scope and switching each as the show page's button does. `fixedFilter` is the
 * grid's own filter the user does not set (the Sub-Agencies screen's with_subagencies).
 */
export function useOrganisationBulkActions(resource: "accounts" | "agencies", fixedFilter?: Record<string, unknown>): GridBulkAction[] {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess: canEnable } = useCanAccess({ resource, action: "enable" });
  const { canAccess: canDisable } = useCanAccess({ resource, action: "disable" });
  return (["enable", "disable"] as const).map((action) => ({
    name: action,
    label: `resources.${resource}.actions.${action}`,
    allowed: action === "enable" ? canEnable === true : canDisable === true,
    runPicked: (ids, onProgress) => dataProvider.runBulk(`/${resource}/bulk_${action}`, { ids }, onProgress),
    runMatching: (filter, onProgress) =>
      dataProvider.runBulk(`/${resource}/bulk_${action}`, { all_matching: true, filter: toWireFilter({ ...filter, ...fixedFilter } as QueryInput) }, onProgress),
  }));
}
