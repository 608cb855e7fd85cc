import { useCallback, useState } from "react";
import { Box, Button, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useCanAccess, useDataProvider, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import type { AppDataProvider, Staff } from "../../dataProvider/types";
import { formatLongDate } from "../../domain/format";
import { resourcePath } from "../paths";
import { type Option, SearchPicker } from "../common/SearchPicker";
import { failureText, useLoaded, useRequest } from "../common/useRequest";

interface AssignmentRow {
  id: number;
  staff_id: number;
  insurable_id: number;
  created_at: string;
  assignable: { id: number; title: string };
  staff: { id: number; email: string; full_name: string | null };
}

const t = (key: string) => `resources.staff.assignments.${key}`;

/** Communities of the manager's account, or property managers of the community's account, to pick from. */
function useSearch(side: Props): (text: string) => Promise<Option[]> {
  const dataProvider = useDataProvider<AppDataProvider>();
  const staffId = side.staff?.id;
  const accountId = side.staff?.organizable_id ?? side.community?.account_id ?? undefined;
  return useCallback(
    async (text: string) => {
      if (staffId !== undefined) return dataProvider.searchCommunities({ search: text || undefined, account_id: accountId ?? undefined });
      const filter = { organizable_type: "Account", organizable_id: accountId, role: "staff", ...(text ? { profile: { full_name: { like: text } } } : {}) };
      const { json } = await dataProvider.request<Staff[]>("/staffs", { query: { filter, pagination: { page: 1, per: 20 } } });
      return json.map((s) => ({ id: Number(s.id), title: s.profile_attributes?.full_name || s.email }));
    },
    [dataProvider, staffId, accountId],
  );
}

interface Props {
  staff?: Pick<Staff, "id" | "organizable_id">;
  community?: { id: number; account_id: number | null };
}

/**
 * A property manager's communities, on the staff page, or a community's managers, on the property page (issue 13
 * section 3: GET/POST/DELETE /assignments). A manager with any assignment sees only those communities.
 */
export const AssignmentsPanel = (props: Props) => {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const onStaffPage = props.staff !== undefined;
  const filter = onStaffPage ? { staff_id: props.staff!.id } : { insurable_id: props.community!.id };
  const { rows, failed, reload } = useLoaded<AssignmentRow[]>("/assignments", { filter, sort: { column: "created_at", direction: "asc" }, pagination: { page: 1, per: 100 } });
  const { canAccess: canCreate } = useCanAccess({ resource: "assignments", action: "create" });
  const { canAccess: canDelete } = useCanAccess({ resource: "assignments", action: "delete" });
  const search = useSearch(props);
  const [picked, setPicked] = useState<Option | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
      say("success", "app.errors.success");
      setPicked(null);
      reload();
    } catch (error) {
      say("error", "app.errors.something_went_wrong", failureText(error));
    } finally {
      setBusy(false);
    }
  };
  const add = () =>
    run(() => request("/assignments", { method: "POST", body: onStaffPage ? { staff_id: props.staff!.id, insurable_id: picked!.id } : { staff_id: picked!.id, insurable_id: props.community!.id } }));

  if (failed) return <Typography color="error">{translate(t("failure"))}</Typography>;
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {translate(t(onStaffPage ? "hint_staff" : "hint_community"))}
      </Typography>
      {rows && rows.length === 0 ? (
        <Typography>{translate(t(onStaffPage ? "none_staff" : "none_community"))}</Typography>
      ) : (
        <Table size="small" aria-label={translate(t("title"))}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(t(onStaffPage ? "community" : "staff"))}</TableCell>
              <TableCell>{translate(t("created_at"))}</TableCell>
              {canDelete && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  {onStaffPage ? (
                    <Link component={RouterLink} to={resourcePath.view("insurable", row.assignable.id)}>
                      {row.assignable.title}
                    </Link>
                  ) : (
                    <Link component={RouterLink} to={resourcePath.view("staff", row.staff.id)}>
                      {row.staff.full_name || row.staff.email}
                    </Link>
                  )}
                </TableCell>
                <TableCell>{formatLongDate(row.created_at)}</TableCell>
                {canDelete && (
                  <TableCell align="right">
                    <Button size="small" disabled={busy} onClick={() => run(() => request(`/assignments/${row.id}`, { method: "DELETE" }))}>
                      {translate(t("remove"))}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {canCreate && (
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", maxWidth: 560 }}>
          <Box sx={{ flex: 1 }}>
            <SearchPicker label={translate(t(onStaffPage ? "pick_community" : "pick_staff"))} value={picked} onChange={setPicked} search={search} />
          </Box>
          <Button variant="contained" disabled={!picked || busy} onClick={add}>
            {translate(t("add"))}
          </Button>
        </Box>
      )}
    </Box>
  );
};
