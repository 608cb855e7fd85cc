import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
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
  TablePagination,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { useSearchParams } from "react-router-dom";
import type { AppDataProvider } from "../../dataProvider/types";
import { REVIEW_QUEUE_PAGE_SIZE, REVIEW_QUEUE_REFRESH_MS, SNACK_SHORT } from "../../domain/constants";
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
import { useClaim } from "../claims/useClaim";
import {
  type Decision,
  QUEUE_KINDS,
  type QueueItem,
  type QueueItemState,
  type QueueKind,
  decisionRequest,
  mergeQueue,
  neighbour,
  shortcutAllowed,
  shortcutFor,
} from "./reviewQueue";

/** A queue item as the page lists it: decided meanwhile by someone else, when it left the queue since the last look. */
type ListedItem = QueueItem & { decided?: QueueItemState["decided"] };

const PdfViewer = lazy(() => import("../dmr/PdfViewer"));
const k = (key: string) => `app.review.${key}`;
const itemIdOf = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null);

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
 * accepts (A again confirms), D declines, digits tick reasons, ? shows the keys; keys act only with the focus on the
 * page or the queue. Team review (issue 10): the open item is claimed while it stays open, every decision carries
 * what the reviewer read, and the queue refreshes itself, marking what others took or decided.
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
  const [items, setItems] = useState<ListedItem[]>([]);
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  // The open item is kept in the address too (`?item=<id>`): a reload or a shared link reopens it.
  const selectedId = itemIdOf(params.get("item"));
  // react-router makes a new setParams whenever the address changes; the queue's loader must not change with it (a
  // new loader reloads the queue, which would then happen on every J/K).
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const setSelectedId = useCallback(
    (id: number | null) =>
      setParamsRef.current(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set("item", String(id));
          else next.delete("item");
          return next;
        },
        { replace: true },
      ),
    [],
  );
  const [policy, setPolicy] = useState<PolicyDetail | null>(null);
  // The decision waiting for its reasons in the decline dialog, if any.
  const [declining, setDeclining] = useState<Exclude<Decision, "accept"> | null>(null);
  const [busy, setBusy] = useState(false);
  const [help, setHelp] = useState(false);
  const [suggested, setSuggested] = useState<DeclineReasonKey[]>([]);
  // What the certificate says of additional interests and deductibles, and the reasons the profile's failed rules give.
  const [assisted, setAssisted] = useState<Assistance["fields"]>(null);
  const [ruleReasons, setRuleReasons] = useState<DeclineReasonKey[]>([]);
  // Pending updates of the open item, and whether the form beside shows them (to edit) or the policy as it is.
  const [revision, setRevision] = useState<(RevisionDetail & { version?: string }) | null>(null);
  const [editingUpdates, setEditingUpdates] = useState(false);
  // A accepts only once confirmed (A again, or Enter); unsaved edits are discarded only once confirmed.
  const [confirmingAccept, setConfirmingAccept] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [leaving, setLeaving] = useState<{ to: number | null } | null>(null);
  // The item the address named when the page opened, checked against the first page the queue loads.
  const linkedItem = useRef(params.get("item"));
  const itemsRef = useRef<ListedItem[]>([]);
  itemsRef.current = items;
  // Items this reviewer decided: they leave the queue quietly; only others' decisions are marked.
  const decidedHere = useRef(new Set<number>());

  // The queue, oldest first, a page at a time (readings C-28: the dashboard index); items that left the page since
  // the last look are asked about, and those someone else decided stay in place, marked.
  const load = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoading(true);
      try {
        const filter = { ...(search.trim() ? { search: search.trim() } : {}), ...(kind === "all" ? {} : { kind }) };
        const { json, headers } = await dataProvider.request<QueueItem[]>("/policy-support/policies_dashboard_index", {
          method: "POST",
          body: { filter, pagination: { page, per: REVIEW_QUEUE_PAGE_SIZE } },
        });
        const fresh = json ?? [];
        const present = new Set(fresh.map((i) => i.id));
        const previous = itemsRef.current.filter((i) => !decidedHere.current.has(i.id));
        const goneIds = previous.filter((i) => !present.has(i.id)).map((i) => i.id);
        const gone = new Map<number, QueueItemState["decided"]>();
        if (goneIds.length) {
          try {
            const { json: states } = await dataProvider.request<QueueItemState[]>("/review_queue/states", { method: "POST", body: { ids: goneIds.slice(0, 200) } });
            for (const state of states ?? []) if (!state.pending && state.decided) gone.set(state.id, state.decided);
          } catch {
            // The marks are a courtesy; the fresh page stands without them.
          }
        }
        const merged = mergeQueue(previous, fresh, gone);
        setItems(merged);
        setTotal(Number(headers.get("total-entries") ?? fresh.length));
        // A linked item that is not on this page (decided since, or further down the queue) is not held open unseen.
        const linked = itemIdOf(linkedItem.current);
        linkedItem.current = null;
        if (linked && !merged.some((i) => i.id === linked)) {
          setSelectedId(null);
          notify(k("link_elsewhere"), { type: "info" });
        }
      } catch {
        if (!quiet) setItems([]);
      } finally {
        setLoading(false);
      }
    },
    [dataProvider, search, kind, page, setSelectedId, notify],
  );

  useEffect(() => {
    const timer = setTimeout(() => void load(), 300);
    return () => clearTimeout(timer);
  }, [load]);
  // Others work the same queue: it refreshes itself every REVIEW_QUEUE_REFRESH_MS.
  useEffect(() => {
    const timer = setInterval(() => void load(true), REVIEW_QUEUE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const selected = useMemo(() => items.find((i) => i.id === selectedId) ?? null, [items, selectedId]);
  const selectedKind = selected?.kind ?? "proof";
  const revisionId = selected?.revision?.id ?? null;
  const decidedMeanwhile = selected?.decided ?? null;

  // Opening an item claims it while it stays open; moving on releases it (useClaim).
  const claim = useClaim(
    // Only an item the queue lists is held: a link to one that left it claims nothing.
    selected && !decidedMeanwhile ? { claim: { path: "/review_queue/claims", body: { kind: selectedKind, id: selected.id } }, release: `/review_queue/claims/${selected.id}` } : null,
  );
  const takenBy = claim.state.status === "taken" ? claim.state.message || translate(k("failure")) : null;
  const blocked = Boolean(takenBy) || Boolean(decidedMeanwhile);

  const loadRevision = useCallback(async () => {
    if (!selectedId || !revisionId) return;
    try {
      const { json } = await dataProvider.request<RevisionDetail & { version?: string }>(`/policies/${selectedId}/policy_revisions/${revisionId}`);
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

  // Opening an item loads the policy for the form, and what its certificate says.
  useEffect(() => {
    setConfirmingAccept(false);
    setDirty(false);
    if (!selectedId) return;
    let live = true;
    setPolicy(null);
    setSuggested([]);
    setAssisted(null);
    setRuleReasons([]);
    dataProvider
      .request<PolicyDetail>(`/policies/${selectedId}`)
      .then(({ json }) => live && setPolicy(json))
      .catch(() => live && setPolicy(null));
    // Assisted review: the reasons the certificate's own text supports are pre-ticked in the decline dialog.
    dataProvider
      .request<Assistance>(`/review_queue/${selectedId}/extract`)
      .then(({ json }) => {
        if (!live) return;
        setSuggested(json.suggested_reasons.filter((r): r is DeclineReasonKey => (DECLINE_REASON_KEYS as readonly string[]).includes(r)));
        setAssisted(json.fields);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [selectedId, dataProvider]);

  const requirements = useMemo(
    () => ({ interestedParties: assisted?.interested_parties ?? null, deductible: assisted?.deductible ?? null, onReasons: setRuleReasons }),
    [assisted],
  );

  // Moving away from unsaved edits asks first.
  const go = useCallback(
    (to: number | null) => {
      if (to === selectedId) return;
      if (dirty) setLeaving({ to });
      else setSelectedId(to);
    },
    [dirty, selectedId, setSelectedId],
  );
  const move = (step: 1 | -1) => go(neighbour(items, selectedId, step));

  // What the reviewer read: the item's status, or the version of the updates on screen.
  const asRead = (item: ListedItem): ListedItem =>
    item.kind === "revision" && item.revision && revision?.id === item.revision.id && revision.version ? { ...item, revision: { ...item.revision, version: revision.version } } : item;

  const decided = (decision: Decision, next: boolean) => {
    const messageKey = DONE[selectedKind][decision];
    notify(messageKey, { type: "success", autoHideDuration: SNACK_SHORT });
    const following = neighbour(items, selectedId, 1);
    if (selectedId) decidedHere.current.add(selectedId);
    setItems((list) => list.filter((i) => i.id !== selectedId));
    setSelectedId(next && following !== selectedId ? following : null);
    void load(true);
  };

  // A refused decision says why in the server's words; a 409 marks the item with who decided it meanwhile.
  const refused = (error: unknown) => {
    const text = serverMessage(error) ?? translate(k("failure"));
    notify(text, { type: "error", autoHideDuration: SNACK_SHORT, messageArgs: { _: text } });
    const body = (error as { status?: number; body?: { decided?: { outcome: string; by: string; at: string } } }).body;
    if ((error as { status?: number }).status === 409 && body?.decided && selectedId) {
      const mark = { ...body.decided, message: text };
      setItems((list) => list.map((i) => (i.id === selectedId ? { ...i, decided: mark } : i)));
    }
    void load(true);
  };

  const accept = async () => {
    setConfirmingAccept(false);
    if (!selected || busy || blocked) return;
    setBusy(true);
    try {
      const call = decisionRequest(asRead(selected), "accept");
      await dataProvider.request(call.path, { method: "POST", body: call.body });
      decided("accept", true);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  const decline = async (decision: Exclude<Decision, "accept">, reasons: string[], moveNext: boolean) => {
    if (!selected) return;
    setBusy(true);
    try {
      const call = decisionRequest(asRead(selected), decision, reasons);
      await dataProvider.request(call.path, { method: "POST", body: call.body });
      setDeclining(null);
      decided(decision, moveNext);
    } catch (error) {
      setDeclining(null);
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (declining || help || leaving || event.ctrlKey || event.metaKey || event.altKey) return;
      // Keys never act from inside a control or a dialog: a reviewer typing A in a select decides nothing.
      if (!shortcutAllowed(event.target)) return;
      if (confirmingAccept) {
        if (event.key === "Escape") {
          event.preventDefault();
          setConfirmingAccept(false);
          return;
        }
        if (event.key === "Enter" || shortcutFor(event.key) === "accept") {
          event.preventDefault();
          void accept();
          return;
        }
        setConfirmingAccept(false);
      }
      const action = shortcutFor(event.key);
      if (!action) return;
      event.preventDefault();
      if (action === "next") move(1);
      else if (action === "previous") move(-1);
      else if (action === "help") setHelp((h) => !h);
      else if (action === "accept" && selected && !blocked && !busy) setConfirmingAccept(true);
      else if (action === "decline" && selected && !blocked) setDeclining("decline");
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
            <DeclineExpiredButton onScheduled={() => setTimeout(() => void load(true), 3000)} />
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
          <TextField
            fullWidth
            size="small"
            label={translate(k("search"))}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            sx={{ mb: 1 }}
          />
          <TextField
            select
            fullWidth
            size="small"
            label={translate(k("kind.label"))}
            value={kind}
            onChange={(e) => {
              setPage(1);
              setParams(e.target.value === "all" ? {} : { kind: e.target.value }, { replace: true });
            }}
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
                <ListItemButton key={item.id} selected={item.id === selectedId} onClick={() => go(item.id)} sx={item.decided ? { opacity: 0.6 } : undefined}>
                  <ListItemText
                    primary={item.number}
                    secondary={
                      <>
                        {[item.customer, item.account?.title, formatLongDate(item.revision?.created_at ?? item.created_at)].filter(Boolean).join(" · ")}
                        {item.kind === "revision" && <Chip component="span" size="small" color="info" label={translate(k("pending_updates"))} sx={{ ml: 1 }} />}
                        {item.decided && (
                          <Chip component="span" size="small" label={translate(k("decided"), { outcome: item.decided.outcome, name: item.decided.by })} sx={{ ml: 1 }} />
                        )}
                        {!item.decided && item.claimed_by && item.claimed_by.id !== user?.id && (
                          <Chip component="span" size="small" color="warning" label={translate(k("taken"), { name: item.claimed_by.name })} sx={{ ml: 1 }} />
                        )}
                      </>
                    }
                  />
                </ListItemButton>
              ))}
            </List>
          )}
          {total > REVIEW_QUEUE_PAGE_SIZE && (
            <TablePagination
              component="div"
              count={total}
              page={page - 1}
              rowsPerPage={REVIEW_QUEUE_PAGE_SIZE}
              rowsPerPageOptions={[]}
              onPageChange={(_e, next) => {
                setPage(next + 1);
                go(null);
              }}
            />
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
                <Button variant="contained" color="success" disabled={busy || blocked} onClick={() => void accept()}>
                  {translate(selected.kind === "revision" ? k("updates.accept") : k("accept"))}
                </Button>
                {selected.kind === "revision" && (
                  <Button variant="outlined" color="warning" disabled={busy || blocked} onClick={() => setDeclining("accept_reject")}>
                    {translate(k("updates.accept_reject"))}
                  </Button>
                )}
                <Button variant="contained" color="error" disabled={busy || blocked} onClick={() => setDeclining("decline")}>
                  {translate(selected.kind === "revision" ? k("updates.decline") : k("decline"))}
                </Button>
                {selected.kind === "revision" && (
                  <Button variant="outlined" disabled={busy || blocked} onClick={() => setDeclining("archive")}>
                    {translate(k("updates.archive"))}
                  </Button>
                )}
                {selected.kind === "revision" && (
                  <Button disabled={!revision || blocked} onClick={() => setEditingUpdates((on) => !on)}>
                    {translate(editingUpdates ? k("updates.show_policy") : k("updates.edit"))}
                  </Button>
                )}
              </Box>
              {suggested.length > 0 && (
                <Alert severity="info" sx={{ mb: 1 }}>
                  {translate(k("suggested"), { reasons: suggested.map((r) => translate(`app.coverage_proof.decline.reasons.${r}`)).join("; ") })}
                </Alert>
              )}
              {takenBy && !decidedMeanwhile && (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {takenBy}
                </Alert>
              )}
              {decidedMeanwhile && (
                <Alert severity="info" sx={{ mb: 1 }}>
                  {decidedMeanwhile.message}
                </Alert>
              )}
              {confirmingAccept && (
                <Alert
                  severity="success"
                  sx={{ mb: 1 }}
                  action={
                    <>
                      <Button color="inherit" size="small" onClick={() => void accept()}>
                        {translate(selected.kind === "revision" ? k("updates.accept") : k("accept"))}
                      </Button>
                      <Button color="inherit" size="small" onClick={() => setConfirmingAccept(false)}>
                        {translate(k("confirm_accept.cancel"))}
                      </Button>
                    </>
                  }
                >
                  {translate(k("confirm_accept.text"), { number: selected.number })}
                </Alert>
              )}
              <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", xl: "1fr 1fr" }, gap: 2 }}>
                <Box sx={{ height: "70vh", border: 1, borderColor: "divider" }}>
                  {selected.document ? (
                    <Suspense fallback={<CircularProgress sx={{ m: 4 }} />}>
                      <PdfViewer key={selected.document.url} url={selected.document.url} filename={selected.document.filename} onClose={() => go(null)} />
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
                      revision={{ policyId: policy.id, revisionId: revision.id, version: revision.version, onSaved: () => void loadRevision() }}
                      onDirtyChange={setDirty}
                      readOnly={blocked}
                      requirements={requirements}
                    />
                  ) : policy && policy.id === selected.id ? (
                    <CoverageProofForm
                      key={policy.id}
                      role={user?.role}
                      policy={policy}
                      initial={valuesFromPolicy(policy)}
                      onSaved={() => void load(true)}
                      onDirtyChange={setDirty}
                      readOnly={blocked}
                      requirements={requirements}
                    />
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
          initialReasons={DECLINE_REASON_KEYS.filter((r) => suggested.includes(r) || ruleReasons.includes(r))}
          onCancel={() => setDeclining(null)}
          onDecline={(reasons, moveNext) => void decline(declining, reasons, moveNext)}
        />
      )}
      <Dialog open={Boolean(leaving)} onClose={() => setLeaving(null)} aria-labelledby="discard-title">
        <DialogTitle id="discard-title">{translate(k("discard.title"))}</DialogTitle>
        <DialogContent>
          <Typography>{translate(k("discard.text"), { number: selected?.number ?? "" })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLeaving(null)}>{translate(k("discard.keep"))}</Button>
          <Button
            variant="contained"
            color="warning"
            onClick={() => {
              const to = leaving?.to ?? null;
              setLeaving(null);
              setDirty(false);
              setSelectedId(to);
            }}
          >
            {translate(k("discard.confirm"))}
          </Button>
        </DialogActions>
      </Dialog>
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
