import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { todayIn } from "../../compliance/timeline";
import { AppError, NotFoundError } from "../../lib/errors";
import { type Author, recordHistory } from "../../lib/history";
import { queryRows } from "../../lib/list";
import { type Scope, scopeConditions, underCommunities } from "../../lib/scope";
import { type LinkState, linkState } from "./upload-links.service";

/** The most links one lease's or one resident's panel lists (newest first); reminders are daily at most. */
export const LINKS_SHOWN = 50;

export interface LinkStatus {
  id: number;
  state: LinkState;
  reason: string;
  created_at: string;
  sent_email_id: number | null;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  policy_id: number | null;
  lease_id: number | null;
  lease_reference: string | null;
  unit: { id: number; title: string };
  user: { id: number; name: string | null; email: string };
}

/** Links (alias `ul`) a caller reaches: staff their account's (and assigned communities'), agents their agency tree's accounts'. */
function linkScope(scope: Scope): SQL[] {
  return scopeConditions(scope, {
    account: (accountId) => sql`ul.account_id = ${accountId}`,
    agencies: (ids) => sql`ul.account_id IN (SELECT a.id FROM accounts a WHERE a.agency_id IN (${ids}))`,
    community: (ids) => underCommunities(sql`ul.insurable_id`, ids),
  });
}

/**
 * The upload links of one lease or one resident (issue 17 section 2) with their state, so staff see what was mailed
 * and whether it still works: sent, expires, used, revoked, or ended with its lease.
 */
export async function listLinks(db: Db, scope: Scope, of: { lease_id?: number; user_id?: number }, now = new Date()): Promise<LinkStatus[]> {
  const conditions = [...linkScope(scope)];
  if (of.lease_id) conditions.push(sql`ul.lease_id = ${of.lease_id}`);
  if (of.user_id) conditions.push(sql`ul.user_id = ${of.user_id}`);
  return selectLinks(db, conditions, now);
}

async function selectLinks(db: Db, conditions: SQL[], now = new Date()): Promise<LinkStatus[]> {
  const rows = await queryRows<Omit<LinkStatus, "unit" | "user"> & { unit_id: number; unit_title: string; user_id: number; name: string | null; email: string }>(
    db,
    sql`SELECT ul.id, ${linkState(todayIn(now))} AS state, ul.reason, ul.created_at, ul.sent_email_id, ul.expires_at, ul.used_at, ul.revoked_at, ul.policy_id,
          ul.lease_id, l.reference AS lease_reference, u.id AS unit_id, u.title AS unit_title, us.id AS user_id, us.email,
          coalesce(nullif(pr.full_name, ''), nullif(concat_ws(' ', pr.first_name, pr.last_name), '')) AS name
        FROM upload_links ul JOIN insurables u ON u.id = ul.insurable_id JOIN users us ON us.id = ul.user_id
        LEFT JOIN leases l ON l.id = ul.lease_id LEFT JOIN profiles pr ON pr.profileable_type = 'User' AND pr.profileable_id = us.id
        WHERE ${sql.join(conditions.length ? conditions : [sql`true`], sql` AND `)}
        ORDER BY ul.created_at DESC, ul.id DESC LIMIT ${LINKS_SHOWN}`,
  );
  return rows.map(({ unit_id, unit_title, user_id, name, email, ...link }) => ({ ...link, unit: { id: unit_id, title: unit_title }, user: { id: user_id, name, email } }));
}

/**
 * Withdraws a link the resident has not used yet: from then on their page says it was withdrawn (410). 404 outside
 * the caller's scope; 409 once used or already revoked. The row is taken under its lock, so a proof being sent at the
 * same moment either lands first (then this is a 409) or finds the link revoked.
 */
export async function revokeLink(db: Db, scope: Scope, id: number, author: Author): Promise<LinkStatus> {
  const [link] = await queryRows<{ id: number; lease_id: number | null }>(db, sql`SELECT ul.id, ul.lease_id FROM upload_links ul WHERE ul.id = ${id} AND ${sql.join([sql`true`, ...linkScope(scope)], sql` AND `)}`);
  if (!link) throw new NotFoundError("Upload link");
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [revoked] = await queryRows<{ revoked_at: string; user_id: number; insurable_id: number }>(
      tx,
      sql`UPDATE upload_links SET revoked_at = now(), updated_at = now() WHERE id = ${id} AND revoked_at IS NULL AND used_at IS NULL RETURNING revoked_at, user_id, insurable_id`,
    );
    if (!revoked) throw new AppError(409, { error: "link_closed", message: "This link was already used or revoked." });
    await recordHistory(tx, {
      type: "UploadLink",
      id,
      action: "update",
      author,
      process: "console",
      changes: { revoked_at: { previous_value: null, new_value: new Date(revoked.revoked_at).toISOString() } },
    });
  });
  const [row] = await selectLinks(db, [sql`ul.id = ${id}`]);
  return row;
}
