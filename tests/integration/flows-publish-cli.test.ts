import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port.ts";
import { runScript } from "../helpers/run-script.ts";
import { ANXIETY, liveAnxiety } from "../helpers/published-flows.ts";
import { closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * `npm run flows:publish` against any deployment (ADR 066): given APP_ORIGIN and OPERATOR_TOKEN it
 * publishes to the app at that address, with no embedded database's lock on this machine to find it
 * by; a wrong token, a token without an address or an app that does not answer stop it with a
 * clear message. The real command as a child process, the real app listening.
 */
const OPERATOR = "the-operator-token-this-deployment-was-given-in-its-env";
const { file: FILE, code: CODE, oldTitle: OLD_TITLE, newTitle: NEW_TITLE } = ANXIETY;

let t: TestApp;
let dir: string;
let changed: string;

/** `npm run flows:publish` with only this environment (and a data directory no app holds). */
const flowsPublish = (env: Record<string, string>, files: string[]) =>
  runScript("scripts/flows-publish.ts", files, { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dir, LOG_LEVEL: "warn", ...env });

const title = async () => (await liveAnxiety(t)).steps[0]!.title;

beforeAll(async () => {
  t = await createTestApp({ listen: true, operatorToken: OPERATOR });
  dir = await mkdtemp(join(tmpdir(), "pathwise-publish-cli-"));
  changed = join(dir, "anxiety.yaml");
  await writeFile(changed, (await readFile(FILE, "utf8")).replace(OLD_TITLE, NEW_TITLE));
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
  await rm(dir, { recursive: true, force: true });
});

describe("flows:publish to the app APP_ORIGIN and OPERATOR_TOKEN name", () => {
  it("stops with a clear message when the app refuses the token, and nothing changes", async () => {
    const run = await flowsPublish({ APP_ORIGIN: t.origin, OPERATOR_TOKEN: "a-token-of-forty-characters-not-the-apps" }, [changed]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`The app at ${t.origin} (APP_ORIGIN) refused the operator token (401)`);
    expect(await title()).toBe(OLD_TITLE);
  });

  it("stops with a clear message when only one of the two is given", async () => {
    const tokenOnly = await flowsPublish({ OPERATOR_TOKEN: OPERATOR }, [changed]);
    expect(tokenOnly.code).not.toBe(0);
    expect(tokenOnly.stderr).toContain("OPERATOR_TOKEN is set without APP_ORIGIN");
    const originOnly = await flowsPublish({ APP_ORIGIN: t.origin }, [changed]);
    expect(originOnly.code).not.toBe(0);
    expect(originOnly.stderr).toContain(`APP_ORIGIN is set without OPERATOR_TOKEN: give the operator token of the app at ${t.origin}`);
    expect(await title()).toBe(OLD_TITLE);
  });

  it("stops with a clear message when no app answers at APP_ORIGIN, or the token is too short to be one", async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const silent = await flowsPublish({ APP_ORIGIN: nobody, OPERATOR_TOKEN: OPERATOR }, [changed]);
    expect(silent.code).not.toBe(0);
    expect(silent.stderr).toContain(`The app at ${nobody} (APP_ORIGIN) did not answer`);
    const short = await flowsPublish({ APP_ORIGIN: t.origin, OPERATOR_TOKEN: "short" }, [changed]);
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain("OPERATOR_TOKEN: must be at least 32 characters");
  });

  it("publishes the changed file to that app: live for new visitors, with the same output as through the lock", async () => {
    const run = await flowsPublish({ APP_ORIGIN: t.origin, OPERATOR_TOKEN: OPERATOR }, [changed]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^✓ live for new visitors at ${t.origin}:\\n  ${CODE} \\(.*anxiety\\.yaml, version \\w+\\)\\n$`));
    expect(await title()).toBe(NEW_TITLE);
  });
});
