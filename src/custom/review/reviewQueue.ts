/** The Policy Review queue's item (POST /review_queue/list) and its keyboard, as pure rules. */
export interface QueueItem {
  id: number;
  /** A proof awaiting review, or a verified proof with pending updates (its `revision`). */
  kind: "proof" | "revision";
  /** Pending updates; `version` is what a decision on them carries (a rewrite since answers 409). */
  revision: { id: number; created_at: string; version?: string } | null;
  number: string;
  status: string;
  created_at: string;
  customer: string | null;
  account: { id: number; title: string } | null;
  agency: { id: number; title: string } | null;
  document: { id: number; filename: string; url: string } | null;
  claimed_by: { id: number; name: string; expires_at: string } | null;
}

/** The item `step` away from `currentId` (J: +1, K: −1), staying at the ends; the first when nothing is open. */
export function neighbour(items: Array<{ id: number }>, currentId: number | null, step: 1 | -1): number | null {
  if (items.length === 0) return null;
  const at = items.findIndex((i) => i.id === currentId);
  if (at < 0) return items[0].id;
  return items[Math.min(items.length - 1, Math.max(0, at + step))].id;
}

export type Shortcut = "next" | "previous" | "accept" | "decline" | "help";

const KEYS: Record<string, Shortcut> = { j: "next", k: "previous", a: "accept", d: "decline", "?": "help" };

export const shortcutFor = (key: string): Shortcut | null => KEYS[key.length === 1 ? key.toLowerCase() : key] ?? null;

/** The queue's kind filter: everything, proofs awaiting review, or pending updates. */
export const QUEUE_KINDS = ["all", "proof", "revision"] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

export type Decision = "accept" | "decline" | "accept_reject" | "archive";

/**
 * The call a decision makes (document 2 sections 4 and 7): a proof is accepted or declined; pending updates are
 * accepted, accepted while the policy is declined, declined, or archived, each with the reasons where it takes some.
 */
export function decisionRequest(item: Pick<QueueItem, "id" | "kind" | "revision" | "status">, decision: Decision, reasons: string[] = []): { path: string; body: object } {
  const id = item.id;
  const withReasons = { system_data: { rejection_reasons: reasons } };
  // A decision is made on what the reviewer saw (issue 10): the status read, or the updates' id and version.
  if (item.kind === "proof") {
    const read = { expected_status: item.status };
    if (decision === "accept") return { path: "/policies/external/accept", body: { policy: { id, ...read } } };
    return { path: "/policies/external/decline", body: { policy: { id, status: "EXTERNAL_REJECTED", ...withReasons, ...read } } };
  }
  const revision = item.revision!;
  const read = { revision_id: revision.id, ...(revision.version ? { version: revision.version } : {}) };
  switch (decision) {
    case "accept":
      return { path: "/policies/updates/accept", body: { policy: { id, ...read } } };
    case "accept_reject":
      return { path: "/policies/updates/accept", body: { policy: { id, status: "EXTERNAL_REJECTED", ...withReasons, ...read } } };
    case "decline":
      return { path: "/policies/updates/decline", body: { policy: { id, ...withReasons, ...read } } };
    case "archive":
      return { path: `/policies/${id}/policy_revisions/${revision.id}/decline`, body: { ...withReasons, archive: true, ...(revision.version ? { version: revision.version } : {}) } };
  }
}

/**
 * Where a shortcut may act (issue 10): only with the focus on the page or the queue, never inside a control the
 * reviewer is typing or choosing in (inputs, MUI selects and autocompletes are `role=combobox`, their open lists
 * `listbox`/`menu`) nor inside any dialog.
 */
const CONTROLS = [
  "input",
  "textarea",
  "select",
  "[contenteditable]:not([contenteditable='false'])",
  "[role=combobox]",
  "[role=listbox]",
  "[role=option]",
  "[role=menu]",
  "[role=menuitem]",
  "[role=textbox]",
  "[role=spinbutton]",
  "[role=slider]",
  "[role=dialog]",
  "[role=alertdialog]",
].join(",");

export function shortcutAllowed(target: EventTarget | null): boolean {
  if (!target || !(target instanceof Element)) return true;
  if (target.closest(CONTROLS)) return false;
  // A modal (dialog, an open select's menu) keeps the keys even when the focus was left behind it.
  const doc = target.ownerDocument;
  return !doc.querySelector(".MuiModal-root:not(.MuiModal-hidden) [role=dialog], .MuiPopover-root:not(.MuiModal-hidden), .MuiMenu-root:not(.MuiModal-hidden)");
}

/** What the queue marks on an item it lists: taken by someone else, or decided meanwhile by someone. */
export interface QueueItemState {
  id: number;
  pending: boolean;
  claimed_by: { id: number; name: string; expires_at: string } | null;
  decided: { outcome: string; by: string; at: string; message: string } | null;
}

/**
 * The queue after a refresh: the server's page, with the items that left it since the last look kept in place and
 * marked when someone decided them (so a reviewer sees what happened instead of an item vanishing under them).
 */
export function mergeQueue<T extends { id: number }>(previous: T[], fresh: T[], gone: Map<number, QueueItemState["decided"]>): Array<T & { decided?: QueueItemState["decided"] }> {
  const result: Array<T & { decided?: QueueItemState["decided"] }> = [...fresh];
  const present = new Set(fresh.map((i) => i.id));
  previous.forEach((item, index) => {
    if (present.has(item.id)) return;
    const decided = gone.get(item.id);
    if (!decided) return;
    result.splice(Math.min(index, result.length), 0, { ...item, decided });
  });
  return result;
}
