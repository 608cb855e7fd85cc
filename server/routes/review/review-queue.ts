import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRowsNamed } from "../../db/prepared";
import { claimHolderJson, type ClaimHolder } from "../../lib/claims";
import { SEARCH_COUNT_CAP, cappedCount, queryRows } from "../../lib/list";
import { REVISION_VERSION } from "../external/review-state";

/**
 * The Policy Review queue's page (issue 4 part 3; readings C-28): proofs awaiting review and policies with pending
 * updates, oldest first. The two kinds are read as two parts, each on its own order, and merged: a proof waits since it
 * was uploaded (the created_at index serves it), pending updates since they were submitted (a small set). One order
 * over an OR of both scanned every policy instead (0.4 s at 1,000,000 policies).
 */
export type QueueKind = "proof" | "revision";

export interface QueueOrder {
  column: "created_at" | "updated_at" | "number";
  direction: "asc" | "desc";
}

export interface QueueRow {
  id: number;
  number: string;
  status: string;
  created_at: string;
  account: { id: number; title: string } | null;
  agency: { id: number; title: string } | null;
  customer: string | null;
  document: { id: number; filename: string } | null;
  /** `version`: what a decision on these updates carries (review-state.ts). */
  revision: { id: number; created_at: string; version: string } | null;
  claimed_by: ClaimHolder | null;
}

/** `{column, direction}` from the list body's sort (already checked by parseListParams), created_at ascending by default. */
export function queueOrder(raw: unknown): QueueOrder {
  const sort = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const column = Array.isArray(sort.column) ? sort.column.find(Boolean) : sort.column;
  // An empty column is no column (parseListParams skips it too), not an empty identifier.
  return { column: String(column || "created_at") as QueueOrder["column"], direction: String(sort.direction ?? "asc").toLowerCase() as QueueOrder["direction"] };
}

// Pending revisions, one row per policy, with when the first was submitted.
const PENDING = sql`SELECT r.policy_id, min(r.created_at) AS since FROM policy_revisions r WHERE r.status = 'submitted' GROUP BY r.policy_id`;

// A revision's own certificate when it brought one, else the policy's first.
const QUEUE_DOCUMENT = sql`(SELECT d FROM documents d WHERE (d.attachable_type = 'Policy' AND d.attachable_id = po.id)
    OR (d.attachable_type = 'PolicyRevision' AND d.attachable_id = (SELECT max(r.id) FROM policy_revisions r WHERE r.policy_id = po.id AND r.status = 'submitted'))
  ORDER BY (d.attachable_type = 'PolicyRevision') DESC, d.id LIMIT 1)`;

/**
 * One page of the queue and its total. `where` holds the caller's filters on `po`; `awaiting` is what makes a proof
 * wait (its status, unless a status filter says otherwise).
 */
export async function queuePage(
  db: Db,
  q: { where: SQL[]; awaiting: SQL; kinds: QueueKind[]; order: QueueOrder; page: number; per: number; narrowed?: boolean; whole?: boolean },
) {
  const dir = q.order.direction === "asc" ? sql`ASC` : sql`DESC`;
  const key = (kind: QueueKind) => (q.order.column === "created_at" ? (kind === "revision" ? sql`pr.since` : sql`po.created_at`) : sql`po.${sql.identifier(q.order.column)}`);
  const filters = q.where.length ? sql` AND ${sql.join(q.where, sql` AND `)}` : sql``;
  const reach = (q.page - 1) * q.per + q.per;
  // A policy with pending updates is listed once, as updates; as a proof only when proofs alone are asked for.
  const parts = {
    proof: {
      from: sql`policies po WHERE po.policy_in_system = false AND ${q.awaiting}${q.kinds.includes("revision") ? sql` AND po.id NOT IN (SELECT policy_id FROM pr)` : sql``}${filters}`,
      key: key("proof"),
    },
    revision: { from: sql`pr JOIN policies po ON po.id = pr.policy_id WHERE po.policy_in_system = false${filters}`, key: key("revision") },
  };
  const chosen = q.kinds.map((kind) => parts[kind]);
  const page = (extra: SQL = sql``) => sql`SELECT ${extra}po.id, po.number, po.status, po.created_at,
          CASE WHEN ac.id IS NULL THEN NULL ELSE json_build_object('id', ac.id, 'title', ac.title) END AS account,
          CASE WHEN ag.id IS NULL THEN NULL ELSE json_build_object('id', ag.id, 'title', ag.title) END AS agency,
          (SELECT coalesce(p.full_name, u.email) FROM policy_users pu JOIN users u ON u.id = pu.user_id
             LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
           WHERE pu.policy_id = po.id ORDER BY pu."primary" DESC, pu.id LIMIT 1) AS customer,
          (SELECT json_build_object('id', (q.d).id, 'filename', (q.d).filename) FROM (SELECT ${QUEUE_DOCUMENT} AS d) q WHERE q.d IS NOT NULL) AS document,
          (SELECT json_build_object('id', r.id, 'created_at', r.created_at, 'version', ${REVISION_VERSION("r")}) FROM policy_revisions r
            WHERE r.policy_id = po.id AND r.status = 'submitted' ORDER BY r.id DESC LIMIT 1) AS revision,
          ${claimHolderJson("Policy", sql`po.id`)} AS claimed_by
        FROM page JOIN policies po ON po.id = page.id
        LEFT JOIN accounts ac ON ac.id = po.account_id LEFT JOIN agencies ag ON ag.id = po.agency_id`;
  const window = sql`SELECT id, row_number() OVER (ORDER BY k ${dir} NULLS LAST, id ${dir}) AS pos`;
  const slice = sql`ORDER BY k ${dir} NULLS LAST, id ${dir} LIMIT ${q.per} OFFSET ${(q.page - 1) * q.per}`;

  // Narrowed by a search, the matches are few: gathered once, in one statement that orders them for the page and
  // counts them for the total (the counting rule's capped count, lib/list.ts, on the same rows). Gathered, not walked in
  // the order's index, which tests every policy against the search and visits them all when nothing matches. The
  // policies the search matches are read once for both kinds (those awaiting review or with pending updates: one scan
  // of the search's trigram index ANDed with the awaiting ones' and the pending ids'), then each is listed as updates
  // when it has some, else as a proof (as the parts above list them). Read as the two parts, each scanned the trigram
  // index and rechecked its policies, and a separate count did both again (1,000,000 policies, EXPLAIN ANALYZE warm:
  // ~200 ms for a number, ~80-115 ms for a common name; gathered once ~50 ms each).
  if (q.narrowed) {
    const proofs = q.kinds.includes("proof");
    const updates = q.kinds.includes("revision");
    const pending = sql`po.id = ANY (ARRAY(SELECT policy_id FROM pr))`;
    const reached = proofs && updates ? sql`(${q.awaiting} OR ${pending})` : proofs ? q.awaiting : pending;
    // What the parts list: updates (pending ones), proofs (awaiting; without pending updates when updates are listed).
    const listed = proofs && updates ? sql`(pr.policy_id IS NOT NULL OR h.awaiting)` : proofs ? sql`true` : sql`pr.policy_id IS NOT NULL`;
    const k = q.order.column === "created_at" && updates ? sql`CASE WHEN pr.policy_id IS NOT NULL THEN pr.since ELSE h.k END` : sql`h.k`;
    const gathered = sql`SELECT h.id, ${k} AS k
      FROM (SELECT po.id, ${key("proof")} AS k, ${q.awaiting} AS awaiting FROM policies po WHERE po.policy_in_system = false AND ${reached}${filters}) h
      LEFT JOIN pr ON pr.policy_id = h.id WHERE ${listed}`;
    const raw = await queryRows<QueueRow & { matched: number; pos: number | null }>(
      db,
      sql`WITH pr AS (${PENDING}),
          matched AS MATERIALIZED (${gathered}),
          page AS (${window} FROM matched ${slice})
        SELECT c.matched, listed.* FROM (SELECT count(*)::int AS matched FROM matched) c
        LEFT JOIN (${page(sql`page.pos, `)}) listed ON true
        ORDER BY listed.pos`,
    );
    const limit = Math.max(SEARCH_COUNT_CAP, reach);
    const n = Number(raw[0]?.matched ?? 0);
    const rows = raw.filter((row) => row.id !== null).map(({ matched: _matched, pos: _pos, ...row }) => row as QueueRow);
    return { rows, ...(n > limit ? { total: limit, capped: true } : { total: n, capped: false }) };
  }

  const scan = (part: { from: SQL; key: SQL }) => sql`(SELECT po.id, ${part.key} AS k FROM ${part.from} ORDER BY k ${dir} NULLS LAST, po.id ${dir} LIMIT ${reach})`;
  const union = sql.join(chosen.map(scan), sql` UNION ALL `);
  // The counting rule of every list (lib/list.ts): exact up to the cap, "10,000+" beyond.
  const counted = sql`(${sql.join(
    chosen.map((part) => sql`(SELECT 1 FROM ${part.from})`),
    sql` UNION ALL `,
  )}) queued`;
  // Unfiltered (the queue as it opens, and every refresh of it), the page's texts are few (kinds × order): named, so
  // PostgreSQL parses and plans them once per connection, not per request (server/db/prepared.ts). A filtered page's
  // text varies with its filters: not named.
  const [rows, total] = await Promise.all([
    (q.where.length === 0 ? (query: SQL) => queryRowsNamed<QueueRow>(db, "review_queue_page", query) : (query: SQL) => queryRows<QueueRow>(db, query))(
      sql`WITH pr AS (${PENDING}),
          page AS (${window} FROM (${union}) u ${slice})
        ${page()}
        ORDER BY page.pos`,
    ),
    q.whole && q.where.length === 0 && q.kinds.length === 2
      ? wholeQueueTotal(db)
      : cappedCount(db, sql`(WITH pr AS (${PENDING}) SELECT 1 FROM ${counted}) items`, [], { reach }),
  ]);
  return { rows, ...total };
}

/**
 * The whole queue's exact total without reading it (the counting rule's counters, lib/list.ts): the proofs awaiting
 * review from the policy counters, less those listed as pending updates, plus the policies with pending updates (a
 * small set, read once for both: 5,000 pending updates were joined to their policies twice, ~15 ms each at 1M).
 */
async function wholeQueueTotal(db: Db) {
  const [row] = await queryRowsNamed<{ total: string | number }>(
    db,
    "review_queue_total",
    sql`WITH pr AS (${PENDING})
        SELECT (SELECT coalesce(sum(n), 0) FROM policy_counts_by_agency WHERE status = 'EXTERNAL_UNVERIFIED' AND NOT policy_in_system)
             - pending.awaiting + pending.listed AS total
        FROM (SELECT count(*) FILTER (WHERE po.status = 'EXTERNAL_UNVERIFIED') AS awaiting, count(*) AS listed
              FROM pr JOIN policies po ON po.id = pr.policy_id WHERE NOT po.policy_in_system) pending`,
  );
  return { total: Number(row?.total ?? 0), capped: false };
}
