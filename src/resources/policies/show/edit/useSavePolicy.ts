import { createElement, useCallback } from "react";
import { useNotify } from "react-admin";
import { CloseNotificationButton } from "../../../../authProvider/AppNotification";
import { SNACK_SHORT } from "../../../../domain/constants";
import { usePolicyApi } from "../useApi";
import { mapServerErrors } from "./editRules";

/**
 * PUT /policies/{id} for the editors (document 2 section 7): on success 'Success!' (with CLOSE when asked) and the
 * policy reloads. A 422 answers the form's field errors, which react-admin's <Form> puts under the inputs while
 * keeping what was typed; any failure also shows 'Something went wrong' for 3 s (document 2 section 8).
 */
export function useSavePolicy(policyId: number, onSaved: () => void, rename: Array<[string, string]>, withClose = false) {
  const { request } = usePolicyApi();
  const notify = useNotify();
  return useCallback(
    async (payload: object): Promise<Record<string, string> | undefined> => {
      try {
        await request(`/policies/${policyId}`, { method: "PUT", body: { policy: payload } });
        notify("app.policy_detail.edit.success", {
          type: "success",
          autoHideDuration: withClose ? null : SNACK_SHORT,
          ...(withClose ? { action: createElement(CloseNotificationButton, { label: "app.policy_detail.edit.close" }) } : {}),
        });
        onSaved();
        return undefined;
      } catch (error) {
        notify("app.policy_detail.edit.failure", { type: "error", autoHideDuration: SNACK_SHORT });
        const errors = (error as { body?: { errors?: unknown } }).body?.errors;
        if (!errors || typeof errors !== "object" || Array.isArray(errors)) return undefined;
        return mapServerErrors(errors as Record<string, string>, rename).fields;
      }
    },
    [request, notify, policyId, onSaved, rename, withClose],
  );
}
