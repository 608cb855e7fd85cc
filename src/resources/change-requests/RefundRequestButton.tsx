import { useState } from "react";
import { Button } from "@mui/material";
import { useCanAccess, useRefresh, useTranslate } from "react-admin";
import { CancelRefundDialog } from "../policies/show/CancelRefundDialog";

/**
 * The screen's Refund action (document 3 sections 2, 4: "a refund request can be created"): the Cancel/Refund dialog
 * with a policy picker; the list reloads with the new request once it is filed.
 */
export const RefundRequestButton = () => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: "change-requests", action: "create" });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        {translate("app.change_requests.actions.refund")}
      </Button>
      {open && (
        <CancelRefundDialog
          policy={null}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            refresh();
          }}
        />
      )}
    </>
  );
};
