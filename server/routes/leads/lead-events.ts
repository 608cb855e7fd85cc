import { randomBytes } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LEAD_TAGS } from "../../../src/domain/leads";
import type { Db } from "../../db/client";
import { TooManyRequestsError, ValidationError } from "../../lib/errors";
import { SHORT_TEXT, TEXT, URL_MAX, cents, email, id, jsonValue, text, trimmed } from "../../lib/input";
import { queryRows } from "../../lib/list";
import { brandingJson, brandingOfAgency } from "../branding-profiles/branding-profiles.service";
import { leadEventsChanged } from "./leads.stats";

const optionalText = (max = TEXT) => trimmed(max).optional().nullable();

export const leadEventBody = z
  .object({
    email,
    identifier: text(64).optional().nullable(),
    agency_id: id,
    branding_profile_id: id.optional().nullable(),
    lead_event_attributes: z
      .object({
        tag: trimmed(SHORT_TEXT).optional().nullable(),
        policy_type_id: id.optional().nullable(),
        data: z.record(text(SHORT_TEXT), jsonValue).optional(),
      })
      .strict(),
    profile_attributes: z
      .object({ first_name: optionalText(), last_name: optionalText(), contact_phone: optionalText(SHORT_TEXT), contact_email: optionalText() })
      .strict()
      .optional(),
    address_attributes: z
      .object({ street_number: optionalText(), street_name: optionalText(), street_two: optionalText(), city: optionalText(), state: optionalText(10), zip_code: optionalText(10) })
      .strict()
      .optional(),
    tracking_url: z
      .object({ campaign_source: optionalText(), campaign_medium: optionalText(), campaign_name: optionalText(), landing_page: optionalText(SHORT_TEXT) })
      .strict()
      .optional()
      .nullable(),
  })
  .strict();

export type LeadEventInput = z.infer<typeof leadEventBody>;

/** The data an event carries is kept whole, up to this size. */
const MAX_DATA_CHARS = 10_000;

const pageOf = (data: Record<string, unknown>) => {
  const page = data.last_visited_page ?? data.page;
  return typeof page === "string" ? page.slice(0, URL_MAX) : null;
};

const premiumOf = (data: Record<string, unknown>): number | null => {
  const parsed = cents.safeParse(data.premium_total ?? data.premium);
  return parsed.success ? parsed.data : null;
};

const orNull = (v: string | null | undefined) => (v === undefined || v === "" ? null : v);

/** What the landing page needs to dress itself in the agency's branding (no editor-only fields). */
export interface LandingBranding {
  id: number;
  agency_id: number;
  agency_title: string;
  url: string | null;
  primary_color: string;
  secondary_color: string;
  contact_phone: string | null;
  contact_email: string | null;
  footer_text: string | null;
  logo_url: string | null;
}

export interface LeadEventAnswer {
  identifier: string;
  /** The agency's enabled branding profile, or null: the landing page then keeps its default look. */
  branding: LandingBranding | null;
}

/**
 * The public lead-event call (reference 4.9): creates the lead of (email, agency) or updates it, appends the event,
 * links the agency's tracking URL named by the campaign fields, and answers the lead's `identifier` with the branding
 * the landing page shows. One row per (lower(email), agency) is kept by a unique index, so two concurrent first visits
 * make one lead. A purchase event marks the lead converted and links the agency's policy its email bought.
 *
 * Branding: the agency's own profile (each agency has exactly one, reference 3.1; a tracking URL's visitors see it
 * too). The lead and the event record it while it is enabled; a `branding_profile_id` naming any other profile is a
 * 422, so a public caller can never tie a lead to, or read, another agency's branding.
 */
export async function captureLeadEvent(db: Db, input: LeadEventInput, opts: { filesSecret: string }): Promise<LeadEventAnswer> {
  const data = (input.lead_event_attributes.data ?? {}) as Record<string, unknown>;
  if (JSON.stringify(data).length > MAX_DATA_CHARS) throw new ValidationError({ "lead_event_attributes.data": `must be at most ${MAX_DATA_CHARS} characters` });
  const [agency] = await queryRows<{ id: number }>(db, sql`SELECT id FROM agencies WHERE id = ${input.agency_id} AND enabled`);
  if (!agency) throw new ValidationError({ agency_id: "is not a known agency" });
  if (input.lead_event_attributes.policy_type_id) {
    const [type] = await queryRows<{ id: number }>(db, sql`SELECT id FROM policy_types WHERE id = ${input.lead_event_attributes.policy_type_id}`);
    if (!type) throw new ValidationError({ "lead_event_attributes.policy_type_id": "is not a known policy type" });
  }
  const profile = await brandingOfAgency(db, input.agency_id);
  if (input.branding_profile_id && input.branding_profile_id !== profile?.id) throw new ValidationError({ branding_profile_id: "is not a branding profile of this agency" });
  const shown = profile?.enabled ? profile : undefined;
  const brandingId = shown?.id ?? null;
  const tag = orNull(input.lead_event_attributes.tag);
  const page = pageOf(data);
  const premium = premiumOf(data);
  const tu = input.tracking_url;
  const trackingCondition: SQL | null =
    tu && tu.campaign_name
      ? sql`agency_id = ${input.agency_id} AND deleted_at IS NULL AND campaign_name = ${tu.campaign_name}
            AND campaign_source IS NOT DISTINCT FROM ${orNull(tu.campaign_source)} AND campaign_medium IS NOT DISTINCT FROM ${orNull(tu.campaign_medium)}`
      : null;

  const identifier = await db.transaction(async (tx) => {
    const [tracking] = trackingCondition ? await queryRows<{ id: number }>(tx, sql`SELECT id FROM tracking_urls WHERE ${trackingCondition} ORDER BY id LIMIT 1`) : [];
    const converted = tag === LEAD_TAGS.purchase;
    const [policy] = converted
      ? await queryRows<{ id: number; account_id: number | null; user_id: number }>(
          tx,
          sql`SELECT po.id, po.account_id, pu.user_id FROM policies po JOIN policy_users pu ON pu.policy_id = po.id AND pu.primary JOIN users u ON u.id = pu.user_id
              WHERE po.agency_id = ${input.agency_id} AND lower(u.email) = lower(${input.email}) ORDER BY po.created_at DESC LIMIT 1`,
        )
      : [];
    // Insert or update in one statement: concurrent calls for the same (email, agency) meet on the unique index.
    const [lead] = await queryRows<{ id: number; identifier: string; inserted: boolean }>(
      tx,
      sql`INSERT INTO leads (email, identifier, agency_id, branding_profile_id, tracking_url_id, last_visit, last_visited_page, lead_events_cx, premium_total, status, policy_id, account_id, user_id)
          VALUES (${input.email}, ${randomBytes(16).toString("hex")}, ${input.agency_id}, ${brandingId}, ${tracking?.id ?? null}, now(), ${page}, 1,
                  ${premium}, ${converted ? "converted" : "prospect"}, ${policy?.id ?? null}, ${policy?.account_id ?? null}, ${policy?.user_id ?? null})
          ON CONFLICT (lower(email), agency_id) DO UPDATE SET
            last_visit = now(),
            last_visited_page = coalesce(EXCLUDED.last_visited_page, leads.last_visited_page),
            lead_events_cx = leads.lead_events_cx + 1,
            premium_total = coalesce(EXCLUDED.premium_total, leads.premium_total),
            tracking_url_id = coalesce(leads.tracking_url_id, EXCLUDED.tracking_url_id),
            branding_profile_id = coalesce(EXCLUDED.branding_profile_id, leads.branding_profile_id),
            status = CASE WHEN ${converted} THEN 'converted' WHEN leads.status = 'prospect' THEN 'return' ELSE leads.status END,
            policy_id = coalesce(EXCLUDED.policy_id, leads.policy_id),
            account_id = coalesce(leads.account_id, EXCLUDED.account_id),
            user_id = coalesce(leads.user_id, EXCLUDED.user_id),
            updated_at = now()
          RETURNING id, identifier, (xmax = 0) AS inserted`,
    );
    await tx.execute(
      sql`INSERT INTO lead_events (lead_id, data, tag, policy_type_id, agency_id, branding_profile_id)
          VALUES (${lead.id}, ${JSON.stringify(data)}::jsonb, ${tag}, ${input.lead_event_attributes.policy_type_id ?? null}, ${input.agency_id}, ${brandingId})`,
    );
    const p = input.profile_attributes;
    if (p && Object.values(p).some((v) => v)) {
      const full = [p.first_name, p.last_name].filter(Boolean).join(" ") || null;
      await tx.execute(
        sql`INSERT INTO profiles (profileable_type, profileable_id, first_name, last_name, full_name, contact_phone, contact_email)
            VALUES ('Lead', ${lead.id}, ${orNull(p.first_name)}, ${orNull(p.last_name)}, ${full}, ${orNull(p.contact_phone)}, ${orNull(p.contact_email)})
            ON CONFLICT (profileable_type, profileable_id) DO UPDATE SET
              first_name = coalesce(EXCLUDED.first_name, profiles.first_name), last_name = coalesce(EXCLUDED.last_name, profiles.last_name),
              full_name = coalesce(EXCLUDED.full_name, profiles.full_name), contact_phone = coalesce(EXCLUDED.contact_phone, profiles.contact_phone),
              contact_email = coalesce(EXCLUDED.contact_email, profiles.contact_email), updated_at = now()`,
      );
    }
    const a = input.address_attributes;
    if (a && Object.values(a).some((v) => v)) {
      const full = [a.street_number, a.street_name, a.street_two, a.city, a.state, a.zip_code].filter(Boolean).join(" ");
      await tx.execute(sql`DELETE FROM addresses WHERE addressable_type = 'Lead' AND addressable_id = ${lead.id}`);
      await tx.execute(
        sql`INSERT INTO addresses (addressable_type, addressable_id, street_number, street_name, street_two, city, state, zip_code, "full")
            VALUES ('Lead', ${lead.id}, ${orNull(a.street_number)}, ${orNull(a.street_name)}, ${orNull(a.street_two)}, ${orNull(a.city)}, ${orNull(a.state)}, ${orNull(a.zip_code)}, ${full})`,
      );
    }
    return lead.identifier;
  });
  return { identifier, branding: shown ? await landingBranding(db, opts.filesSecret, shown) : null };
}

async function landingBranding(db: Db, filesSecret: string, profile: NonNullable<Awaited<ReturnType<typeof brandingOfAgency>>>): Promise<LandingBranding> {
  const full = await brandingJson(db, filesSecret, profile);
  return {
    id: full.id,
    agency_id: full.agency_id,
    agency_title: full.agency_title,
    url: full.url,
    primary_color: full.primary_color,
    secondary_color: full.secondary_color,
    contact_phone: full.contact_phone,
    contact_email: full.contact_email,
    footer_text: full.footer_text,
    logo_url: full.logo_url,
  };
}

/** Events one client address may send per minute (the call is public). */
export const LEAD_EVENTS_PER_MINUTE = 120;
const windowsByDb = new WeakMap<Db, Map<string, { start: number; n: number }>>();

/** Counts a client's event in the current minute, per database (per app: a process serving two, as the API tests do, counts each apart). */
function countHit(db: Db, ip: string, now = Date.now()) {
  let windows = windowsByDb.get(db);
  if (!windows) windowsByDb.set(db, (windows = new Map()));
  const w = windows.get(ip);
  if (!w || now - w.start >= 60_000) {
    if (windows.size > 50_000) windows.clear();
    windows.set(ip, { start: now, n: 1 });
    return;
  }
  w.n++;
  if (w.n > LEAD_EVENTS_PER_MINUTE) {
    const wait = Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
    throw new TooManyRequestsError(`Too many lead events. Please try again in ${wait} seconds.`, wait);
  }
}

/** `POST /v2/lead_events`: no session (the public quote pages call it), limited per client address. */
export const leadEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/lead_events", { schema: { body: leadEventBody } }, async (request) => {
    countHit(app.db, request.ip);
    const answer = await captureLeadEvent(app.db, request.body, { filesSecret: app.env.FILES_SECRET });
    leadEventsChanged(app.db);
    return answer;
  });
};
