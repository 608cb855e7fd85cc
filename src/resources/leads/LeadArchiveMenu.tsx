import { useState } from "react";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { IconButton, Menu, MenuItem } from "@mui/material";
import { useCanAccess, useDataProvider, useTranslate } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { type QueryInput, toWireFilter } from "../../dataProvider/query";
import type { GridBulkAction } from "../common/gridKit/BulkActions";
import { serverMessage, usePolicyApi } from "../policies/show/useApi";

const a = (key: string) => `resources.leads.action.${key}`;

/** Archive or unarchive one lead (document 3 sections 4 and 8): 'Success!' or 'Something went wrong'. */
export function useLeadArchive() {
  const { request, notifyResult } = usePolicyApi();
  return async (lead: { id: number; archived: boolean }): Promise<boolean> => {
    try {
      await request(`/leads/${lead.id}`, { method: "PUT", body: { lead: { archived: !lead.archived } } });
      notifyResult("success", a("success"));
      return true;
    } catch (error) {
      notifyResult("error", a("failure"), serverMessage(error));
      return false;
    }
  };
}

/** A lead's row menu: Archive or Unarchive; the row's click is not triggered. Shared by the leads grid and a policy's Leads tab. */
export const LeadArchiveMenu = ({ lead, onDone }: { lead: { id: number; archived: boolean }; onDone: () => void }) => {
  const translate = useTranslate();
  const archive = useLeadArchive();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = async () => {
    setAnchor(null);
    if (await archive(lead)) onDone();
  };
  return (
    <span onClick={(e) => e.stopPropagation()} role="presentation">
      <IconButton size="small" aria-label={translate(a("row_menu"))} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={toggle}>{translate(a(lead.archived ? "unarchive" : "archive"))}</MenuItem>
      </Menu>
    </span>
  );
};

/**
 * The leads grid's bulk Archive and Unarchive (issue 17 section 5), as the accounts grid's Enable/Disable: the picked
 * leads, or every lead matching the grid's filter, in one POST /leads/bulk_archive|unarchive (the server picks them
 * within the caller's scope and archives each as the single call does); the single action's 'Success!' or 'Something went wrong' at the end.
 */
export function useLeadBulkActions(): GridBulkAction[] {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: "leads", action: "archive" });
  return (["archive", "unarchive"] as const).map((action) => ({
    name: action,
    label: a(action),
    allowed: canAccess === true,
    runPicked: (ids, onProgress) => dataProvider.runBulk(`/leads/bulk_${action}`, { ids }, onProgress),
    runMatching: (filter, onProgress) => dataProvider.runBulk(`/leads/bulk_${action}`, { all_matching: true, filter: toWireFilter(filter as QueryInput) }, onProgress),
    notify: { success: a("success"), failure: a("failure") },
    describe: (record, id) => String((record as { email?: string } | undefined)?.email ?? `#${id}`),
  }));
}
