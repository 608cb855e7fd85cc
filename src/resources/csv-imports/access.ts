import type { AccessRules } from "../../domain/accessRules";

// Past CSV uploads of the caller's tenant (issue 16 section 5), key-less like the imports they list; sending a file
// (create) also needs the permission of the import it goes to, checked by the API per kind.
export default {
  staff: [{ resource: "csv-imports", actions: ["list", "show", "create"] }],
  agent: [{ resource: "csv-imports", actions: ["list", "show", "create"] }],
} satisfies AccessRules;
