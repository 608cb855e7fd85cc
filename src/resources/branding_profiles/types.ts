/** A branding profile as GET /branding_profiles/{id} answers it (reference 3.1). */
export interface BrandingProfile {
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
  logo: { id: number; filename: string; content_type: string; byte_size: number; url: string } | null;
  logo_url: string | null;
  updated_at: string;
}
