import { WRITE, type AccessRules } from "../../domain/accessRules";

// Agents are staff of agencies, read and managed with agencies.agents (reference section 2.1); super admins hold
// every action through the shared rows. Account staff have no row: the screen and its calls are closed to them.
export default {
  agent: [{ resource: "agents", actions: [...WRITE, "toggle_enabled", "re_invite"], key: "agencies.agents" }],
} satisfies AccessRules;
