import { useState } from "react";
import { Box } from "@mui/material";
import { Button, Confirm, EditButton, useCanAccess, useDataProvider, useRecordContext, useRefresh } from "react-admin";
import { useNotifySpec } from "../../authProvider/AppNotification";
import { actionFailureNotification, successNotification } from "../../dataProvider/httpErrors";
import type { AppDataProvider } from "../../dataProvider/types";
import { CONFIRM_DIALOG_WIDTH } from "../../domain/constants";
import { resourcePath } from "../paths";
import type { Account } from "./types";

/**
 * Enable or disable an account after confirmation (reference 4.1: disabling disables every staff member of the
 * account, enabling re-enables only the owner); 'Success!' or the server's reason.
 */
export const AccountEnableButton = () => {
  const record = useRecordContext<Account>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifySpec = useNotifySpec();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const action = record?.enabled ? "disable" : "enable";
  const { canAccess } = useCanAccess({ resource: "accounts", action, record });
  if (!record || !canAccess) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await dataProvider.request(`/accounts/${record.id}/${action}`, { method: "PUT" });
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
      <Button label={`resources.accounts.actions.${action}`} onClick={() => setOpen(true)} />
      <Confirm
        isOpen={open}
        loading={busy}
        title={`resources.accounts.actions.confirm_${action}_title`}
        titleTranslateOptions={{ name: record.title }}
        content={`resources.accounts.actions.confirm_${action}_content`}
        confirm="resources.accounts.actions.confirm"
        cancel="resources.accounts.actions.cancel"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        sx={{ "& .MuiDialog-paper": { width: CONFIRM_DIALOG_WIDTH } }}
      />
    </>
  );
};

export const AccountActions = () => {
  const record = useRecordContext<Account>();
  const { canAccess: canEdit } = useCanAccess({ resource: "accounts", action: "edit", record });
  if (!record) return null;
  return (
    <Box sx={{ display: "flex", gap: 1 }}>
      {canEdit && <EditButton resource="accounts" record={record} to={resourcePath.edit("accounts", record.id)} label="resources.accounts.actions.edit" />}
      <AccountEnableButton />
    </Box>
  );
};
