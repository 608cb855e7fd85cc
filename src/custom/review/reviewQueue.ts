/** The Policy Review queue's item (POST /review_queue/list) and its keyboard, as pure rules. */
export interface QueueItem {
  id: number;
  /** A proof awaiting review, or a verified proof with pending updates (its `revision`). */
  kind: "proof" | "revision";
  revision: { id: number; created_at: string } | null;
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
export function decisionRequest(item: Pick<QueueItem, "id" | "kind" | "revision">, decision: Decision, reasons: string[] = []): { path: string; body: object } {
  const id = item.id;
  const withReasons = { system_data: { rejection_reasons: reasons } };
  if (item.kind === "proof") {
    if (decision === "accept") return { path: "/policies/external/accept", body: { policy: { id } } };
    return { path: "/policies/external/decline", body: { policy: { id, status: "EXTERNAL_REJECTED", ...withReasons } } };
  }
  switch (decision) {
    case "accept":
      return { path: "/policies/updates/accept", body: { policy: { id } } };
    case "accept_reject":
      return { path: "/policies/updates/accept", body: { policy: { id, status: "EXTERNAL_REJECTED", ...withReasons } } };
    case "decline":
      return { path: "/policies/updates/decline", body: { policy: { id, ...withReasons } } };
    case "archive":
      return { path: `/policies/${id}/policy_revisions/${item.revision!.id}/decline`, body: { ...withReasons, archive: true } };
  }
}
