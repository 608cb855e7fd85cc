import type { AccessRules, Rule } from "../../domain/accessRules";

const office: Rule = { resource: "policies", actions: ["list", "show", "edit", "export", "delete", "resend_documents"], key: "policies.policies" };

// Rent-guarantee mass import (document 2 section 6; readings C-04): the console's screens are staff's; the API also
// answers agents for their tree (super admins: everything), each behind the menu's key policies.rent_mass_import.
const massImport: Rule = { resource: "policy-application-groups", actions: ["list", "show", "create", "edit", "accept", "delete"], key: "policies.rent_mass_import" };

export default {
  staff: [office, massImport],
  agent: [
    office,
    massImport,
    // Uploading a proof of coverage: super admins and agents (readings C-05).
    { resource: "policies", actions: ["upload_proof"], key: "policies.coverage_proof" },
    // The policies dashboard's numbers: agents and super admins; staff see its page without content (readings C-06).
    { resource: "policies_dashboard", actions: ["list"] },
  ],
  // Policy support reviews proofs: reads, accepts and declines them (document 2 section 6).
  policy_support: [{ resource: "policies", actions: ["list", "show", "edit", "list_dashboard", "review"] }],
} satisfies AccessRules;
