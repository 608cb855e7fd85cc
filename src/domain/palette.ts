/** The kinds of record the command palette finds (issue 17 section 6), named by their resource. */
export const PALETTE_KINDS = ["policies", "users", "insurable", "accounts", "leads", "tracking-url"] as const;
export type PaletteKind = (typeof PALETTE_KINDS)[number];

export interface PaletteHit {
  kind: PaletteKind;
  id: number;
  title: string;
  subtitle: string | null;
}

/** Shorter terms match too much to be useful and are not sent. */
export const PALETTE_MIN_TERM = 2;
