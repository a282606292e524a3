import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { NEW_STEP_PATH, NEW_STEP_TITLE, withNewStep } from "../helpers/anxiety-new-step.ts";
import { asNewVisitor } from "./account-setup.ts";
import { E2E_DATA_DIR } from "./e2e-dirs.ts";
import { walkFunnel } from "./funnel-steps.ts";
import { runScript } from "../helpers/run-script.ts";

/**
 * `npm run flows:publish` against the running server (ADR 066): a changed flow is live for the next
 * visitor with no rebuild or restart, a visitor mid-quiz finishes on the version they started (also
 * after a reload), a step at a path the app was not built with is walked at once, and a file that
 * fails the check is refused, located, changing nothing.
 */
const OLD_TITLE = "How much has anxiety been bothering you lately?";
const NEW_TITLE = "How often has worry got in your way these two weeks?";
const FIRST_ITEM = "Feeling nervous, anxious or on edge";

let dir: string;
let original: string;

/** The real command, as a child process, reaching the server through its data directory's lock (its operator token). */
const flowsPublish = (files: string[]) => runScript("scripts/flows-publish.ts", files, { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: "warn" });

/** The anxiety flow with `text` as its file, published. */
async function publishAnxiety(text: string) {
  const file = join(dir, "anxiety.yaml");
  await writeFile(file, text);
  return flowsPublish([file]);
}

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pathwise-publish-"));
  original = await readFile("flows/anxiety.yaml", "utf8");
});
test.afterAll(async () => {
  // The rest of the suite sees the flow as deployed.
  const back = await publishAnxiety(original);
  expect(back.code, back.stderr).toBe(0);
  await rm(dir, { recursive: true, force: true });
});

test("a published title is live for a new visitor without a restart; the visitor mid-quiz finishes on theirs", async ({ browser }) => {
  test.setTimeout(180_000);
  const midQuiz = await (await browser.newContext()).newPage();
  await asNewVisitor(midQuiz);
  await midQuiz.goto("/anxiety");
  await expect(midQuiz.getByRole("heading", { level: 1 })).toHaveText(OLD_TITLE);
  await midQuiz.getByRole("button", { name: "Start the check" }).click();
  await expect(midQuiz.getByRole("heading", { level: 1 })).toHaveText(FIRST_ITEM);

  const published = await publishAnxiety(original.replace(OLD_TITLE, NEW_TITLE));
  expect(published.code, published.stderr).toBe(0);
  expect(published.stdout).toContain("anxiety_gad7");

  const newcomer = await (await browser.newContext()).newPage();
  await asNewVisitor(newcomer);
  await newcomer.goto("/anxiety");
  await expect(newcomer.getByRole("heading", { level: 1 })).toHaveText(NEW_TITLE);

  // The first visitor reloads mid-quiz and goes back: still the version they started.
  await midQuiz.reload();
  await expect(midQuiz.getByRole("heading", { level: 1 })).toHaveText(FIRST_ITEM);
  await midQuiz.goBack();
  await expect(midQuiz.getByRole("heading", { level: 1 })).toHaveText(OLD_TITLE);
  await midQuiz.getByRole("button", { name: "Start the check" }).click();
  await walkFunnel(midQuiz, { start: midQuiz.url(), until: "/anxiety/summary", email: `publish-${Date.now()}@example.org`, firstName: "Noor" });
  await expect(midQuiz.getByRole("heading", { level: 1 })).toHaveText("Your anxiety level");

  // A file that fails the check: refused with the located problem, and the new visitor's page is unchanged.
  const broken = original.replace("    next: gad1\n", "    next: gad_one\n");
  const refused = await publishAnxiety(broken);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(new RegExp(`anxiety\\.yaml:${broken.split("\n").indexOf("    next: gad_one") + 1}:\\d+ .*\\[intro\\]`));
  expect(refused.stderr).toContain("nothing was published");
  await newcomer.reload();
  await expect(newcomer.getByRole("heading", { level: 1 })).toHaveText(NEW_TITLE);
});

test("a step published at a new path is a page at once, and a new visitor walks through it", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await (await browser.newContext()).newPage();
  expect((await page.request.get(NEW_STEP_PATH)).status()).toBe(404);

  const published = await publishAnxiety(withNewStep(original));
  expect(published.code, published.stderr).toBe(0);
  // The server answers the new path as a page, with the new step's flow in its boot data.
  expect((await page.request.get(NEW_STEP_PATH)).status()).toBe(200);

  // A new visitor from the start: the runner goes to the new step's path, the app's router knows it.
  const passed = await walkFunnel(page, { start: "/anxiety", until: NEW_STEP_PATH, email: `new-path-${Date.now()}@example.org`, firstName: "Ilse" });
  expect(passed.at(-2)).toBe("/anxiety/helps");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEW_STEP_TITLE);
  await page.getByRole("button", { name: "See my result" }).click();
  await expect(page).toHaveURL(/\/anxiety\/summary$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your anxiety level");
  // Back to the new step and a reload there: still the step, not the not-found page.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEW_STEP_TITLE);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEW_STEP_TITLE);

  // Published away again: the path is no page any more.
  const back = await publishAnxiety(original);
  expect(back.code, back.stderr).toBe(0);
  expect((await page.request.get(NEW_STEP_PATH)).status()).toBe(404);
});
