import { useState, type MouseEvent, type ReactNode } from "react";
import { Box } from "@mui/material";
import { Button, Confirm, useCanAccess, useDataProvider, useRecordContext, useRefresh, type Identifier } from "react-admin";
import { useNotifySpec } from "../../authProvider/AppNotification";
import { actionFailureNotification, successNotification } from "../../dataProvider/httpErrors";
import type { AppDataProvider, Staff } from "../../dataProvider/types";
import { CONFIRM_DIALOG_WIDTH } from "../../domain/constants";
import { canBeReInvited, staffAccessResource, staffName } from "./staffAccess";

/** Clicks inside a grid row (buttons and their dialogs, which React bubbles through the portal) must not open the row. */
const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * A staff action behind a confirmation (document 3 section 8): success says 'Success!'; failure shows the server's
 * error text or 'Something went wrong' for 3 s with CLOSE, then the dialog closes.
 */
function ConfirmedAction({
  label,
  title,
  content,
  run,
  icon,
}: {
  label: string;
  title: string;
  content: string;
  run: (dataProvider: AppDataProvider, id: Identifier) => Promise<unknown>;
  icon?: ReactNode;
}) {
  const record = useRecordContext<Staff>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifySpec = useNotifySpec();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const confirm = async () => {
    setBusy(true);
    try {
      await run(dataProvider, record.id);
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
    <Box component="span" onClick={stop}>
      <Button label={label} onClick={() => setOpen(true)} size="small">
        <>{icon}</>
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        titleTranslateOptions={{ name: staffName(record) }}
        content={content}
        confirm="resources.staff.actions.confirm"
        cancel="resources.staff.actions.cancel"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        sx={{ "& .MuiDialog-paper": { width: CONFIRM_DIALOG_WIDTH } }}
      />
    </Box>
  );
}

/** Enable or disable a staff member (PUT /staffs/{id}/toggle_enabled). */
export const StaffToggleEnabledButton = () => {
  const record = useRecordContext<Staff>();
  const { canAccess } = useCanAccess({ resource: staffAccessResource(record), action: "toggle_enabled" });
  if (!record || !canAccess) return null;
  return (
    <ConfirmedAction
      label={record.enabled ? "resources.staff.actions.disable" : "resources.staff.actions.enable"}
      title={record.enabled ? "resources.staff.actions.confirm_disable_title" : "resources.staff.actions.confirm_enable_title"}
      content="resources.staff.actions.confirm_toggle_content"
      run={(dataProvider, id) => dataProvider.toggleStaffEnabled(id)}
    />
  );
};

/** Send the invitation again, for a staff member who has not accepted it (PUT /staffs/{id}/re_invite). */
export const StaffReInviteButton = () => {
  const record = useRecordContext<Staff>();
  const { canAccess } = useCanAccess({ resource: staffAccessResource(record), action: "re_invite" });
  if (!record || !canAccess || !canBeReInvited(record)) return null;
  return (
    <ConfirmedAction
      label="resources.staff.actions.re_invite"
      title="resources.staff.actions.confirm_re_invite_title"
      content="resources.staff.actions.confirm_re_invite_content"
      run={(dataProvider, id) => dataProvider.reInviteStaff(id)}
    />
  );
};

export const StaffRowActions = () => (
  <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
    <StaffToggleEnabledButton />
    <StaffReInviteButton />
  </Box>
);
