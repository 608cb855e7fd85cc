import { useState, type MouseEvent } from "react";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { IconButton, Menu, MenuItem } from "@mui/material";
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from "react-admin";
import { CloseNotificationButton } from "../../../authProvider/AppNotification";
import type { AppDataProvider } from "../../../dataProvider/types";
import { SNACK_SHORT } from "../../../domain/constants";
import { serverMessage } from "../show/useApi";
import type { PolicyRow } from "./types";

/** The row menu: Delete policy, offered only for external policies (document 2 section 2). */
export const PolicyRowMenu = ({ record }: { record: PolicyRow }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (record.policy_in_system) return null;

  const stop = (event: MouseEvent) => event.stopPropagation();
  const remove = async () => {
    setBusy(true);
    try {
      await dataProvider.request("/policies/external/delete", { method: "POST", body: { policy: { id: record.id } } });
      notify("app.policy_browse.delete.success", { type: "success", autoHideDuration: SNACK_SHORT });
      refresh();
    } catch (error) {
      // The confirmation dialog's failure (document 2 section 8): the server's text or 'Something went wrong', 3 s, CLOSE.
      const message = serverMessage(error);
      notify(message ?? "app.policy_browse.delete.failure", {
        type: "error",
        autoHideDuration: SNACK_SHORT,
        messageArgs: { _: message },
        action: <CloseNotificationButton label="app.errors.close" />,
      });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    // The menu and dialog render in portals, whose clicks still bubble to the row through React: stop them here.
    <span role="presentation" onClick={stop}>
      <IconButton size="small" aria-label={translate("app.policy_browse.row_menu")} onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirming(true);
          }}
        >
          {translate("app.policy_browse.delete.action")}
        </MenuItem>
      </Menu>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="app.policy_browse.delete.title"
        content="app.policy_browse.delete.confirm"
        confirm="app.policy_browse.delete.yes"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </span>
  );
};
