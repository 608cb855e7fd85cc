import { useCallback, useEffect, useState } from "react";
import { Box, Button, Card, Dialog, DialogActions, DialogTitle, IconButton, Menu, MenuItem, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from "@mui/material";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { useTranslate } from "react-admin";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { formatDateTime, formatLongDate } from "../../../domain/format";
import { GROUP_PAGE_OPTIONS, GROUP_PAGE_SIZE } from "../../../domain/rentGuarantee";
import { PageHeader } from "../../../layout/PageHeader";
import { failureText, useRequest } from "../../common/useRequest";
import { resourcePath } from "../../paths";
import { t } from "./massImportRules";
import type { Group } from "./types";

export const massImportCrumbs = (translate: (key: string) => string) => [
  { label: translate(t("crumbs.compliance")) },
  { label: translate(t("crumbs.policies")), to: resourcePath.browse("policies") },
];

/** policies/import: 'Rent Guarantee Mass Import' (document 2 section 2), 20 a page, Delete only on groups in error. */
export const GroupList = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { request, say } = useRequest();
  const [page, setPage] = useState(0);
  const [per, setPer] = useState(GROUP_PAGE_SIZE);
  const [rows, setRows] = useState<Group[] | null>(null);
  const [total, setTotal] = useState(0);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; group: Group } | null>(null);
  const [confirm, setConfirm] = useState<Group | null>(null);

  const load = useCallback(async () => {
    const { json, headers } = await request<Group[]>("/policy-application-groups", { query: { pagination: { per, page: page + 1 } } });
    setRows(json);
    setTotal(Number(headers.get("total-entries") ?? json.length));
  }, [request, page, per]);
  useEffect(() => {
    load().catch(() => setRows([]));
  }, [load]);

  const remove = async (group: Group) => {
    setConfirm(null);
    try {
      await request(`/policy-application-groups/${group.id}`, { method: "DELETE" });
      say("success", t("deleted"));
      await load();
    } catch (error) {
      say("error", t("failure"), failureText(error));
    }
  };

  const yesNo = (v: boolean) => translate(t(v ? "yes" : "no"));
  return (
    <>
      <PageHeader
        titleKey={t("title")}
        crumbs={massImportCrumbs(translate)}
        actions={
          <Button variant="contained" component={RouterLink} to="/dashboard/policies/import/add">
            {translate(t("open_form"))}
          </Button>
        }
      />
      <Card>
        {rows && rows.length === 0 ? (
          <Typography sx={{ p: 3 }}>{translate(t("empty"))}</Typography>
        ) : (
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {["status", "uploaded_at", "effective_date", "expiration_date", "auto_renew", "auto_pay", "actions"].map((c) => (
                    <TableCell key={c}>{translate(t(`columns.${c}`))}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {(rows ?? []).map((g) => (
                  <TableRow key={g.id} hover sx={{ cursor: "pointer" }} data-group={g.id} onClick={() => navigate(`/dashboard/policies/import/view/${g.id}`)}>
                    <TableCell>{translate(t(`statuses.${g.status}`))}</TableCell>
                    <TableCell>{formatDateTime(new Date(g.created_at))}</TableCell>
                    <TableCell>{formatLongDate(g.effective_date)}</TableCell>
                    <TableCell>{formatLongDate(g.expiration_date)}</TableCell>
                    <TableCell>{yesNo(g.auto_renew)}</TableCell>
                    <TableCell>{yesNo(g.auto_pay)}</TableCell>
                    <TableCell onClick={(e) => e.stopPropagation()}>
                      {g.status === "error" && (
                        <IconButton size="small" aria-label={translate(t("columns.actions"))} onClick={(e) => setMenu({ anchor: e.currentTarget, group: g })}>
                          <MoreVertIcon fontSize="small" />
                        </IconButton>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={per}
          rowsPerPageOptions={GROUP_PAGE_OPTIONS}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPer(Number(e.target.value));
            setPage(0);
          }}
        />
      </Card>
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setConfirm(menu!.group);
            setMenu(null);
          }}
        >
          {translate(t("delete"))}
        </MenuItem>
      </Menu>
      <Dialog open={Boolean(confirm)} onClose={() => setConfirm(null)}>
        <DialogTitle>{translate(t("confirm_title"))}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{translate(t("cancel"))}</Button>
          <Button variant="contained" color="error" onClick={() => confirm && remove(confirm)}>
            {translate(t("confirm_yes"))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
