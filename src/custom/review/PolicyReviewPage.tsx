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
  Paper,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { SNACK_SHORT } from "../../domain/constants";
import { formatLongDate } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { CoverageProofForm, valuesFromPolicy } from "../../resources/policies/coverage-proof";
import type { PolicyDetail } from "../../resources/policies/show/types";
import { serverMessage } from "../../resources/policies/show/useApi";
import type { Assistance } from "../../resources/policies/coverage-proof/coverageProofRules";
import { DeclineDialog } from "./DeclineDialog";
import { DECLINE_REASON_KEYS, type DeclineReasonKey } from "./declineReasons";
import { type QueueItem, neighbour, shortcutFor } from "./reviewQueue";

const PdfViewer = lazy(() => import("../dmr/PdfViewer"));
const k = (key: string) => `app.review.${key}`;

/**
 * Policy Review (`/dashboard/policy-support`; issue 4 part 3): proofs of coverage awaiting review, oldest first. Opening
 * one claims it, shows its certificate beside the coverage-proof form, and offers Accept and Decline; after a decision
 * the next item opens. J/K move, A accepts, D declines, digits tick reasons, ? shows the keys.
 */
export function PolicyReviewPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { user } = useCurrentUser();
  const [search, setSearch] = useState("");
  const [items, setItems] = useState<QueueItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [policy, setPolicy] = useState<PolicyDetail | null>(null);
  const [takenBy, setTakenBy] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const [busy, setBusy] = useState(false);
  const [help, setHelp] = useState(false);
  const [suggested, setSuggested] = useState<DeclineReasonKey[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { json } = await dataProvider.request<{ data: QueueItem[] }>("/review_queue/list", { method: "POST", body: { filter: search.trim() ? { search: search.trim() } : {}, pagination: { page: 1, per: 100 } } });
      setItems(json.data);
    } catch {
      setItems([]);
    } finally {
      setLoading(false);
    }
  }, [dataProvider, search]);

  useEffect(() => {
    const timer = setTimeout(() => void load(), 300);
    return () => clearTimeout(timer);
  }, [load]);

  // Opening an item claims it and loads the policy for the form.
  useEffect(() => {
    if (!selectedId) return;
    let live = true;
    setPolicy(null);
    setTakenBy(null);
    dataProvider.request("/review_queue/claims", { method: "POST", body: { kind: "proof", id: selectedId } }).catch((error) => live && setTakenBy(serverMessage(error) ?? translate(k("failure"))));
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
  }, [selectedId, dataProvider, translate]);

  const selected = useMemo(() => items.find((i) => i.id === selectedId) ?? null, [items, selectedId]);
  const move = useCallback((step: 1 | -1) => setSelectedId((id) => neighbour(items, id, step)), [items]);

  const decided = (messageKey: string, next: boolean) => {
    notify(messageKey, { type: "success", autoHideDuration: SNACK_SHORT });
    const following = neighbour(items, selectedId, 1);
    setItems((list) => list.filter((i) => i.id !== selectedId));
    setSelectedId(next && following !== selectedId ? following : null);
  };

  const accept = async () => {
    if (!selectedId || busy || takenBy) return;
    setBusy(true);
    try {
      await dataProvider.request("/policies/external/accept", { method: "POST", body: { policy: { id: selectedId } } });
      decided(k("accepted"), true);
    } catch (error) {
      notify(serverMessage(error) ?? k("failure"), { type: "error", autoHideDuration: SNACK_SHORT });
    } finally {
      setBusy(false);
    }
  };

  const decline = async (reasons: string[], moveNext: boolean) => {
    setBusy(true);
    try {
      await dataProvider.request("/policies/external/decline", { method: "POST", body: { policy: { id: selectedId, status: "EXTERNAL_REJECTED", system_data: { rejection_reasons: reasons } } } });
      setDeclining(false);
      decided(k("declined"), moveNext);
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
      else if (action === "decline" && selectedId && !takenBy) setDeclining(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return (
    <>
      <PageHeader
        titleKey={k("title")}
        actions={
          <Tooltip title={translate(k("shortcuts.button"))}>
            <IconButton aria-label={translate(k("shortcuts.button"))} onClick={() => setHelp(true)}>
              <KeyboardIcon />
            </IconButton>
          </Tooltip>
        }
      />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "320px 1fr" }, gap: 2, alignItems: "start" }}>
        <Paper sx={{ p: 1 }}>
          <TextField fullWidth size="small" label={translate(k("search"))} value={search} onChange={(e) => setSearch(e.target.value)} sx={{ mb: 1 }} />
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
                        {[item.customer, item.account?.title, formatLongDate(item.created_at)].filter(Boolean).join(" · ")}
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
                  {translate(k("accept"))}
                </Button>
                <Button variant="contained" color="error" disabled={busy || Boolean(takenBy)} onClick={() => setDeclining(true)}>
                  {translate(k("decline"))}
                </Button>
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
                  {policy && policy.id === selected.id ? (
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
          title={translate(k("decline_title"), { number: selected.number })}
          nextItemExists={neighbour(items, selectedId, 1) !== selectedId}
          busy={busy}
          initialReasons={suggested}
          onCancel={() => setDeclining(false)}
          onDecline={(reasons, moveNext) => void decline(reasons, moveNext)}
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
