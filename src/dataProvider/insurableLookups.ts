import type { Identifier, RaRecord } from "react-admin";
import { INSURABLE_BATCH_MS } from "../domain/constants";
import { INSURABLE_LOOKUP_MAX_IDS } from "../domain/insurables";

/** One `POST /insurables/list_by_fields` call: the rows of the given ids the caller may see (the server scopes them). */
export type FetchInsurables = (ids: number[]) => Promise<RaRecord[]>;

interface Waiting {
  ids: Identifier[];
  resolve: (rows: RaRecord[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Insurable lookups by id, batched (document 3 section 7: "Insurable lookups are batched with a 300 ms debounce").
 * react-admin already merges the getMany calls of one render tick; the grids' reference cells, pickers and pages
 * that ask for properties over the next moments each made their own call. Here every lookup waits until no other
 * has come for `delayMs`, then all the ids asked meanwhile go in one call (in calls of at most 500 ids, the server's
 * limit), and each caller gets the rows of its own ids, in its order; ids the server left out (unknown, or outside
 * the caller's scope) are simply missing. A failed call fails every lookup it carried.
 */
export function createInsurableLookups(fetchRows: FetchInsurables, delayMs = INSURABLE_BATCH_MS) {
  let waiting: Waiting[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = async () => {
    const batch = waiting;
    waiting = [];
    timer = null;
    const ids = [...new Set(batch.flatMap((w) => w.ids.map(Number)).filter((id) => Number.isInteger(id) && id > 0))];
    try {
      const chunks: number[][] = [];
      for (let start = 0; start < ids.length; start += INSURABLE_LOOKUP_MAX_IDS) chunks.push(ids.slice(start, start + INSURABLE_LOOKUP_MAX_IDS));
      const rows = (await Promise.all(chunks.map((chunk) => fetchRows(chunk)))).flat();
      const byId = new Map(rows.map((row) => [String(row.id), row]));
      for (const w of batch) w.resolve(w.ids.flatMap((id) => byId.get(String(id)) ?? []));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  };

  return (ids: Identifier[]): Promise<RaRecord[]> =>
    new Promise<RaRecord[]>((resolve, reject) => {
      waiting.push({ ids, resolve, reject });
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    });
}
