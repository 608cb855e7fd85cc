import { READ, type AccessRules } from "../../domain/accessRules";

// Email History is in the staff and agent menus without a permission key (document 1 section 3); each sees the
// mails about their own policies and those sent to themselves.
export default {
  staff: [{ resource: "email-history", actions: READ }],
  agent: [{ resource: "email-history", actions: READ }],
} satisfies AccessRules;
