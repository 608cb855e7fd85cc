import { useCanAccess, useDataProvider } from "react-admin";
import type { AppDataProvider } from "../../../dataProvider/types";
import { type QueryInput, toWireFilter } from "../../../dataProvider/query";
import type { GridBulkAction } from "../../common/gridKit/BulkActions";
import type { PolicyRow } from "./types";

const PATH = "/policies/bulk_resend_documents";

/**
 * The policies grid's bulk Resend Documents (issue 17 section 5), as the accounts grid's Enable/Disable: the picked
 * policies, or every policy matching the grid's filter, in one POST
 * /policies/bulk_resend_documents (the server picks them within the caller's scope and mails each as the policy page's
 * Resend Documents does, in-system policies only); the single action's 'Successfully sent!' or 'Something went wrong'
 * at the end, each refused policy named with the server's reason (external, no customer, no documents, mailed less
 * than 5 minutes ago).
 */
export function usePolicyBulkActions(): GridBulkAction[] {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: "policies", action: "resend_documents" });
  return [
    {
      name: "resend_documents",
      label: "app.policy_detail.menu.resend",
      allowed: canAccess === true,
      runPicked: (ids, onProgress) => dataProvider.runBulk(PATH, { ids }, onProgress),
      runMatching: (filter, onProgress) => dataProvider.runBulk(PATH, { all_matching: true, filter: toWireFilter(filter as QueryInput) }, onProgress),
      notify: { success: "app.policy_detail.menu.resend_success", failure: "app.policy_detail.menu.resend_failure" },
      describe: (record, id) => String((record as PolicyRow | undefined)?.number ?? `#${id}`),
    },
  ];
}
