import { READ, type AccessRules, type Rule } from "../../domain/accessRules";

// Customers: read with property_management.users, edit with its .edit key (document 1 section 3).
const office: Rule[] = [
  { resource: "users", actions: READ, key: "property_management.users" },
  { resource: "users", actions: ["edit"], key: "property_management.users.edit" },
];

export default { staff: office, agent: office } satisfies AccessRules;
