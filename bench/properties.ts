import { type ListContext, call } from "./lists";

const PREFIX = { super_admin: "staff_super_admin", agent: "staff_agency", staff: "staff_account" } as const;

/** Unit-title terms of the scale seed ('Unit 100' … under each community): many rows, a few, none. */
export const UNIT_TERMS = { common: "unit 10", rare: "unit 4321", absent: "zzqx" } as const;

/**
 * The properties part of `npm run bench` (issue 14): the units grid as the console asks for it (types 4 and 5, 20 a
 * page by title) page 1 and with a title search, the communities grid, and top_available, per role.
 */
export async function benchProperties(ctx: Pick<ListContext, "base" | "run" | "auth">) {
  const { base, run, auth } = ctx;
  const grid = (role: keyof typeof PREFIX, types: number[], extra = "") =>
    call(base, `/v2/${PREFIX[role]}/insurables?${types.map((t) => `filter[insurable_type_id][]=${t}`).join("&")}&sort[column]=title&sort[direction]=asc&pagination[page]=1&pagination[per]=20${extra}`, auth[role]);
  for (const role of ["super_admin", "agent", "staff"] as const) {
    await run("list_page1", `units p1 [${role}]`, () => grid(role, [4, 5]));
    for (const [kind, term] of Object.entries(UNIT_TERMS)) {
      await run("search", `units title search (${kind}: "${term}") [${role}]`, () => grid(role, [4, 5], `&filter[title][like]=${encodeURIComponent(term)}`));
    }
    await run("list_page1", `communities p1 [${role}]`, () => grid(role, [1, 2, 3]));
    await run("list_page1", `top_available p1 [${role}]`, () => call(base, `/v2/${PREFIX[role]}/insurables/top_available`, auth[role], { pagination: { page: 1, per: 20 } }));
  }
}
