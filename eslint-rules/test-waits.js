/**
 * A test waits for a condition, not for a clock (ADR 070). On a 2-core machine at load 50 work takes
 * about 25 times longer than on a quiet one, so a test that sleeps "long enough" or waits with
 * Vitest's 1-second default fails while the code under test was right, only slow. This rule refuses:
 * - `vi.waitFor(…)`, `vi.waitUntil(…)` and `expect.poll(…)` without an explicit timeout (Vitest's
 *   default is 1 s, Playwright's 5 s): the bound is named, so the reader sees how long a broken test
 *   takes to fail;
 * - a real-time sleep: a promise resolved by `setTimeout` after a delay (`new Promise((r) =>
 *   setTimeout(r, 100))`, a `sleep(ms)` helper), `setTimeout` from `timers/promises`, and Playwright's
 *   `waitForTimeout`. A zero delay is a tick, not a sleep: it ends when the queued tasks have run,
 *   whatever the load. Wait for the condition instead (`vi.waitFor`, an event), or use fake timers.
 * Option `configured`: the polls whose default bound the runner's config already sizes (the browser
 * suite's `expect.poll` takes playwright.config.ts `expect.timeout`).
 */
const POLLS = new Set(["vi.waitFor", "vi.waitUntil", "expect.poll"]);

/** "vi.waitFor" for `vi.waitFor(…)`, null for anything else. */
function calleeName(callee) {
  if (callee.type !== "MemberExpression" || callee.computed) return null;
  if (callee.object.type !== "Identifier" || callee.property.type !== "Identifier") return null;
  return `${callee.object.name}.${callee.property.name}`;
}

/** The options argument names a timeout (or is a number, or something the rule cannot see into). */
function hasTimeout(options) {
  if (!options) return false;
  if (options.type !== "ObjectExpression") return true;
  return options.properties.some(
    (p) =>
      p.type === "SpreadElement" ||
      (p.type === "Property" && !p.computed && ((p.key.type === "Identifier" && p.key.name === "timeout") || p.key.value === "timeout")),
  );
}

const isZero = (node) => node && node.type === "Literal" && node.value === 0;

/** The names a promise executor's first parameter (its resolve) goes by. */
function resolveName(executor) {
  if (!executor || (executor.type !== "ArrowFunctionExpression" && executor.type !== "FunctionExpression")) return null;
  const first = executor.params[0];
  return first && first.type === "Identifier" ? first.name : null;
}

/** `setTimeout(resolve, ms)` or `setTimeout(() => resolve(…), ms)`. */
function resolvesLater(call, resolve) {
  const [callback] = call.arguments;
  if (!callback) return false;
  if (callback.type === "Identifier") return callback.name === resolve;
  if (callback.type !== "ArrowFunctionExpression" && callback.type !== "FunctionExpression") return false;
  const body = callback.body.type === "BlockStatement" ? callback.body.body.map((s) => s.expression).filter(Boolean) : [callback.body];
  return body.some((e) => e.type === "CallExpression" && e.callee.type === "Identifier" && e.callee.name === resolve);
}

/** @type {import("eslint").Rule.RuleModule} */
export const testWaits = {
  meta: {
    type: "problem",
    schema: [{ type: "object", properties: { configured: { type: "array", items: { type: "string" } } }, additionalProperties: false }],
    messages: {
      noTimeout:
        "{{name}} without a timeout gives up after the runner's default (1 s in Vitest, 5 s in Playwright), which a busy machine passes: name the bound, e.g. { timeout: UNTIL_MS } (tests/helpers/waits.ts, ADR 070).",
      sleep: "A test does not sleep: wait for the condition itself (vi.waitFor with a timeout, an event), or use fake timers (ADR 070).",
    },
  },
  create(context) {
    const configured = new Set(context.options[0]?.configured ?? []);
    const promiseExecutors = [];
    return {
      CallExpression(node) {
        const name = calleeName(node.callee);
        if (name && POLLS.has(name) && !configured.has(name) && !hasTimeout(node.arguments[1]))
          context.report({ node, messageId: "noTimeout", data: { name } });
        if (name && name.endsWith(".waitForTimeout")) context.report({ node, messageId: "sleep" });
        if (node.callee.type === "Identifier" && node.callee.name === "setTimeout" && !isZero(node.arguments[1])) {
          const resolve = promiseExecutors.at(-1);
          if (resolve && resolvesLater(node, resolve)) context.report({ node, messageId: "sleep" });
        }
      },
      NewExpression(node) {
        if (node.callee.type === "Identifier" && node.callee.name === "Promise") promiseExecutors.push(resolveName(node.arguments[0]));
      },
      "NewExpression:exit"(node) {
        if (node.callee.type === "Identifier" && node.callee.name === "Promise") promiseExecutors.pop();
      },
      ImportDeclaration(node) {
        if (node.source.value !== "timers/promises" && node.source.value !== "node:timers/promises") return;
        for (const s of node.specifiers) if (s.type === "ImportSpecifier" && s.imported.name === "setTimeout") context.report({ node: s, messageId: "sleep" });
      },
    };
  },
};
