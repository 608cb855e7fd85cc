import { useState } from "react";
import { Box } from "@mui/material";
import { Button, Confirm, EditButton, useCanAccess, useDataProvider, useRecordContext, useRefresh } from "react-admin";
import { useNotifySpec } from "../../authProvider/AppNotification";
import { actionFailureNotification, successNotification } from "../../dataProvider/httpErrors";
import type { AppDataProvider } from "../../dataProvider/types";
import { CONFIRM_DIALOG_WIDTH } from "../../domain/constants";
import { resourcePath } from "../paths";
import type { Agency } from "./types";

/** Enable or disable after confirmation (super admins; reference 4.1: disabling disables the agency's agents). */
const AgencyEnableButton = () => {
  const record = useRecordContext<Agency>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifySpec = useNotifySpec();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const action = record?.enabled ? "disable" : "enable";
  const { canAccess } = useCanAccess({ resource: "agencies", action, record });
  if (!record || !canAccess) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await dataProvider.request(`/agencies/${record.id}/${action}`, { method: "PUT" });
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
      <Button label={`resources.agencies.actions.${action}`} onClick={() => setOpen(true)} />
      <Confirm
        isOpen={open}
        loading={busy}
        title={`resources.agencies.actions.confirm_${action}_title`}
        titleTranslateOptions={{ name: record.title }}
        content={`resources.agencies.actions.confirm_${action}_content`}
        confirm="resources.agencies.actions.confirm"
        cancel="resources.agencies.actions.cancel"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        sx={{ "& .MuiDialog-paper": { width: CONFIRM_DIALOG_WIDTH } }}
      />
    </>
  );
};

export const AgencyActions = () => {
  const record = useRecordContext<Agency>();
  const { canAccess: canEdit } = useCanAccess({ resource: "agencies", action: "edit", record });
  if (!record) return null;
  return (
    <Box sx={{ display: "flex", gap: 1 }}>
      {canEdit && <EditButton resource="agencies" record={record} to={resourcePath.edit("agencies", record.id)} label="resources.agencies.actions.edit" />}
      <AgencyEnableButton />
    </Box>
  );
};
