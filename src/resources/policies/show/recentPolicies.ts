/**
 * The recently viewed policy queue (document 2 section 2): kept in local storage with each policy's id, number,
 * status and last open tab, plus the active id, so a user can jump back between policies they work on.
 */
export interface RecentPolicy {
  id: number;
  number: string;
  status: string;
  tab: number;
}

export interface RecentQueue {
  items: RecentPolicy[];
  activeId: number | null;
}

export const RECENT_POLICIES_KEY = "coverdesk.policyQueue";
export const RECENT_POLICIES_MAX = 8;

export function readRecent(storage: Storage = localStorage): RecentQueue {
  try {
    const parsed = JSON.parse(storage.getItem(RECENT_POLICIES_KEY) ?? "null") as RecentQueue | null;
    if (parsed && Array.isArray(parsed.items)) return { items: parsed.items.filter((i) => typeof i?.id === "number"), activeId: parsed.activeId ?? null };
  } catch {
    // A damaged entry is replaced on the next visit.
  }
  return { items: [], activeId: null };
}

function write(queue: RecentQueue, storage: Storage) {
  storage.setItem(RECENT_POLICIES_KEY, JSON.stringify(queue));
  return queue;
}

/** Puts the policy first-seen-last (existing entries keep their place and tab), active; the oldest fall off. */
export function visitPolicy(policy: { id: number; number: string; status: string }, storage: Storage = localStorage): RecentQueue {
  const queue = readRecent(storage);
  const existing = queue.items.find((i) => i.id === policy.id);
  const items = existing
    ? queue.items.map((i) => (i.id === policy.id ? { ...i, number: policy.number, status: policy.status } : i))
    : [...queue.items, { ...policy, tab: 0 }].slice(-RECENT_POLICIES_MAX);
  return write({ items, activeId: policy.id }, storage);
}

export function rememberTab(id: number, tab: number, storage: Storage = localStorage): RecentQueue {
  const queue = readRecent(storage);
  return write({ ...queue, items: queue.items.map((i) => (i.id === id ? { ...i, tab } : i)) }, storage);
}

export function forgetPolicy(id: number, storage: Storage = localStorage): RecentQueue {
  const queue = readRecent(storage);
  return write({ items: queue.items.filter((i) => i.id !== id), activeId: queue.activeId === id ? null : queue.activeId }, storage);
}
