import { QueryClient } from "@tanstack/react-query";

/**
 * react-query's cache for the signed-in console. A list the console read stays fresh for LIST_STALE_MS: going back to
 * a screen shows its rows without asking again. Only lists: react-admin fills each record's getOne entry from the list
 * rows (a row has fewer fields than the record's own page), so a record is always read again when its page opens. Whatever the console itself changes (any call that is not a read:
 * create, update, delete, an action, an upload) makes everything stale at once (onDataChanged), so a change is never
 * hidden by the cache; changes made by others show within LIST_STALE_MS, or at once on a list's refresh.
 */
export const LIST_STALE_MS = 30_000;

const LISTS = new Set(["getList", "getManyReference", "getMany"]);

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: (query) => (LISTS.has(String(query.queryKey[1])) ? LIST_STALE_MS : 0) } } });
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Subscribes to "the console changed data on the server"; answers the unsubscribe. */
export function onDataChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyDataChanged(): void {
  for (const listener of listeners) listener();
}

/**
 * POSTs that only read although their names say no list: a report's query in the body (coverage snapshots' series and
 * data span, the leads statistics, integration health) or a check that answers without writing (the coverage-proof
 * form's requirement check as the user types, the review queue's states of items gone from it). Taken for a change, a
 * read inside a react-query query makes every query stale, its own too, and asks again without end (the Reporting
 * screen sent its two snapshot calls about fifteen times a second).
 */
const POST_READS = [
  /\/compound_coverage_snapshots\/(time_series|data_span)$/,
  /\/dashboards\/leads\/stats$/,
  /\/integrations\/integration_health$/,
  /\/merge\/preview$/,
  /\/staffs\/check_email$/,
  /\/policies\/external\/check$/,
  /\/policies\/calculate_cost$/,
  /\/requirement_checks$/,
  /\/review_queue\/states$/,
];

/**
 * A call that only reads: GET/HEAD, the POSTs that carry a list query in their body (`…/list`, `…_index`) or ids
 * to look up (`…/list_by_fields`: taken for a change, each batched lookup would make every read stale and start again),
 * and the POST reads above.
 */
export function isReadRequest(method: string, path: string): boolean {
  if (method === "GET" || method === "HEAD") return true;
  const bare = path.split("?")[0];
  return method === "POST" && (/\/list$/.test(bare) || /_index$/.test(bare) || /\/list_by_fields$/.test(bare) || POST_READS.some((re) => re.test(bare)));
}
