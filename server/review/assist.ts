import type { Readable } from "node:stream";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { queryRows } from "../lib/list";
import type { Db } from "../db/client";
import { type ExtractedProof, extractProof, type ReviewContext, suggestedReasons } from "./extract-proof";
import { type LocatedProperty, locateProperty } from "./locate";
import { pdfLines } from "./pdf-text";
import { carrierRating, placeContext } from "../routes/compliance/requirements.service";

export interface Assistance {
  text_found: boolean;
  fields: ExtractedProof;
  suggested_reasons: string[];
  /** The property the printed location names, among the caller's (DMR only; null when none fits or it is not asked). */
  location?: LocatedProperty | null;
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * Reads a stored PDF and says what it states, with the decline reasons the evidence supports against the policy's
 * account and unit when known. A file that is not a readable PDF, or has no text layer, simply gets no pre-fill.
 */
export async function assistReview(
  app: FastifyInstance,
  storageKey: string,
  context: { policyId?: number; accountId?: number | null; locateWithin?: SQL[] },
): Promise<Assistance> {
  let lines: string[] = [];
  try {
    lines = await pdfLines(await readAll(await app.files.open(storageKey)));
  } catch {
    lines = [];
  }
  const fields = extractProof(lines);
  const reviewed = await reviewContext(app.db, context);
  reviewed.carrierRating = await carrierRating(app.db, fields.carrier);
  const assistance: Assistance = { text_found: lines.length > 0, fields, suggested_reasons: suggestedReasons(fields, reviewed) };
  if (context.locateWithin) assistance.location = await locateProperty(app.db, fields.address, context.locateWithin);
  return assistance;
}

/** What a proof is judged against: the account's minimum liability, the lease's residents, the unit and its street. */
export async function reviewContext(db: Db, context: { policyId?: number; accountId?: number | null }): Promise<ReviewContext> {
  const [account] = context.accountId ? await queryRows<{ minimum_liability: number | null }>(db, sql`SELECT minimum_liability FROM accounts WHERE id = ${context.accountId}`) : [];
  const residents = context.policyId
    ? await queryRows<{ first_name: string | null; last_name: string | null }>(
        db,
        sql`SELECT p.first_name, p.last_name FROM policy_insurables pi
            JOIN leases l ON l.insurable_id = pi.insurable_id AND l.status = 'current'
            JOIN lease_users lu ON lu.lease_id = l.id
            JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = lu.user_id
            WHERE pi.policy_id = ${context.policyId}`,
      )
    : [];
  // The unit's title and its community's street (a unit hangs under a building or directly under the community).
  const [premises] = context.policyId
    ? await queryRows<{ street: string | null; unit: string | null }>(
        db,
        sql`SELECT unit.title AS unit, nullif(trim(coalesce(ad.street_number, '') || ' ' || coalesce(ad.street_name, '')), '') AS street
            FROM policy_insurables pi JOIN insurables unit ON unit.id = pi.insurable_id
            LEFT JOIN insurables parent ON parent.id = unit.insurable_id
            LEFT JOIN addresses ad ON ad.addressable_type = 'Insurable'
              AND ad.addressable_id = CASE WHEN parent.insurable_type_id = 7 THEN parent.insurable_id ELSE parent.id END
            WHERE pi.policy_id = ${context.policyId} ORDER BY pi."primary" DESC, pi.id LIMIT 1`,
      )
    : [];
  const today = new Date().toISOString().slice(0, 10);
  const minimumLiability = account?.minimum_liability ?? null; // cents, like every amount
  // The requirement profile of the unit's community, else the account's (issue 17). An account without one keeps the
  // old judgement (minimum liability only), so nothing is pre-ticked that was not before.
  const [unit] = context.policyId
    ? await queryRows<{ insurable_id: number }>(db, sql`SELECT insurable_id FROM policy_insurables WHERE policy_id = ${context.policyId} ORDER BY "primary" DESC, id LIMIT 1`)
    : [];
  const place = context.accountId || unit ? await placeContext(db, { kind: "all" }, { accountId: unit ? null : context.accountId, unitId: unit?.insurable_id ?? null }).catch(() => null) : null;
  if (!place || place.source === "default") return { today, minimumLiability, residents, premises };
  return { today, minimumLiability, residents, premises, profile: place.profile, landlord: place.landlord, moveIn: place.move_in };
}
