import { createContext, type ReactNode, useContext, useState } from "react";
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from "react-admin";
import { BREAKPOINTS, THEME_CHOICES, type ThemeChoice } from "../domain/shellSettings";

/** The three style options of document 1 section 2.3 (light, default, dark); the choice is kept in this browser. */
export const THEME_NAMES = THEME_CHOICES;
export type ThemeName = ThemeChoice;
const STORAGE_KEY = "coverdeskTheme";

const brand = { primary: { main: "#1d4e89" }, secondary: { main: "#0f766e" } };

// The collapsed side nav hides completely: nested menu entries have no icon, so a narrow icon rail would clip them.
const sidebar = { width: 240, closedWidth: 0 };
// Document 1 section 9: 600, 960 and 1280 px.
const breakpoints = { values: BREAKPOINTS };

export const THEMES: Record<ThemeName, RaThemeOptions> = {
  light: { ...defaultLightTheme, sidebar, breakpoints, palette: { mode: "light", ...brand, background: { default: "#ffffff", paper: "#ffffff" } } },
  default: { ...defaultLightTheme, sidebar, breakpoints, palette: { mode: "light", ...brand, background: { default: "#f4f6f9", paper: "#ffffff" } } },
  dark: { ...defaultDarkTheme, sidebar, breakpoints, palette: { mode: "dark", primary: { main: "#90caf9" }, secondary: { main: "#5eead4" } } },
};

interface ThemeNameState {
  themeName: ThemeName;
  setThemeName: (name: ThemeName) => void;
}

const ThemeNameContext = createContext<ThemeNameState>({ themeName: "default", setThemeName: () => undefined });

function storedThemeName(): ThemeName {
  const value = globalThis.localStorage?.getItem(STORAGE_KEY) ?? "";
  return (THEME_NAMES as readonly string[]).includes(value) ? (value as ThemeName) : "default";
}

/**
 * Holds the chosen style above both react-admin contexts (the signed-in console and the public screens), so the
 * sign-in page keeps the user's choice. The chosen options go to <Admin theme>; react-admin's own light/dark toggle
 * is not used (darkTheme={null}), so an operating-system dark preference cannot override the user's pick.
 */
export function ThemeNameProvider({ children }: { children: ReactNode }) {
  const [themeName, setState] = useState<ThemeName>(storedThemeName);
  const setThemeName = (name: ThemeName) => {
    globalThis.localStorage?.setItem(STORAGE_KEY, name);
    setState(name);
  };
  return <ThemeNameContext.Provider value={{ themeName, setThemeName }}>{children}</ThemeNameContext.Provider>;
}

export const useThemeName = () => useContext(ThemeNameContext);
