import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { toId } from "storybook/internal/csf";
import { describe, expect, it } from "vitest";
import { flowCsf, flowStoriesIndexer, flowStoriesPlugin, FLOW_FILE } from "../../.storybook/flow-stories.ts";
import { loadFlow } from "#engine/flow/load/load-flow.ts";
import { scoreAnswers } from "#engine/flow/score.ts";
import { previewAnswers } from "#web/funnel/FlowStepPreview.tsx";

const root = join(import.meta.dirname, "..", "..");
const flowsDir = join(root, "flows");
const fixture = (name: string) => join(import.meta.dirname, "..", "fixtures", "flows", name);
const makeTitle = (userTitle?: string) => userTitle ?? "untitled";
const index = (path: string) => flowStoriesIndexer.createIndex(path, { makeTitle });

const files = (await readdir(flowsDir)).filter((n) => /\.ya?ml$/.test(n)).sort();

describe("Storybook flow indexer", () => {
  it("finds the flow files", () => {
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) expect(FLOW_FILE.test(join(flowsDir, name))).toBe(true);
    expect(FLOW_FILE.test(join(root, "src/web/funnel/steps/InfoStep.stories.tsx"))).toBe(false);
    expect(FLOW_FILE.test(join(root, "content/catalog/app.yaml"))).toBe(false);
  });

  describe.each(files)("flows/%s", (name) => {
    const path = join(flowsDir, name);

    it("lists one story per step, in step order, under the flow's title, with ids from the flow code and step id", async () => {
      const text = await readFile(path, "utf8");
      const loaded = loadFlow(relative(root, path), text);
      if (!loaded.ok) throw new Error(`flows/${name} has problems: ${loaded.problems.map((p) => p.message).join("; ")}`);
      const flow = loaded.value;
      const entries = await index(path);

      expect(entries).toHaveLength(flow.steps.length);
      const title = `Flows/${typeof flow.title === "string" ? flow.title : flow.code}`;
      flow.steps.forEach((step, i) => {
        expect(entries[i]).toMatchObject({
          type: "story",
          importPath: path,
          title,
          name: `${step.id} · ${step.kind}`,
          metaId: `flows-${flow.code}`,
          __id: toId(`flows-${flow.code}`, step.id),
        });
      });
      expect(new Set(entries.map((e) => e.__id)).size).toBe(entries.length);
      expect(new Set(entries.map((e) => e.exportName)).size).toBe(entries.length);
      expect(await index(path)).toEqual(entries);
    });

    it("compiles to CSF with one export per indexed story", async () => {
      const csf = flowCsf(`flows/${name}`, await readFile(path, "utf8"), "../src/web/funnel/FlowStepPreview.tsx");
      const entries = await index(path);
      expect(csf).toContain('import { FlowStepPreview } from "../src/web/funnel/FlowStepPreview.tsx";');
      expect(csf).toMatch(/^export default \{$/m);
      const exported = [...csf.matchAll(/^export const (\w+) = \{ name: .*parameters: \{ __id: "([^"]+)" \} \};$/gm)].map((m) => [m[1], m[2]]);
      expect(exported).toEqual(entries.map((e) => [e.exportName, e.__id]));
    });
  });

  it("keeps the career funnel's story ids stable", async () => {
    const ids = (await index(join(flowsDir, "career.yaml"))).map((e) => e.__id);
    expect(ids).toEqual(expect.arrayContaining(["flows-career-test-green--intro", "flows-career-test-green--r1", "flows-career-test-green--test-preparing", "flows-career-test-green--result"]));
  });

  it("makes export names from step ids with hyphens", async () => {
    const entries = await index(fixture("server-quiz.yaml"));
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e.exportName).toMatch(/^Step_[a-z][a-z0-9_]*$/);
  });

  it("lists a broken flow as one Problems story whose CSF fails with the located problems", async () => {
    const path = fixture("several-problems.yaml");
    const entries = await index(path);
    expect(entries).toEqual([expect.objectContaining({ exportName: "Problems", name: "Problems", title: "Flows/several-problems.yaml" })]);
    const file = relative(root, path);
    expect(() => flowCsf(file, "", "x")).toThrow();
    expect(() => flowCsf(file, "code: [", "x")).toThrow(/problem/);
    const text = await readFile(path, "utf8");
    expect(() => flowCsf(file, text, "x")).toThrow(new RegExp(`${file.replace(/[.]/g, "\\.")}:\\d+:\\d+`));
  });

  it("is the Vite plugin that Storybook's import of a flow file goes through", async () => {
    const { transform } = flowStoriesPlugin() as unknown as { transform: { filter: { id: RegExp }; handler: (this: unknown, code: string, id: string) => { code: string; moduleType: string } } };
    const context = { error: (message: string) => { throw new Error(message); } };
    const career = join(flowsDir, "career.yaml");
    expect(transform.filter.id.test(career)).toBe(true);
    expect(transform.filter.id.test(`${career}?import`)).toBe(true);
    expect(transform.filter.id.test(join(root, "content/catalog/app.yaml"))).toBe(false);
    const out = transform.handler.call(context, await readFile(career, "utf8"), career);
    expect(out.moduleType).toBe("js");
    expect(out.code).toContain('from "../src/web/funnel/FlowStepPreview.tsx"');
    const broken = fixture("several-problems.yaml");
    expect(() => transform.handler.call(context, "code: [", broken)).toThrow(/tests\/fixtures\/flows\/several-problems\.yaml:1:/);
  });

  it("in storybook dev, turns a broken flow into a Problems story that lists the located problems", async () => {
    const plugin = flowStoriesPlugin() as unknown as {
      configResolved: (config: { command: string }) => void;
      transform: { handler: (this: unknown, code: string, id: string) => { code: string } };
    };
    plugin.configResolved({ command: "serve" });
    const warnings: string[] = [];
    const context = { error: (message: string) => { throw new Error(message); }, warn: (message: string) => warnings.push(message) };
    const path = fixture("several-problems.yaml");
    const { code } = plugin.transform.handler.call(context, await readFile(path, "utf8"), path);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^\d+ problems in this flow:\ntests\/fixtures\/flows\/several-problems\.yaml:\d+:\d+ /);
    expect(code).toContain("export const Problems = {");
    expect(code).toContain(JSON.stringify(warnings[0]));
  });

  it("previews the career result with sample answers for the earlier steps only, and six different scale scores", async () => {
    const loaded = loadFlow("flows/career.yaml", await readFile(join(flowsDir, "career.yaml"), "utf8"));
    if (!loaded.ok) throw new Error("flows/career.yaml has problems");
    const flow = loaded.value;
    const answers = previewAnswers(flow, "summary");
    const before = flow.steps.slice(0, flow.steps.findIndex((s) => s.id === "summary")).map((s) => s.id);
    expect(Object.keys(answers).sort()).toEqual([...before].sort());
    const scores = scoreAnswers(flow, answers).scales.map((s) => s.score);
    expect(new Set(scores).size).toBe(6);
    expect(previewAnswers(flow, "summary")).toEqual(answers);
    expect(previewAnswers(flow, "intro")).toEqual({});
  });
});
