import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { DEMO, DEMO_PASSWORD } from "./pages";

/** A full-page screenshot into E2E_SHOTS_DIR when it is set: the screens a person reviews after a run, not assertions. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** GETs as the demo super admin, answered 200, for journeys that read or seed what they do not test through the UI. */
export async function superAdminApi(request: APIRequestContext) {
  const res = await request.post("/v2/staff/auth/sign_in", { data: { email: DEMO.super_admin, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const h = res.headers();
  const headers = { "access-token": h["access-token"], client: h.client, uid: h.uid, "token-type": "Bearer", expiry: h.expiry };
  return async <T>(path: string) => {
    const answer = await request.get(`/v2/staff_super_admin${path}`, { headers });
    expect(answer.status(), path).toBe(200);
    return (await answer.json()) as T;
  };
}

/** A grid row's data cells: a grid with bulk actions puts its selection checkbox cell first, which a click would tick. */
export const dataCells = (row: Locator) => row.locator("td:not(.MuiTableCell-paddingCheckbox)");
