import { createContext, useContext, useState, type ReactNode } from "react";
import { Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, List, ListItem, ListItemIcon, ListItemText, Typography } from "@mui/material";
import CheckIcon from "@mui/icons-material/CheckCircleOutline";
import ErrorIcon from "@mui/icons-material/ErrorOutline";
import { Button, Confirm, useListContext, useNotify, useRefresh, useTranslate, type Identifier, type RaRecord } from "react-admin";
import type { BulkOutcome } from "../../../dataProvider/bulk";
import type { BulkJob } from "../../../domain/bulk";
import { failureText } from "../useRequest";
import { useAllMatching } from "./SelectAllMatching";

/**
 * A bulk action of a grid (issue 17 section 5): run on each selected row, one call per row, after a confirmation that
 * says how many rows; the results list every row, done or failed with the server's reason, so a partial failure
 * is never hidden behind one toast. `label` is a catalogue key.
 */
export interface GridBulkAction {
  name: string;
  label: string;
  run: (id: Identifier) => Promise<unknown>;
  /** Whether the caller may run it at all (the grid hides it otherwise). */
  allowed?: boolean;
  /**
   * The server's call for "all matching" (the grid's filter sent, the rows picked by the server within the caller's
   * scope), through the dataProvider's runBulk: more rows than a request should take run as a background job, whose
   * progress `onProgress` hears. Without it "all matching" is not offered to this action.
   */
  runMatching?: (filter: Record<string, unknown>, onProgress?: (job: BulkJob) => void) => Promise<BulkOutcome>;
  /** The single action's own messages (catalogue keys), shown once the run ends: `success` when every row was done, else `failure`. */
  notify?: { success: string; failure: string };
  /** How a row is named in the results (by default its title or name). */
  describe?: (record: RaRecord | undefined, id: Identifier) => string;
}

export interface BulkResult {
  id: Identifier;
  label: string;
  ok: boolean;
  reason?: string;
}

/** Runs `run` for every id in turn (never in parallel: a tenant's rules may depend on the previous change). */
export async function runBulk(ids: Identifier[], run: (id: Identifier) => Promise<unknown>, describe: (id: Identifier) => string, onProgress?: (done: number) => void): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of ids) {
    try {
      await run(id);
      results.push({ id, label: describe(id), ok: true });
    } catch (error) {
      results.push({ id, label: describe(id), ok: false, reason: failureText(error) });
    }
    onProgress?.(results.length);
  }
  return results;
}

const t = (key: string) => `app.grid_kit.bulk.${key}`;

/**
 * Failed rows listed one by one, at most; beyond, the failures are counted per reason first and the rest summed up
 * (thousands of rows refused for one reason read better as one line than as a list nobody scrolls).
 */
export const RESULTS_LISTED = 50;

/** How many failed rows each reason stands for, most frequent first. */
function reasonCounts(results: BulkResult[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const r of results) if (!r.ok && r.id !== "all") counts.set(r.reason ?? "", (counts.get(r.reason ?? "") ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

/**
 * A finished run's results: each row, or for "all matching" (rows mostly beyond the page, possibly thousands) the
 * count done and each failed row named by the server as the grid names it.
 */
interface ShownResults {
  action: string;
  results: BulkResult[];
  doneCount?: number;
}

/** Shows a finished run's results; provided by BulkResultsProvider. */
const BulkResultsContext = createContext<(shown: ShownResults) => void>(() => undefined);

export const GridBulkActionButton = ({ action, describe }: { action: GridBulkAction; describe?: (record: RaRecord | undefined, id: Identifier) => string }) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const notify = useNotify();
  const { selectedIds, data, onSelect, onUnselectItems, filterValues, total } = useListContext();
  const allMatching = useAllMatching();
  const matching = allMatching.on && !!action.runMatching;
  const count = matching ? (total ?? selectedIds.length) : selectedIds.length;
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const showResults = useContext(BulkResultsContext);
  const actionLabel = translate(action.label);
  const nameOf = (id: Identifier) => {
    const record = data?.find((r) => r.id === id) ?? allMatching.recordOf(id);
    const named = action.describe ?? describe;
    return named ? named(record, id) : String((record as { title?: string; name?: string } | undefined)?.title ?? (record as { name?: string } | undefined)?.name ?? `#${id}`);
  };

  const start = async () => {
    setProgress({ done: 0, total: count });
    const shown = matching ? await runMatching() : { action: actionLabel, results: await runBulk(selectedIds, action.run, nameOf, (n) => setProgress({ done: n, total: count })) };
    const done = shown.results;
    setConfirming(false);
    setProgress(null);
    showResults(shown);
    // Rows that failed stay selected, so they can be tried again; the others are done with. A refused "all matching"
    // call (too many rows, say) keeps the selection as it was.
    const failed = done.filter((r) => !r.ok).map((r) => r.id);
    if (!failed.includes("all")) {
      if (failed.length) onSelect(failed);
      else onUnselectItems();
    }
    if (action.notify) {
      const allOk = done.every((r) => r.ok);
      notify(allOk ? action.notify.success : action.notify.failure, { type: allOk ? "success" : "error" });
    }
    refresh();
  };
  const allRows = () => translate("app.grid_kit.all_matching_selected", { smart_count: count });
  const runMatching = async (): Promise<ShownResults> => {
    try {
      const outcome = await action.runMatching!(filterValues ?? {}, (job) => setProgress({ done: job.processed, total: job.total }));
      allMatching.set(false);
      const failed: BulkResult[] = outcome.failed.map((f) => ({ id: f.id, label: f.label || nameOf(f.id), ok: false, reason: f.reason }));
      // A job stopped as a whole: its rows done so far stay done; the rest were not reached.
      if (outcome.error) failed.push({ id: "all", label: allRows(), ok: false, reason: outcome.error });
      return { action: actionLabel, results: failed, doneCount: outcome.done_count };
    } catch (error) {
      return { action: actionLabel, results: [{ id: "all", label: allRows(), ok: false, reason: failureText(error) }], doneCount: 0 };
    }
  };
  return (
    <>
      <Button label={action.label} onClick={() => setConfirming(true)} data-bulk-action={action.name} />
      <Confirm
        isOpen={confirming}
        loading={progress !== null}
        title={progress === null ? t("confirm_title") : t("running")}
        translateOptions={{ action: actionLabel, count, done: progress?.done ?? 0 }}
        titleTranslateOptions={progress === null ? { action: actionLabel, count } : { action: actionLabel, count: progress.total.toLocaleString("en-US"), done: progress.done.toLocaleString("en-US") }}
        content={progress === null ? t(matching ? "confirm_matching_content" : "confirm_content") : <BulkProgress done={progress.done} total={progress.total} />}
        confirm={t("confirm")}
        cancel={t("cancel")}
        onConfirm={start}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

/**
 * Holds and shows a bulk run's results outside the bulk toolbar: a run that leaves the grid empty (every row archived
 * out of an "unarchived" filter) unmounts the toolbar, and the results must still be read.
 */
export function BulkResultsProvider({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const [shown, setShown] = useState<ShownResults | null>(null);
  const results = shown?.results ?? null;
  const ok = shown?.doneCount ?? results?.filter((r) => r.ok).length ?? 0;
  const failedCount = results?.filter((r) => !r.ok && r.id !== "all").length ?? 0;
  const title = translate(t("results_title"), { action: shown?.action ?? "", ok: ok.toLocaleString("en-US"), failed: failedCount.toLocaleString("en-US") });
  return (
    <BulkResultsContext.Provider value={setShown}>
      {children}
      <Dialog open={results !== null} onClose={() => setShown(null)} fullWidth maxWidth="sm">
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <List dense aria-label={title}>
            {shown?.doneCount ? (
              <ListItem data-row-result="ok">
                <ListItemIcon>
                  <CheckIcon color="success" />
                </ListItemIcon>
                <ListItemText primary={translate(t("done_count"), { smart_count: shown.doneCount, count: shown.doneCount.toLocaleString("en-US") })} />
              </ListItem>
            ) : null}
            {failedCount > RESULTS_LISTED
              ? reasonCounts(results ?? []).map(([reason, n]) => (
                  <ListItem key={`reason-${reason}`} data-row-result="failed-reason">
                    <ListItemIcon>
                      <ErrorIcon color="error" />
                    </ListItemIcon>
                    <ListItemText primary={translate(t("failed_reason_count"), { smart_count: n, count: n.toLocaleString("en-US"), reason: reason || translate("app.errors.something_went_wrong") })} />
                  </ListItem>
                ))
              : null}
            {results?.slice(0, RESULTS_LISTED).map((result) => (
              <ListItem key={String(result.id)} data-row-result={result.ok ? "ok" : "failed"}>
                <ListItemIcon>{result.ok ? <CheckIcon color="success" /> : <ErrorIcon color="error" />}</ListItemIcon>
                <ListItemText
                  primary={result.label}
                  secondary={
                    <Typography component="span" variant="body2" color={result.ok ? "text.secondary" : "error"}>
                      {result.ok ? translate(t("ok")) : translate(t("failed"), { reason: result.reason ?? translate("app.errors.something_went_wrong") })}
                    </Typography>
                  }
                />
              </ListItem>
            ))}
            {results && results.length > RESULTS_LISTED ? (
              <ListItem data-row-result="more">
                <ListItemText secondary={translate(t("more_failed"), { smart_count: results.length - RESULTS_LISTED, count: (results.length - RESULTS_LISTED).toLocaleString("en-US") })} />
              </ListItem>
            ) : null}
          </List>
        </DialogContent>
        <DialogActions>
          <Button label={t("close")} onClick={() => setShown(null)} />
        </DialogActions>
      </Dialog>
    </BulkResultsContext.Provider>
  );
}

/** A run's progress: rows finished of the total, as a bar and in words (the background job's, polled). */
const BulkProgress = ({ done, total }: { done: number; total: number }) => {
  const translate = useTranslate();
  const text = translate(t("progress"), { done: done.toLocaleString("en-US"), total: total.toLocaleString("en-US") });
  return (
    <>
      <LinearProgress variant="determinate" value={total ? Math.min(100, (done / total) * 100) : 0} aria-label={text} />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {text}
      </Typography>
    </>
  );
};
