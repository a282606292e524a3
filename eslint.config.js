import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { deepImports } from "./eslint-rules/deep-imports.js";
import { noCycle } from "./eslint-rules/no-cycle.js";
import { testWaits } from "./eslint-rules/test-waits.js";
import { serverRooms } from "./eslint-rules/server-rooms.js";
import { webBoundaries } from "./eslint-rules/web-boundaries.js";

/**
 * Import boundaries: the engine is framework-free; web and server never import each other; schemas
 * import nothing of them. Each area is named by a relative path or by its alias (package.json#imports;
 * a leading "#" is escaped, the patterns are gitignore-style).
 */
const forbid = (...groups) => ({
  "no-restricted-imports": ["error", { patterns: groups.map(([group, message]) => ({ group: [group].flat(), message })) }],
});
const WEB = [["**/web/**", "\\#web/**"], "Browser code lives in src/web; import it only from src/web."];
const SERVER = [["**/server/**", "\\#server/**"], "Server code lives in src/server; import it only from src/server."];
const ENGINE = [["**/engine/**", "\\#engine/**"], "schemas/ is the lowest layer: it imports nothing of src/engine (move the shared part into schemas/)."];
const REACT = ["react", "react-dom", "react-dom/*", "react-router-dom", "@tanstack/*", "@xstate/react"];

/** Months are added in one place, so the pause page, the charges and the e-mails agree on a month end. */
const ONE_MONTH_RULE = {
  selector: "CallExpression[callee.property.name=/^set(UTC)?Month$/]",
  message: "Add months with addMonths (schemas/content/billing-dates.ts): a day the target month lacks becomes its last day (ADR 049).",
};
/**
 * A browser wait shorter than 10 s fails on a loaded 2-core machine where the page was right, only
 * slow (a 500 ms click that also had to cover the navigation it started turned CI red, issue 27).
 */
const E2E_WAIT_FLOOR = {
  selector: "Property[key.name='timeout'][value.type='Literal'][value.value<10000]",
  message: "An e2e timeout under 10_000 ms fails on a loaded machine: wait for the real condition with the default budget (or at least 10_000).",
};

export default tseslint.config(
  { ignores: ["dist", "dist-ssr", "storybook-static", "node_modules", ".tmp", "test-results", "playwright-report", "src/server/db/migrations"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["eslint.config.js", "eslint.staged.config.js", "eslint-rules/*.js", ".ci/*.mjs"] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/only-throw-error": "off",
      // Fastify plugins and hooks are async by contract, with or without an await inside.
      "@typescript-eslint/require-await": "off",
    },
  },
  { files: ["eslint.config.js", "eslint.staged.config.js", "eslint-rules/*.js", ".ci/*.mjs"], ...tseslint.configs.disableTypeChecked },
  {
    files: ["src/engine/**"],
    rules: forbid(WEB, SERVER, [REACT, "The engine has no UI."], [["node:*", "fs", "path"], "The engine has no file system or Node APIs."]),
  },
  {
    files: ["src/web/**"],
    plugins: { "react-hooks": reactHooks, layers: { rules: { "web-boundaries": webBoundaries } } },
    rules: { ...reactHooks.configs.recommended.rules, ...forbid(SERVER), "layers/web-boundaries": "error" },
  },
  {
    files: ["src/server/**"],
    // Rooms by domain (ADR 068): each room's README says which rooms it may import; a room's sub-folders are its own.
    plugins: { rooms: { rules: { "server-rooms": serverRooms } } },
    rules: { ...forbid(WEB, [REACT, "The server renders no React."]), "rooms/server-rooms": "error" },
  },
  { files: ["schemas/**"], rules: forbid(WEB, SERVER, ENGINE) },
  /** No import cycles, type-only imports included (eslint-rules/no-cycle.js). */
  { files: ["**/*.{ts,tsx}"], plugins: { cycles: { rules: { "no-cycle": noCycle } } }, rules: { "cycles/no-cycle": "error" } },
  /** Another area, or two folders up, through its alias (eslint-rules/deep-imports.js). */
  deepImports,
  /** Month arithmetic in one place (ADR 049); in the browser suite, no wait too short for a loaded machine. */
  { files: ["**/*.{ts,tsx,js,mjs}"], ignores: ["schemas/content/billing-dates.ts"], rules: { "no-restricted-syntax": ["error", ONE_MONTH_RULE] } },
  { files: ["tests/e2e/**"], rules: { "no-restricted-syntax": ["error", ONE_MONTH_RULE, E2E_WAIT_FLOOR] } },
  /** Tests wait for conditions with a named bound, never for a clock (eslint-rules/test-waits.js, ADR 070). */
  {
    files: ["**/*.test.{ts,tsx}", "tests/**", "src/web/test/**"],
    plugins: { waits: { rules: { "for-conditions": testWaits } } },
    rules: { "waits/for-conditions": "error" },
  },
  { files: ["tests/e2e/**"], rules: { "waits/for-conditions": ["error", { configured: ["expect.poll"] }] } },
  {
    files: ["**/*.test.{ts,tsx}", "tests/**", "bench/**", "scripts/**"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
    },
  },
);
