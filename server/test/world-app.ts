import type { CardConnectProvider } from "../billing/card-connect";
import type { PaymentGateway } from "../billing";
import { buildWorld } from "./fixtures";
import { type AuthHeaders, createTestApp, signInAs, type TestApp } from "./helpers";

export type World = Awaited<ReturnType<typeof buildWorld>>;
/** The fixture world's staff who can sign in (its disabled member cannot). */
export type WorldLogin = Exclude<keyof World["staff"], "disabled">;

export interface WorldApp<L extends WorldLogin> {
  t: TestApp;
  world: World;
  /** A session of each login asked for, under the same name as in `world.staff`. */
  as: Record<L, AuthHeaders>;
}

/**
 * The usual set-up of an API test file: a test app on a fresh database (createTestApp's arguments), the fixture world
 * (buildWorld) and a session for each of `logins`, signed in through the real endpoint. Use it as
 *   beforeAll(async () => ({ t, world, as } = await worldApp(["superAdmin", "agentA"])));
 */
export async function worldApp<L extends WorldLogin>(
  logins: readonly L[],
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream; gateway?: PaymentGateway; cardConnect?: CardConnectProvider } = {},
): Promise<WorldApp<L>> {
  const t = await createTestApp(env, options);
  const world = await buildWorld(t.database.db);
  const as = {} as Record<L, AuthHeaders>;
  // One after another, in the order asked: sign-ins write sessions and the audit log, which some tests read back.
  for (const login of logins) as[login] = await signInAs(t.app, world.staff[login].email);
  return { t, world, as };
}
