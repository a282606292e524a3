import tseslint from "typescript-eslint";
import config from "./eslint.config.js";

/**
 * The pre-commit hook's lint (.githooks/pre-commit, ADR 072): every rule of eslint.config.js that
 * reads a file on its own (boundaries, cycles, aliases, React hooks, month arithmetic, style), and
 * none of those that need the whole TypeScript program. Building that program for one staged file
 * took 15–20 s of CPU; those rules and the type check run in `npm run validate` and in CI.
 */
export default [
  ...config,
  tseslint.configs.disableTypeChecked,
  // A comment that silences a type-aware rule is not "unused" here: that rule is only off.
  { linterOptions: { reportUnusedDisableDirectives: "off" } },
];
