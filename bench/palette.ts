import { type ListContext, call } from "./lists";

const PREFIX = { super_admin: "staff_super_admin", agent: "staff_agency", staff: "staff_account" } as const;

/**
 * Terms the command palette is typed with on the scale seed: a common surname (thousands of customers), a policy
 * number's prefix, a rare customer, a lead's whole email, a unit's title, and nothing.
 */
export const PALETTE_TERMS = {
  "common name": "smith",
  "number prefix": "sc-0004",
  "rare name": "hiroshi okafor",
  "lead email": "lead1234567@scale.example",
  "unit title": "unit 4321",
  absent: "zzqx",
} as const;

/**
 * The palette part of `npm run bench` (issue 17 section 6: one server search across every kind, p95 ≤ 50 ms at 1M),
 * per role: `GET /palette?q=` with each term.
 */
export async function benchPalette({ base, run, auth }: Pick<ListContext, "base" | "run" | "auth">) {
  for (const role of ["super_admin", "agent", "staff"] as const) {
    for (const [kind, term] of Object.entries(PALETTE_TERMS)) {
      await run("search", `palette (${kind}: "${term}") [${role}]`, () => call(base, `/v2/${PREFIX[role]}/palette?q=${encodeURIComponent(term)}`, auth[role]));
    }
  }
}
