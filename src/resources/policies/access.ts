import type { AccessRules, Rule } from "../../domain/accessRules";

const office: Rule = { resource: "policies", actions: ["list", "show", "edit", "export", "delete", "resend_documents"], key: "policies.policies" };

export default {
  staff: [office],
  agent: [
    office,
    // Uploading a proof of coverage: super admins and agents (readings C-05).
    { resource: "policies", actions: ["upload_proof"], key: "policies.coverage_proof" },
    // The policies dashboard's numbers: agents and super admins; staff see its page without content (readings C-06).
    { resource: "policies_dashboard", actions: ["list"] },
  ],
  // Policy support reviews proofs: reads, accepts and declines them (document 2 section 6).
  policy_support: [{ resource: "policies", actions: ["list", "show", "edit", "list_dashboard", "review"] }],
} satisfies AccessRules;
