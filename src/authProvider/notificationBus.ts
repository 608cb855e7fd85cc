import type { NotificationSpec } from "../dataProvider/httpErrors";

/**
 * The authProvider runs outside React but owns session messages with their own durations and Close buttons.
 * It hands them to the mounted <AppNotification> through this bus; with nobody listening, emit() answers false and
 * the caller falls back to react-admin's own notification (the rejection's `message`).
 *
 * Messages that end the session (`carry`) are followed by a move to the sign-in page, which may be another
 * react-admin context with its own <AppNotification>: a newly mounted one shows them again when the one that
 * showed them is gone, for a few seconds.
 */
type Listener = (spec: NotificationSpec) => void;

interface Sent {
  spec: NotificationSpec;
  at: number;
  shownBy: Set<number>;
}

const CARRY_MS = 5000;
const listeners = new Map<number, Listener>();
let carried: Sent[] = [];
let nextId = 1;

export function subscribeAppNotifications(listener: Listener): () => void {
  const id = nextId++;
  listeners.set(id, listener);
  const now = Date.now();
  carried = carried.filter((sent) => now - sent.at < CARRY_MS);
  for (const sent of carried) {
    const stillShown = [...sent.shownBy].some((shownId) => listeners.has(shownId));
    if (stillShown) continue;
    sent.shownBy.add(id);
    listener(sent.spec);
  }
  return () => {
    listeners.delete(id);
  };
}

export function emitAppNotification(spec: NotificationSpec, options: { carry?: boolean } = {}): boolean {
  if (listeners.size === 0) return false;
  if (options.carry) carried.push({ spec, at: Date.now(), shownBy: new Set(listeners.keys()) });
  for (const listener of listeners.values()) listener(spec);
  return true;
}

/** Drops carried messages (tests, or a fresh sign-in). */
export function forgetCarriedNotifications(): void {
  carried = [];
}
