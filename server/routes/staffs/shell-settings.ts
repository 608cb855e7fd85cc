import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LAYOUT_CHOICES, THEME_CHOICES, readShellSettings, type ShellSettings } from "../../../src/domain/shellSettings";
import type { Db } from "../../db/client";
import { staff } from "../../db/schema";
import { requireCaller } from "../../plugins/auth";

/** The caller's own shell choices (theme, layout, direction, menu pin); never anyone else's. */
export async function loadShellSettings(db: Db, staffId: number): Promise<ShellSettings> {
  const [row] = await db.select({ settings: staff.settings }).from(staff).where(eq(staff.id, staffId));
  return readShellSettings((row?.settings as { shell?: unknown } | undefined)?.shell);
}

/** Merges the given fields over what is stored, in one statement, so two tabs saving different fields both keep theirs. */
export async function saveShellSettings(db: Db, staffId: number, changes: Partial<ShellSettings>): Promise<ShellSettings> {
  await db
    .update(staff)
    .set({ settings: sql`jsonb_set(${staff.settings}, '{shell}', coalesce(${staff.settings}->'shell', '{}'::jsonb) || ${JSON.stringify(changes)}::jsonb)` })
    .where(eq(staff.id, staffId));
  return loadShellSettings(db, staffId);
}

const settingsInput = z
  .object({ theme: z.enum(THEME_CHOICES), layout: z.enum(LAYOUT_CHOICES), rtl: z.boolean(), nav_pinned: z.boolean() })
  .partial()
  .strict();

/**
 * GET/PUT /shell_settings (ours; document 1 section 2.3's configuration panel, persisted per user): every role reads
 * and writes its own, no permission key needed. A choice the user may not apply (horizontal without
 * property_management.users.edit) is still kept: the console decides what it shows, so the choice comes back the
 * day the key is granted.
 */
export const shellSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/shell_settings", async (request) => loadShellSettings(app.db, requireCaller(request).user.id));
  app.put("/shell_settings", { schema: { body: z.object({ shell_settings: settingsInput }) } }, async (request) =>
    saveShellSettings(app.db, requireCaller(request).user.id, request.body.shell_settings),
  );
};
