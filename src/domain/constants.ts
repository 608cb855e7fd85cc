/** Constants of document 1 section 9, document 3 section 9 and readings C-01 / C-51, in one place. */
export const PRODUCT_NAME = "Coverdesk";
export const TITLE_SUFFIX = ` | ${PRODUCT_NAME}`;

export const SNACK_SHORT = 3000;
export const SNACK_LONG = 5000;
export const SNACK_ARCHIVE = 7000;

export const DEFAULT_PER = 50;
export const MAX_PER = 1000;
/** Lists count exactly up to this many rows; beyond it the total reads "10,000+" (server/lib/list.ts, Counting). */
export const COUNT_CAP = 10_000;

export const GRID_PAGE_SIZE = 20;
export const GRID_PAGE_OPTIONS = [10, 20, 50, 250, 500];
export const DMR_PAGE_SIZE = 10;
export const DMR_PAGE_OPTIONS = [15, 10, 25, 50, 100];
export const POLICY_GRID_PAGE_SIZE = 50;
export const HISTORY_PAGE_SIZE = 100;
export const SUB_AGENCY_PAGE_SIZE = 1000;
export const CARRIER_PICKER_SIZE = 3000;
export const LOOKUP_LIMIT = 10000;

export const GRID_DEBOUNCE_MS = 100;
export const AUTOCOMPLETE_DEBOUNCE_MS = 250;
export const AUTOCOMPLETE_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 500;
export const INSURABLE_BATCH_MS = 300;
export const GRID_SESSION_STORAGE_CAP = 4_000_000;

export const SPLASH_FADE_MS = 400;
export const LAYOUT_RESIZE_REPEAT_MS = 200;
export const USER_DROPDOWN_WIDTH = 350;
export const CONFIRM_DIALOG_WIDTH = 300;

/**
 * Review claims (issue 10, ours): opening a queue item holds it for CLAIM_MINUTES, renewed every heartbeat while it
 * stays open, so an item someone merely skimmed past frees itself within minutes even when the release is lost.
 */
export const CLAIM_MINUTES = 3;
export const CLAIM_HEARTBEAT_MS = 60_000;
/** The Policy Review queue reloads itself this often, and after every decision. */
export const REVIEW_QUEUE_REFRESH_MS = 30_000;
export const REVIEW_QUEUE_PAGE_SIZE = 50;

export const MAX_UPLOAD_MB = 10;
export const COVERAGE_PROOF_MAX_MB = 30;

/** Reports and exports are in this time zone (DESIGN.md section 3; document 2 section 9). */
export const REPORT_TIME_ZONE = "America/Los_Angeles";
