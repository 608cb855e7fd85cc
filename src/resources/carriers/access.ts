import { READ, type AccessRules } from "../../domain/accessRules";

// Agents read the carriers of their agencies with agencies.carriers (document 1 section 3), and list and add fees and
// list and toggle billing strategies of their own agencies (reference section 4.11); super admins do anything.
const key = "agencies.carriers";
export default {
  agent: [
    { resource: "carriers", actions: READ, key },
    { resource: "carrier-agencies", actions: READ, key },
    { resource: "carrier-billing-strategies", actions: ["list", "edit"], key },
    { resource: "carrier-fees", actions: ["list", "create"], key },
    { resource: "carrier-commissions", actions: READ, key },
    { resource: "carrier-availabilities", actions: ["list"], key },
  ],
} satisfies AccessRules;
