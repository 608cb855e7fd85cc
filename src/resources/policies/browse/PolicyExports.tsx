import { useCallback, useEffect, useState } from "react";
import DownloadIcon from "@mui/icons-material/Download";
import { Box, Button, Link, List, ListItem, ListItemText, Typography } from "@mui/material";
import { useDataProvider, useListContext, useNotify, useTranslate } from "react-admin";
import type { AppDataProvider } from "../../../dataProvider/types";
import { SNACK_LONG } from "../../../domain/constants";
import { toWireFilter } from "../../../dataProvider/query";
import type { PolicyExport } from "./types";

const POLL_MS = 2000;

/**
 * Super admins' CSV export (document 2 sections 2 and 7): every row matching the grid's filters, in its order, built by a
 * background job and mailed; the notice shows 5 s. The last exports are listed with their progress and, once
 * ready, a download link; the list polls while one is being built.
 */
export const PolicyExports = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { filterValues, sort } = useListContext();
  const [exports, setExports] = useState<PolicyExport[]>([]);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setExports((await dataProvider.request<PolicyExport[]>("/exports")).json ?? []);
    } catch {
      setExports([]);
    }
  }, [dataProvider]);

  useEffect(() => {
    void load();
  }, [load]);
  const building = exports.some((item) => item.status === "queued" || item.status === "running");
  useEffect(() => {
    if (!building) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [building, load]);

  const start = async () => {
    setBusy(true);
    try {
      // The grid's sort goes too: the file lists the rows as the grid shows them.
      const order = sort?.field ? { sort: { column: sort.field, direction: sort.order === "ASC" ? "asc" : "desc" } } : {};
      const { json } = await dataProvider.request<{ message?: string }>("/policies/export", { query: { filter: toWireFilter(filterValues), ...order } });
      notify(json?.message ?? "app.policy_browse.export.notice", { type: "info", autoHideDuration: SNACK_LONG, messageArgs: { _: json?.message } });
      await load();
    } catch (error) {
      const message = (error as { body?: { message?: string } }).body?.message;
      notify(message ?? "app.policy_browse.export.failure", { type: "error", messageArgs: { _: message } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ px: 2, pb: 1 }}>
      <Button variant="outlined" size="small" startIcon={<DownloadIcon />} onClick={start} disabled={busy}>
        {translate("app.policy_browse.export.button")}
      </Button>
      {exports.length > 0 ? (
        <Box mt={1}>
          <Typography variant="subtitle2">{translate("app.policy_browse.export.recent")}</Typography>
          <List dense disablePadding aria-label={translate("app.policy_browse.export.recent")}>
            {exports.slice(0, 5).map((item) => (
              <ListItem key={item.id} disableGutters>
                <ListItemText
                  primary={new Date(item.created_at).toLocaleString("en-US")}
                  secondary={translate(`app.policy_browse.export.status.${item.status}`, {
                    rows: item.row_count,
                    total: item.total_rows ?? "…",
                    error: item.error ?? "",
                  })}
                />
                {item.download_url ? (
                  <Link href={item.download_url} download>
                    {translate("app.policy_browse.export.download")}
                  </Link>
                ) : null}
              </ListItem>
            ))}
          </List>
        </Box>
      ) : null}
    </Box>
  );
};
