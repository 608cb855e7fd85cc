import type { AccessRules, Rule } from "../../domain/accessRules";

// Properties (document 3): staff their account's, agents their agencies' accounts'; adding one needs insurables.create
// (reference section 2.1). The grids' own keys (insurables.communities, .buildings, .units) gate their menus and URLs.
const office: Rule[] = [
  { resource: "insurable", actions: ["list", "show", "edit"] },
  { resource: "insurable", actions: ["create"], key: "insurables.create" },
];

export default { staff: office, agent: office } satisfies AccessRules;
