/**
 * Any console.error during a unit test fails it: React and React Router report real problems
 * (act warnings, key warnings, caught render errors) that way. A test that provokes an error on
 * purpose declares it with allowConsoleErrors(pattern).
 */
type Recorded = { text: string; args: unknown[] };

const originalError = console.error;
let recorded: Recorded[] = [];
let allowed: RegExp[] = [];

function describeArg(arg: unknown): string {
  if (arg instanceof Error) return `${arg.name}: ${arg.message}`;
  if (typeof arg === "string") return arg;
  try {
    return JSON.stringify(arg);
  } catch {
    return String(arg);
  }
}

export function installConsoleGuard(): void {
  recorded = [];
  allowed = [];
  console.error = (...args: unknown[]) => {
    recorded.push({ text: args.map(describeArg).join(" "), args });
  };
}

/** Lets console.error messages matching `pattern` through for the current test only. */
export function allowConsoleErrors(pattern: RegExp): void {
  allowed.push(pattern);
}

/** Restores console.error and throws if anything unexpected was logged. */
export function checkConsoleGuard(): void {
  console.error = originalError;
  const unexpected = recorded.filter(({ text }) => !allowed.some((pattern) => pattern.test(text)));
  recorded = [];
  allowed = [];
  if (unexpected.length > 0) {
    for (const { args } of unexpected) originalError(...args);
    const list = unexpected.map(({ text }) => `  - ${text.replace(/\s+/g, " ").slice(0, 300)}`).join("\n");
    throw new Error(`console.error was called during the test:\n${list}`);
  }
}
