import { useCallback, useEffect } from "react";
import { Button } from "@mui/material";
import { Notification, useCloseNotification, useNotify, useTranslate, type NotificationProps } from "react-admin";
import { SNACK_SHORT } from "../domain/constants";
import { httpErrorNotification, type NotificationSpec } from "../dataProvider/httpErrors";
import { subscribeAppNotifications } from "./notificationBus";

/** The Close / CLOSE action of a catalogue notification. */
export const CloseNotificationButton = ({ label }: { label: string }) => {
  const close = useCloseNotification();
  const translate = useTranslate();
  return (
    <Button size="small" color="inherit" onClick={close}>
      {translate(label)}
    </Button>
  );
};

/** Shows a catalogue notification (message key, args, duration, optional close button). */
export function useNotifySpec() {
  const notify = useNotify();
  return useCallback(
    (spec: NotificationSpec) =>
      notify(spec.message, {
        type: spec.type,
        autoHideDuration: spec.autoHideDuration,
        messageArgs: { _: spec.message, ...spec.messageArgs },
        ...(spec.closeLabel ? { action: <CloseNotificationButton label={spec.closeLabel} /> } : {}),
      }),
    [notify],
  );
}

/** For a failed call a view handles itself (grids, details): the catalogue's toast for its status. */
export function useNotifyHttpError() {
  const notifySpec = useNotifySpec();
  return useCallback((error: unknown) => notifySpec(httpErrorNotification(error)), [notifySpec]);
}

/** Delivers the authProvider's session messages (see notificationBus.ts); mount once inside <Admin>. */
export const AppNotificationBridge = () => {
  const notifySpec = useNotifySpec();
  useEffect(() => subscribeAppNotifications(notifySpec), [notifySpec]);
  return null;
};

/**
 * react-admin's <Notification> plus the bridge: pass it as `<Admin notification={AppNotification}>` so session
 * messages show everywhere, the sign-in page included. Messages without a stated duration last 3 s (readings C-01).
 */
export const AppNotification = (props: NotificationProps) => (
  <>
    <AppNotificationBridge />
    <Notification autoHideDuration={SNACK_SHORT} {...props} />
  </>
);
