import { useState } from "react";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { IconButton, Menu, MenuItem } from "@mui/material";
import { useTranslate } from "react-admin";
import { CancelRefundDialog } from "./CancelRefundDialog";
import type { PolicyDetail } from "./types";
import { serverMessage, usePolicyApi } from "./useApi";

/** The details card's three-dot menu, in-system policies only: Resend Documents, and Cancel/Refund when refundable. */
export const PolicyActionsMenu = ({ policy, onChanged }: { policy: PolicyDetail; onChanged: () => void }) => {
  const translate = useTranslate();
  const { request, notifyResult } = usePolicyApi();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [cancelling, setCancelling] = useState(false);
  if (!policy.policy_in_system) return null;

  const resend = async () => {
    setAnchor(null);
    try {
      const { json } = await request<{ message?: string }>(`/policies/${policy.id}/resend_policy_documents`);
      notifyResult("success", "app.policy_detail.menu.resend_success", json?.message);
    } catch (error) {
      notifyResult("error", "app.policy_detail.menu.resend_failure", serverMessage(error));
    }
  };

  return (
    <>
      <IconButton aria-label={translate("app.policy_detail.menu.label")} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={resend}>{translate("app.policy_detail.menu.resend")}</MenuItem>
        {policy.refund_available && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setCancelling(true);
            }}
          >
            {translate("app.policy_detail.menu.cancel_refund")}
          </MenuItem>
        )}
      </Menu>
      {cancelling && (
        <CancelRefundDialog
          policy={policy}
          onClose={() => setCancelling(false)}
          onDone={() => {
            setCancelling(false);
            onChanged();
          }}
        />
      )}
    </>
  );
};
