import { insurables } from "../db/schema";
import type { AuthHeaders, TestApp } from "./helpers";
import { type World, worldApp } from "./world-app";

export interface ProofWorld {
  t: TestApp;
  world: World;
  /** Sessions of the people who upload, edit and review proofs. */
  as: Record<"superAdmin" | "agentA" | "agentB" | "staffA" | "support", AuthHeaders>;
  /** A unit of account A (in a community of its own) that the proofs cover. */
  unitId: number;
}

/** The setup of the coverage-proof API tests: a test app, the fixture world, sessions and one unit to prove cover for. */
export async function proofWorld(community: string, unit: string): Promise<ProofWorld> {
  const { t, world, as } = await worldApp(["superAdmin", "agentA", "agentB", "staffA", "support"]);
  const owner = { account_id: world.accounts.A.id, agency_id: world.agencies.A.id };
  const [parent] = await t.database.db.insert(insurables).values({ title: community, insurable_type_id: 1, ...owner }).returning();
  const [row] = await t.database.db.insert(insurables).values({ title: unit, insurable_type_id: 4, insurable_id: parent.id, ...owner }).returning();
  return { t, world, as, unitId: row.id };
}
