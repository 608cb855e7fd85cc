import type { LeadStat } from "../../domain/leads";

/** A row of the leads grid (reference 4.9). */
export interface Lead {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  agency_id: number | null;
  agency_name: string | null;
  account_id: number | null;
  account_title: string | null;
  /** The agency's branding profile the lead came through (the lead-event call records it). */
  branding_profile_id?: number | null;
  created_at: string;
  last_visit: string | null;
  last_visited_page: string | null;
  site_visits: number;
  primary_campaign_name: string | null;
  primary_campaign_source: string | null;
  primary_campaign_medium: string | null;
  premium_total: number | null;
  billing_strategy: string | null;
  interested_product: string | null;
  tracking_url_id: number | null;
  policy_id: number | null;
  archived: boolean;
  status: string;
}

export interface LeadEvent {
  id: number;
  created_at: string;
  tag: string | null;
  policy_type_id: number | null;
  product: string | null;
  page: string | null;
  premium_total: number | null;
}

export interface LeadHistory {
  id: number;
  author: string | null;
  action: string;
  process: string | null;
  data: Record<string, { previous_value: unknown; new_value: unknown }>;
  created_at: string;
}

/** One lead's page (GET /leads/{id}). */
export interface LeadDetail extends Lead {
  profile_attributes: { first_name: string | null; last_name: string | null; full_name: string | null; contact_email: string | null; contact_phone: string | null } | null;
  address_attributes: { full: string | null; street_number: string | null; street_name: string | null; city: string | null; state: string | null; zip_code: string | null } | null;
  tracking_url: { id: number; landing_page: string; campaign_name: string; campaign_source: string | null; campaign_medium: string | null; archived: boolean } | null;
  policy: { id: number; number: string | null; status: string } | null;
  lead_events: LeadEvent[];
  histories: LeadHistory[];
}

export type StatsValues = Record<LeadStat, number>;

export interface LeadStats extends StatsValues {
  /** Of the window's leads (not converted), those archived: the grid lists them only with Archived on. */
  archived_leads: number;
  start: string;
  end: string;
  bucket: "day" | "month";
  stats_by: Record<string, StatsValues>;
}

export interface LeadFilterOptions {
  campaign_source: string[];
  campaign_name: string[];
  campaign_medium: string[];
}
