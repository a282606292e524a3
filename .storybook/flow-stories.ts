/**
 * Every step of every funnel in flows/ as a Storybook story, with no hand-written code.
 *
 * - `flowStoriesIndexer` (main.ts `experimental_indexers`) lists one story per step of a flow file.
 * - `flowStoriesPlugin` (main.ts `viteFinal`) turns the same file into CSF when Storybook imports it:
 *   a default export with the title and `FlowStepPreview`, and one named export per step whose args
 *   are the compiled flow and the step id.
 *
 * Both read the file through the engine's `loadFlow`, so they agree on the steps. A broken flow is
 * listed as one "Problems" story: `storybook build` fails with every located problem as the Vite
 * error; in `storybook dev` the terminal warns with them and the story lists them.
 */
import { readFile } from "node:fs/promises";
import { basename, dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { toId } from "storybook/internal/csf";
import type { Indexer, IndexInput } from "storybook/internal/types";
import type { Plugin } from "vite";
import type { StepKind } from "#schemas/flow/steps.ts";
import { loadFlow } from "#engine/flow/load/load-flow.ts";
import { previewPlans } from "./preview-plans.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { formatProblem, type Problem } from "#engine/yaml/parse-located.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PREVIEW = resolve(ROOT, "src/web/funnel/FlowStepPreview.tsx");

/** A flow file: a .yaml or .yml file directly inside a folder named flows. */
export const FLOW_FILE = /[\\/]flows[\\/][^\\/?]+\.ya?ml$/;

/** One story: a step of the flow, or (kind null) the single "Problems" story of a broken file. */
export type FlowStory = { exportName: string; name: string; id: string; stepId: string; kind: StepKind | null };

export type FlowStories =
  | { ok: true; file: string; title: string; metaId: string; flow: CompiledFlow; stories: FlowStory[] }
  | { ok: false; file: string; title: string; metaId: string; problems: Problem[]; stories: FlowStory[] };

const problemsStory = (metaId: string): FlowStory => ({ exportName: "Problems", name: "Problems", id: toId(metaId, "problems"), stepId: "", kind: null });

/** A step id (a-z, 0-9, _ and -) as a JS export name; the prefix keeps words such as `default` or `new` usable. */
const exportNameOf = (stepId: string) => `Step_${stepId.replace(/-/g, "_")}`;

/** The title, the story ids and export names for a flow file, or its located problems. */
export function flowStories(file: string, text: string): FlowStories {
  const loaded = loadFlow(file, text);
  if (!loaded.ok) {
    const metaId = `flows-file-${basename(file)}`;
    return { ok: false, file, title: `Flows/${basename(file)}`, metaId, problems: loaded.problems, stories: [problemsStory(metaId)] };
  }
  const flow = loaded.value;
  // The flow code never changes, so story ids stay put when the title is reworded.
  const metaId = `flows-${flow.code}`;
  const title = `Flows/${typeof flow.title === "string" ? flow.title : flow.code}`;
  const stories = flow.steps.map((step): FlowStory => ({
    exportName: exportNameOf(step.id),
    name: `${step.id} · ${step.kind}`,
    id: toId(metaId, step.id),
    stepId: step.id,
    kind: step.kind,
  }));
  const seen = new Map<string, string>();
  for (const story of stories) {
    const other = seen.get(story.id) ?? seen.get(story.exportName);
    if (other !== undefined) {
      const problem = {
        file,
        line: 1,
        column: 1,
        path: "steps",
        stepId: story.stepId,
        message: `steps "${other}" and "${story.stepId}" get the same story id ${story.id}`,
        hint: "Storybook ids treat - and _ alike: rename one of the steps",
      };
      return { ok: false, file, title, metaId, problems: [problem], stories: [problemsStory(metaId)] };
    }
    seen.set(story.id, story.stepId).set(story.exportName, story.stepId);
  }
  return { ok: true, file, title, metaId, flow, stories };
}

/** The path loadFlow reports problems with: relative to the project, like the build. */
const projectPath = (fileName: string) => relative(ROOT, fileName).split("\\").join("/");

const report = (problems: Problem[]) =>
  `${problems.length} problem${problems.length === 1 ? "" : "s"} in this flow:\n${problems.map(formatProblem).join("\n")}`;

/** Index entries for one flow file (what Storybook's sidebar lists). */
export async function indexFlowFile(fileName: string, makeTitle: (userTitle?: string) => string): Promise<IndexInput[]> {
  const result = flowStories(projectPath(fileName), await readFile(fileName, "utf8"));
  const title = makeTitle(result.title);
  return result.stories.map((story) => ({
    type: "story",
    importPath: fileName,
    exportName: story.exportName,
    name: story.name,
    title,
    metaId: result.metaId,
    __id: story.id,
    tags: ["flow"],
  }));
}

export const flowStoriesIndexer: Indexer = {
  test: FLOW_FILE,
  createIndex: (fileName, { makeTitle }) => indexFlowFile(fileName, makeTitle),
};

const json = (value: unknown) => JSON.stringify(value);

/** CSF for a flow that loads: one story per step, each drawing the step with FlowStepPreview. */
function stepsCsf(result: Extract<FlowStories, { ok: true }>, previewImport: string): string {
  return [
    `import { fn } from "storybook/test";`,
    `import { FlowStepPreview } from ${json(previewImport)};`,
    `const flow = JSON.parse(${json(JSON.stringify(result.flow))});`,
    `const plans = JSON.parse(${json(JSON.stringify(previewPlans()))});`,
    `export default {`,
    `  id: ${json(result.metaId)},`,
    `  title: ${json(result.title)},`,
    `  component: FlowStepPreview,`,
    `  tags: ["flow"],`,
    `  args: { flow, plans, onAnswer: fn().mockName("onAnswer"), onBack: fn().mockName("onBack") },`,
    `  argTypes: { flow: { control: false }, plans: { control: false }, onAnswer: { control: false }, onBack: { control: false } },`,
    `};`,
    ...result.stories.map(
      (s) => `export const ${s.exportName} = { name: ${json(s.name)}, args: { stepId: ${json(s.stepId)} }, parameters: { __id: ${json(s.id)} } };`,
    ),
    `export const __namedExportsOrder = ${json(result.stories.map((s) => s.exportName))};`,
    ``,
  ].join("\n");
}

/** CSF for a broken flow in `storybook dev`: its one story lists the located problems. */
function problemsCsf(result: Extract<FlowStories, { ok: false }>): string {
  const story = result.stories[0]!;
  const style = { margin: 0, padding: "24px", font: "14px/1.5 ui-monospace, monospace", whiteSpace: "pre-wrap", color: "#8a1c1c" };
  return [
    `import { createElement } from "react";`,
    `export default { id: ${json(result.metaId)}, title: ${json(result.title)}, tags: ["flow"] };`,
    `export const ${story.exportName} = { name: ${json(story.name)}, parameters: { __id: ${json(story.id)} },`,
    `  render: () => createElement("pre", { role: "alert", style: ${json(style)} }, ${json(report(result.problems))}) };`,
    ``,
  ].join("\n");
}

/**
 * The CSF module for a flow file. `previewImport` is how the module imports FlowStepPreview.
 * A broken flow throws its located problems (the build fails with them), or with `showProblems`
 * (storybook dev) becomes a "Problems" story that lists them.
 */
export function flowCsf(file: string, text: string, previewImport: string, { showProblems = false } = {}): string {
  const result = flowStories(file, text);
  if (result.ok) return stepsCsf(result, previewImport);
  if (showProblems) return problemsCsf(result);
  throw new Error(report(result.problems));
}

/** Vite plugin: flows/*.yaml → CSF, only inside Storybook (registered in main.ts `viteFinal`). */
export function flowStoriesPlugin(): Plugin {
  let serve = false;
  return {
    name: "pathwise-flow-stories",
    enforce: "pre",
    configResolved(config) {
      serve = config.command === "serve";
    },
    transform: {
      filter: { id: /[\\/]flows[\\/][^\\/?]+\.ya?ml(\?.*)?$/ },
      handler(text, id) {
        const path = id.replace(/\?.*$/, "");
        let previewImport = relative(dirname(path), PREVIEW).split("\\").join("/");
        if (!previewImport.startsWith(".")) previewImport = `./${previewImport}`;
        const file = projectPath(path);
        try {
          return { code: flowCsf(file, text, previewImport), map: null, moduleType: "js" };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          // In dev the terminal gets the problems and the story shows them; a build fails with them.
          if (!serve) this.error(message);
          this.warn(message);
          return { code: flowCsf(file, text, previewImport, { showProblems: true }), map: null, moduleType: "js" };
        }
      },
    },
  };
}
