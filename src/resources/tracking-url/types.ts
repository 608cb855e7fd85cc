import type { BrandingProfile } from "../branding_profiles/types";

export type LandingPage = "rentguarantee" | "residential" | "commercial";
export const LANDING_PAGES: LandingPage[] = ["rentguarantee", "residential", "commercial"];

/** A tracking URL as GET /tracking_urls answers it. */
export interface TrackingUrl {
  id: number;
  landing_page: LandingPage;
  campaign_name: string;
  campaign_source: string | null;
  campaign_medium: string | null;
  campaign_term: string | null;
  campaign_content: string | null;
  agency_id: number;
  agency_title: string | null;
  branding_profile_id: number | null;
  archived: boolean;
  leads_count: number;
  tracking_url: string;
  created_at: string;
  /** The branding its visitors see (its agency's profile); only GET /tracking_urls/{id} sends it. */
  branding?: BrandingProfile | null;
}

export interface AgencyChoice {
  agency_id: number;
  title: string;
}
