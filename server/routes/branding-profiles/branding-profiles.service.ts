import type { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { brandingProfiles, documents, histories } from "../../db/schema";
import { type DocumentRow, documentJson } from "../../files/documents";
import type { FileStore } from "../../files/store";
import { IMAGE_ONLY, storeCheckedUpload } from "../../files/uploads";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, diffChanges, recordHistory } from "../../lib/history";
import { type ListInput, type ListSpec, parseListParams, queryRows, runList } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";
import { EMAIL_PATTERN, MESSAGES, PHONE_PATTERN } from "../../lib/validators";

/** Logos: images by content (jpeg, png, svg) up to the default 10 MB (document 3 section 5). */
export const LOGO_MAX_MB = 10;
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const COLOR_MESSAGE = "must be a hex colour such as #1d4e89";
export const URL_MESSAGE = "must be a valid URL starting with http:// or https://";

export const brandingListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`bp.id` },
    agency_id: { type: "int", column: sql`bp.profileable_id` },
    enabled: { type: "bool", column: sql`bp.enabled` },
  },
  sorts: { id: sql`bp.id`, updated_at: sql`bp.updated_at`, agency: sql`lower(ag.title)` },
  defaultSort: { column: "id", direction: "asc" },
  tieBreaker: sql`bp.id`,
};

/** Profiles (alias `bp`) a caller may see: an agent's agency tree, everything for super admins, none for staff. */
export function brandingScope(scope: Scope) {
  return [sql`bp.profileable_type = 'Agency'`, ...scopeConditions(scope, { account: () => sql`false`, agencies: (ids) => sql`bp.profileable_id IN (${ids})` })];
}

const SELECT = sql`bp.id, bp.profileable_type, bp.profileable_id, bp.profileable_id AS agency_id, ag.title AS agency_title, bp.url, bp.enabled,
  bp.primary_color, bp.secondary_color, bp.contact_phone, bp.contact_email, bp.footer_text, bp.logo_document_id, bp.created_at, bp.updated_at`;
const FROM = sql`branding_profiles bp JOIN agencies ag ON ag.id = bp.profileable_id`;

export interface BrandingRow {
  id: number;
  profileable_type: "Agency";
  profileable_id: number;
  agency_id: number;
  agency_title: string;
  url: string | null;
  enabled: boolean;
  primary_color: string;
  secondary_color: string;
  contact_phone: string | null;
  contact_email: string | null;
  footer_text: string | null;
  logo_document_id: number | null;
  created_at: string;
  updated_at: string;
}

/** The answer's shape: the row, the colours also as the reference's `styles`, and the logo as a signed link. */
export async function brandingJson(db: Db, secret: string, row: BrandingRow) {
  const [logo] = row.logo_document_id ? await db.select().from(documents).where(eq(documents.id, row.logo_document_id)) : [];
  const { logo_document_id: _omit, ...rest } = row;
  return {
    ...rest,
    styles: { colors: { primary: row.primary_color, secondary: row.secondary_color } },
    logo: logo ? documentJson(logo, secret) : null,
    logo_url: logo ? documentJson(logo, secret).url : null,
  };
}

export async function listBrandingProfiles(db: Db, scope: Scope, input: ListInput) {
  return runList<BrandingRow>(db, { select: SELECT, from: FROM, where: brandingScope(scope), id: sql`bp.id` }, parseListParams(input, brandingListSpec));
}

export async function findBrandingProfile(db: Db, scope: Scope, id: number): Promise<BrandingRow> {
  const [row] = await queryRows<BrandingRow>(db, sql`SELECT ${SELECT} FROM ${FROM} WHERE bp.id = ${id} AND ${sql.join(brandingScope(scope), sql` AND `)}`);
  if (!row) throw new NotFoundError({ message: "Branding profile not found" });
  return row;
}

/** The agency's own profile (each agency has one), for its page and its tracking URLs. */
export async function brandingOfAgency(db: Db, agencyId: number): Promise<BrandingRow | undefined> {
  const [row] = await queryRows<BrandingRow>(db, sql`SELECT ${SELECT} FROM ${FROM} WHERE bp.profileable_type = 'Agency' AND bp.profileable_id = ${agencyId}`);
  return row;
}

export interface BrandingInput {
  url?: string | null;
  enabled?: boolean;
  primary_color?: string;
  secondary_color?: string;
  contact_phone?: string | null;
  contact_email?: string | null;
  footer_text?: string | null;
}

const blank = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);

function validate(input: BrandingInput) {
  const errors: Record<string, string> = {};
  if (input.primary_color !== undefined && !HEX_COLOR.test(input.primary_color)) errors.primary_color = COLOR_MESSAGE;
  if (input.secondary_color !== undefined && !HEX_COLOR.test(input.secondary_color)) errors.secondary_color = COLOR_MESSAGE;
  const url = blank(input.url);
  if (url && !isHttpUrl(url)) errors.url = URL_MESSAGE;
  const phone = blank(input.contact_phone);
  if (phone && !PHONE_PATTERN.test(phone)) errors.contact_phone = MESSAGES.phone;
  const email = blank(input.contact_email);
  if (email && !EMAIL_PATTERN.test(email)) errors.contact_email = MESSAGES.email;
  return errors;
}

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** Edits colours, texts and URL (history on every change; a URL is one profile's only: 'has already been taken'). */
export async function updateBrandingProfile(db: Db, scope: Scope, id: number, input: BrandingInput, author: Author) {
  const before = await findBrandingProfile(db, scope, id);
  const errors = validate(input);
  const set: Partial<typeof brandingProfiles.$inferInsert> = {};
  if (input.url !== undefined) set.url = blank(input.url);
  if (input.enabled !== undefined) set.enabled = input.enabled;
  if (input.primary_color !== undefined) set.primary_color = input.primary_color.toLowerCase();
  if (input.secondary_color !== undefined) set.secondary_color = input.secondary_color.toLowerCase();
  for (const key of ["contact_phone", "contact_email", "footer_text"] as const) if (input[key] !== undefined) set[key] = blank(input[key]);
  if (set.url && !errors.url) {
    const [taken] = await queryRows<{ id: number }>(db, sql`SELECT id FROM branding_profiles WHERE lower(url) = ${set.url.toLowerCase()} AND id <> ${id}`);
    if (taken) errors.url = MESSAGES.emailTaken;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const changes = diffChanges(before as unknown as Record<string, unknown>, set as Record<string, unknown>);
  if (!Object.keys(changes).length) return;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.update(brandingProfiles).set({ ...set, updated_at: new Date() }).where(eq(brandingProfiles.id, id));
    await recordHistory(tx, { type: "BrandingProfile", id, action: "update", author, process: "console", changes });
  });
}

/**
 * Replaces the logo: the upload is checked by content (jpeg, png, or an svg without scripts; 10 MB) before anything
 * changes, then the old logo's row and bytes go. History names the files.
 */
export async function replaceLogo(db: Db, files: FileStore, scope: Scope, id: number, upload: { filename: string; body: Readable }, author: Author) {
  const before = await findBrandingProfile(db, scope, id);
  const stored = await storeCheckedUpload(files, { type: "BrandingProfile" }, upload.body, { field: "logo", allowed: IMAGE_ONLY, maxMb: LOGO_MAX_MB });
  let previous: DocumentRow | undefined;
  try {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      [previous] = before.logo_document_id ? await tx.delete(documents).where(eq(documents.id, before.logo_document_id)).returning() : [];
      const [row] = await tx
        .insert(documents)
        .values({ attachable_type: "BrandingProfile", attachable_id: id, filename: upload.filename, content_type: stored.contentType, byte_size: stored.byteSize, checksum: stored.checksum, storage_key: stored.key })
        .returning();
      await tx.update(brandingProfiles).set({ logo_document_id: row.id, updated_at: new Date() }).where(eq(brandingProfiles.id, id));
      await recordHistory(tx, { type: "BrandingProfile", id, action: "update", author, process: "console", changes: { logo: { previous_value: previous?.filename ?? null, new_value: upload.filename } } });
    });
  } catch (error) {
    await files.remove(stored.key);
    throw error;
  }
  if (previous) await files.remove(previous.storage_key);
}

/** Removes the logo (the profile then shows the agency's title instead). */
export async function removeLogo(db: Db, files: FileStore, scope: Scope, id: number, author: Author) {
  const before = await findBrandingProfile(db, scope, id);
  if (!before.logo_document_id) return;
  const removed = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [doc] = await tx.delete(documents).where(eq(documents.id, before.logo_document_id!)).returning();
    await tx.update(brandingProfiles).set({ logo_document_id: null, updated_at: new Date() }).where(eq(brandingProfiles.id, id));
    await recordHistory(tx, { type: "BrandingProfile", id, action: "update", author, process: "console", changes: { logo: { previous_value: doc?.filename ?? null, new_value: null } } });
    return doc;
  });
  if (removed) await files.remove(removed.storage_key);
}

const historySpec: ListSpec = { filters: {}, sorts: { created_at: sql`h.created_at` }, defaultSort: { column: "created_at", direction: "desc" }, tieBreaker: sql`h.id` };

export async function brandingHistories(db: Db, scope: Scope, id: number, input: ListInput) {
  await findBrandingProfile(db, scope, id);
  return runList(
    db,
    { select: sql`h.id, h.action, h.author, h.process, h.data, h.created_at`, from: sql`${histories} h`, where: [sql`h.recordable_type = 'BrandingProfile'`, sql`h.recordable_id = ${id}`], id: sql`h.id` },
    parseListParams(input, historySpec),
  );
}
