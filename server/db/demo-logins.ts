import type { Role } from "../../src/domain/roles";

/** The demo sign-ins of DESIGN.md section 4, one per role; the browser journeys sign in with these. */
export const DEMO_PASSWORD = "coverdesk";

export const DEMO_LOGINS: ReadonlyArray<{ role: Role; email: string }> = [
  { role: "super_admin", email: "superadmin@coverdesk.test" },
  { role: "agent", email: "agent@coverdesk.test" },
  { role: "staff", email: "staff@coverdesk.test" },
  { role: "policy_support", email: "support@coverdesk.test" },
];

/**
 * One pending invitation of the demo (issue 13): a property manager of the demo account who has not chosen a password
 * yet, with a link known in advance (like the demo password) so the invitation can be tried, and the browser journey
 * accepts it. Valid 7 days after the demo is loaded; re-invite mails a new, random one.
 */
export const DEMO_INVITATION = { email: "invited@coverdesk.test", token: "demo-invitation-link-coverdesk" } as const;
