import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { addDays } from "../../../src/domain/requirements";
import { todayIn } from "../../compliance/timeline";
import type { Db } from "../../db/client";
import { documents, throttleHits, uploadLinks } from "../../db/schema";
import { AppError, TooManyRequestsError, ValidationError } from "../../lib/errors";
import { recomputeCoverage } from "../../lib/coverage";
import { recordHistory } from "../../lib/history";
import { queryRows } from "../../lib/list";
import { humanSeconds, waitLeft } from "../../lib/throttle";
import { signUploadToken, verifyUploadToken } from "../../lib/upload-tokens";
import { brandingJson, brandingOfAgency } from "../branding-profiles/branding-profiles.service";
import type { UploadedFile } from "../external/external-form";
import { NUMBER_TAKEN } from "../external/external.service";
import { mailStatusChange } from "../external/status-mail";

/** How long a mailed upload link stays valid: the reminder schedule's longest lead (30 days before a cover ends). */
export const UPLOAD_LINK_TTL_DAYS = 30;
/** The policy type of a resident's own renters policy (reference 3.4: residential). */
const RESIDENTIAL = 1;

/**
 * The public calls are limited per client address (issue 17 section 2; DESIGN.md section 3): every call counts
 * against UPLOAD_CALLS_PER_WINDOW, and calls with a token that is not a link (forged, mistyped) back off after
 * BAD_TOKENS_FREE, doubling the wait each time (server/lib/throttle.ts), so a guesser gets a handful of tries.
 */
export const UPLOAD_CALLS_PER_WINDOW = 60;
export const BAD_TOKENS_FREE = 10;

/** What the public page is told when a link cannot be used: a code it has a message for, never why in more detail. */
export class UploadLinkRefused extends AppError {
  constructor(readonly reason: keyof typeof REFUSALS) {
    super(reason === "invalid_link" ? 404 : 410, { error: reason, message: REFUSALS[reason] });
  }
}

const REFUSALS = {
  invalid_link: "This upload link is not valid.",
  expired_link: "This upload link has expired.",
  used_link: "A proof of insurance was already sent with this link.",
  revoked_link: "This upload link was withdrawn by your property manager.",
  lease_ended: "This upload link no longer works: the lease it was sent for has ended.",
};

export interface LinkContext {
  secret: string;
  origin: string;
}

/**
 * Issues a link for one resident and one unit of an account (a reminder's), valid UPLOAD_LINK_TTL_DAYS: the row first
 * (its id goes into the token), then the signed URL under PUBLIC_URL.
 */
export async function issueUploadLink(
  db: Db,
  ctx: LinkContext,
  target: { accountId: number; unitId: number; leaseId?: number | null; userId: number; reason: string; byStaffId?: number | null },
  now = new Date(),
): Promise<{ id: number; url: string; expiresAt: Date }> {
  // A link never outlives the resident's lease on the unit (issue 17): it is tied to that lease (a reminder about a
  // policy finds it) and ends with the lease's last day, Los Angeles time, if that comes before the usual 30 days.
  const [lease] = await queryRows<{ id: number; ends_at: string | null }>(
    db,
    sql`SELECT l.id, ((l.end_date + 1)::timestamp AT TIME ZONE ${LINK_TIME_ZONE}) AS ends_at FROM leases l
        ${target.leaseId ? sql`WHERE l.id = ${target.leaseId}` : sql`JOIN lease_users lu ON lu.lease_id = l.id AND lu.user_id = ${target.userId} WHERE l.insurable_id = ${target.unitId} AND l.status <> 'expired'`}
        ORDER BY l.start_date DESC, l.id DESC LIMIT 1`,
  );
  const ttlEnd = now.getTime() + UPLOAD_LINK_TTL_DAYS * 86_400_000;
  const expiresAt = new Date(lease?.ends_at ? Math.min(ttlEnd, new Date(lease.ends_at).getTime()) : ttlEnd);
  const [row] = await db
    .insert(uploadLinks)
    .values({
      account_id: target.accountId,
      insurable_id: target.unitId,
      lease_id: lease?.id ?? target.leaseId ?? null,
      user_id: target.userId,
      reason: target.reason,
      expires_at: expiresAt,
      created_by_id: target.byStaffId ?? null,
    })
    .returning({ id: uploadLinks.id });
  const token = signUploadToken({ linkId: row.id, accountId: target.accountId, userId: target.userId, expires: Math.floor(expiresAt.getTime() / 1000) }, ctx.secret);
  return { id: row.id, url: `${ctx.origin}/upload/${token}`, expiresAt };
}

/** Leases end at midnight after their last day where the product's dates are kept (server/compliance/timeline.ts). */
const LINK_TIME_ZONE = "America/Los_Angeles";

/**
 * Whether the link's lease no longer holds for it (alias `ul`): ended before today, moved to another unit, or the
 * resident is no longer on it. Checked each time the link is opened or used, so a lease ended (or corrected) after the
 * link was mailed is seen at once; a deleted lease expires its links when it is deleted (leases.service.ts).
 */
const leaseEnded = (today: string) => sql`(ul.lease_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM leases l JOIN lease_users lu ON lu.lease_id = l.id AND lu.user_id = ul.user_id
  WHERE l.id = ul.lease_id AND l.insurable_id = ul.insurable_id AND (l.end_date IS NULL OR l.end_date >= ${today}::date)))`;

/** A link's state, one rule for the public page and the console: revoked, used, expired, lease ended, or open. */
export const linkState = (today: string) => sql`CASE WHEN ul.revoked_at IS NOT NULL THEN 'revoked' WHEN ul.used_at IS NOT NULL THEN 'used'
  WHEN ul.expires_at <= now() THEN 'expired' WHEN ${leaseEnded(today)} THEN 'lease_ended' ELSE 'open' END`;
export type LinkState = "revoked" | "used" | "expired" | "lease_ended" | "open";

/** Counts one public call of `ip`; 429 past the allowance, or while a run of bad tokens is backing off. */
export async function countUploadCall(db: Db, ip: string, windowSeconds: number) {
  const since = new Date(Date.now() - windowSeconds * 1000);
  await db.delete(throttleHits).where(and(sql`${throttleHits.kind} IN ('upload_link', 'upload_link_bad')`, lt(throttleHits.created_at, since)));
  const [row] = await queryRows<{ calls: number; bad: number; last_bad: string | null; first: string | null }>(
    db,
    sql`SELECT count(*) FILTER (WHERE kind = 'upload_link')::int AS calls, count(*) FILTER (WHERE kind = 'upload_link_bad')::int AS bad,
          max(created_at) FILTER (WHERE kind = 'upload_link_bad') AS last_bad, min(created_at) FILTER (WHERE kind = 'upload_link') AS first
        FROM throttle_hits WHERE kind IN ('upload_link', 'upload_link_bad') AND key = ${ip} AND created_at > ${since.toISOString()}::timestamptz`,
  );
  const backoff = waitLeft(row.bad, row.last_bad ? new Date(row.last_bad) : null, BAD_TOKENS_FREE, windowSeconds);
  const overAllowance = row.calls >= UPLOAD_CALLS_PER_WINDOW ? Math.max(1, Math.ceil((new Date(row.first!).getTime() + windowSeconds * 1000 - Date.now()) / 1000)) : 0;
  const wait = Math.max(backoff, overAllowance);
  if (wait > 0) throw new TooManyRequestsError(`Too many requests. Please try again in ${humanSeconds(wait)}.`, wait);
  await db.insert(throttleHits).values({ kind: "upload_link", key: ip });
}

async function countBadToken(db: Db, ip: string) {
  await db.insert(throttleHits).values({ kind: "upload_link_bad", key: ip });
}

interface LinkRow {
  id: number;
  account_id: number;
  agency_id: number;
  account_title: string;
  insurable_id: number;
  unit_title: string;
  community_title: string | null;
  user_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  state: LinkState;
}

const linkSelect = (today: string) => sql`${linkState(today)} AS state, ul.id, ul.account_id, a.agency_id, a.title AS account_title, ul.insurable_id, u.title AS unit_title,
  (SELECT c.title FROM insurables p JOIN insurables c ON c.id = CASE WHEN p.insurable_type_id = 7 THEN p.insurable_id ELSE p.id END WHERE p.id = u.insurable_id) AS community_title,
  ul.user_id, us.email, pr.first_name, pr.last_name, pr.full_name, ul.expires_at, ul.used_at, ul.revoked_at`;
const LINK_FROM = sql`upload_links ul JOIN accounts a ON a.id = ul.account_id JOIN insurables u ON u.id = ul.insurable_id JOIN users us ON us.id = ul.user_id
  LEFT JOIN profiles pr ON pr.profileable_type = 'User' AND pr.profileable_id = us.id`;

/**
 * The link a token opens, checked: signed by us, for the row it names (account and resident as signed), unexpired,
 * neither used nor revoked. A token that is not a link counts against the caller's address.
 */
export async function openLink(db: Db, secret: string, token: string, ip: string, lock = false): Promise<LinkRow> {
  const check = verifyUploadToken(token, secret);
  if (!check.ok) {
    if (check.reason === "invalid") await countBadToken(db, ip);
    throw new UploadLinkRefused(check.reason === "expired" ? "expired_link" : "invalid_link");
  }
  const { claim } = check;
  const [row] = await queryRows<LinkRow>(
    db,
    sql`SELECT ${linkSelect(todayIn(new Date(), LINK_TIME_ZONE))} FROM ${LINK_FROM} WHERE ul.id = ${claim.linkId} AND ul.account_id = ${claim.accountId} AND ul.user_id = ${claim.userId}
        ${lock ? sql`FOR UPDATE OF ul` : sql``}`,
  );
  if (!row) {
    await countBadToken(db, ip);
    throw new UploadLinkRefused("invalid_link");
  }
  // A genuine link that no longer works says why, as a used or expired one does (410).
  const refused = { revoked: "revoked_link", used: "used_link", expired: "expired_link", lease_ended: "lease_ended", open: null } as const;
  const reason = refused[row.state];
  if (reason) throw new UploadLinkRefused(reason);
  return row;
}

const nameOf = (row: Pick<LinkRow, "full_name" | "first_name" | "last_name">) => row.full_name || [row.first_name, row.last_name].filter(Boolean).join(" ") || null;

/**
 * What the public page shows: the resident's name and unit, the account, the minimum liability asked for, and the
 * agency's branding when it has an enabled profile. Nothing else of the account or the resident (no email, no lease).
 */
export async function describeLink(app: FastifyInstance, row: LinkRow) {
  const [minimum] = await queryRows<{ minimum_liability: number | null }>(
    app.db,
    sql`SELECT coalesce(
          (SELECT rp.minimum_liability FROM requirement_profiles rp JOIN insurables u ON u.id = ${row.insurable_id}
             LEFT JOIN insurables p ON p.id = u.insurable_id
            WHERE rp.insurable_id = CASE WHEN p.insurable_type_id = 7 THEN p.insurable_id ELSE p.id END),
          (SELECT rp.minimum_liability FROM requirement_profiles rp WHERE rp.account_id = ${row.account_id} AND rp.insurable_id IS NULL),
          (SELECT a.minimum_liability FROM accounts a WHERE a.id = ${row.account_id}))::float8 AS minimum_liability`,
  );
  const profile = await brandingOfAgency(app.db, row.agency_id);
  const branding = profile?.enabled ? await brandingJson(app.db, app.env.FILES_SECRET, profile) : null;
  return {
    resident: { name: nameOf(row) },
    unit: { title: row.unit_title, community: row.community_title },
    account: { title: row.account_title },
    minimum_liability: minimum?.minimum_liability ? Number(minimum.minimum_liability) : null,
    expires_at: new Date(row.expires_at).toISOString(),
    branding: branding
      ? {
          agency_title: branding.agency_title,
          primary_color: branding.primary_color,
          logo_url: branding.logo_url,
          contact_email: branding.contact_email,
          contact_phone: branding.contact_phone,
          footer_text: branding.footer_text,
        }
      : null,
  };
}

export interface ResidentProofInput {
  carrier: string;
  policy_number: string;
  effective_date: string;
  expiration_date: string;
  /** Cents. */
  liability_limit: number;
}

/** The form's rules beyond each field's own (dates in order, a cover that has not ended, one certificate). */
export function checkResidentProof(input: ResidentProofInput, files: UploadedFile[], today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.expiration_date < input.effective_date) errors.expiration_date = "cannot be before the effective date";
  else if (input.expiration_date < today) errors.expiration_date = "cannot be in the past";
  if (input.effective_date > addDays(today, 366)) errors.effective_date = "cannot be more than a year ahead";
  if (input.liability_limit <= 0) errors.liability_limit = "must be more than 0";
  if (files.length === 0) errors.file = "Please attach the declarations page (PDF or image)";
  if (files.length > 1) errors.file = "Please attach one file";
  return errors;
}

/**
 * A proof of coverage sent by the resident through their link (issue 17 section 2): an unverified external policy of
 * the link's account and unit with the resident as primary insured, the liability limit and the certificate, exactly
 * as a staff upload makes it, so it waits in the Policy Review queue; its history row names the resident and the
 * `resident_link` process. The link (and every other open link of the same resident and unit) is used up in the same
 * transaction, so a double submit or a replay creates nothing more.
 */
export async function submitResidentProof(app: FastifyInstance, token: string, ip: string, input: ResidentProofInput, files: UploadedFile[], today: string) {
  let committed = false;
  try {
    const errors = checkResidentProof(input, files, today);
    const [taken] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM policies WHERE lower(number) = lower(${input.policy_number}) LIMIT 1`);
    if (taken) errors.policy_number = NUMBER_TAKEN;
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const [carrier] = await queryRows<{ id: number; title: string }>(app.db, sql`SELECT id, title FROM carriers WHERE lower(title) = lower(${input.carrier}) ORDER BY id LIMIT 1`);
    const result = await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const link = await openLink(tx, app.env.FILES_SECRET, token, ip, true);
      const values = {
        number: input.policy_number,
        account_id: link.account_id,
        agency_id: link.agency_id,
        policy_type_id: RESIDENTIAL,
        carrier_id: carrier?.id ?? null,
        out_of_system_carrier_title: carrier?.title ?? input.carrier,
        effective_date: input.effective_date,
        expiration_date: input.expiration_date,
        status: "EXTERNAL_UNVERIFIED",
      };
      const [policy] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO policies (number, account_id, agency_id, policy_type_id, carrier_id, out_of_system_carrier_title, effective_date, expiration_date,
              status, policy_in_system, system_purchased, billing_status, system_data)
            VALUES (${values.number}, ${values.account_id}, ${values.agency_id}, ${values.policy_type_id}, ${values.carrier_id}, ${values.out_of_system_carrier_title},
              ${values.effective_date}, ${values.expiration_date}, ${values.status}, false, false, 'EXTERNAL', '{}'::jsonb)
            RETURNING id`,
      );
      await tx.execute(sql`INSERT INTO policy_insurables (policy_id, insurable_id, "primary") VALUES (${policy.id}, ${link.insurable_id}, true)`);
      await tx.execute(sql`INSERT INTO account_users (account_id, user_id) VALUES (${link.account_id}, ${link.user_id}) ON CONFLICT DO NOTHING`);
      await tx.execute(sql`INSERT INTO policy_users (policy_id, user_id, "primary", spouse) VALUES (${policy.id}, ${link.user_id}, true, false)`);
      await tx.execute(sql`INSERT INTO policy_coverages (policy_id, designation, title, "limit", enabled) VALUES (${policy.id}, 'liability', 'liability', ${input.liability_limit}, true)`);
      for (const f of files) {
        await tx.insert(documents).values({ attachable_type: "Policy", attachable_id: policy.id, filename: f.filename, content_type: f.contentType, byte_size: f.byteSize, checksum: f.checksum, storage_key: f.key });
      }
      await tx
        .update(uploadLinks)
        .set({ used_at: new Date(), policy_id: policy.id, updated_at: new Date() })
        .where(and(eq(uploadLinks.user_id, link.user_id), eq(uploadLinks.insurable_id, link.insurable_id), sql`${uploadLinks.used_at} IS NULL`, gt(uploadLinks.expires_at, new Date())));
      const changes: Record<string, { previous_value: unknown; new_value: unknown }> = {};
      for (const [key, value] of Object.entries(values)) if (value !== null) changes[key] = { previous_value: null, new_value: value };
      changes.liability_limit = { previous_value: null, new_value: input.liability_limit };
      changes.documents = { previous_value: null, new_value: files.map((f) => f.filename).join(", ") };
      changes.source = { previous_value: null, new_value: "Uploaded by the resident through their upload link" };
      await recordHistory(tx, { type: "Policy", id: policy.id, action: "create", author: { name: nameOf(link) ?? link.email }, process: "resident_link", changes });
      return { policyId: policy.id, unitId: link.insurable_id };
    }).catch((error: unknown) => {
      // The same number sent at the same moment by someone else: the unique index answers, as the check above would.
      if (isUniqueViolation(error)) throw new ValidationError({ policy_number: NUMBER_TAKEN });
      throw error;
    });
    committed = true;
    await recomputeCoverage(app.db, [result.unitId]);
    await mailStatusChange(app, result.policyId);
    return { message: "Thank you: your proof of insurance was sent for review." };
  } catch (error) {
    if (!committed) await Promise.all(files.map((f) => app.files.remove(f.key)));
    throw error;
  }
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) if (e.code === "23505") return true;
  return false;
};
