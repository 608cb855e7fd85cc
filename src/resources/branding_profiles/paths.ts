/** The spec's URLs of an agency's branding (document 3 section 2). */
export const brandingPaths = {
  page: (agencyId: number | string, brandingId: number | string) => `/dashboard/agencies/${agencyId}/branding/${brandingId}`,
  editor: (agencyId: number | string, brandingId: number | string) => `/dashboard/branding-editor/Agency/${agencyId}/branding/${brandingId}`,
};
