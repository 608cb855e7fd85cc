/**
 * The audit log's vocabulary (issue 17 section 4), shared by the server that writes it and the console that filters
 * it. A history row's action: the changes of a record, and the events that change none.
 */
export const RECORD_ACTIONS = ["create", "update", "remove", "create_related", "update_related", "remove_related"] as const;
export const EVENT_ACTIONS = ["sign_in", "sign_in_failed", "export", "download"] as const;
export const HISTORY_ACTIONS = [...RECORD_ACTIONS, ...EVENT_ACTIONS] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** Through which process a change came (DESIGN.md section 3). */
export const PROCESSES = ["console", "import", "integration", "job", "seed", "api", "resident_link"] as const;
export type Process = (typeof PROCESSES)[number];
