import { READ, type AccessRules, type Rule } from "../../domain/accessRules";

// Leads are the landing page of staff and agents (document 1 section 2), behind dashboard.leads (reference 2.1);
// archive and unarchive are also offered on a policy's Leads tab. Each sees only the leads of their scope. Archiving the
// grid's picked or matching leads at once ("archive", issue 17 section 5) is the grid's, behind its key.
const office: Rule[] = [
  { resource: "leads", actions: [...READ, "export", "archive"], key: "dashboard.leads" },
  { resource: "leads", actions: ["edit"] },
];

export default {
  staff: office,
  // A policy's Leads tab is an agent's (document 2 section 2), whatever the dashboard key.
  agent: [...office, { resource: "policies.leads", actions: ["list"] }],
} satisfies AccessRules;
