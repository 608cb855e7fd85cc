import { oneYearLater } from "../../../domain/rentGuarantee";
import type { GroupFailure } from "./types";

export const t = (key: string) => `app.rent_guarantee_import.${key}`;

/** Today in the browser's own calendar (readings C-46: dates compare in the browser's local date). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** The expiration date the form shows, disabled: one year after the effective date (document 2 section 5). */
export const expirationOf = (effective: string) => (/^\d{4}-\d{2}-\d{2}$/.test(effective) ? oneYearLater(effective) : "");

/** What a refused upload lists under the error title (document 2 section 8): the content list, else the single text. */
export function failureLines(body: GroupFailure | null | undefined): string[] {
  if (body?.content?.length) return body.content.map((c) => c.message);
  const fields = Object.values(body?.errors ?? {});
  if (fields.length) return fields;
  const single = body?.error ?? body?.message;
  return single ? [single] : [];
}
