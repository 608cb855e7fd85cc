import js from "@eslint/js";
import globals from "globals";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist", "data", "node_modules", "server/db/migrations", "test-results", "playwright-report", "bench/results"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The React Compiler rules flag react-admin's documented patterns; keep the classic hook rules.
      "react-hooks/set-state-in-effect": "off",
      "react-hooks/refs": "off",
      "react-hooks/immutability": "off",
      "react-hooks/purity": "off",
      "react-hooks/incompatible-library": "off",
    },
  },
  {
    // The API reference page's script runs in the browser (server/openapi serves it as a file).
    files: ["server/openapi/*.js"],
    languageOptions: { globals: globals.browser, sourceType: "script" },
  },
  {
    files: ["server/**/*.ts", "tests/**/*.ts", "bench/**/*.ts", "scripts/**/*.{js,mjs,ts}", "*.{js,ts,mjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // process.env is read in server/env.ts only (STYLE.md b).
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read the environment in server/env.ts." }],
    },
  },
  {
    files: ["server/env.ts", "vite.config.ts", "vitest.config.ts", "playwright.config.ts", "scripts/**", "tests/**", "bench/**", "server/test/**"],
    rules: { "no-restricted-properties": "off" },
  },
);
