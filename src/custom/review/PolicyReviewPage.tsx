import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import KeyboardIcon from "@mui/icons-material/Keyboard";
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { useSearchParams } from "react-router-dom";
import type { AppDataProvider } from "../../dataProvider/types";
import { SNACK_SHORT } from "../../domain/constants";
import { formatLongDate } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { CoverageProofForm, valuesFromPolicy, valuesFromRevision } from "../../resources/policies/coverage-proof";
import type { PolicyDetail } from "../../resources/policies/show/types";
import { serverMessage } from "../../resources/policies/show/useApi";
import type { Assistance } from "../../resources/policies/coverage-proof/coverageProofRules";
import { DeclineDialog } from "./DeclineDialog";
import { DeclineExpiredButton } from "./DeclineExpiredButton";
import { DECLINE_REASON_KEYS, type DeclineReasonKey } from "./declineReasons";
import { RevisionChanges, type RevisionDetail } from "./RevisionChanges";
import { type Decision, QUEUE_KINDS, type QueueItem, type QueueKind, decisionRequest, neighbour, shortcutFor } from "./reviewQueue";

const PdfViewer = lazy(() => import("../dmr/PdfViewer"));
const k = (key: string) => `app.review.${key}`;

/** What each decision says once done, and the decline dialog's title for those that take reasons. */
const DONE: Record<string, Record<Decision, string>> = {
  proof: { accept: k("accepted"), decline: k("declined"), accept_reject: k("declined"), archive: k("declined") },
  revision: { accept: k("updates.accepted"), decline: k("updates.declined"), accept_reject: k("updates.accepted"), archive: k("updates.archived") },
};
const DIALOG_TITLE: Record<string, Record<Exclude<Decision, "accept">, string>> = {
  proof: { decline: k("decline_title"), accept_reject: k("decline_title"), archive: k("decline_title") },
  revision: { decline: k("updates.decline_title"), accept_reject: k("updates.accept_reject_title"), archive: k("updates.archive_title") },
};

/**
 * Policy Review (`/dashboard/policy-support`; issue 4 part 3): proofs of coverage awaiting review and verified proofs
 * with pending updates, oldest first. Opening one claims it, shows its certificate beside the coverage-proof form (and
 * for updates, what they would change), and offers its decisions; after a decision the next item opens. J/K move, A
 * accepts, D declines, digits tick reasons, ? shows the keys.
 */
export function PolicyReviewPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { user } = useCurrentUser();
  const [search, setSearch] = useState("");
  // Which items the queue shows (all, proofs, pending updates), kept in the address so a link or reload keeps it.
  const [params, setParams] = useSearchParams();
  const kind = (QUEUE_KINDS as readonly string[]).includes(params.get("kind") ?? "") ? (params.get("kind") as QueueKind) : "all";
  const [items, setItems] = useState<QueueItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [policy, setPolicy] = useState<PolicyDetail | null>(null);
  const [takenBy, setTakenBy] = useState<string | null>(null);
  // The decision waiting for its reasons in the decline dialog, if any.
  const [declining, setDeclining] = useState<Exclude<Decision, "accept"> | null>(null);
  const [busy, setBusy] = useState(false);
  const [help, setHelp] = useState(false);
  const [suggested, setSuggested] = useState<DeclineReasonKey[]>([]);
  // Pending updates of the open item, and whether the form beside shows them (to edit) or the policy as it is.
  const [revision, setRevision] = useState<RevisionDetail | null>(null);
  const [editingUpdates, setEditingUpdates] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { json } = await dataProvider.request<{ data: QueueItem[] }>("/review_queue/list", { method: "POST", body: { filter: { ...(search.trim() ? { search: search.trim() } : {}), ...(kind === "all" ? {} : { kind }) }, pagination: { page: 1, per: 100 } } });
      setItems(json.data);
    } catch {
      setItems([]);
    } finally {
      setLoading(false);
    }
  }, [dataProvider, search, kind]);

  useEffect(() => {
    const timer = setTimeout(() => void load(), 300);
    return () => clearTimeout(timer);
  }, [load]);

  const selected = useMemo(() => items.find((i) => i.id === selectedId) ?? null, [items, selectedId]);
  const selectedKind = selected?.kind ?? "proof";
  const revisionId = selected?.revision?.id ?? null;

  const loadRevision = useCallback(async () => {
    if (!selectedId || !revisionId) return;
    try {
      const { json } = await dataProvider.request<RevisionDetail>(`/policies/${selectedId}/policy_revisions/${revisionId}`);
      setRevision(json);
    } catch {
      setRevision(null);
    }
  }, [dataProvider, selectedId, revisionId]);
  useEffect(() => {
    setRevision(null);
    setEditingUpdates(false);
    void loadRevision();
  }, [loadRevision]);

  // Opening an item claims it and loads the policy for the form.
  useEffect(() => {
    if (!selectedId) return;
    let live = true;
    setPolicy(null);
    setTakenBy(null);
    dataProvider.request("/review_queue/claims", { method: "POST", body: { kind: selectedKind, id: selectedId } }).catch((error) => live && setTakenBy(serverMessage(error) ?? translate(k("failure"))));
    setSuggested([]);
    dataProvider
      .request<PolicyDetail>(`/policies/${selectedId}`)
      .then(({ json }) => live && setPolicy(json))
      .catch(() => live && setPolicy(null));
    // Assisted review: the reasons the certificate's own text supports are pre-ticked in the decline dialog.
    dataProvider
      .request<Assistance>(`/review_queue/${selectedId}/extract`)
      .then(({ json }) => live && setSuggested(json.suggested_reasons.filter((r): r is DeclineReasonKey => (DECLINE_REASON_KEYS as readonly string[]).includes(r))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [selectedId, selectedKind, dataProvider, translate]);

  const move = useCallback((step: 1 | -1) => setSelectedId((id) => neighbour(items, id, step)), [items]);

  const decided = (decision: Decision, next: boolean) => {
    const messageKey = DONE[selectedKind][decision];
    notify(messageKey, { type: "success", autoHideDuration: SNACK_SHORT });
    const following = neighbour(items, selectedId, 1);
    setItems((list) => list.filter((i) => i.id !== selectedId));
    setSelectedId(next && following !== selectedId ? following : null);
  };

  const accept = async () => {
    if (!selected || busy || takenBy) return;
    setBusy(true);
    try {
      const call = decisionRequest(selected, "accept");
      await dataProvider.request(call.path, { method: "POST", body: call.body });
      decided("accept", true);
    } catch (error) {
      notify(serverMessage(error) ?? k("failure"), { type: "error", autoHideDuration: SNACK_SHORT });
    } finally {
      setBusy(false);
    }
  };

  const decline = async (decision: Exclude<Decision, "accept">, reasons: string[], moveNext: boolean) => {
    if (!selected) return;
    setBusy(true);
    try {
      const call = decisionRequest(selected, decision, reasons);
      await dataProvider.request(call.path, { method: "POST", body: call.body });
      setDeclining(null);
      decided(decision, moveNext);
    } catch (error) {
      notify(serverMessage(error) ?? k("failure"), { type: "error", autoHideDuration: SNACK_SHORT });
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (declining || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement;
      if (["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.isContentEditable) return;
      const action = shortcutFor(event.key);
      if (!action) return;
      event.preventDefault();
      if (action === "next") move(1);
      else if (action === "previous") move(-1);
      else if (action === "help") setHelp((h) => !h);
      else if (action === "accept") void accept();
      else if (action === "decline" && selectedId && !takenBy) setDeclining("decline");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return (
    <>
      <PageHeader
        titleKey={k("title")}
        actions={
          <>
            <DeclineExpiredButton onScheduled={() => setTimeout(() => void load(), 3000)} />
            <Tooltip title={translate(k("shortcuts.button"))}>
              <IconButton aria-label={translate(k("shortcuts.button"))} onClick={() => setHelp(true)}>
                <KeyboardIcon />
              </IconButton>
            </Tooltip>
          </>
        }
      />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "320px 1fr" }, gap: 2, alignItems: "start" }}>
        <Paper sx={{ p: 1 }}>
          <TextField fullWidth size="small" label={translate(k("search"))} value={search} onChange={(e) => setSearch(e.target.value)} sx={{ mb: 1 }} />
          <TextField
            select
            fullWidth
            size="small"
            label={translate(k("kind.label"))}
            value={kind}
            onChange={(e) => setParams(e.target.value === "all" ? {} : { kind: e.target.value }, { replace: true })}
            sx={{ mb: 1 }}
          >
            {QUEUE_KINDS.map((value) => (
              <MenuItem key={value} value={value}>
                {translate(k(`kind.${value}`))}
              </MenuItem>
            ))}
          </TextField>
          {loading && items.length === 0 ? (
            <CircularProgress size={24} sx={{ m: 2 }} />
          ) : items.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {translate(k("empty"))}
            </Typography>
          ) : (
            <List dense aria-label={translate(k("title"))} sx={{ maxHeight: "70vh", overflow: "auto" }}>
              {items.map((item) => (
                <ListItemButton key={item.id} selected={item.id === selectedId} onClick={() => setSelectedId(item.id)}>
                  <ListItemText
                    primary={item.number}
                    secondary={
                      <>
                        {[item.customer, item.account?.title, formatLongDate(item.revision?.created_at ?? item.created_at)].filter(Boolean).join(" · ")}
                        {item.kind === "revision" && <Chip component="span" size="small" color="info" label={translate(k("pending_updates"))} sx={{ ml: 1 }} />}
                        {item.claimed_by && item.claimed_by.id !== user?.id && (
                          <Chip component="span" size="small" color="warning" label={translate(k("taken"), { name: item.claimed_by.name })} sx={{ ml: 1 }} />
                        )}
                      </>
                    }
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </Paper>
        <Paper sx={{ p: 2, minHeight: "70vh" }}>
          {!selected ? (
            <Typography color="text.secondary">{translate(k("pick"))}</Typography>
          ) : (
            <>
              <Box sx={{ display: "flex", gap: 1, alignItems: "center", mb: 1, flexWrap: "wrap" }}>
                <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
                  {selected.number}
                </Typography>
                <Button onClick={() => move(-1)}>{translate(k("previous"))}</Button>
                <Button onClick={() => move(1)}>{translate(k("next"))}</Button>
                <Button variant="contained" color="success" disabled={busy || Boolean(takenBy)} onClick={() => void accept()}>
                  {translate(selected.kind === "revision" ? k("updates.accept") : k("accept"))}
                </Button>
                {selected.kind === "revision" && (
                  <Button variant="outlined" color="warning" disabled={busy || Boolean(takenBy)} onClick={() => setDeclining("accept_reject")}>
                    {translate(k("updates.accept_reject"))}
                  </Button>
                )}
                <Button variant="contained" color="error" disabled={busy || Boolean(takenBy)} onClick={() => setDeclining("decline")}>
                  {translate(selected.kind === "revision" ? k("updates.decline") : k("decline"))}
                </Button>
                {selected.kind === "revision" && (
                  <Button variant="outlined" disabled={busy || Boolean(takenBy)} onClick={() => setDeclining("archive")}>
                    {translate(k("updates.archive"))}
                  </Button>
                )}
                {selected.kind === "revision" && (
                  <Button disabled={!revision || Boolean(takenBy)} onClick={() => setEditingUpdates((on) => !on)}>
                    {translate(editingUpdates ? k("updates.show_policy") : k("updates.edit"))}
                  </Button>
                )}
              </Box>
              {suggested.length > 0 && (
                <Alert severity="info" sx={{ mb: 1 }}>
                  {translate(k("suggested"), { reasons: suggested.map((r) => translate(`app.coverage_proof.decline.reasons.${r}`)).join("; ") })}
                </Alert>
              )}
              {takenBy && (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {takenBy}
                </Alert>
              )}
              <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", xl: "1fr 1fr" }, gap: 2 }}>
                <Box sx={{ height: "70vh", border: 1, borderColor: "divider" }}>
                  {selected.document ? (
                    <Suspense fallback={<CircularProgress sx={{ m: 4 }} />}>
                      <PdfViewer key={selected.document.url} url={selected.document.url} filename={selected.document.filename} onClose={() => setSelectedId(null)} />
                    </Suspense>
                  ) : (
                    <Typography sx={{ p: 2 }}>{translate(k("no_document"))}</Typography>
                  )}
                </Box>
                <Box sx={{ maxHeight: "70vh", overflow: "auto" }}>
                  {selected.kind === "revision" && (revision ? <RevisionChanges revision={revision} /> : <CircularProgress size={24} />)}
                  {policy && policy.id === selected.id && editingUpdates && revision ? (
                    <CoverageProofForm
                      key={`revision-${revision.id}`}
                      role={user?.role}
                      policy={{ ...policy, documents: [] }}
                      initial={valuesFromRevision(policy, revision.changes, revision.location)}
                      revision={{ policyId: policy.id, revisionId: revision.id, onSaved: () => void loadRevision() }}
                    />
                  ) : policy && policy.id === selected.id ? (
                    <CoverageProofForm key={policy.id} role={user?.role} policy={policy} initial={valuesFromPolicy(policy)} onSaved={() => void load()} />
                  ) : (
                    <CircularProgress size={24} />
                  )}
                </Box>
              </Box>
            </>
          )}
        </Paper>
      </Box>
      {declining && selected && (
        <DeclineDialog
          title={translate(DIALOG_TITLE[selected.kind][declining], { number: selected.number })}
          nextItemExists={neighbour(items, selectedId, 1) !== selectedId}
          busy={busy}
          initialReasons={suggested}
          onCancel={() => setDeclining(null)}
          onDecline={(reasons, moveNext) => void decline(declining, reasons, moveNext)}
        />
      )}
      <Dialog open={help} onClose={() => setHelp(false)}>
        <DialogTitle>{translate(k("shortcuts.title"))}</DialogTitle>
        <DialogContent>
          {["next", "previous", "accept", "decline", "reasons", "help"].map((key) => (
            <Typography key={key}>{translate(k(`shortcuts.${key}`))}</Typography>
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setHelp(false)}>{translate(k("shortcuts.close"))}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
