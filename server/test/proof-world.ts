import { insurables } from "../db/schema";
import { buildWorld } from "./fixtures";
import { type AuthHeaders, createTestApp, signInAs, type TestApp } from "./helpers";

export interface ProofWorld {
  t: TestApp;
  world: Awaited<ReturnType<typeof buildWorld>>;
  /** Sessions of the people who upload, edit and review proofs. */
  as: Record<"superAdmin" | "agentA" | "agentB" | "staffA" | "support", AuthHeaders>;
  /** A unit of account A (in a community of its own) that the proofs cover. */
  unitId: number;
}

/** The setup of the coverage-proof API tests: a test app, the fixture world, sessions and one unit to prove cover for. */
export async function proofWorld(community: string, unit: string): Promise<ProofWorld> {
  const t = await createTestApp();
  const world = await buildWorld(t.database.db);
  const as = {
    superAdmin: await signInAs(t.app, "super.admin@test.dev"),
    agentA: await signInAs(t.app, "agent.a@test.dev"),
    agentB: await signInAs(t.app, "agent.b@test.dev"),
    staffA: await signInAs(t.app, "staff.a@test.dev"),
    support: await signInAs(t.app, "policy.support@test.dev"),
  };
  const owner = { account_id: world.accounts.A.id, agency_id: world.agencies.A.id };
  const [parent] = await t.database.db.insert(insurables).values({ title: community, insurable_type_id: 1, ...owner }).returning();
  const [row] = await t.database.db.insert(insurables).values({ title: unit, insurable_type_id: 4, insurable_id: parent.id, ...owner }).returning();
  return { t, world, as, unitId: row.id };
}
