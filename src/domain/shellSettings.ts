import { hasPermission, type PermissionHolder } from "./permissions";

/**
 * The shell choices a signed-in user makes in the configuration panel (document 1 section 2.3), kept per user on the
 * server (staffs.settings.shell) and mirrored in this browser for the first paint: the style theme, the layout
 * preset, right-to-left, and whether the side menu stays pinned open.
 */
export const THEME_CHOICES = ["light", "default", "dark"] as const;
export const LAYOUT_CHOICES = ["vertical", "horizontal"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type LayoutChoice = (typeof LAYOUT_CHOICES)[number];

export interface ShellSettings {
  theme: ThemeChoice;
  layout: LayoutChoice;
  rtl: boolean;
  nav_pinned: boolean;
}

export const DEFAULT_SHELL_SETTINGS: ShellSettings = { theme: "default", layout: "vertical", rtl: false, nav_pinned: true };

/** Whatever was stored, read field by field: an unknown or damaged value falls back to the default of that field. */
export function readShellSettings(raw: unknown): ShellSettings {
  const value = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const pick = <T extends string>(choices: readonly T[], v: unknown, fallback: T): T => ((choices as readonly unknown[]).includes(v) ? (v as T) : fallback);
  return {
    theme: pick(THEME_CHOICES, value.theme, DEFAULT_SHELL_SETTINGS.theme),
    layout: pick(LAYOUT_CHOICES, value.layout, DEFAULT_SHELL_SETTINGS.layout),
    rtl: typeof value.rtl === "boolean" ? value.rtl : DEFAULT_SHELL_SETTINGS.rtl,
    nav_pinned: typeof value.nav_pinned === "boolean" ? value.nav_pinned : DEFAULT_SHELL_SETTINGS.nav_pinned,
  };
}

/**
 * Breakpoints of document 1 section 9: 600, 960 and 1280 px. Below 960 px (md) the side menu is a drawer over the
 * page and the layout is vertical whatever was chosen.
 */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } as const;

/**
 * The layout actually shown: "Without the permission property_management.users.edit being held, the layout is forced
 * to the vertical layout" (document 1 section 2.3, readings C-20: an empty list holds every key), and on small
 * screens, where a horizontal bar would not fit.
 */
export function effectiveLayout(chosen: LayoutChoice, user: PermissionHolder | null | undefined, smallScreen: boolean): LayoutChoice {
  if (smallScreen || !canChooseLayout(user)) return "vertical";
  return chosen;
}

export const canChooseLayout = (user: PermissionHolder | null | undefined) => hasPermission(user, "property_management.users.edit");

/** The query parameter rtl=true or rtl=false selects the direction (document 1 section 2.3); anything else is ignored. */
export function rtlFromQuery(search: string): boolean | undefined {
  const value = new URLSearchParams(search).get("rtl");
  return value === "true" ? true : value === "false" ? false : undefined;
}
