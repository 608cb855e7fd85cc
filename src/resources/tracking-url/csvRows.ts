import Papa from "papaparse";
import { LANDING_PAGES } from "./types";

/** One row of an uploaded CSV, as previewed before sending, with the errors found in the browser or by the server. */
export interface PreviewRow {
  line: number;
  values: Record<string, string>;
  errors: Record<string, string>;
}

export const CSV_COLUMNS = ["landing_page", "campaign_name", "campaign_source", "campaign_medium", "agency_id"] as const;

/**
 * The browser's reading of a tracking-URL CSV (document 3 section 2): every row with the errors the server would
 * also find (required landing page, campaign name and agency; a known landing page; a whole-number agency id).
 * `messages` are the catalogue's texts, so the preview reads like the server's answer.
 */
export function previewCsv(text: string, messages: { required: string; landing_page: string; whole_number: string }): PreviewRow[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim().toLowerCase() });
  return parsed.data.map((values, i) => {
    const errors: Record<string, string> = {};
    const get = (k: string) => (values[k] ?? "").trim();
    if (!get("landing_page")) errors.landing_page = messages.required;
    else if (!(LANDING_PAGES as string[]).includes(get("landing_page").toLowerCase())) errors.landing_page = messages.landing_page;
    if (!get("campaign_name")) errors.campaign_name = messages.required;
    if (!get("agency_id")) errors.agency_id = messages.required;
    else if (!/^\d+$/.test(get("agency_id"))) errors.agency_id = messages.whole_number;
    return { line: i + 1, values, errors };
  });
}

/** The server's 422 (`rows.2.campaign_name`) merged into the preview's rows. */
export function withServerErrors(rows: PreviewRow[], errors: Record<string, string>): PreviewRow[] {
  return rows.map((row) => {
    const mine = Object.entries(errors).flatMap(([key, text]) => {
      const match = /^rows\.(\d+)\.(.+)$/.exec(key);
      return match && Number(match[1]) === row.line ? [[match[2], text] as const] : [];
    });
    return mine.length ? { ...row, errors: { ...row.errors, ...Object.fromEntries(mine) } } : row;
  });
}
