/** The Policy Review queue's item (POST /review_queue/list) and its keyboard, as pure rules. */
export interface QueueItem {
  id: number;
  kind: "proof";
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
