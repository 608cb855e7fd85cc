import { useCanAccess, useDataProvider } from "react-admin";
import type { AppDataProvider, Staff } from "../../dataProvider/types";
import { type QueryInput, toWireFilter } from "../../dataProvider/query";
import type { GridBulkAction } from "../common/gridKit/BulkActions";
import { staffName } from "./staffAccess";

const a = (key: string) => `resources.staff.actions.${key}`;

/**
 * The Staff and Agents grids' bulk Enable, Disable and Re-invite (issue 17 section 5), as the accounts grid's
 * Enable/Disable: the picked rows, or every staff member matching the grid's filter (`permanent`: the grid's fixed
 * filter, agents' organizable type), in one POST /staffs/bulk_*, which picks them within the caller's
 * scope and applies the single action's rules to each; 'Success!' or 'Something went wrong' at the end. A picked row
 * is set to the state asked (not toggled), so rows already in it stay as they are.
 */
export function useStaffBulkActions(
  resource: "staff" | "agents",
  permanent: Record<string, unknown> = {},
): GridBulkAction[] {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess: canToggle } = useCanAccess({
    resource,
    action: "toggle_enabled",
  });
  const { canAccess: canInvite } = useCanAccess({
    resource,
    action: "re_invite",
  });
  const action = (
    name: "enable" | "disable" | "re_invite",
    allowed: boolean,
  ): GridBulkAction => ({
    name,
    label: a(name),
    allowed,
    // The grid's fixed filter goes along: its organizable type says which key the call needs.
    runPicked: (ids, onProgress) =>
      dataProvider.runBulk(
        `/staffs/bulk_${name}`,
        { ids, filter: toWireFilter(permanent as QueryInput) },
        onProgress,
      ),
    runMatching: (filter, onProgress) =>
      dataProvider.runBulk(
        `/staffs/bulk_${name}`,
        {
          all_matching: true,
          filter: toWireFilter({ ...filter, ...permanent } as QueryInput),
        },
        onProgress,
      ),
    notify: {
      success: "app.errors.success",
      failure: "app.errors.something_went_wrong",
    },
    describe: (record, id) => (record ? staffName(record as Staff) : `#${id}`),
  });
  return [
    action("enable", canToggle === true),
    action("disable", canToggle === true),
    action("re_invite", canInvite === true),
  ];
}
