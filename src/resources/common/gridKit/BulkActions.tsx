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
 * A bulk action of a grid (issue 17 section 5): after a confirmation that says how many rows, one call to the server's
 * bulk route with the picked ids (or with the grid's filter for "all matching"), which applies the single action to
 * each row; the results list every row, done or failed with the server's reason, so a partial failure is never hidden
 * behind one toast. `label` is a catalogue key.
 */
export interface GridBulkAction {
  name: string;
  label: string;
  /**
   * The server's call for the picked rows, all in one request (`{ids}`), through the dataProvider's runBulk: more rows
   * than a request should take run as a background job, whose progress `onProgress` hears.
   */
  runPicked: (ids: Identifier[], onProgress?: (job: BulkJob) => void) => Promise<BulkOutcome>;
  /** Whether the caller may run it at all (the grid hides it otherwise). */
  allowed?: boolean;
  /**
   * The server's call for "all matching" (the grid's filter sent, the rows picked by the server within the caller's
   * scope), as runPicked. Without it "all matching" is not offered to this action.
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
 * A finished run's results: each row, or for "all matching" and for a background job (rows mostly beyond the page,
 * possibly thousands) the count done and each failed row named by the server as the grid names it.
 */
interface ShownResults {
  action: string;
  results: BulkResult[];
  doneCount?: number;
}

/**
 * Each picked row's result from one bulk call: inside the request the server names every row done or failed (a row
 * it did not find fails with its reason); a background job counts the rows done and names the failed ones. The row
 * is named as the grid shows it (`nameOf`), else as the server names it.
 */
export function pickedResults(ids: Identifier[], outcome: BulkOutcome, nameOf: (id: Identifier) => string, all: string): ShownResults["results"] & { doneCount?: number } {
  const failures = new Map(outcome.failed.map((f) => [String(f.id), f]));
  const failed = (id: Identifier, reason: string, label?: string): BulkResult => ({ id, label: label || nameOf(id), ok: false, reason });
  if (outcome.done) {
    return ids.map((id) => {
      const failure = failures.get(String(id));
      return failure ? failed(id, failure.reason, failure.label) : { id, label: nameOf(id), ok: true };
    });
  }
  const results: BulkResult[] & { doneCount?: number } = outcome.failed.map((f) => failed(f.id, f.reason, f.label));
  // A job stopped as a whole: its rows done so far stay done; the rest were not reached.
  if (outcome.error) results.push({ id: "all", label: all, ok: false, reason: outcome.error });
  results.doneCount = outcome.done_count;
  return results;
}

/** Shows a finished run's results; provided by BulkResultsProvider. */
const BulkResultsContext = createContext<(shown: ShownResults) => void>(() => undefined);

/** What a run reaches: the picked rows, or every row matching the grid's filter (`count`: how many, for the progress). */
export interface BulkRunTarget {
  ids: Identifier[];
  matching: boolean;
  filter: Record<string, unknown>;
  count: number;
  nameOf: (id: Identifier) => string;
}

/**
 * Runs a bulk action on a grid's selection, with its progress, and shows the results (BulkResultsProvider). Answers
 * the rows to keep selected: those that failed, so they can be tried again; null keeps the selection as it was (a
 * refused "all matching" call, or a job stopped as a whole).
 */
export function useBulkRun(action: GridBulkAction) {
  const translate = useTranslate();
  const notify = useNotify();
  const showResults = useContext(BulkResultsContext);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const actionLabel = translate(action.label);
  const run = async (target: BulkRunTarget): Promise<Identifier[] | null> => {
    setProgress({ done: 0, total: target.count });
    const onProgress = (job: BulkJob) => setProgress({ done: job.processed, total: job.total });
    const all = translate(target.matching ? "app.grid_kit.all_matching_selected" : t("all_picked"), { smart_count: target.count });
    let results: BulkResult[] & { doneCount?: number };
    try {
      const outcome = target.matching && action.runMatching ? await action.runMatching(target.filter, onProgress) : await action.runPicked(target.ids, onProgress);
      results = target.matching ? pickedResults([], { ...outcome, done: undefined }, target.nameOf, all) : pickedResults(target.ids, outcome, target.nameOf, all);
    } catch (error) {
      // The call refused as a whole (a filter matching too many rows, the right switched off): every picked row
      // fails with that reason and stays selected; "all matching" says it once.
      const reason = failureText(error);
      results = target.matching ? Object.assign([{ id: "all", label: all, ok: false, reason }], { doneCount: 0 }) : target.ids.map((id) => ({ id, label: target.nameOf(id), ok: false, reason }));
    }
    setProgress(null);
    showResults({ action: actionLabel, results, doneCount: results.doneCount });
    if (action.notify) {
      const allOk = results.every((r) => r.ok);
      notify(allOk ? action.notify.success : action.notify.failure, { type: allOk ? "success" : "error" });
    }
    const failed = results.filter((r) => !r.ok).map((r) => r.id);
    return failed.includes("all") ? null : failed;
  };
  return { run, progress, actionLabel };
}

/** The confirmation of a bulk run, then its progress while it runs (a background job's, polled). */
export const BulkConfirm = ({
  open,
  actionLabel,
  count,
  matching,
  progress,
  onConfirm,
  onClose,
}: {
  open: boolean;
  actionLabel: string;
  count: number;
  matching: boolean;
  progress: { done: number; total: number } | null;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <Confirm
    isOpen={open}
    loading={progress !== null}
    title={progress === null ? t("confirm_title") : t("running")}
    translateOptions={{ action: actionLabel, count, done: progress?.done ?? 0 }}
    titleTranslateOptions={progress === null ? { action: actionLabel, count } : { action: actionLabel, count: progress.total.toLocaleString("en-US"), done: progress.done.toLocaleString("en-US") }}
    content={progress === null ? t(matching ? "confirm_matching_content" : "confirm_content") : <BulkProgress done={progress.done} total={progress.total} />}
    confirm={t("confirm")}
    cancel={t("cancel")}
    onConfirm={onConfirm}
    onClose={onClose}
  />
);

export const GridBulkActionButton = ({ action, describe }: { action: GridBulkAction; describe?: (record: RaRecord | undefined, id: Identifier) => string }) => {
  const refresh = useRefresh();
  const { selectedIds, data, onSelect, onUnselectItems, filterValues, total } = useListContext();
  const allMatching = useAllMatching();
  const matching = allMatching.on && !!action.runMatching;
  const count = matching ? (total ?? selectedIds.length) : selectedIds.length;
  const [confirming, setConfirming] = useState(false);
  const { run, progress, actionLabel } = useBulkRun(action);
  const nameOf = (id: Identifier) => {
    const record = data?.find((r) => r.id === id) ?? allMatching.recordOf(id);
    const named = action.describe ?? describe;
    return named ? named(record, id) : String((record as { title?: string; name?: string } | undefined)?.title ?? (record as { name?: string } | undefined)?.name ?? `#${id}`);
  };

  const start = async () => {
    const keep = await run({ ids: selectedIds, matching, filter: filterValues ?? {}, count, nameOf });
    setConfirming(false);
    if (matching && keep) allMatching.set(false);
    // Rows that failed stay selected, so they can be tried again; the others are done with.
    if (keep) {
      if (keep.length) onSelect(keep);
      else onUnselectItems();
    }
    refresh();
  };
  return (
    <>
      <Button label={action.label} onClick={() => setConfirming(true)} data-bulk-action={action.name} />
      <BulkConfirm open={confirming} actionLabel={actionLabel} count={count} matching={matching} progress={progress} onConfirm={start} onClose={() => setConfirming(false)} />
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
export const BulkProgress = ({ done, total }: { done: number; total: number }) => {
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
