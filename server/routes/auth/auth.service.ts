import { and, eq, gt, lt, type SQL, sql } from "drizzle-orm";
import { recordAuditEvent, staffAuthor } from "../../lib/history";
import type { Db } from "../../db/client";
import { preparedPerDatabase } from "../../db/prepared";
import { signInFailures, staff, staffSessions, throttleHits } from "../../db/schema";
import type { Env } from "../../env";
import { NotAuthenticatedError, TooManyRequestsError, ValidationError } from "../../lib/errors";
import { type ScopeFacts, scopeFactsSql } from "../../lib/scope";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { publicOrigin } from "../../lib/public-url";
import { passwordError } from "../../lib/validators";
import { humanSeconds, waitLeft } from "../../lib/throttle";
import { hashSecret, newSecret, secretMatches } from "../../lib/tokens";
import type { Mailer } from "../../mail/mailer";
import { INVITATION_TTL_MS, joinStaffUserParts, loadStaffUser, staffUserColumns, type StaffUser, toStaffUser } from "../staffs/staff-user";

export const INVALID_CREDENTIALS = "Invalid login credentials. Please try again.";
export const DEACTIVATED = "Your account is deactivated";
export const throttledMessage = (seconds: number) => `Too many failed sign-in attempts. Please try again in ${humanSeconds(seconds)}.`;
export const resetThrottledMessage = (seconds: number) => `Too many password reset requests. Please try again in ${humanSeconds(seconds)}.`;
/** Password-reset requests one client address may make per SIGN_IN_WINDOW. */
export const RESET_REQUESTS_PER_ADDRESS = 5;
/** One address failing for many emails (password spraying) gets this many times the per-email allowance. */
const ADDRESS_FACTOR = 10;
export const PASSWORD_UPDATED = "Your password has been successfully updated.";
const RESET_TTL_MS = 6 * 3600 * 1000;

/** The devise_token_auth headers (DESIGN.md section 3). */
export interface AuthHeaders {
  "access-token": string;
  "token-type": "Bearer";
  client: string;
  expiry: string;
  uid: string;
}

export interface Session {
  sessionId: number;
  staffId: number;
  client: string;
  expiresAt: Date;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

async function findStaffByEmail(db: Db, email: string) {
  const [row] = await db.select().from(staff).where(sql`lower(${staff.email}) = ${normaliseEmail(email)}`);
  return row;
}

/**
 * Backoff per (email, client address), so a guesser elsewhere never locks the real user out (issue 9, hole 8), and
 * per address over every email, against spraying one password across many accounts. 429 with the seconds to wait.
 */
async function assertNotThrottled(db: Db, env: Env, email: string, ip: string) {
  const since = new Date(Date.now() - env.SIGN_IN_WINDOW * 1000);
  const [row] = await db
    .select({
      pair: sql<number>`count(*) FILTER (WHERE ${signInFailures.email} = ${email})::int`,
      pairLast: sql<string | null>`max(${signInFailures.created_at}) FILTER (WHERE ${signInFailures.email} = ${email})`,
      address: sql<number>`count(*)::int`,
      addressLast: sql<string | null>`max(${signInFailures.created_at})`,
    })
    .from(signInFailures)
    .where(and(eq(signInFailures.ip, ip), gt(signInFailures.created_at, since)));
  const at = (v: string | Date | null) => (v ? new Date(v) : null);
  const wait = Math.max(
    waitLeft(row.pair, at(row.pairLast), env.SIGN_IN_MAX_FAILURES, env.SIGN_IN_WINDOW),
    waitLeft(row.address, at(row.addressLast), env.SIGN_IN_MAX_FAILURES * ADDRESS_FACTOR, env.SIGN_IN_WINDOW),
  );
  if (wait > 0) throw new TooManyRequestsError(throttledMessage(wait), wait);
}

export async function signIn(
  db: Db,
  env: Env,
  input: { email: string; password: string; ip: string; userAgent?: string },
): Promise<{ user: StaffUser; headers: AuthHeaders }> {
  const email = normaliseEmail(input.email);
  await assertNotThrottled(db, env, email, input.ip);
  const row = await findStaffByEmail(db, email);
  const ok = row ? await verifyPassword(row.encrypted_password, input.password) : await verifyPassword(DUMMY_HASH, input.password);
  if (!row || !ok) {
    await db.insert(signInFailures).values({ email, ip: input.ip });
    // Whoever typed the email is not known to be its owner: the audit names the email tried, not the staff member.
    await recordAuditEvent(db, { type: "Staff", id: row?.id ?? null, action: "sign_in_failed", author: { name: email }, process: "console", details: { email, ip: input.ip } });
    throw new NotAuthenticatedError(INVALID_CREDENTIALS);
  }
  // Owners sign in even when disabled (reference section 1), so an account can always be re-enabled.
  if (!row.enabled && !row.owner) throw new NotAuthenticatedError(DEACTIVATED);
  // Only this address's failures are forgiven: a guesser elsewhere keeps their backoff.
  await db.delete(signInFailures).where(and(eq(signInFailures.email, email), eq(signInFailures.ip, input.ip)));
  // Old failures of every address are pruned here so the table stays small.
  await db.delete(signInFailures).where(lt(signInFailures.created_at, new Date(Date.now() - env.SIGN_IN_WINDOW * 1000)));

  const token = newSecret();
  const client = newSecret(16);
  const expiresAt = new Date(Date.now() + env.TOKEN_TTL * 1000);
  await db.insert(staffSessions).values({
    staff_id: row.id,
    client,
    token_hash: hashSecret(token),
    expires_at: expiresAt,
    user_agent: input.userAgent?.slice(0, 300),
  });
  const user = (await loadStaffUser(db, row.id))!;
  await recordAuditEvent(db, { type: "Staff", id: row.id, action: "sign_in", author: staffAuthor(user), process: "console", details: { ip: input.ip } });
  return { user, headers: authHeaders(token, client, expiresAt, row.email) };
}

export function authHeaders(token: string, client: string, expiresAt: Date, uid: string): AuthHeaders {
  return {
    "access-token": token,
    "token-type": "Bearer",
    client,
    expiry: String(Math.floor(expiresAt.getTime() / 1000)),
    uid,
  };
}

type SessionRow = { id: number; staff_id: number; token_hash: string; expires_at: Date; enabled: boolean; owner: boolean };

/** The session a row read for the three headers stands for, or undefined when the token is wrong, expired or disabled. */
function liveSession(row: SessionRow | undefined, headers: { token: string; client: string }): Session | undefined {
  if (!row || !secretMatches(headers.token, row.token_hash)) return undefined;
  if (row.expires_at.getTime() <= Date.now()) return undefined;
  if (!row.enabled && !row.owner) return undefined;
  return { sessionId: row.id, staffId: row.staff_id, client: headers.client, expiresAt: row.expires_at };
}

/** The session the three headers name, or undefined when any is missing, wrong or expired. */
export async function findSession(
  db: Db,
  headers: { token?: string; client?: string; uid?: string },
): Promise<Session | undefined> {
  if (!headers.token || !headers.client || !headers.uid) return undefined;
  const [row] = await db
    .select({
      id: staffSessions.id,
      staff_id: staffSessions.staff_id,
      token_hash: staffSessions.token_hash,
      expires_at: staffSessions.expires_at,
      enabled: staff.enabled,
      owner: staff.owner,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staff_id))
    .where(and(eq(staffSessions.client, headers.client), sql`lower(${staff.email}) = ${normaliseEmail(headers.uid)}`));
  return liveSession(row, { token: headers.token, client: headers.client });
}

/**
 * What every signed-in request needs, in ONE query: the session the headers name (findSession's rules, same row,
 * same checks), the staff member as StaffUser (loadStaffUser's columns) and the facts of their scope (scopeFactsSql,
 * with the `agency_id` the request narrows to). It was 4 to 8 round trips per request (issue 9, load). Nothing is
 * written: a session's last use is not recorded per request. undefined exactly when findSession answers undefined.
 */
/**
 * findSessionCaller's statement, prepared once per database: with an `agency_id` to narrow the scope by, or without.
 * The client and email are placeholders, so the text never varies.
 */
function sessionCallerStatement(name: string, agencyId: SQL | undefined) {
  return preparedPerDatabase((db) =>
    joinStaffUserParts(
      db
        .select({
          session: { id: staffSessions.id, staff_id: staffSessions.staff_id, token_hash: staffSessions.token_hash, expires_at: staffSessions.expires_at },
          ...staffUserColumns,
          ...scopeFactsSql({ role: sql`${staff.role}`, organizableId: sql`${staff.organizable_id}`, staffId: sql`${staff.id}` }, agencyId),
        })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staff_id))
        .$dynamic(),
    )
      .where(and(eq(staffSessions.client, sql.placeholder("client")), sql`lower(${staff.email}) = ${sql.placeholder("email")}`))
      .prepare(name),
  );
}
const sessionCaller = sessionCallerStatement("session_caller", undefined);
const sessionCallerNarrowed = sessionCallerStatement("session_caller_narrowed", sql`${sql.placeholder("agency_id")}`);

export async function findSessionCaller(
  db: Db,
  headers: { token?: string; client?: string; uid?: string },
  agencyIdParam?: number,
): Promise<{ session: Session; user: StaffUser; facts: ScopeFacts } | undefined> {
  if (!headers.token || !headers.client || !headers.uid) return undefined;
  const values = { client: headers.client, email: normaliseEmail(headers.uid) };
  const [row] =
    agencyIdParam === undefined
      ? await sessionCaller(db).execute(values)
      : await sessionCallerNarrowed(db).execute({ ...values, agency_id: agencyIdParam });
  const session = liveSession(row && { ...row.session, enabled: row.staff.enabled, owner: row.staff.owner }, { token: headers.token, client: headers.client });
  if (!session) return undefined;
  return { session, user: toStaffUser(row), facts: row };
}

export async function signOut(db: Db, session: Session): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, session.sessionId));
}

/** At most RESET_REQUESTS_PER_ADDRESS reset requests per address per window, whatever the emails (429 beyond). */
async function countResetRequest(db: Db, env: Env, ip: string) {
  const since = new Date(Date.now() - env.SIGN_IN_WINDOW * 1000);
  await db.delete(throttleHits).where(and(eq(throttleHits.kind, "password_reset"), lt(throttleHits.created_at, since)));
  const hits = await db
    .select({ at: throttleHits.created_at })
    .from(throttleHits)
    .where(and(eq(throttleHits.kind, "password_reset"), eq(throttleHits.key, ip), gt(throttleHits.created_at, since)))
    .orderBy(throttleHits.created_at);
  if (hits.length >= RESET_REQUESTS_PER_ADDRESS) {
    const wait = Math.max(1, Math.ceil((hits[0].at.getTime() + env.SIGN_IN_WINDOW * 1000 - Date.now()) / 1000));
    throw new TooManyRequestsError(resetThrottledMessage(wait), wait);
  }
  await db.insert(throttleHits).values({ kind: "password_reset", key: ip });
}

/**
 * Sends a reset link when the email belongs to a staff. The answer is the same either way, so the form cannot be
 * used to find out who has an account. The link starts with the configured public origin, never the request's Host.
 */
export async function requestPasswordReset(db: Db, env: Env, mailer: Mailer, input: { email: string; ip: string }): Promise<void> {
  await countResetRequest(db, env, input.ip);
  const email = input.email;
  const row = await findStaffByEmail(db, email);
  if (!row) return;
  const token = newSecret();
  await db
    .update(staff)
    .set({ reset_password_token_hash: hashSecret(token), reset_password_sent_at: new Date() })
    .where(eq(staff.id, row.id));
  const link = `${publicOrigin(env)}/auth/reset-password/${token}`;
  await mailer.send({
    to: row.email,
    subject: "Reset your Coverdesk password",
    text: `Someone asked to reset the password of your Coverdesk account.\n\nOpen this link within 6 hours to choose a new password:\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.`,
    template: "staff_password_reset",
    related: { type: "Staff", id: row.id },
    secrets: [token],
  });
}

export async function resetPassword(
  db: Db,
  input: { password: string; password_confirmation: string; reset_password_token: string },
): Promise<void> {
  const errors: Record<string, string> = {};
  const weak = passwordError(input.password);
  if (weak) errors.password = weak;
  if (input.password !== input.password_confirmation) errors.password_confirmation = "doesn't match Password";
  const [row] = await db.select().from(staff).where(eq(staff.reset_password_token_hash, hashSecret(input.reset_password_token)));
  const fresh = row?.reset_password_sent_at && Date.now() - row.reset_password_sent_at.getTime() < RESET_TTL_MS;
  if (!row || !fresh) errors.reset_password_token = "is invalid or has expired";
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({
        encrypted_password: await hashPassword(input.password),
        reset_password_token_hash: null,
        reset_password_sent_at: null,
        updated_at: new Date(),
      })
      .where(eq(staff.id, row!.id));
    // A new password ends every open session: whoever knew the old one is signed out.
    await tx.delete(staffSessions).where(eq(staffSessions.staff_id, row!.id));
  });
}

export const INVITATION_INVALID = "is invalid or has expired";

/** The pending invitee a live invitation token names, or undefined (unknown, used, or older than 7 days). */
async function findInvitee(db: Db, token: string) {
  const [row] = await db.select().from(staff).where(eq(staff.invitation_token_hash, hashSecret(token)));
  const fresh = row?.invitation_sent_at && Date.now() - row.invitation_sent_at.getTime() < INVITATION_TTL_MS;
  return row && fresh && !row.invitation_accepted_at ? row : undefined;
}

/** Whom an invitation link invites, so the page can greet them; 422 for a link that no longer works. */
export async function describeInvitation(db: Db, token: string): Promise<{ email: string; full_name: string | null }> {
  const row = await findInvitee(db, token);
  if (!row) throw new ValidationError({ invitation_token: INVITATION_INVALID });
  const user = (await loadStaffUser(db, row.id))!;
  return { email: user.email, full_name: user.profile_attributes.full_name };
}

/**
 * Accepts an invitation (reference section 1, PUT /staff/auth/invitation): the invitee chooses a password, the
 * invitation is used up (the token cannot be used again) and a session starts like a sign-in.
 * Links live 7 days (issue 13: ours; the old server's never expired); re-invite mails a new one.
 */
export async function acceptInvitation(
  db: Db,
  env: Env,
  input: { invitation_token: string; password: string; password_confirmation: string; userAgent?: string },
): Promise<{ user: StaffUser; headers: AuthHeaders }> {
  const errors: Record<string, string> = {};
  const weak = passwordError(input.password);
  if (weak) errors.password = weak;
  if (input.password !== input.password_confirmation) errors.password_confirmation = "doesn't match Password";
  const row = await findInvitee(db, input.invitation_token);
  if (!row) errors.invitation_token = INVITATION_INVALID;
  if (Object.keys(errors).length) throw new ValidationError(errors);
  // Invitees are created enabled; one disabled since (by hand, or with their account) stays out, link unused.
  if (!row!.enabled) throw new NotAuthenticatedError(DEACTIVATED);
  const encrypted = await hashPassword(input.password);
  const token = newSecret();
  const client = newSecret(16);
  const expiresAt = new Date(Date.now() + env.TOKEN_TTL * 1000);
  await db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ encrypted_password: encrypted, invitation_token_hash: null, invitation_accepted_at: new Date(), updated_at: new Date() })
      .where(eq(staff.id, row!.id));
    await tx.insert(staffSessions).values({ staff_id: row!.id, client, token_hash: hashSecret(token), expires_at: expiresAt, user_agent: input.userAgent?.slice(0, 300) });
  });
  const user = (await loadStaffUser(db, row!.id))!;
  return { user, headers: authHeaders(token, client, expiresAt, row!.email) };
}

// Verifying against a fixed hash when the email is unknown keeps both answers equally slow (no user probing by timing).
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$kPtPb8xRCOVfmmEgCSSjqg$YsXQassj8ZPud9oydBZaqiWVc3LYZ7MGZMXTiYTXL20";
