import type { Role } from "../../src/domain/roles";

/** The demo sign-ins of DESIGN.md section 4, one per role; the browser journeys sign in with these. */
export const DEMO_PASSWORD = "coverdesk";

export const DEMO_LOGINS: ReadonlyArray<{ role: Role; email: string }> = [
  { role: "super_admin", email: "superadmin@coverdesk.test" },
  { role: "agent", email: "agent@coverdesk.test" },
  { role: "staff", email: "staff@coverdesk.test" },
  { role: "policy_support", email: "support@coverdesk.test" },
];
