import { chromium, type Page } from "playwright-core";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../server/db/demo-logins";
import { percentile } from "./measure";

/**
 * "Rows on screen after clicking a menu entry" (issue 11), measured inside Debian's Chromium: the time from the click
 * on a side-menu entry to the first row of the screen's table in the DOM, read with performance.now() in the page. Each
 * entry is visited `visits` times from the landing page (the first visit loads the screen's chunk; later ones may
 * answer from react-query's cache first, as a user going back and forth would see).
 */
/** A row of the screen's list: a table row with cells, or an item of the review queue's list (within the page, not the menu). */
const ROWS = "#main-content tbody tr:has(td + td), #main-content .MuiList-root .MuiListItemButton-root";

const ENTRIES: Array<{ role: "super_admin" | "agent" | "staff"; label: string; href: string }> = [
  { role: "super_admin", label: "Policies", href: "/dashboard/policies/browse" },
  { role: "super_admin", label: "Users", href: "/dashboard/users/browse" },
  { role: "super_admin", label: "DMR", href: "/dashboard/dmr" },
  { role: "super_admin", label: "Policy Review", href: "/dashboard/policy-support" },
  { role: "agent", label: "Policies", href: "/dashboard/policies/browse" },
  { role: "agent", label: "Users", href: "/dashboard/users/browse" },
  { role: "agent", label: "Property Managers", href: "/dashboard/staff/browse" },
  { role: "staff", label: "Policies", href: "/dashboard/policies/browse" },
  { role: "staff", label: "Users", href: "/dashboard/users/browse" },
];
const LANDING = "/dashboard/leads";

async function signIn(page: Page, base: string, email: string) {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL(/\/dashboard\//, { timeout: 60_000 });
}

/** Clicks the menu link to `href` (opening its group first if needed) and answers ms until a row of a new table shows. */
async function timeClick(page: Page, href: string): Promise<number> {
  const link = page.locator(`nav a[href="${href}"]`).first();
  if (!(await link.isVisible())) {
    // The entry sits in a collapsed group of the menu: open the groups until it shows.
    const groups = page.locator("nav [aria-expanded='false']");
    for (let i = 0; i < (await groups.count()) && !(await link.isVisible()); i++) await groups.nth(i).click();
  }
  await link.waitFor({ state: "visible", timeout: 10_000 });
  // A string, not a function: the bundler's helpers (keepNames) do not exist in the page.
  return page.evaluate(`new Promise((resolve, reject) => {
    const target = ${JSON.stringify(href)};
    const seen = new Set(document.querySelectorAll(${JSON.stringify(ROWS)}));
    const anchor = [...document.querySelectorAll("nav a")].find((a) => a.getAttribute("href") === target);
    if (!anchor) return reject(new Error("no menu link to " + target));
    const started = performance.now();
    const observer = new MutationObserver(() => {
      const rows = [...document.querySelectorAll(${JSON.stringify(ROWS)})].some((row) => !seen.has(row));
      if (location.pathname.startsWith(target) && rows) {
        observer.disconnect();
        resolve(performance.now() - started);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    setTimeout(() => { observer.disconnect(); reject(new Error("no rows on " + target + " after 30 s")); }, 30000);
    anchor.click();
  })`) as Promise<number>;
}

export interface RowsOnScreen {
  entry: string;
  n: number;
  first_ms: number;
  median_ms: number;
  p95_ms: number;
}

export async function benchBrowser(base: string, opts: { visits?: number; skip?: string[] } = {}): Promise<{ entries: RowsOnScreen[]; p95_ms: number; worst_p95_ms: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const entries: RowsOnScreen[] = [];
  const all: number[] = [];
  try {
    for (const role of ["super_admin", "agent", "staff"] as const) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await signIn(page, base, DEMO_LOGINS.find((l) => l.role === role)!.email);
      for (const entry of ENTRIES.filter((e) => e.role === role && !opts.skip?.includes(e.href))) {
        const times: number[] = [];
        for (let i = 0; i < (opts.visits ?? 10); i++) {
          const landing = page.locator(`nav a[href="${LANDING}"]`).first();
          if (await landing.isVisible()) await landing.click();
          else await page.goto(`${base}${LANDING}`);
          await page.waitForURL(`**${LANDING}`);
          times.push(await timeClick(page, entry.href));
        }
        const first = times[0];
        const sorted = [...times].sort((a, b) => a - b);
        all.push(...times);
        const result = { entry: `${entry.label} [${role}]`, n: times.length, first_ms: Math.round(first), median_ms: Math.round(percentile(sorted, 50)), p95_ms: Math.round(percentile(sorted, 95)) };
        console.log(`  rows on screen, ${result.entry}: first ${result.first_ms} ms, median ${result.median_ms} ms, p95 ${result.p95_ms} ms`);
        entries.push(result);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  all.sort((a, b) => a - b);
  return { entries, p95_ms: Math.round(percentile(all, 95)), worst_p95_ms: Math.max(...entries.map((e) => e.p95_ms)) };
}
